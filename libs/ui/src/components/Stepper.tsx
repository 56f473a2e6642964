import { Check } from 'lucide';
import { Icon } from '../icons/Icon';
import { cx } from './ids';
import { uiMessages } from '../i18n/messages/catalog';
import { useT } from '../i18n/react';

export interface StepperProps {
  steps: string[];
  /** 1-based number of the current step. */
  current: number;
  label?: string;
  className?: string;
}

/** Where the traveller is in a multi-step form. */
export function Stepper({ steps, current, label, className }: StepperProps) {
  const t = useT(uiMessages);
  return (
    <nav aria-label={label ?? t('stepper.label')} className={cx('wp-stepper', className)}>
      <ol className="wp-stepper__list">
        {steps.map((step, index) => {
          const number = index + 1;
          const state = number < current ? 'done' : number === current ? 'current' : 'todo';
          return (
            <li
              key={step}
              className={cx('wp-stepper__step', `wp-stepper__step--${state}`)}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="wp-stepper__marker" aria-hidden="true">
                {state === 'done' ? <Icon icon={Check} size={16} /> : number}
              </span>
              <span className="wp-stepper__label">
                {step}
                {state === 'done' ? (
                  <span className="wp-visually-hidden"> {t('stepper.completed')}</span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
