import {
  SUPPORT_STATUSES,
  type TSupportConversationSummary,
  type TSupportStatus,
} from '@waypoint/contracts';
import { Link, useSearchParams } from '@waypoint/platform';
import { Button, Spinner, cx, useLocale, useT } from '@waypoint/ui';
import { CircleCheck, Icon } from '@waypoint/ui/icons';
import { DateText, LoadError } from '../components/common';
import { formatDateTime } from '../format';
import { adminMessages } from '../i18n/catalog';
import { SupportStatusBadge, supportConversationPath, supportLoadMessages } from './SupportCommon';
import { useGetSupportInboxQuery } from './supportApi';
import './Support.css';
import { StackedTable } from '../components/StackedTable';

/** The status a link of the inbox shows; Open unless the address says otherwise. */
function statusOf(value: string | null): TSupportStatus {
  return SUPPORT_STATUSES.find((status) => status === value) ?? 'open';
}

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function ConversationRow({ item }: { item: TSupportConversationSummary }) {
  const t = useT(adminMessages);
  const locale = useLocale();
  return (
    <tr>
      <th scope="row">
        <Link to={supportConversationPath(item.id)} className="wpd-mono">
          {item.reference}
        </Link>
      </th>
      <td data-label={t('support.column.traveller')}>
        <span className="wpd-value">{item.travellerName || t('support.guest')}</span>
      </td>
      <td data-label={t('support.column.email')}>
        <bdi className="wpd-value wpd-wrap">{item.email}</bdi>
      </td>
      <td data-label={t('support.column.topic')}>
        <span className="wpd-value">{t(`support.topic.${item.topic}`)}</span>
      </td>
      <td data-label={t('support.column.order')}>
        {item.applicationId && item.orderReference ? (
          <Link to={`/admin/applications/${encodeURIComponent(item.applicationId)}`}>
            #{item.orderReference}
          </Link>
        ) : (
          <span className="wpd-muted">{t('support.noOrder')}</span>
        )}
      </td>
      <td data-label={t('support.column.lastActivity')}>
        <DateText
          iso={item.lastMessageAt}
          text={formatDateTime(item.lastMessageAt, locale)}
          missing={t('support.unknownDate')}
        />
      </td>
      <td data-label={t('support.column.status')}>
        <SupportStatusBadge status={item.status} />
      </td>
    </tr>
  );
}

/**
 * The Support inbox: travellers' conversations by status (Open first: those waiting for an answer), newest activity
 * first, a page at a time; each opens to read and answer it.
 */
export function SupportInboxPage() {
  const t = useT(adminMessages);
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const page = pageOf(params.get('page'));
  const { data, error, isError, isFetching, refetch } = useGetSupportInboxQuery(
    { status, page },
    { refetchOnMountOrArgChange: true },
  );
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const goTo = (next: number) => setParams({ status, page: String(next) });
  const from = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const to = data ? Math.min(data.page * data.pageSize, data.total) : 0;

  return (
    <>
      <title>{t('support.title')}</title>
      <h1>{t('support.heading')}</h1>
      <p>{t('support.intro')}</p>

      <nav aria-label={t('support.filter.label')} className="wpd-support-filter">
        <ul>
          {SUPPORT_STATUSES.map((option) => (
            <li key={option}>
              <Link
                to={`/admin/support?status=${option}`}
                className={cx(
                  'wpd-support-filter__link',
                  option === status && 'wpd-support-filter__link--current',
                )}
                aria-current={option === status ? 'page' : undefined}
              >
                {data
                  ? t(`support.filter.${option}`, { count: data.counts[option] })
                  : t(`support.status.${option}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {isError ? (
        <LoadError
          messages={supportLoadMessages('inbox')}
          error={error}
          onRetry={() => void refetch()}
        />
      ) : null}
      {!data && !isError && isFetching ? <Spinner label={t('support.loading')} showLabel /> : null}
      {data && !isError ? (
        <div aria-busy={isFetching || undefined}>
          {data.items.length === 0 ? (
            <div className="wpd-empty">
              <span className="wpd-empty__icon">
                <Icon icon={CircleCheck} size={28} />
              </span>
              <p className="wpd-strong">{t(`support.empty.${status}`)}</p>
            </div>
          ) : (
            <StackedTable
              labelId="support-caption"
              caption={<>{t('support.caption', { status: t(`support.status.${status}`) })}</>}
              columns={[
                { label: t('support.column.reference') },
                { label: t('support.column.traveller') },
                { label: t('support.column.email') },
                { label: t('support.column.topic') },
                { label: t('support.column.order') },
                { label: t('support.column.lastActivity') },
                { label: t('support.column.status') },
              ]}
            >
              {data.items.map((item) => (
                <ConversationRow key={item.id} item={item} />
              ))}
            </StackedTable>
          )}
          <div className="wpd-pagination">
            <p className="wpd-showing" role="status">
              {/* An empty inbox says so once, in its empty state, not again as "0–0 of 0". */}
              {isFetching
                ? t('support.loading')
                : data.total > 0
                  ? t('support.showing', { from, to, total: data.total })
                  : null}
            </p>
            {pages > 1 ? (
              <nav aria-label={t('support.pagination')}>
                <ul className="wpd-pages">
                  <li>
                    <Button
                      variant="secondary"
                      size="small"
                      aria-disabled={page > 1 ? undefined : true}
                      onClick={() => {
                        if (page > 1) goTo(page - 1);
                      }}
                    >
                      {t('support.previous')}
                    </Button>
                  </li>
                  <li>
                    <span className="wpd-support-page">
                      {t('support.page', { page: Math.min(page, pages), pages })}
                    </span>
                  </li>
                  <li>
                    <Button
                      variant="secondary"
                      size="small"
                      aria-disabled={page < pages ? undefined : true}
                      onClick={() => {
                        if (page < pages) goTo(page + 1);
                      }}
                    >
                      {t('support.next')}
                    </Button>
                  </li>
                </ul>
              </nav>
            ) : null}
          </div>
        </div>
      ) : null}
    </>
  );
}
