import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addDays,
  AdminText,
  RECEIVED_STATUSES,
  ukToday,
  type DashboardChartsResponse,
  type ReceivedDay,
  type RevenueDay,
  type SpeedRecord,
} from '@waypoint/contracts';
import { activateLocale } from '@waypoint/ui';
import { dashboard } from '../test/fixtures';
import { callsTo, failure, mockApi, ok, renderAdmin } from '../test/renderAdmin';

const DASHBOARD = 'GET /api/admin/dashboard';
const CHARTS = 'GET /api/admin/dashboard/charts';

/** Intl separates amounts with (narrow) no-break spaces: compare texts with plain spaces. */
const spaced = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const receivedDay = (day: string, counts: Partial<ReceivedDay['byStatus']> = {}): ReceivedDay => {
  const byStatus = Object.fromEntries(
    RECEIVED_STATUSES.map((s) => [s, counts[s] ?? 0]),
  ) as ReceivedDay['byStatus'];
  return { day, byStatus, total: Object.values(byStatus).reduce((a, b) => a + b, 0) };
};

const money = (day: string, paidCents: number, refundedCents = 0): RevenueDay => ({
  day,
  paidCents,
  refundedCents,
  netCents: paidCents - refundedCents,
});

const speed = (extra: Partial<SpeedRecord> & Pick<SpeedRecord, 'hours'>): SpeedRecord => ({
  optionId: null,
  name: null,
  lodged: 0,
  onTime: 0,
  onTimeShare: null,
  medianHours: null,
  ...extra,
});

/** Three days of 2026: a busy one, an empty one, one with a refund. */
function charts(extra: Partial<DashboardChartsResponse> = {}): DashboardChartsResponse {
  return {
    period: { from: '2026-11-19', to: '2026-11-21', days: 3 },
    received: [
      receivedDay('2026-11-19', { APPROVED: 2, IN_PROGRESS: 1 }),
      receivedDay('2026-11-20'),
      receivedDay('2026-11-21', { SUBMITTED: 4, REFUNDED: 1 }),
    ],
    funnel: {
      stages: [
        { stage: 'paid', count: 8 },
        { stage: 'submitted', count: 6 },
        { stage: 'reviewed', count: 4 },
        { stage: 'lodged', count: 2 },
        { stage: 'decided', count: 2 },
      ],
      approved: 2,
      refused: 0,
    },
    speeds: [
      speed({ hours: 4, optionId: 'uk-eta-super-urgent', name: 'Super urgent' }),
      speed({
        hours: 24,
        optionId: 'uk-eta-express',
        name: 'Express',
        lodged: 4,
        onTime: 1,
        onTimeShare: 0.25,
        medianHours: 30.5,
      }),
      speed({
        hours: 72,
        optionId: 'uk-eta-standard',
        name: 'Standard',
        lodged: 6,
        onTime: 6,
        onTimeShare: 1,
        medianHours: 40,
      }),
    ],
    revenue: [
      money('2026-11-19', 15_570),
      money('2026-11-20', 0),
      money('2026-11-21', 25_950, 5_190),
    ],
    ...extra,
  };
}

const empty = charts({
  received: charts().received.map((d) => receivedDay(d.day)),
  funnel: {
    stages: charts().funnel.stages.map((s) => ({ ...s, count: 0 })),
    approved: 0,
    refused: 0,
  },
  speeds: charts().speeds.map((s) => speed({ hours: s.hours, optionId: s.optionId, name: s.name })),
  revenue: charts().revenue.map((d) => money(d.day, 0)),
});

/** The trends section, once its charts have loaded. */
async function trends() {
  const section = await screen.findByRole('region', { name: 'Trends' });
  await within(section).findByRole('region', { name: 'Applications received per day' });
  return section;
}

/** The cells of a table a screen reader reads, row by row. */
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => spaced(cell.textContent)));

