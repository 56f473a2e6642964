import {
  formatHomeOfficeReference,
  type AdminApplicationDetail,
  type DecisionDocument,
} from '@waypoint/contracts';
import { rich, useLocale, useT } from '@waypoint/ui';
import { formatDate, formatDateTime } from '../format';
import { adminMessages } from '../i18n/catalog';
import { travellerName } from './common';
import { StackedTable } from '../components/StackedTable';

/** A document's kind as people name it: PDF, JPEG, PNG (else the file's name). */
export function fileType(document: { contentType: string; filename?: string | null }): string {
  const known: Record<string, string> = {
    'application/pdf': 'PDF',
    'image/jpeg': 'JPEG',
    'image/png': 'PNG',
  };
  return known[document.contentType] ?? document.filename ?? document.contentType;
}

const hidden = (text: string) => <span className="wp-visually-hidden">{text}</span>;
const mono = (text: string) => (
  <bdi className="wpd-mono" dir="ltr">
    {text}
  </bdi>
);

function DocumentLink({ document, text }: { document: DecisionDocument; text: string }) {
  return (
    <a href={document.url} download={document.filename ?? true}>
      {rich(text, { hidden })}
    </a>
  );
}

/**
 * What was recorded with the Home Office: when the application was submitted, by whom and under which reference;
 * then the government's decision, with each traveller's reference, validity and decision document, or the reason
 * of a refusal and its letter.
 */
export function CaseworkRecord({ detail }: { detail: AdminApplicationDetail }) {
  const t = useT(adminMessages);
  const locale = useLocale();
  const { application, lodgedBy } = detail;
  const lodging = application.lodging ?? null;
  const outcome = application.outcome ?? null;
  if (!lodging && !outcome) return null;
  const nameOf = (travelerId: string) => {
    const traveller = application.travelers.find((tr) => tr.id === travelerId);
    return (traveller && travellerName(traveller)) ?? t('detail.unnamedTraveller');
  };

  return (
    <section className="wp-card wpd-section wpd-casework" aria-labelledby="casework-heading">
      <h2 id="casework-heading">{t('casework.heading')}</h2>
      {lodging ? (
        <p data-testid="lodging">
          {rich(
            t(lodgedBy ? 'casework.lodgedBy' : 'casework.lodged', {
              date: formatDate(lodging.lodgedOn, locale),
              by: lodgedBy ?? '',
              reference: formatHomeOfficeReference(lodging.reference),
            }),
            {
              time: (text) => <time dateTime={lodging.lodgedOn}>{text}</time>,
              ref: mono,
            },
          )}
        </p>
      ) : null}

      {outcome ? (
        <>
          <h3>{t(`casework.outcome.${outcome.outcome}`)}</h3>
          <p>
            {rich(t('casework.recordedOn', { date: formatDateTime(outcome.recordedAt, locale) }), {
              time: (text) => <time dateTime={outcome.recordedAt}>{text}</time>,
            })}
          </p>
          {outcome.outcome === 'REJECTED' ? (
            <>
              {outcome.reason ? (
                <p>
                  <span className="wpd-strong">{t('casework.reasonGiven')}</span> {outcome.reason}
                </p>
              ) : null}
              {outcome.document ? (
                <p>
                  <DocumentLink
                    document={outcome.document}
                    text={t('casework.downloadLetter', { type: fileType(outcome.document) })}
                  />
                </p>
              ) : null}
            </>
          ) : null}
          {outcome.grants.length > 0 ? (
            <StackedTable
              labelId="grants-caption"
              caption={t('casework.grants')}
              columns={[
                { label: t('casework.col.traveller') },
                { label: t('casework.col.reference') },
                { label: t('casework.col.validFrom') },
                { label: t('casework.col.validUntil') },
                { label: t('casework.col.passport') },
                { label: t('casework.col.document') },
              ]}
            >
              {outcome.grants.map((grant) => {
                const name = nameOf(grant.travelerId);
                return (
                  <tr key={grant.travelerId}>
                    <th scope="row">{name}</th>
                    <td data-label={t('casework.col.reference')}>
                      <span className="wpd-value">{mono(grant.reference)}</span>
                    </td>
                    <td data-label={t('casework.col.validFrom')}>
                      <span className="wpd-value">
                        <time dateTime={grant.validFrom}>
                          {formatDate(grant.validFrom, locale)}
                        </time>
                      </span>
                    </td>
                    <td data-label={t('casework.col.validUntil')}>
                      <span className="wpd-value">
                        <time dateTime={grant.validUntil}>
                          {formatDate(grant.validUntil, locale)}
                        </time>
                      </span>
                    </td>
                    <td data-label={t('casework.col.passport')}>
                      <span className="wpd-value">
                        {rich(t('casework.passportEnding', { last4: grant.passportLast4 }), {
                          ref: mono,
                        })}
                      </span>
                    </td>
                    <td data-label={t('casework.col.document')}>
                      <span className="wpd-value">
                        {grant.document ? (
                          <DocumentLink
                            document={grant.document}
                            text={t('casework.downloadDecision', {
                              name,
                              type: fileType(grant.document),
                            })}
                          />
                        ) : (
                          <span className="wpd-muted">{t('casework.noDocument')}</span>
                        )}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </StackedTable>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
