import type { ReactNode } from 'react';
import {
  orderTotalCents,
  type PriceBreakdown,
  type ProcessingOption,
  type VisaType,
} from '@waypoint/contracts';
import { useReferenceText } from '@waypoint/platform/i18n';
import { CostSummary, rich, useT } from '@waypoint/ui';
import { applyMessages } from '../i18n/catalog';
import { useFormatDate, useMoney } from '../wizard/text';

/** The price of an order as the server states it (or as the chosen visa type and option give it). */
export type OrderPrice = Omit<PriceBreakdown, 'currency'>;

/** The price before an order exists: from the visa type's fee and the option's price. */
export function priceOf(
  visaType: VisaType,
  option: ProcessingOption | null,
  travelerCount: number,
): OrderPrice {
  const processingFeeCents = option?.priceCents ?? 0;
  return {
    travelerCount,
    governmentFeeGbpPence: visaType.governmentFeeGbpPence,
    governmentFeeCents: visaType.governmentFeeCents,
    exchangeRate: { rate: visaType.exchangeRate.rate, date: visaType.exchangeRate.date },
    processingFeeCents,
    governmentTotalCents: orderTotalCents(visaType.governmentFeeCents, 0, travelerCount),
    serviceTotalCents: orderTotalCents(0, processingFeeCents, travelerCount),
    totalCents: orderTotalCents(visaType.governmentFeeCents, processingFeeCents, travelerCount),
  };
}

export interface OrderCostProps {
  price: OrderPrice;
  /** Who the travellers are by age, e.g. '2 adults, 1 child' (useTravelerSummary). */
  travelerSummary?: string;
  title?: string;
  footer?: ReactNode;
  className?: string;
}

/**
 * Government fee (in pounds and in euros at the stated rate), Waypoint service fee and total, separately. A line's
 * sum ("2 × £20.00 = 2 × €22.90") is arithmetic, written left to right in every language: isolated, so a
 * right-to-left page neither reorders its counts, signs and amounts nor lets them move the words around it.
 */
export function OrderCost({ price, travelerSummary, title, footer, className }: OrderCostProps) {
  const t = useT(applyMessages);
  const reference = useReferenceText();
  const money = useMoney();
  const date = useFormatDate();
  const count = price.travelerCount;
  return (
    <CostSummary
      title={title ?? t('cost.title')}
      className={className}
      lines={[
        {
          label: t('cost.governmentFee'),
          detail: (
            <>
              <bdi dir="ltr">
                {t('cost.governmentFee.detail', {
                  count,
                  pounds: money.pounds(price.governmentFeeGbpPence),
                  euros: money.euros(price.governmentFeeCents),
                })}
              </bdi>
              <br />
              {t('cost.rate', {
                pound: money.onePound(),
                rate: money.rate(price.exchangeRate.rate),
                date: date(price.exchangeRate.date),
              })}
            </>
          ),
          amountCents: price.governmentTotalCents,
        },
        {
          label: t('cost.serviceFee'),
          detail: (
            <bdi dir="ltr">
              {t('cost.serviceFee.detail', {
                count,
                amount: money.euros(price.processingFeeCents),
              })}
            </bdi>
          ),
          amountCents: price.serviceTotalCents,
        },
      ]}
      totalLabel={t('cost.totalFor', {
        travelers:
          travelerSummary ?? reference.travelers({ adults: 0, children: 0, unknown: count }),
      })}
      totalCents={price.totalCents}
      note={rich(
        t('cost.note', {
          count,
          governmentFee: money.euros(price.governmentFeeCents),
          serviceFee: money.euros(price.processingFeeCents),
          total: money.euros(price.totalCents),
        }),
        { sum: (text) => <bdi dir="ltr">{text}</bdi> },
      )}
      footer={footer}
    />
  );
}
