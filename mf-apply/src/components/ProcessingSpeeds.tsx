import type { ProcessingOption } from '@waypoint/contracts';
import { useApiText } from '@waypoint/platform/i18n';
import { cx, rich, useT } from '@waypoint/ui';
import { applyMessages } from '../i18n/catalog';
import { useExpectedDelivery, useMoney } from '../wizard/text';
import { useReferenceText } from '@waypoint/platform/i18n';

export interface ProcessingSpeedsProps {
  /** The id of the first radio, which the error summary links to. */
  id: string;
  options: ProcessingOption[];
  value: string | null;
  onChange: (optionId: string) => void;
  travelerCount: number;
  error?: string | null;
  /** The moment the submission dates count from (now, unless a test says otherwise). */
  now?: Date;
}

/**
 * The processing options as radio cards: a native radio each (arrow keys move between them), the whole card
 * clickable, named by the option and described by its price and the date we submit by.
 */
export function ProcessingSpeeds({
  id,
  options,
  value,
  onChange,
  travelerCount,
  error,
  now = new Date(),
}: ProcessingSpeedsProps) {
  const t = useT(applyMessages);
  const apiText = useApiText();
  const money = useMoney();
  const reference = useReferenceText();
  const expectedDelivery = useExpectedDelivery();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={cx('wp-field', 'wpw-speeds', error && 'wp-field--error')}
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
    >
      <legend className="wp-label wpw-speeds__legend">
        {t('speeds.legend')}
        <span className="wp-required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <p className="wp-hint" id={hintId}>
        {t('speeds.hint')}
      </p>
      {error ? (
        <p className="wp-field-error" id={errorId}>
          {rich(t('speeds.error', { message: apiText(error) }), {
            hidden: (text) => <span className="wp-visually-hidden">{text}</span>,
          })}
        </p>
      ) : null}
      <div className="wpw-speeds__list">
        {options.map((option, index) => {
          const inputId = index === 0 ? id : `${id}-${option.id}`;
          const checked = value === option.id;
          return (
            <label
              key={option.id}
              htmlFor={inputId}
              className={cx('wpw-speed', checked && 'wpw-speed--checked')}
            >
              <input
                id={inputId}
                className="wpw-speed__input"
                type="radio"
                name="processing-option"
                value={option.id}
                checked={checked}
                onChange={() => onChange(option.id)}
                aria-labelledby={`${inputId}-name`}
                aria-describedby={`${inputId}-price ${inputId}-detail ${inputId}-due`}
              />
              <span className="wpw-speed__body">
                <span className="wpw-speed__name" id={`${inputId}-name`}>
                  {reference.optionName(option)}
                </span>
                <span className="wpw-speed__detail" id={`${inputId}-detail`}>
                  {reference.optionDescription(option)}
                </span>
                <span className="wpw-speed__due" id={`${inputId}-due`}>
                  {rich(t('speeds.due', { due: expectedDelivery(option.hours, now) }), {
                    strong: (text) => <strong>{text}</strong>,
                  })}
                </span>
              </span>
              <span className="wpw-speed__price" id={`${inputId}-price`}>
                {/* The amount reads left to right, isolated from the words around it. */}
                <bdi className="wpw-speed__amount" dir="ltr">
                  {money.euros(option.priceCents)}
                </bdi>{' '}
                <span className="wpw-speed__unit">{t('speeds.perTraveler')}</span>
                {travelerCount > 1 ? ' ' : null}
                {travelerCount > 1 ? (
                  <span className="wpw-speed__total">
                    {t('speeds.total', {
                      amount: money.euros(option.priceCents * travelerCount),
                      count: travelerCount,
                    })}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      <p className="wp-hint wpw-speeds__note">{t('speeds.note')}</p>
    </fieldset>
  );
}
