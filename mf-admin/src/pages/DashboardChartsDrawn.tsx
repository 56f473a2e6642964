import type { CSSProperties } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  LabelList,
  Legend,
  type LabelProps,
  type LegendPayload,
  Line,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/**
 * The dashboard's chart drawings, downloaded only when the dashboard draws them. Each is hidden from assistive
 * technology (its section's summary and table say the same) and takes the words it shows ready translated. In a
 * right-to-left language time runs from right to left, the value axis stands on the right, and the legends and
 * tooltips read from the right.
 */

/**
 * Colours of the series, each at least 3:1 against the white background, and never the only way to tell series
 * apart: every chart has a legend with the series' names, segments are separated by a white edge, and the table
 * beside it has the figures.
 */
export const SERIES_COLOURS = {
  IN_PROGRESS: '#6b7280',
  SUBMITTED: '#0a4a80',
  UNDER_REVIEW: '#2b7bbd',
  CHANGES_REQUESTED: '#a15c00',
  LODGED: '#6d28d9',
  APPROVED: '#146c43',
  REJECTED: '#b42318',
  REFUNDED: '#9d174d',
  funnel: '#0a4a80',
  promise: '#6b7280',
  median: '#0a4a80',
  paid: '#146c43',
  refunded: '#b42318',
  net: '#1b1f24',
} as const;
export type SeriesKey = keyof typeof SERIES_COLOURS;

export interface Series {
  key: SeriesKey;
  name: string;
}

interface Direction {
  rtl: boolean;
}

const CHART_STYLE: CSSProperties = { width: '100%', height: 300 };
const TICK = { fill: '#1b1f24', fontSize: 12 };
const GRID = '#d5dbe1';

function legendStyle(rtl: boolean): CSSProperties {
  return { direction: rtl ? 'rtl' : 'ltr', paddingTop: 8 };
}

/**
 * A legend of the series' names, each after a swatch of its colour, in the page's direction. Drawn here rather than
 * by recharts, whose icons carry English labels of their own.
 */
function SeriesLegend({ payload }: { payload?: readonly LegendPayload[] }) {
  return (
    <ul className="wpd-chart__legend">
      {(payload ?? []).map((item) => (
        <li key={String(item.dataKey ?? item.value)} className="wpd-chart__legend-item">
          <span
            className={`wpd-chart__swatch${item.type === 'line' ? ' wpd-chart__swatch--line' : ''}`}
            style={{ backgroundColor: item.color }}
          />
          {item.value}
        </li>
      ))}
    </ul>
  );
}

/** The chart's legend under it, its items in the given order (recharts would sort them by name). */
function seriesLegend(rtl: boolean, order?: readonly string[]) {
  return (
    <Legend
      wrapperStyle={legendStyle(rtl)}
      content={SeriesLegend}
      {...(order ? { itemSorter: inOrder(order) } : {})}
    />
  );
}

/** Orders legend and tooltip items as the series are given. */
function inOrder(keys: readonly string[]) {
  return (item: { dataKey?: unknown }) => keys.indexOf(String(item.dataKey));
}

function tooltipStyles(rtl: boolean) {
  return {
    wrapperStyle: { direction: rtl ? 'rtl' : 'ltr' } as CSSProperties,
    contentStyle: { textAlign: rtl ? 'right' : 'left', borderColor: '#6b7280' } as CSSProperties,
  };
}

/** The value axis: on the side the page's text starts from. */
function valueAxis(rtl: boolean, format?: (value: number) => string) {
  return (
    <YAxis
      orientation={rtl ? 'right' : 'left'}
      tick={TICK}
      allowDecimals={false}
      width={format ? 84 : 48}
      {...(format ? { tickFormatter: format } : {})}
    />
  );
}

/** A time axis of UK days (their labels already written in the page's language). */
function dayAxis(rtl: boolean) {
  return <XAxis dataKey="label" reversed={rtl} tick={TICK} minTickGap={12} />;
}

export type DayRow = { label: string } & Partial<Record<SeriesKey, number>>;

