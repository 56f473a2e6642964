import { PaymentText } from '@waypoint/contracts';
import {
  checkSandboxCard,
  expiryProblem,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  luhnValid,
} from './sandboxCard';

const now = new Date(2026, 5, 15);
const card = (number: string, expiry = '12 / 30', cvc = '123') => ({ number, expiry, cvc });

describe('the sandbox card', () => {
  it('formats what is typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42x')).toBe('4242 4242 42');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('12 /', '12 / ')).toBe('1');
    expect(formatCvc('12a34')).toBe('1234');
  });

  it('checks the Luhn digit', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(luhnValid('4242')).toBe(false);
  });

  it('accepts an expiry until the end of its month', () => {
    expect(expiryProblem('06 / 26', now)).toBeNull();
    expect(expiryProblem('05 / 26', now)).toBe(PaymentText.expired);
    expect(expiryProblem('13 / 30', now)).toBe(PaymentText.invalidExpiry);
    expect(expiryProblem('1230', now)).toBe(PaymentText.invalidExpiry);
  });

  it('turns each test card into its payment-method token', () => {
    expect(checkSandboxCard(card('4242 4242 4242 4242'), now)).toEqual({
      ok: true,
      paymentMethod: 'pm_card_visa',
    });
    expect(checkSandboxCard(card('4000 0000 0000 0002'), now)).toMatchObject({
      paymentMethod: 'pm_card_visa_chargeDeclined',
    });
    expect(checkSandboxCard(card('4000 0000 0000 9995'), now)).toMatchObject({
      paymentMethod: 'pm_card_visa_chargeDeclinedInsufficientFunds',
    });
    expect(checkSandboxCard(card('4000 0025 0000 3155'), now)).toMatchObject({
      paymentMethod: 'pm_card_authenticationRequired',
    });
  });

  it('refuses invalid cards, and valid cards that are not test cards', () => {
    expect(checkSandboxCard(card('4242 4242 4242 4241', '01 / 20', '12'), now)).toEqual({
      ok: false,
      errors: {
        number: PaymentText.invalidNumber,
        expiry: PaymentText.expired,
        cvc: PaymentText.invalidCvc,
      },
    });
    expect(checkSandboxCard(card('5555 5555 5555 4444'), now)).toEqual({
      ok: false,
      errors: { number: PaymentText.sandboxOnlyTestCards },
    });
  });
});
