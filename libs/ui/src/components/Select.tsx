import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldChrome } from './Field';
import { cx, describedBy } from './ids';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'onChange'
> {
  id: string;
  label: ReactNode;
  options: SelectOption[];
  value: string;
  onChange: (value: string) => void;
  /** A first, empty choice such as 'Select…'. */
  placeholder?: string;
  hint?: string;
  error?: string | null;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({
  id,
  label,
  options,
  value,
  onChange,
  placeholder,
  hint,
  error,
  required,
  className,
  ref,
  ...rest
}: SelectProps) {
  return (
    <FieldChrome
      id={id}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={className}
    >
      <select
        {...rest}
        ref={ref}
        id={id}
        value={value}
        required={required}
        onChange={(event) => onChange(event.target.value)}
        className={cx('wp-select', error && 'wp-input--error')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldChrome>
  );
}
