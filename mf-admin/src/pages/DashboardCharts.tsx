import { lazy, Suspense, useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  AdminText,
  MAX_CHART_DAYS,
  RECEIVED_STATUSES,
  directionOf,
  languageTag,
  ukToday,
  type ChartPeriod,
  type DashboardChartsResponse,
  type FunnelStage,
  type SpeedRecord,
} from '@waypoint/contracts';
import { useReferenceText, useStatusLabel } from '@waypoint/platform/i18n';
import { Button, RadioGroup, Spinner, TextField, useLocale, useT } from '@waypoint/ui';
import { formatAmount, formatDate } from '../format';
import { adminMessages } from '../i18n/catalog';
import {
  PRESETS,
  periodProblem,
  presetPeriod,
  receivedFigures,
  revenueFigures,
  speedFigures,
  useGetDashboardChartsQuery,
  type PeriodChoice,
} from './DashboardChartsData';
import type { DayRow } from './DashboardChartsDrawn';

/**
 * The dashboard's trends for a period: applications received per day by status, the funnel from paid to decided,
 * time to lodging per speed, and revenue per day. Each chart has a heading, a summary in words, the drawing (its
 * code downloaded only here, and hidden from assistive technology) and its figures as a table for screen readers.
 */

const drawings = () => import(/* webpackChunkName: "dashboard-charts" */ './DashboardChartsDrawn');
const ReceivedDrawing = lazy(() => drawings().then((m) => ({ default: m.ReceivedDrawing })));
const FunnelDrawing = lazy(() => drawings().then((m) => ({ default: m.FunnelDrawing })));
const SpeedsDrawing = lazy(() => drawings().then((m) => ({ default: m.SpeedsDrawing })));
const RevenueDrawing = lazy(() => drawings().then((m) => ({ default: m.RevenueDrawing })));

