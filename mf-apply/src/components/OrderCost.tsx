import type { ReactNode } from 'react';
import {
  formatEuros,
  formatPounds,
  orderTotalCents,
  type PriceBreakdown,
  type ProcessingOption,
  type VisaType,
} from '@waypoint/contracts';
import { CostSummary } from '@waypoint/ui';
import { formatDate } from '../wizard/order';

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

export const travelersLabel = (count: number) =>
  `${count} ${count === 1 ? 'traveler' : 'travelers'}`;

export interface OrderCostProps {
  price: OrderPrice;
  /** Who the travellers are by age, e.g. '2 adults, 1 child' (libs/contracts travelerCountSummary). */
  travelerSummary?: string;
  title?: string;
  footer?: ReactNode;
  className?: string;
}

/** Government fee (in pounds and in euros at the stated rate), Waypoint service fee and total, separately. */
export function OrderCost({
  price,
  travelerSummary,
  title = 'Cost summary',
  footer,
  className,
}: OrderCostProps) {
  const count = price.travelerCount;
  return (
    <CostSummary
      title={title}
      className={className}
      lines={[
        {
          label: 'Government fee',
          detail: (
            <>
              {`${count} × ${formatPounds(price.governmentFeeGbpPence)} = ${count} × ${formatEuros(
                price.governmentFeeCents,
              )}`}
              <br />
              {`at £1 = €${price.exchangeRate.rate} (rate of ${formatDate(price.exchangeRate.date)})`}
            </>
          ),
          amountCents: price.governmentTotalCents,
        },
        {
          label: 'Waypoint service fee',
          detail: `${count} × ${formatEuros(price.processingFeeCents)}`,
          amountCents: price.serviceTotalCents,
        },
      ]}
      totalLabel={`Total for ${travelerSummary ?? travelersLabel(count)}`}
      totalCents={price.totalCents}
      note={`${travelersLabel(count)} × (${formatEuros(price.governmentFeeCents)} + ${formatEuros(
        price.processingFeeCents,
      )}) = ${formatEuros(price.totalCents)}`}
      footer={footer}
    />
  );
}
