import {
  addDays,
  AdminText,
  CHART_PERIOD_TOO_LONG,
  DashboardChartsQuery,
  daysOf,
  lastDays,
  periodLength,
  resolveChartPeriod,
  ukToday,
} from '@waypoint/contracts';
import {
  funnelOf,
  medianOf,
  receivedSeries,
  revenueSeries,
  shareOf,
  speedRecords,
  speedRows,
  type ReceivedRow,
} from './dashboard-charts-series';

const row = (extra: Partial<ReceivedRow> & Pick<ReceivedRow, 'day' | 'status'>): ReceivedRow => ({
  count: 1,
  submitted: 0,
  reviewed: 0,
  lodged: 0,
  ...extra,
});

describe('the period of the charts', () => {
  it('counts UK calendar days, both ends included, across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(periodLength('2025-03-28', '2025-04-03')).toBe(7);
    expect(periodLength('2024-01-01', '2024-12-31')).toBe(366);
    expect(periodLength('2025-04-03', '2025-03-28')).toBe(0);
    // The day the clocks go forward is a whole day like any other.
    expect(daysOf('2025-03-29', '2025-03-31')).toEqual(['2025-03-29', '2025-03-30', '2025-03-31']);
  });

  it("takes today from the UK's clock, not the machine's", () => {
    // 23:30 UTC on 30 June is already 1 July in British Summer Time; in winter UTC is UK time.
    expect(ukToday(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(ukToday(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
    expect(lastDays(7, '2026-07-01')).toEqual({ from: '2026-06-25', to: '2026-07-01' });
  });

  it('fills in a missing end: up to today, and the 30 days up to `to`', () => {
    expect(resolveChartPeriod({}, '2026-07-01')).toEqual({ from: '2026-06-02', to: '2026-07-01' });
    expect(resolveChartPeriod({ from: '2026-06-20' }, '2026-07-01')).toEqual({
      from: '2026-06-20',
      to: '2026-07-01',
    });
    expect(resolveChartPeriod({ to: '2026-03-31' }, '2026-07-01')).toEqual({
      from: '2026-03-02',
      to: '2026-03-31',
    });
  });

  it('refuses a period out of order or longer than 366 days, with a message for the field `to`', () => {
    const issues = (query: Record<string, string>) =>
      DashboardChartsQuery.safeParse(query).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ from: '2026-02-01', to: '2026-01-31' })).toEqual([['to', AdminText.dateOrder]]);
    expect(issues({ from: '2024-01-01', to: '2025-01-01' })).toEqual([
      ['to', CHART_PERIOD_TOO_LONG],
    ]);
    expect(CHART_PERIOD_TOO_LONG).toBe('A period can be at most 366 days.');
    expect(DashboardChartsQuery.parse({ from: '2024-01-01', to: '2024-12-31' })).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
    });
    // Empty fields are left out, as a form sends them.
    expect(DashboardChartsQuery.parse({ from: '', to: '2026-01-31' })).toEqual({
      from: '2026-01-02',
      to: '2026-01-31',
    });
  });
});

describe('applications received per day', () => {
  it('gives every day of the period, zero on a day without any, by status', () => {
    const days = daysOf('2026-05-01', '2026-05-03');
    const series = receivedSeries(
      [
        row({ day: '2026-05-01', status: 'APPROVED', count: 3 }),
        row({ day: '2026-05-01', status: 'IN_PROGRESS', count: 2 }),
        row({ day: '2026-05-03', status: 'REFUNDED', count: 1 }),
        // Outside the period, or a draft (never paid): left out.
        row({ day: '2026-04-30', status: 'APPROVED', count: 9 }),
        row({ day: '2026-05-02', status: 'DRAFT', count: 9 }),
      ],
      days,
    );
    expect(series.map((d) => [d.day, d.total])).toEqual([
      ['2026-05-01', 5],
      ['2026-05-02', 0],
      ['2026-05-03', 1],
    ]);
    expect(series[0]!.byStatus).toEqual({
      IN_PROGRESS: 2,
      SUBMITTED: 0,
      UNDER_REVIEW: 0,
      CHANGES_REQUESTED: 0,
      LODGED: 0,
      APPROVED: 3,
      REJECTED: 0,
      REFUNDED: 0,
    });
    expect(series[1]!.byStatus).not.toHaveProperty('DRAFT');
    expect(Object.values(series[1]!.byStatus).every((n) => n === 0)).toBe(true);
  });
});