/** The labels of a drawing's axis and where they stand across it, in the order of the data. */
const ticksOf = (drawing: Element, axis: 'xAxis' | 'yAxis') =>
  [
    ...drawing.querySelectorAll(
      `.recharts-${axis}-tick-labels .recharts-cartesian-axis-tick-value`,
    ),
  ].map((tick) => ({ text: tick.textContent, x: Number(tick.getAttribute('x')) }));

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('the dashboard trends', () => {
  it('tells each chart in words and gives its figures as a table for screen readers', async () => {
    mockApi({ [DASHBOARD]: ok(dashboard()), [CHARTS]: ok(charts()) });
    await renderAdmin('/admin');
    const section = await trends();

    const received = within(section).getByRole('region', { name: 'Applications received per day' });
    expect(received).toHaveTextContent(
      '8 applications were received from 19 Nov 2026 to 21 Nov 2026. The busiest day was 21 Nov 2026, with 5 applications.',
    );
    // Only the statuses with applications are columns.
    expect(
      cells(within(received).getByRole('table', { name: 'Applications received per day' })),
    ).toEqual([
      ['Day', 'In progress', 'Submitted', 'Approved', 'Refunded', 'Total'],
      ['19 Nov 2026', '1', '0', '2', '0', '3'],
      ['20 Nov 2026', '0', '0', '0', '0', '0'],
      ['21 Nov 2026', '0', '4', '0', '1', '5'],
    ]);

    const funnel = within(section).getByRole('region', { name: 'From paid to decided' });
    expect(funnel).toHaveTextContent(
      'Of 8 applications paid: 6 submitted by the traveller, 4 reviewed, 2 submitted to the Home Office and 2 decided. 2 approved, 0 refused.',
    );
    expect(cells(within(funnel).getByRole('table', { name: 'From paid to decided' }))).toEqual([
      ['Step', 'Applications', 'Share of paid'],
      ['Paid', '8', '100%'],
      ['Submitted by the traveller', '6', '75%'],
      ['Under review', '4', '50%'],
      ['Submitted to the Home Office', '2', '25%'],
      ['Decided', '2', '25%'],
      ['Approved', '2', '25%'],
      ['Refused', '0', '0%'],
    ]);

    const speeds = within(section).getByRole('region', {
      name: 'Time to the Home Office by speed',
    });
    expect(speeds).toHaveTextContent(
      '10 applications submitted to the Home Office, 70% on time. Least often on time: Express (24 hours), 25% on time, median 30.5 hours.',
    );
    expect(
      cells(within(speeds).getByRole('table', { name: 'Time to the Home Office by speed' })),
    ).toEqual([
      [
        'Speed',
        'Promise',
        'Submitted to the Home Office',
        'On time',
        'Share on time',
        'Median time',
      ],
      ['Super urgent (4 hours)', '4 hours', '0', '0', 'None submitted', 'None submitted'],
      ['Express (24 hours)', '24 hours', '4', '1', '25%', '30.5 hours'],
      ['Standard (72 hours)', '72 hours', '6', '6', '100%', '40 hours'],
    ]);

    const revenue = within(section).getByRole('region', { name: 'Revenue per day' });
    expect(spaced(revenue.textContent)).toContain(
      '€363.30 net: €415.20 paid less €51.90 refunded. The best day was 21 Nov 2026, with €207.60 net.',
    );
    expect(cells(within(revenue).getByRole('table', { name: 'Revenue per day' }))).toEqual([
      ['Day', 'Paid', 'Refunded', 'Net'],
      ['19 Nov 2026', '€155.70', '€0.00', '€155.70'],
      ['20 Nov 2026', '€0.00', '€0.00', '€0.00'],
      ['21 Nov 2026', '€259.50', '€51.90', '€207.60'],
    ]);
  });

  it('shows the last 30 days first, and loads the period chosen: 7 or 90 days, or dates of one’s own', async () => {
    const sent = mockApi({ [DASHBOARD]: ok(dashboard()), [CHARTS]: ok(charts()) });
    await renderAdmin('/admin');
    const section = await trends();
    const today = ukToday();
    const periods = () => callsTo(sent, CHARTS).map((call) => Object.fromEntries(call.query));
    expect(periods()).toEqual([{ from: addDays(today, -29), to: today }]);
    const user = userEvent.setup();

    await user.click(within(section).getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() => expect(periods()).toHaveLength(2));
    expect(periods()[1]).toEqual({ from: addDays(today, -6), to: today });
    await user.click(within(section).getByRole('radio', { name: 'Last 90 days' }));
    await waitFor(() => expect(periods()).toHaveLength(3));
    expect(periods()[2]).toEqual({ from: addDays(today, -89), to: today });

    // Dates of one's own: the period shown is kept until they make a period.
    await user.click(within(section).getByRole('radio', { name: 'Choose dates' }));
    const from = within(section).getByLabelText('From');
    const to = within(section).getByLabelText('To');
    expect(from).toHaveValue(addDays(today, -89));
    await user.clear(from);
    await user.type(from, '2026-03-01');
    await user.clear(to);
    await user.type(to, '2026-02-01');
    await user.click(within(section).getByRole('button', { name: 'Show' }));
    expect(await within(section).findByText(AdminText.dateOrder)).toBeInTheDocument();
    expect(to).toHaveAccessibleDescription(`Error: ${AdminText.dateOrder}`);
    await user.clear(to);
    await user.type(to, '2027-03-02');
    await user.click(within(section).getByRole('button', { name: 'Show' }));
    expect(
      await within(section).findByText('A period can be at most 366 days.'),
    ).toBeInTheDocument();
    expect(periods()).toHaveLength(3);

    await user.clear(to);
    await user.type(to, '2026-03-31');
    await user.click(within(section).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(periods()).toHaveLength(4));
    expect(periods()[3]).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(
      within(section).getByText('From 1 Mar 2026 to 31 Mar 2026 (UK days).'),
    ).toBeInTheDocument();
    expect(
      within(section).queryByText('A period can be at most 366 days.'),
    ).not.toBeInTheDocument();
  });

  it('says so in words when a period has nothing to chart, and draws no table', async () => {
    mockApi({ [DASHBOARD]: ok(dashboard()), [CHARTS]: ok(empty) });
    await renderAdmin('/admin');
    const section = await trends();
    expect(section).toHaveTextContent('No applications were received in this period.');
    expect(section).toHaveTextContent('No applications were paid in this period.');
    expect(section).toHaveTextContent(
      'No applications were submitted to the Home Office in this period.',
    );
    expect(section).toHaveTextContent('No money was paid or refunded in this period.');
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the trends could not be loaded, and loads them again on Retry or Refresh', async () => {
    const sent = mockApi({
      [DASHBOARD]: ok(dashboard()),
      [CHARTS]: [failure(500), ok(charts()), ok(empty)],
    });
    await renderAdmin('/admin');
    const section = await screen.findByRole('region', { name: 'Trends' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'The trends could not be loaded.',
    );
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByText(/8 applications were received/)).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();

    // Refresh loads the dashboard's figures and its trends again.
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(
      await within(section).findByText('No applications were received in this period.'),
    ).toBeInTheDocument();
    expect(callsTo(sent, CHARTS)).toHaveLength(3);
    expect(callsTo(sent, DASHBOARD)).toHaveLength(2);
  });

  it('is written in Arabic, statuses and money included', async () => {
    await act(() => activateLocale('ar'));
    mockApi({ [DASHBOARD]: ok(dashboard()), [CHARTS]: ok(charts()) });
    await renderAdmin('/admin');
    const section = await screen.findByRole('region', { name: 'الاتجاهات' });
    const received = await within(section).findByRole('region', {
      name: 'الطلبات المستلمة يوميًا',
    });
    expect(received).toHaveTextContent('استُلمت 8 طلبات من 19 نوفمبر 2026 إلى 21 نوفمبر 2026.');
    const table = within(received).getByRole('table', { name: 'الطلبات المستلمة يوميًا' });
    expect(cells(table)[0]).toEqual(['اليوم', 'قيد الإعداد', 'مُقدَّم', 'مقبول', 'مُسترد', 'المجموع']);
    expect(within(section).getByRole('radio', { name: 'آخر 7 أيام' })).toBeInTheDocument();

    // The drawing, hidden from assistive technology, runs from right to left: the first day on the right, the
    // counts' axis on the right too.
    const drawing = received.querySelector('.wpd-chart__drawing')!;
    expect(drawing).toHaveAttribute('aria-hidden', 'true');
    await waitFor(() => expect(ticksOf(drawing, 'xAxis').length).toBe(3));
    const [first, , last] = ticksOf(drawing, 'xAxis');
    expect(first!.text).toBe('19 نوفمبر');
    expect(first!.x).toBeGreaterThan(last!.x);
    expect(Math.min(...ticksOf(drawing, 'yAxis').map((tick) => tick.x))).toBeGreaterThan(first!.x);
  });

  it('runs from left to right in English', async () => {
    mockApi({ [DASHBOARD]: ok(dashboard()), [CHARTS]: ok(charts()) });
    await renderAdmin('/admin');
    const section = await trends();
    const drawing = within(section)
      .getByRole('region', { name: 'Applications received per day' })
      .querySelector('.wpd-chart__drawing')!;
    await waitFor(() => expect(ticksOf(drawing, 'xAxis').length).toBe(3));
    const [first, , last] = ticksOf(drawing, 'xAxis');
    expect(first!.text).toBe('19 Nov');
    expect(first!.x).toBeLessThan(last!.x);
    expect(Math.max(...ticksOf(drawing, 'yAxis').map((tick) => tick.x))).toBeLessThan(first!.x);
  });
});
