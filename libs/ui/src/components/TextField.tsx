import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldChrome } from './Field';
import { cx, describedBy } from './ids';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: ReactNode;
  hint?: string;
  error?: string | null;
  /** Content after the input, e.g. a show/hide password button. */
  suffix?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({
  id,
  label,
  hint,
  error,
  suffix,
  required,
  className,
  type = 'text',
  ref,
  ...rest
}: TextFieldProps) {
  return (
    <FieldChrome
      id={id}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={className}
    >
      <div className={cx('wp-input-wrap', suffix ? 'wp-input-wrap--suffix' : null)}>
        <input
          {...rest}
          ref={ref}
          id={id}
          type={type}
          required={required}
          className={cx('wp-input', error && 'wp-input--error')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
        />
        {suffix}
      </div>
    </FieldChrome>
  );
}