describe('the funnel', () => {
  it('counts each stage reached, the decided ones split into approved and refused', () => {
    const funnel = funnelOf([
      row({ day: 'a', status: 'IN_PROGRESS', count: 4 }),
      row({ day: 'a', status: 'UNDER_REVIEW', count: 2, submitted: 2, reviewed: 2 }),
      row({ day: 'b', status: 'APPROVED', count: 3, submitted: 3, reviewed: 3, lodged: 3 }),
      row({ day: 'b', status: 'REJECTED', count: 1, submitted: 1, reviewed: 1, lodged: 1 }),
      row({ day: 'b', status: 'LODGED', count: 1, submitted: 1, reviewed: 1, lodged: 1 }),
      row({ day: 'b', status: 'DRAFT', count: 7 }),
    ]);
    expect(funnel).toEqual({
      stages: [
        { stage: 'paid', count: 11 },
        { stage: 'submitted', count: 7 },
        { stage: 'reviewed', count: 7 },
        { stage: 'lodged', count: 5 },
        { stage: 'decided', count: 4 },
      ],
      approved: 3,
      refused: 1,
    });
  });

  it('is all zeros for a period without any application', () => {
    expect(funnelOf([]).stages.map((s) => s.count)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('time to lodging per speed', () => {
  const options = [
    { hours: 72, optionId: 'uk-eta-standard', name: 'Standard' },
    { hours: 4, optionId: 'uk-eta-super-urgent', name: 'Super urgent' },
  ];

  it('gives each speed offered, fastest first, with its share on time and median to a tenth', () => {
    expect(
      speedRecords(
        [
          { hours: 72, lodged: 8, onTime: 6, medianHours: 40.04 },
          // A speed no longer offered, still in the period's lodgings: listed without a name.
          { hours: 48, lodged: 2, onTime: 2, medianHours: 12.25 },
        ],
        options,
      ),
    ).toEqual([
      {
        hours: 4,
        optionId: 'uk-eta-super-urgent',
        name: 'Super urgent',
        lodged: 0,
        onTime: 0,
        onTimeShare: null,
        medianHours: null,
      },
      {
        hours: 48,
        optionId: null,
        name: null,
        lodged: 2,
        onTime: 2,
        onTimeShare: 1,
        medianHours: 12.3,
      },
      {
        hours: 72,
        optionId: 'uk-eta-standard',
        name: 'Standard',
        lodged: 8,
        onTime: 6,
        onTimeShare: 0.75,
        medianHours: 40,
      },
    ]);
  });

  it('finds the median among values counted: the middle one, or halfway between the two middle ones', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([{ value: 5, count: 0 }])).toBeNull();
    expect(medianOf([{ value: 7, count: 1 }])).toBe(7);
    // 1, 2, 2, 9 (given out of order): halfway between 2 and 2.
    expect(
      medianOf([
        { value: 9, count: 1 },
        { value: 2, count: 2 },
        { value: 1, count: 1 },
      ]),
    ).toBe(2);
    // 1, 3, 8, 10: halfway between 3 and 8.
    expect(
      medianOf([
        { value: 1, count: 1 },
        { value: 3, count: 1 },
        { value: 8, count: 1 },
        { value: 10, count: 1 },
      ]),
    ).toBe(5.5);
    // 1, 3, 3, 3, 8, 10: the two middle ones are both 3.
    expect(
      medianOf([
        { value: 1, count: 1 },
        { value: 3, count: 3 },
        { value: 8, count: 1 },
        { value: 10, count: 1 },
      ]),
    ).toBe(3);
    // 240, 680, 800: the middle one.
    expect(
      medianOf([
        { value: 800, count: 1 },
        { value: 240, count: 1 },
        { value: 680, count: 1 },
      ]),
    ).toBe(680);
  });

  it("sums each speed's lodgings counted by time to lodging, its median in hours", () => {
    expect(
      speedRows([
        { hours: 72, tenths: 240, lodged: 1, onTime: 1 },
        { hours: 24, tenths: 480, lodged: 1, onTime: 0 },
        { hours: 72, tenths: 800, lodged: 1, onTime: 0 },
        { hours: 72, tenths: 680, lodged: 2, onTime: 2 },
      ]),
    ).toEqual([
      // 24, 68, 68, 80 hours: the median halfway between 68 and 68.
      { hours: 72, lodged: 4, onTime: 3, medianHours: 68 },
      { hours: 24, lodged: 1, onTime: 0, medianHours: 48 },
    ]);
  });

  it('has no share without a whole', () => {
    expect(shareOf(0, 0)).toBeNull();
    expect(shareOf(0, 3)).toBe(0);
    expect(shareOf(1, 3)).toBeCloseTo(0.3333, 4);
  });
});

describe('revenue per day', () => {
  it('nets the refunds settled on a day against its payments, every day present', () => {
    expect(
      revenueSeries(
        [
          { day: '2026-05-01', cents: 10_000 },
          { day: '2026-05-03', cents: 5_000 },
          { day: '2026-05-03', cents: 2_500 },
        ],
        [
          { day: '2026-05-03', cents: 4_000 },
          // A refund on a day without payments: the day comes out below zero.
          { day: '2026-05-02', cents: 1_500 },
        ],
        daysOf('2026-05-01', '2026-05-03'),
      ),
    ).toEqual([
      { day: '2026-05-01', paidCents: 10_000, refundedCents: 0, netCents: 10_000 },
      { day: '2026-05-02', paidCents: 0, refundedCents: 1_500, netCents: -1_500 },
      { day: '2026-05-03', paidCents: 7_500, refundedCents: 4_000, netCents: 3_500 },
    ]);
  });
});