/** Numbers, shares, days and money as the page's language writes them. */
function useFormats() {
  const locale = useLocale();
  const t = useT(adminMessages);
  const tag = languageTag(locale);
  const number = new Intl.NumberFormat(tag);
  const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 });
  const shortDay = new Intl.DateTimeFormat(tag, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const wholeEuros = new Intl.NumberFormat(tag, {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  });
  return {
    locale,
    rtl: directionOf(locale) === 'rtl',
    count: (n: number) => number.format(n),
    share: (share: number | null) => (share === null ? t('charts.none') : percent.format(share)),
    hours: (hours: number | null) =>
      hours === null ? t('charts.none') : t('charts.hours', { hours }),
    day: (day: string) => formatDate(day, locale),
    shortDay: (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`)),
    money: (cents: number) => formatAmount(cents, locale),
    axisMoney: (euros: number) => wholeEuros.format(euros),
  };
}

/** A chart: its heading, its summary, its drawing (hidden from assistive technology) and its table. */
function Chart({
  title,
  hint,
  summary,
  drawing,
  table,
}: {
  title: string;
  hint: string;
  summary: ReactNode;
  drawing: ReactNode;
  table: ReactNode;
}) {
  const id = useId();
  return (
    <section className="wp-card wpd-chart" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="wpd-chart__title">
        {title}
      </h3>
      <p className="wp-hint">{hint}</p>
      <div className="wpd-chart__summary">{summary}</div>
      {drawing ? (
        <div className="wpd-chart__drawing" aria-hidden="true">
          <Suspense fallback={null}>{drawing}</Suspense>
        </div>
      ) : null}
      {table}
    </section>
  );
}

/** A table only screen readers read: the chart's figures. */
function DataTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: { key: string; cells: string[] }[];
}) {
  return (
    // Hidden by its box: a table itself cannot be shrunk to nothing, and would widen a narrow page.
    <div className="wp-visually-hidden">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, cells: [first, ...rest] }) => (
            <tr key={key}>
              <th scope="row">{first}</th>
              {rest.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReceivedChart({ data }: { data: DashboardChartsResponse }) {
  const t = useT(adminMessages);
  const f = useFormats();
  const statusLabel = useStatusLabel();
  const { total, busiest } = receivedFigures(data);
  const title = t('charts.received.title');
  const statuses = RECEIVED_STATUSES.filter((s) => data.received.some((d) => d.byStatus[s] > 0));
  return (
    <Chart
      title={title}
      hint={t('charts.received.hint')}
      summary={
        total === 0 ? (
          <p>{t('charts.received.empty')}</p>
        ) : (
          <p>
            {t('charts.received.summary', {
              total,
              from: f.day(data.period.from),
              to: f.day(data.period.to),
            })}{' '}
            {busiest
              ? t('charts.received.busiest', { day: f.day(busiest.day), count: busiest.total })
              : null}
          </p>
        )
      }
      drawing={
        total === 0 ? null : (
          <ReceivedDrawing
            rtl={f.rtl}
            series={statuses.map((s) => ({ key: s, name: statusLabel(s) }))}
            rows={data.received.map((d) => {
              const row: DayRow = { label: f.shortDay(d.day) };
              for (const s of statuses) row[s] = d.byStatus[s];
              return row;
            })}
          />
        )
      }
      table={
        total === 0 ? null : (
          <DataTable
            caption={title}
            head={[
              t('charts.column.day'),
              ...statuses.map((s) => statusLabel(s)),
              t('charts.column.total'),
            ]}
            rows={data.received.map((d) => ({
              key: d.day,
              cells: [
                f.day(d.day),
                ...statuses.map((s) => f.count(d.byStatus[s])),
                f.count(d.total),
              ],
            }))}
          />
        )
      }
    />
  );
}

const STAGE_LABEL = {
  paid: 'charts.funnel.stage.paid',
  submitted: 'charts.funnel.stage.submitted',
  reviewed: 'charts.funnel.stage.reviewed',
  lodged: 'charts.funnel.stage.lodged',
  decided: 'charts.funnel.stage.decided',
} as const satisfies Record<FunnelStage, string>;

function FunnelChart({ data }: { data: DashboardChartsResponse }) {
  const t = useT(adminMessages);
  const f = useFormats();
  const { funnel } = data;
  const count = (stage: FunnelStage) => funnel.stages.find((s) => s.stage === stage)?.count ?? 0;
  const paid = count('paid');
  const title = t('charts.funnel.title');
  return (
    <Chart
      title={title}
      hint={t('charts.funnel.hint')}
      summary={
        paid === 0 ? (
          <p>{t('charts.funnel.empty')}</p>
        ) : (
          <p>
            {t('charts.funnel.summary', {
              paid,
              submitted: f.count(count('submitted')),
              reviewed: f.count(count('reviewed')),
              lodged: f.count(count('lodged')),
              decided: f.count(count('decided')),
            })}{' '}
            {t('charts.funnel.decisions', {
              approved: f.count(funnel.approved),
              refused: f.count(funnel.refused),
            })}
          </p>
        )
      }
      drawing={
        paid === 0 ? null : (
          <FunnelDrawing
            rtl={f.rtl}
            name={t('charts.column.applications')}
            rows={funnel.stages.map((s) => ({ label: t(STAGE_LABEL[s.stage]), count: s.count }))}
          />
        )
      }
      table={
        paid === 0 ? null : (
          <DataTable
            caption={title}
            head={[
              t('charts.column.stage'),
              t('charts.column.applications'),
              t('charts.column.shareOfPaid'),
            ]}
            rows={[
              ...funnel.stages.map((s) => ({
                key: s.stage,
                cells: [t(STAGE_LABEL[s.stage]), f.count(s.count), f.share(s.count / paid)],
              })),
              {
                key: 'approved',
                cells: [
                  t('charts.funnel.approved'),
                  f.count(funnel.approved),
                  f.share(funnel.approved / paid),
                ],
              },
              {
                key: 'refused',
                cells: [
                  t('charts.funnel.refused'),
                  f.count(funnel.refused),
                  f.share(funnel.refused / paid),
                ],
              },
            ]}
          />
        )
      }
    />
  );
}

/** A speed's name in the page's language, with its promise. */
function useSpeedName() {
  const t = useT(adminMessages);
  const reference = useReferenceText();
  return (s: SpeedRecord) =>
    s.optionId && s.name
      ? t('charts.speeds.name', {
          name: reference.optionName({ id: s.optionId, name: s.name }),
          hours: s.hours,
        })
      : t('charts.hours', { hours: s.hours });
}

function SpeedsChart({ data }: { data: DashboardChartsResponse }) {
  const t = useT(adminMessages);
  const f = useFormats();
  const speedName = useSpeedName();
  const { lodged, share, worst } = speedFigures(data.speeds);
  const title = t('charts.speeds.title');
  return (
    <Chart
      title={title}
      hint={t('charts.speeds.hint')}
      summary={
        lodged === 0 ? (
          <p>{t('charts.speeds.empty')}</p>
        ) : (
          <p>
            {t('charts.speeds.summary', { lodged, share: f.share(share) })}{' '}
            {worst && data.speeds.filter((s) => s.lodged > 0).length > 1
              ? t('charts.speeds.worst', {
                  speed: speedName(worst),
                  share: f.share(worst.onTimeShare),
                  median: f.hours(worst.medianHours),
                })
              : null}
          </p>
        )
      }
      drawing={
        lodged === 0 ? null : (
          <SpeedsDrawing
            rtl={f.rtl}
            promiseName={t('charts.series.promise')}
            medianName={t('charts.series.median')}
            rows={data.speeds.map((s) => ({
              label: speedName(s),
              promise: s.hours,
              median: s.medianHours,
              share:
                s.lodged > 0
                  ? t('charts.speeds.onTimeLabel', { share: f.share(s.onTimeShare) })
                  : '',
            }))}
          />
        )
      }
      table={
        lodged === 0 ? null : (
          <DataTable
            caption={title}
            head={[
              t('charts.column.speed'),
              t('charts.column.promise'),
              t('charts.column.lodged'),
              t('charts.column.onTime'),
              t('charts.column.onTimeShare'),
              t('charts.column.median'),
            ]}
            rows={data.speeds.map((s) => ({
              key: String(s.hours),
              cells: [
                speedName(s),
                f.hours(s.hours),
                f.count(s.lodged),
                f.count(s.onTime),
                f.share(s.onTimeShare),
                f.hours(s.medianHours),
              ],
            }))}
          />
        )
      }
    />
  );
}

function RevenueChart({ data }: { data: DashboardChartsResponse }) {
  const t = useT(adminMessages);
  const f = useFormats();
  const { paidCents, refundedCents, netCents, best } = revenueFigures(data.revenue);
  const moved = paidCents > 0 || refundedCents > 0;
  const title = t('charts.revenue.title');
  const names = {
    paid: t('charts.column.paid'),
    refunded: t('charts.column.refunded'),
    net: t('charts.column.net'),
  };
  return (
    <Chart
      title={title}
      hint={t('charts.revenue.hint')}
      summary={
        !moved ? (
          <p>{t('charts.revenue.empty')}</p>
        ) : (
          <p>
            {t('charts.revenue.summary', {
              net: f.money(netCents),
              paid: f.money(paidCents),
              refunded: f.money(refundedCents),
            })}{' '}
            {best
              ? t('charts.revenue.best', { day: f.day(best.day), amount: f.money(best.netCents) })
              : null}
          </p>
        )
      }
      drawing={
        !moved ? null : (
          <RevenueDrawing
            rtl={f.rtl}
            names={names}
            formatMoney={f.axisMoney}
            rows={data.revenue.map((d) => ({
              label: f.shortDay(d.day),
              paid: d.paidCents / 100,
              refunded: -d.refundedCents / 100,
              net: d.netCents / 100,
            }))}
          />
        )
      }
      table={
        !moved ? null : (
          <DataTable
            caption={title}
            head={[t('charts.column.day'), names.paid, names.refunded, names.net]}
            rows={data.revenue.map((d) => ({
              key: d.day,
              cells: [
                f.day(d.day),
                f.money(d.paidCents),
                f.money(d.refundedCents),
                f.money(d.netCents),
              ],
            }))}
          />
        )
      }
    />
  );
}

/** The choice of period: the last 7, 30 or 90 days, or dates of one's choosing (UK days, both included). */
function PeriodPicker({
  choice,
  period,
  onChoose,
}: {
  choice: PeriodChoice;
  period: ChartPeriod;
  onChoose: (choice: PeriodChoice, custom?: ChartPeriod) => void;
}) {
  const t = useT(adminMessages);
  const [draft, setDraft] = useState(period);
  const [problem, setProblem] = useState<ReturnType<typeof periodProblem>>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = periodProblem(draft.from, draft.to);
    setProblem(found);
    if (!found) onChoose('custom', draft);
  };
  const toError =
    problem === 'order'
      ? AdminText.dateOrder
      : problem === 'tooLong'
        ? t('charts.period.tooLong', { max: MAX_CHART_DAYS })
        : problem === 'required' && !draft.to
          ? t('charts.period.required')
          : null;
  return (
    <div className="wpd-chart-period">
      <RadioGroup
        id="chart-period"
        name="chart-period"
        legend={t('charts.period')}
        inline
        options={[
          ...PRESETS.map((days) => ({ value: days, label: t(`charts.period.${days}`) })),
          { value: 'custom', label: t('charts.period.custom') },
        ]}
        value={choice}
        onChange={(value) => {
          if (value === 'custom') {
            setDraft(period);
            setProblem(null);
          }
          onChoose(value as PeriodChoice);
        }}
      />
      {choice === 'custom' ? (
        <form className="wpd-chart-period__dates" onSubmit={submit} noValidate>
          <TextField
            id="chart-from"
            label={t('charts.period.from')}
            type="date"
            value={draft.from}
            error={problem === 'required' && !draft.from ? t('charts.period.required') : null}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
          <TextField
            id="chart-to"
            label={t('charts.period.to')}
            type="date"
            value={draft.to}
            error={toError}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
          <Button type="submit" variant="secondary">
            {t('charts.period.show')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}

/** The Trends section of the dashboard. */
export function DashboardCharts() {
  const t = useT(adminMessages);
  const f = useFormats();
  const [choice, setChoice] = useState<PeriodChoice>('30');
  const [custom, setCustom] = useState<ChartPeriod | null>(null);
  const today = ukToday();
  const period =
    choice === 'custom' && custom
      ? custom
      : presetPeriod(choice === 'custom' ? '30' : choice, today);
  const { currentData: data, isFetching, isError, refetch } = useGetDashboardChartsQuery(period);
  return (
    <section aria-labelledby="trends-heading" className="wpd-trends">
      <h2 id="trends-heading">{t('charts.heading')}</h2>
      <PeriodPicker
        choice={choice}
        period={period}
        onChoose={(next, dates) => {
          if (next === 'custom') setCustom(dates ?? custom ?? period);
          setChoice(next);
        }}
      />
      <p className="wpd-chart-period__shown" aria-live="polite">
        {t('charts.period.shown', { from: f.day(period.from), to: f.day(period.to) })}
      </p>
      {isError && !isFetching ? (
        <p className="wpd-load-failed" role="alert">
          {t('charts.failed')}{' '}
          <Button variant="secondary" size="small" onClick={() => void refetch()}>
            {t('load.retry')}
          </Button>
        </p>
      ) : null}
      {!data && isFetching ? <Spinner label={t('charts.loading')} showLabel /> : null}
      {data ? (
        <div className="wpd-charts" aria-busy={isFetching || undefined}>
          <ReceivedChart data={data} />
          <FunnelChart data={data} />
          <SpeedsChart data={data} />
          <RevenueChart data={data} />
        </div>
      ) : null}
    </section>
  );
}
