import { useId, type ReactNode } from 'react';
import { cx, describedBy } from './ids';
import { FieldMessages, RequiredMark } from './Field';
import { uiMessages } from '../i18n/messages/catalog';
import { useT } from '../i18n/react';

export interface RadioOption {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps {
  /** The id of the first radio, which an error summary link focuses. */
  id: string;
  name: string;
  legend: ReactNode;
  options: RadioOption[];
  value: string | null;
  onChange: (value: string) => void;
  hint?: string;
  error?: string | null;
  required?: boolean;
  /** Lay short options (Yes/No) side by side. */
  inline?: boolean;
  className?: string;
}

export function RadioGroup({
  id,
  name,
  legend,
  options,
  value,
  onChange,
  hint,
  error,
  required,
  inline = false,
  className,
}: RadioGroupProps) {
  return (
    <fieldset
      className={cx(
        'wp-field',
        'wp-choices',
        inline && 'wp-choices--inline',
        error && 'wp-field--error',
        className,
      )}
      aria-describedby={describedBy(id, hint, error)}
    >
      <legend className="wp-label">
        {legend}
        {required ? <RequiredMark /> : null}
      </legend>
      <FieldMessages id={id} hint={hint} error={error} />
      <div className="wp-choices__list">
        {options.map((option, index) => {
          const optionId = index === 0 ? id : `${id}-${option.value}`;
          return (
            <div key={option.value} className="wp-choice">
              <input
                id={optionId}
                className="wp-choice__input"
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                aria-describedby={option.description ? `${optionId}-description` : undefined}
              />
              <label className="wp-choice__label" htmlFor={optionId}>
                {option.label}
              </label>
              {option.description ? (
                <p className="wp-choice__description" id={`${optionId}-description`}>
                  {option.description}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

export interface CheckboxProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  error?: string | null;
  disabled?: boolean;
  className?: string;
}

export function Checkbox({
  id,
  label,
  checked,
  onChange,
  hint,
  error,
  disabled,
  className,
}: CheckboxProps) {
  return (
    <div
      className={cx(
        'wp-field',
        'wp-choice',
        'wp-choice--checkbox',
        error && 'wp-field--error',
        className,
      )}
    >
      <FieldMessages id={id} error={error} />
      <input
        id={id}
        className="wp-choice__input"
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
      <label className="wp-choice__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="wp-choice__description" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface SwitchProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  disabled?: boolean;
  className?: string;
}

/** An on/off control announced as a switch, with its label beside it. */
export function Switch({ id, label, checked, onChange, hint, disabled, className }: SwitchProps) {
  const t = useT(uiMessages);
  const labelId = `${useId()}-label`;
  return (
    <div className={cx('wp-field', 'wp-switch', className)}>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hint ? `${id}-hint` : undefined}
        disabled={disabled}
        className="wp-switch__track"
        onClick={() => onChange(!checked)}
      >
        <span className="wp-switch__thumb" aria-hidden="true" />
      </button>
      <span className="wp-switch__text">
        <label id={labelId} className="wp-switch__label" htmlFor={id}>
          {label}
        </label>
        <span className="wp-switch__state" aria-hidden="true">
          {checked ? t('choice.yes') : t('choice.no')}
        </span>
        {hint ? (
          <span className="wp-hint" id={`${id}-hint`}>
            {hint}
          </span>
        ) : null}
      </span>
    </div>
  );
}
