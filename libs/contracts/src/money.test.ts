import { formatCents, formatEuros, penceToEuroCents } from './money';

describe('money', () => {
  it('formats cents with two decimals', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(12345)).toBe('123.45');
    expect(formatCents(-250)).toBe('-2.50');
    expect(formatEuros(2299)).toBe('€22.99');
  });

  it('converts pence to euro cents at a stored rate, rounding half up', () => {
    expect(penceToEuroCents(2000, '1.1450')).toBe(2290);
    expect(penceToEuroCents(13500, '1.1450')).toBe(15458); // 15457.5 rounds up
    expect(penceToEuroCents(112800, '1.1450')).toBe(129156);
    expect(penceToEuroCents(100, '1')).toBe(100);
  });

  it('rejects a malformed rate', () => {
    expect(() => penceToEuroCents(100, 'abc')).toThrow('Invalid exchange rate');
    expect(() => penceToEuroCents(100, '-1.2')).toThrow('Invalid exchange rate');
  });
});
