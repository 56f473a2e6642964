import { formatDateTime } from './format';

describe('formatDateTime', () => {
  it('writes a moment as the language writes a date with its time, in the time zone asked for', () => {
    expect(formatDateTime('2026-11-21T23:30:00.000Z', 'en', 'UTC')).toBe('21 Nov 2026, 23:30');
    // The same moment is already the next day in Kiritimati (UTC+14).
    expect(formatDateTime('2026-11-21T23:30:00.000Z', 'en', 'Pacific/Kiritimati')).toBe(
      '22 Nov 2026, 13:30',
    );
    expect(formatDateTime('2026-11-21T23:30:00.000Z', 'de', 'UTC')).toBe('21.11.2026, 23:30');
  });

  it('writes nothing for a moment it cannot read', () => {
    expect(formatDateTime('not a date', 'en')).toBe('');
  });
});
