import type { CreditNoteSummary } from '@waypoint/contracts';
import { API_BASE } from '@waypoint/platform';
import { useLocale, useT } from '@waypoint/ui';
import { formatAmount, formatDateTime } from '../format';
import { adminMessages } from '../i18n/catalog';
import { StackedTable } from '../components/StackedTable';

/**
 * The credit notes of an order's refunds, oldest first: number (a download of the PDF), date and amount (negative,
 * as the credit note shows it). Nothing when there are none.
 */
export function CreditNoteList({ notes }: { notes: readonly CreditNoteSummary[] | undefined }) {
  const t = useT(adminMessages);
  const locale = useLocale();
  if (!notes?.length) return null;
  return (
    <div className="wpd-refunds__list">
      <h3 id="credit-notes-heading">{t('creditNote.list')}</h3>
      <StackedTable
        labelId="credit-notes-heading"
        columns={[
          { label: t('creditNote.col.number') },
          { label: t('creditNote.col.date') },
          { label: t('creditNote.col.amount') },
        ]}
      >
        {notes.map((note) => (
          <tr key={note.number}>
            <th scope="row">
              <a
                href={`${API_BASE}${note.url}`}
                download
                aria-label={t('creditNote.download', { number: note.number })}
              >
                <bdi dir="ltr">{note.number}</bdi>
              </a>
            </th>
            <td data-label={t('creditNote.col.date')}>
              <span className="wpd-value">{formatDateTime(note.issuedAt, locale)}</span>
            </td>
            <td data-label={t('creditNote.col.amount')}>
              <bdi className="wpd-value">
                {formatAmount(note.amountCents, locale, note.currency)}
              </bdi>
            </td>
          </tr>
        ))}
      </StackedTable>
    </div>
  );
}
