import type { CreditNoteSummary } from '@waypoint/contracts';
import { API_BASE } from '@waypoint/platform';
import { formatMoney, useLocale, useReaderClock, useT } from '@waypoint/ui';
import { accountMessages } from '../../i18n/catalog';
import { formatOrderDate } from './format';

/**
 * The credit notes of an order's refunds, each a download of its PDF with its number, date and amount (negative,
 * as the credit note shows it). Nothing when the order has none.
 */
export function CreditNotes({
  notes,
  reference,
}: {
  notes: readonly CreditNoteSummary[] | undefined;
  reference: string;
}) {
  const t = useT(accountMessages);
  const locale = useLocale();
  const clock = useReaderClock();
  if (!notes?.length) return null;
  return (
    <div className="wpa-order__credit-notes">
      <p className="wpa-order__credit-notes-title">
        {t('orders.creditNotes.title', { reference })}
      </p>
      <ul>
        {notes.map((note) => (
          <li key={note.number}>
            <a href={`${API_BASE}${note.url}`} download>
              {t('orders.creditNotes.download')} <bdi dir="ltr">{note.number}</bdi>{' '}
              <span className="wpa-order__receipt-kind">{t('orders.receipt.pdf')}</span>
            </a>{' '}
            {t('orders.creditNotes.detail', {
              amount: formatMoney(
                note.amountCents / 100,
                note.currency === 'GBP' ? 'GBP' : 'EUR',
                locale,
              ),
              date: formatOrderDate(note.issuedAt, locale, clock.timeZone),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
