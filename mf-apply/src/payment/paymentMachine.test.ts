import {
  initialPaymentState,
  isBusy,
  isCharged,
  paymentReducer,
  type PaymentEvent,
  type PaymentState,
} from './paymentMachine';

const run = (events: PaymentEvent[], from: PaymentState = initialPaymentState) =>
  events.reduce(paymentReducer, from);

const declined: PaymentEvent = { type: 'fail', message: 'Your card was declined.' };

describe('payment state machine', () => {
  it('starts idle, with Pay ready', () => {
    expect(initialPaymentState).toEqual({ status: 'idle' });
    expect(isBusy(initialPaymentState)).toBe(false);
    expect(isCharged(initialPaymentState)).toBe(false);
  });

  it('pays a card without a check: submitting, then confirming the order, then succeeded', () => {
    const submitting = run([{ type: 'submit' }]);
    expect(submitting).toEqual({ status: 'submitting' });
    expect(isBusy(submitting)).toBe(true);

    const confirming = paymentReducer(submitting, { type: 'charged' });
    expect(confirming).toEqual({ status: 'confirming' });
    expect(isCharged(confirming)).toBe(true);

    const succeeded = paymentReducer(confirming, { type: 'paid' });
    expect(succeeded).toEqual({ status: 'succeeded' });
    // Pay stays busy until the success page opens.
    expect(isBusy(succeeded)).toBe(true);
  });

  it('waits for 3-D Secure, then asks the provider again', () => {
    const challenged = run([{ type: 'submit' }, { type: 'challenge' }]);
    expect(challenged).toEqual({ status: 'requires_action' });
    expect(isBusy(challenged)).toBe(true);
    expect(paymentReducer(challenged, { type: 'authenticate' })).toEqual({
      status: 'submitting',
    });
    expect(
      run([{ type: 'authenticate' }, { type: 'charged' }, { type: 'paid' }], challenged),
    ).toEqual({ status: 'succeeded' });
  });

  it('fails a declined card, and a new Pay submits again', () => {
    const failed = run([{ type: 'submit' }, declined]);
    expect(failed).toEqual({
      status: 'failed',
      message: 'Your card was declined.',
      charged: false,
    });
    expect(isBusy(failed)).toBe(false);
    expect(paymentReducer(failed, { type: 'submit' })).toEqual({ status: 'submitting' });
    // Only a charged payment is confirmed without paying.
    expect(paymentReducer(failed, { type: 'confirm' })).toBe(failed);
  });

  it('fails a refused 3-D Secure check as not charged', () => {
    const failed = run([
      { type: 'submit' },
      { type: 'challenge' },
      { type: 'authenticate' },
      declined,
    ]);
    expect(failed).toMatchObject({ status: 'failed', charged: false });
  });

  it('keeps a failed confirmation charged: Pay again only confirms the order', () => {
    const failed = run([
      { type: 'submit' },
      { type: 'charged' },
      { type: 'fail', message: 'Request failed' },
    ]);
    expect(failed).toEqual({ status: 'failed', message: 'Request failed', charged: true });
    expect(isCharged(failed)).toBe(true);
    expect(isBusy(failed)).toBe(false);
    // The card is never sent again, nor are the details checked again.
    expect(paymentReducer(failed, { type: 'submit' })).toBe(failed);
    expect(paymentReducer(failed, { type: 'invalid' })).toBe(failed);
    const confirming = paymentReducer(failed, { type: 'confirm' });
    expect(confirming).toEqual({ status: 'confirming' });
    // Failing again still knows the card is charged.
    expect(paymentReducer(confirming, declined)).toMatchObject({ charged: true });
  });

  it('puts a failure away when Pay finds the details incomplete', () => {
    const failed = run([{ type: 'submit' }, declined]);
    expect(paymentReducer(failed, { type: 'invalid' })).toEqual({ status: 'idle' });
    expect(paymentReducer(initialPaymentState, { type: 'invalid' })).toEqual({ status: 'idle' });
  });

  it('makes each failure a new state, so the same message twice is announced twice', () => {
    const first = run([{ type: 'submit' }, declined]);
    const second = run([{ type: 'submit' }, declined], first);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
  });

  it.each<[string, PaymentState, PaymentEvent]>([
    ['a second Pay while submitting', { status: 'submitting' }, { type: 'submit' }],
    ['a second Pay during 3-D Secure', { status: 'requires_action' }, { type: 'submit' }],
    ['a second Pay while confirming', { status: 'confirming' }, { type: 'submit' }],
    ['a check when nothing was sent', { status: 'idle' }, { type: 'challenge' }],
    ['an answer to no check', { status: 'submitting' }, { type: 'authenticate' }],
    ['a charge before Pay', { status: 'idle' }, { type: 'charged' }],
    ['a confirmation before the charge', { status: 'submitting' }, { type: 'paid' }],
    ['a failure when nothing was sent', { status: 'idle' }, declined],
    ['a failure after success', { status: 'succeeded' }, declined],
  ])('ignores %s', (_name, state, event) => {
    expect(paymentReducer(state, event)).toBe(state);
  });
});
