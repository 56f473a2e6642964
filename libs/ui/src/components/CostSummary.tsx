import type { ReactNode } from 'react';
import { cx } from './ids';
import { uiMessages } from '../i18n/messages/catalog';
import { formatMoney } from '../i18n/format';
import { useLocale, useT } from '../i18n/react';

export interface CostLine {
  label: ReactNode;
  /** Euro cents. */
  amountCents: number;
  /** A line such as '× 2 travellers' under the label. */
  detail?: ReactNode;
}

export interface CostSummaryProps {
  title?: ReactNode;
  lines: CostLine[];
  totalLabel?: ReactNode;
  totalCents: number;
  /** Usually the Save & Continue button. */
  footer?: ReactNode;
  note?: ReactNode;
  className?: string;
}

/**
 * The price breakdown; every amount comes from the server in euro cents. Each line is a label and an amount, each
 * isolated from the other (`<bdi>`), the amount always left to right, on a grid that mirrors in a right-to-left page:
 * the label at the start, the amount at the end.
 */
export function CostSummary({
  title,
  lines,
  totalLabel,
  totalCents,
  footer,
  note,
  className,
}: CostSummaryProps) {
  const t = useT(uiMessages);
  const locale = useLocale();
  const euros = (cents: number) => formatMoney(cents / 100, 'EUR', locale);
  const heading = title ?? t('cost.title');
  return (
    <section
      className={cx('wp-card', 'wp-cost', className)}
      aria-label={typeof heading === 'string' ? heading : t('cost.title')}
    >
      <h2 className="wp-cost__title">{heading}</h2>
      <dl className="wp-cost__lines">
        {lines.map((line, index) => (
          <div key={index} className="wp-cost__line">
            <dt>
              <bdi>{line.label}</bdi>
              {line.detail ? <span className="wp-cost__detail">{line.detail}</span> : null}
            </dt>
            <dd>
              <bdi dir="ltr">{euros(line.amountCents)}</bdi>
            </dd>
          </div>
        ))}
        <div className="wp-cost__line wp-cost__line--total">
          <dt>
            <bdi>{totalLabel ?? t('cost.total')}</bdi>
          </dt>
          <dd>
            <bdi dir="ltr">{euros(totalCents)}</bdi>
          </dd>
        </div>
      </dl>
      {note ? <p className="wp-cost__note">{note}</p> : null}
      {footer ? <div className="wp-cost__footer">{footer}</div> : null}
    </section>
  );
}
