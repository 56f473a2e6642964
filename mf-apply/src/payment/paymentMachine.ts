/**
 * Where a card payment stands, as the Pay button drives it (spec: checkout). `submitting` asks the provider
 * (sandbox or Stripe) to take the payment; `requires_action` waits for the card issuer's 3-D Secure check;
 * `confirming` has the card charged and asks the portal to confirm the order. A failure after the charge stays
 * `charged`: pressing Pay again only confirms the order and never charges the card again.
 *
 * | from                          | event          | to                 |
 * | ----------------------------- | -------------- | ------------------ |
 * | idle, failed (not charged)    | `submit`       | submitting         |
 * | idle, failed (not charged)    | `invalid`      | idle               |
 * | submitting                    | `challenge`    | requires_action    |
 * | requires_action               | `authenticate` | submitting         |
 * | submitting                    | `charged`      | confirming         |
 * | failed (charged)              | `confirm`      | confirming         |
 * | confirming                    | `paid`         | succeeded          |
 * | submitting, requires_action   | `fail`         | failed             |
 * | confirming                    | `fail`         | failed (charged)   |
 *
 * Any other event leaves the state as it is.
 */
export type PaymentState =
  | { status: 'idle' }
  | { status: 'submitting' }
  | { status: 'requires_action' }
  | { status: 'confirming' }
  | { status: 'succeeded' }
  | { status: 'failed'; message: string; charged: boolean };

export type PaymentEvent =
  /** Pay with details that passed the checks. */
  | { type: 'submit' }
  /** Pay with details that did not pass the checks: nothing is sent. */
  | { type: 'invalid' }
  /** The card issuer asks for 3-D Secure. */
  | { type: 'challenge' }
  /** The traveller answered the 3-D Secure check; the provider is asked again. */
  | { type: 'authenticate' }
  /** The provider took the payment; the order is being confirmed. */
  | { type: 'charged' }
  /** Pay again after the order could not be confirmed: only the confirmation is repeated. */
  | { type: 'confirm' }
  /** The order is confirmed. */
  | { type: 'paid' }
  /** The payment or the confirmation failed, with the words shown beside Pay. */
  | { type: 'fail'; message: string };

export const initialPaymentState: PaymentState = { status: 'idle' };

/** The next state; an event that does not apply to the current state changes nothing. */
export function paymentReducer(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'submit':
      return state.status === 'idle' || (state.status === 'failed' && !state.charged)
        ? { status: 'submitting' }
        : state;
    case 'invalid':
      return state.status === 'idle' || (state.status === 'failed' && !state.charged)
        ? initialPaymentState
        : state;
    case 'challenge':
      return state.status === 'submitting' ? { status: 'requires_action' } : state;
    case 'authenticate':
      return state.status === 'requires_action' ? { status: 'submitting' } : state;
    case 'charged':
      return state.status === 'submitting' ? { status: 'confirming' } : state;
    case 'confirm':
      return state.status === 'failed' && state.charged ? { status: 'confirming' } : state;
    case 'paid':
      return state.status === 'confirming' ? { status: 'succeeded' } : state;
    case 'fail':
      return state.status === 'submitting' ||
        state.status === 'requires_action' ||
        state.status === 'confirming'
        ? { status: 'failed', message: event.message, charged: state.status === 'confirming' }
        : state;
  }
}

/** True while Pay shows it is working (from submitting until the success page opens). */
export function isBusy(state: PaymentState): boolean {
  return (
    state.status === 'submitting' ||
    state.status === 'requires_action' ||
    state.status === 'confirming' ||
    state.status === 'succeeded'
  );
}

/** True when the card has been charged and only the order's confirmation is left to do. */
export function isCharged(state: PaymentState): boolean {
  return (
    state.status === 'confirming' ||
    state.status === 'succeeded' ||
    (state.status === 'failed' && state.charged)
  );
}
