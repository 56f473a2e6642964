import {
  ADULT_AGE,
  ageGroups,
  ageOn,
  answeredByParent,
  PARENT_ANSWERS_UNDER,
  travelerCountSummary,
} from './ages';

describe('ages', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2015-03-10', '2026-03-09')).toBe(10);
    expect(ageOn('2015-03-10', '2026-03-10')).toBe(11);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('', '2026-03-01')).toBeNull();
    expect(ageOn('2015-02-30', '2026-03-01')).toBeNull();
  });

  it('calls an 11-year-old a child: "2 adults, 1 child"', () => {
    const family = ['1985-06-15', '1983-01-31', '2015-04-02'];
    expect(travelerCountSummary(family, '2026-12-01', '2026-11-23')).toBe('2 adults, 1 child');
    expect(ageGroups(family, null, '2026-11-23')).toEqual({ adults: 2, children: 1, unknown: 0 });
  });

  it('counts ages on the arrival date, or today when no date is planned', () => {
    // Turns 18 on 1 December 2026.
    const teenager = ['2008-12-01'];
    expect(ADULT_AGE).toBe(18);
    expect(travelerCountSummary(teenager, null, '2026-11-23')).toBe('1 child');
    expect(travelerCountSummary(teenager, '2026-12-01', '2026-11-23')).toBe('1 adult');
    expect(travelerCountSummary(teenager, 'not-a-date', '2026-11-23')).toBe('1 child');
  });

  it('says "travellers" while a date of birth is missing', () => {
    expect(travelerCountSummary(['1985-06-15', ''], null, '2026-11-23')).toBe('2 travellers');
    expect(travelerCountSummary(['2020-01-01', '2019-01-01'], null, '2026-11-23')).toBe(
      '2 children',
    );
    expect(travelerCountSummary(['1990-01-01'], null, '2026-11-23')).toBe('1 adult');
  });
});

describe('a parent or guardian answers for a traveller under 16', () => {
  it('on the arrival date, else today; never for an unknown date of birth', () => {
    expect(PARENT_ANSWERS_UNDER).toBe(16);
    expect(answeredByParent('2016-02-01', '2026-07-01')).toBe(true);
    // 16 on the arrival date itself answers for themselves.
    expect(answeredByParent('2010-07-01', '2026-07-01')).toBe(false);
    expect(answeredByParent('2010-07-02', '2026-07-01')).toBe(true);
    expect(answeredByParent('2011-01-11', null, '2026-01-10')).toBe(true);
    expect(answeredByParent('2010-01-10', null, '2026-01-10')).toBe(false);
    expect(answeredByParent(undefined, '2026-07-01')).toBe(false);
    expect(answeredByParent('not a date', '2026-07-01')).toBe(false);
  });
});
