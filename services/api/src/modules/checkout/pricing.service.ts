import {
  CURRENCY,
  Currency,
  orderTotalCents,
  penceToEuroCents,
  type PriceBreakdown,
} from '@waypoint/contracts';
import type { ApplicationRow, ProcessingOptionRow, VisaTypeRow } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import { badRequest, type Message } from '../../lib/errors';
import { getCurrentRate, normaliseRate } from '../reference/reference.service';
import * as repo from './checkout.repo';

export interface Priced {
  countryCode: string;
  visaType: VisaTypeRow;
  option: ProcessingOptionRow;
  price: PriceBreakdown;
}

/** Prices an order from the database only: (government fee + processing price) × travellers. */
export async function priceOrder({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: {
    countryId: string;
    visaTypeId: string;
    processingOptionId: string;
    travelerCount: number;
  };
}): Promise<Priced> {
  const offer = await repo.findOffer(ctx.db, {
    countryCode: input.countryId,
    visaTypeId: input.visaTypeId,
    processingOptionId: input.processingOptionId,
  });
  if (!offer) throw badRequest('wizard.precheckTrip', { countryId: 'wizard.countryRequired' });
  const { country, visaType, option } = offer;
  if (country.entryRule === 'NONE') {
    const message: Message = country.ruleNote
      ? { key: 'reference.countryRuleNote', params: { note: country.ruleNote } }
      : 'wizard.nothingNeeded';
    throw badRequest(message, { countryId: message });
  }
  if (!visaType) throw badRequest('wizard.precheckTrip', { visaTypeId: 'wizard.visaTypeRequired' });
  if (!option)
    throw badRequest('wizard.precheckProcessing', {
      processingOptionId: 'wizard.processingRequired',
    });
  const rate = await getCurrentRate({ ctx });
  const governmentFeeCents = penceToEuroCents(visaType.governmentFeeGbpPence, rate.rate);
  const n = input.travelerCount;
  return {
    countryCode: country.code,
    visaType,
    option,
    price: {
      travelerCount: n,
      governmentFeeGbpPence: visaType.governmentFeeGbpPence,
      governmentFeeCents,
      exchangeRate: { rate: rate.rate, date: rate.date },
      processingFeeCents: option.priceCents,
      governmentTotalCents: governmentFeeCents * n,
      serviceTotalCents: option.priceCents * n,
      totalCents: orderTotalCents(governmentFeeCents, option.priceCents, n),
      currency: CURRENCY,
    },
  };
}

/** The price an order was sold at, as it was stored with it. */
export function priceOf(a: ApplicationRow): PriceBreakdown {
  return {
    travelerCount: a.travelerCount,
    governmentFeeGbpPence: a.governmentFeeGbpPence,
    governmentFeeCents: a.governmentFeeCents,
    exchangeRate: { rate: normaliseRate(a.exchangeRate), date: a.exchangeRateDate },
    processingFeeCents: a.processingFeeCents,
    governmentTotalCents: a.governmentFeeCents * a.travelerCount,
    serviceTotalCents: a.processingFeeCents * a.travelerCount,
    totalCents: a.totalCents,
    currency: Currency.parse(a.currency),
  };
}