/** Applications received per day, stacked by status. */
export function ReceivedDrawing({
  rows,
  series,
  rtl,
}: { rows: DayRow[]; series: Series[] } & Direction) {
  return (
    <BarChart responsive style={CHART_STYLE} data={rows} accessibilityLayer={false}>
      <CartesianGrid stroke={GRID} vertical={false} />
      {dayAxis(rtl)}
      {valueAxis(rtl)}
      <Tooltip {...tooltipStyles(rtl)} itemSorter={inOrder(series.map((s) => s.key))} />
      {seriesLegend(
        rtl,
        series.map((s) => s.key),
      )}
      {series.map((s) => (
        <Bar
          key={s.key}
          dataKey={s.key}
          name={s.name}
          stackId="status"
          fill={SERIES_COLOURS[s.key]}
          stroke="#ffffff"
          strokeWidth={1}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}

/** How far the period's applications got: one bar per step, longest first, its count at its end. */
export function FunnelDrawing({
  rows,
  name,
  rtl,
}: { rows: { label: string; count: number }[]; name: string } & Direction) {
  return (
    <BarChart
      responsive
      style={CHART_STYLE}
      data={rows}
      layout="vertical"
      accessibilityLayer={false}
      margin={rtl ? { left: 40, right: 8 } : { left: 8, right: 40 }}
    >
      <CartesianGrid stroke={GRID} horizontal={false} />
      <XAxis type="number" reversed={rtl} tick={TICK} allowDecimals={false} />
      <YAxis
        type="category"
        dataKey="label"
        orientation={rtl ? 'right' : 'left'}
        tick={TICK}
        width={180}
      />
      <Tooltip {...tooltipStyles(rtl)} />
      {seriesLegend(rtl)}
      <Bar dataKey="count" name={name} fill={SERIES_COLOURS.funnel} isAnimationActive={false}>
        <LabelList dataKey="count" content={(props: LabelProps) => beyondBar(props, rtl)} />
      </Bar>
    </BarChart>
  );
}

export interface SpeedRow {
  label: string;
  promise: number;
  median: number | null;
  /** The share on time as the page writes it ('67%'), shown above the median's bar. */
  share: string;
}

/** A horizontal bar's label just past its end: its left end when the bars grow from the right. */
function beyondBar(props: LabelProps, rtl: boolean) {
  const box = props.viewBox;
  if (!box || !('width' in box) || props.value === undefined) return null;
  const start = Number(box.x ?? 0);
  const end = start + Number(box.width ?? 0);
  const y = Number(box.y ?? 0) + Number(box.height ?? 0) / 2;
  return (
    <text
      x={rtl ? Math.min(start, end) - 6 : Math.max(start, end) + 6}
      y={y}
      dominantBaseline="central"
      textAnchor={rtl ? 'end' : 'start'}
      fill="#1b1f24"
      fontSize={12}
    >
      {props.value}
    </text>
  );
}

/** A bar's label on one line, centred above it (recharts would wrap it to the bar's width). */
function aboveBar(props: LabelProps) {
  const box = props.viewBox;
  if (!box || !('width' in box) || props.value === undefined || props.value === '') return null;
  const x = Number(box.x ?? 0) + Number(box.width ?? 0) / 2;
  return (
    <text x={x} y={Number(box.y ?? 0) - 8} textAnchor="middle" fill="#1b1f24" fontSize={12}>
      {props.value}
    </text>
  );
}

/** Each speed's promise beside its median time to lodging, with its share on time. */
export function SpeedsDrawing({
  rows,
  promiseName,
  medianName,
  rtl,
}: { rows: SpeedRow[]; promiseName: string; medianName: string } & Direction) {
  return (
    <BarChart
      responsive
      style={CHART_STYLE}
      data={rows}
      accessibilityLayer={false}
      margin={{ top: 24 }}
    >
      <CartesianGrid stroke={GRID} vertical={false} />
      <XAxis dataKey="label" reversed={rtl} tick={TICK} />
      {valueAxis(rtl)}
      <Tooltip {...tooltipStyles(rtl)} itemSorter={inOrder(['promise', 'median'])} />
      {seriesLegend(rtl, ['promise', 'median'])}
      <Bar
        dataKey="promise"
        name={promiseName}
        fill={SERIES_COLOURS.promise}
        isAnimationActive={false}
      />
      <Bar
        dataKey="median"
        name={medianName}
        fill={SERIES_COLOURS.median}
        isAnimationActive={false}
      >
        <LabelList dataKey="share" content={aboveBar} />
      </Bar>
    </BarChart>
  );
}

/** Money per day: payments above the line, refunds below it, and the net as a line. */
export function RevenueDrawing({
  rows,
  names,
  formatMoney,
  rtl,
}: {
  rows: DayRow[];
  names: { paid: string; refunded: string; net: string };
  formatMoney: (euros: number) => string;
} & Direction) {
  const money = (value: unknown) => (typeof value === 'number' ? formatMoney(value) : '');
  return (
    <ComposedChart
      responsive
      style={CHART_STYLE}
      data={rows}
      accessibilityLayer={false}
      stackOffset="sign"
    >
      <CartesianGrid stroke={GRID} vertical={false} />
      {dayAxis(rtl)}
      {valueAxis(rtl, formatMoney)}
      <ReferenceLine y={0} stroke="#6b7280" />
      <Tooltip
        {...tooltipStyles(rtl)}
        formatter={money}
        itemSorter={inOrder(['paid', 'refunded', 'net'])}
      />
      {seriesLegend(rtl, ['paid', 'refunded', 'net'])}
      <Bar
        dataKey="paid"
        name={names.paid}
        stackId="money"
        fill={SERIES_COLOURS.paid}
        isAnimationActive={false}
      />
      <Bar
        dataKey="refunded"
        name={names.refunded}
        stackId="money"
        fill={SERIES_COLOURS.refunded}
        isAnimationActive={false}
      />
      <Line
        dataKey="net"
        name={names.net}
        stroke={SERIES_COLOURS.net}
        strokeWidth={2}
        dot={{ r: 3 }}
        isAnimationActive={false}
      />
    </ComposedChart>
  );
}
