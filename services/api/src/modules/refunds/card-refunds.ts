/** A refund as the card provider reports it. */
export interface ProviderRefund {
  id: string;
  paymentIntentId: string;
  status: 'pending' | 'succeeded' | 'failed';
  amount: number;
  currency: string;
  failureReason: string | null;
  /** What the portal gave the provider (its refund's id, to find a refund the provider reports first). */
  metadata: Record<string, string>;
}

/** A verified provider event about refunds (Stripe's `refund.*` and `charge.refunded`). */
export interface RefundEvent {
  id: string;
  type: string;
  refunds: ProviderRefund[];
}

/** What refunds ask of the card provider. */
export interface CardRefunds {
  /**
   * Refunds part or all of a succeeded intent. The same idempotency key returns the same refund; a refund the
   * provider refuses (more than is left, an intent that was not paid) comes back `failed` with its reason.
   */
  createRefund(input: {
    paymentIntentId: string;
    amount: number;
    /** The paid intent's currency code, in lowercase as providers write it. */
    currency: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<ProviderRefund>;
}
