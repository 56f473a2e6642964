import http from 'node:http';
import type net from 'node:net';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  client_secret: string;
  status: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  status: string;
  amount: number;
  currency: string;
  payment_intent: string;
  failure_reason: string | null;
  metadata: Record<string, string>;
}

/** The `billing_details` Stripe keeps with a charge: what the card's payer gave (stored by the card field). */
export interface FakeBillingDetails {
  name: string | null;
  address: {
    line1: string | null;
    line2: string | null;
    city: string | null;
    postal_code: string | null;
    country: string | null;
  } | null;
}

/**
 * A local stand-in for the Stripe API with the calls the portal makes (create with idempotency keys, retrieve,
 * cancel), so payments can be tested without a network. `intents` can be changed to play the card's outcome.
 */
export function fakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, string>();
  const calls: { method: string; path: string; idempotencyKey?: string; body: string }[] = [];
  const refunds = new Map<string, FakeRefund>();
  const refundByKey = new Map<string, string>();
  /** The status the next new refund gets (Stripe answers `pending` for some cards). */
  const refundOutcome = { status: 'succeeded' };
  /** The billing details of each intent's charge, as the card field sent them (none: Stripe keeps nulls). */
  const billing = new Map<string, FakeBillingDetails>();
  let n = 0;
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.end(JSON.stringify(body));
  };
  const notFound = (res: http.ServerResponse) =>
    send(res, 404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const key = req.headers['idempotency-key'] as string | undefined;
      calls.push({
        method: req.method!,
        path: req.url!,
        ...(key ? { idempotencyKey: key } : {}),
        body: raw,
      });
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && req.url === '/v1/payment_intents') {
        const existing = key ? byKey.get(key) : undefined;
        if (existing) return send(res, 200, intents.get(existing));
        const params = new URLSearchParams(raw);
        n += 1;
        const intent: FakeIntent = {
          id: `pi_fake_${n}`,
          object: 'payment_intent',
          client_secret: `pi_fake_${n}_secret_abc`,
          status: 'requires_payment_method',
          amount: Number(params.get('amount')),
          currency: params.get('currency')!,
          metadata: {},
        };
        intents.set(intent.id, intent);
        if (key) byKey.set(key, intent.id);
        return send(res, 200, intent);
      }
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        const existing = key ? refundByKey.get(key) : undefined;
        if (existing) return send(res, 200, refunds.get(existing));
        const params = new URLSearchParams(raw);
        const intent = intents.get(params.get('payment_intent') ?? '');
        if (!intent)
          return send(res, 400, {
            error: { type: 'invalid_request_error', message: 'No such payment_intent' },
          });
        const metadata: Record<string, string> = {};
        for (const [name, value] of params) {
          const m = /^metadata\[(.+)\]$/.exec(name);
          if (m) metadata[m[1]!] = value;
        }
        const refund: FakeRefund = {
          id: `re_fake_${refunds.size + 1}`,
          object: 'refund',
          status: refundOutcome.status,
          amount: Number(params.get('amount') ?? intent.amount),
          currency: intent.currency,
          payment_intent: intent.id,
          failure_reason: null,
          metadata,
        };
        refunds.set(refund.id, refund);
        if (key) refundByKey.set(key, refund.id);
        return send(res, 200, refund);
      }
      const cancel = /^\/v1\/payment_intents\/([^/?]+)\/cancel/.exec(req.url ?? '');
      if (req.method === 'POST' && cancel) {
        const intent = intents.get(cancel[1]!);
        if (!intent) return notFound(res);
        if (intent.status === 'succeeded')
          return send(res, 400, {
            error: { type: 'invalid_request_error', message: 'This PaymentIntent has succeeded' },
          });
        intent.status = 'canceled';
        return send(res, 200, intent);
      }
      const match = /^\/v1\/payment_intents\/([^/?]+)/.exec(req.url ?? '');
      if (req.method === 'GET' && match) {
        const intent = intents.get(match[1]!);
        if (!intent) return notFound(res);
        // Asked with expand[0]=latest_charge, a paid intent carries its charge and the test card that paid.
        const expand = [...new URL(req.url!, 'http://fake').searchParams]
          .filter(([name]) => name.startsWith('expand'))
          .map(([, value]) => value);
        return send(
          res,
          200,
          intent.status === 'succeeded' && expand.includes('latest_charge')
            ? {
                ...intent,
                latest_charge: {
                  id: `ch_${intent.id}`,
                  object: 'charge',
                  payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
                  billing_details: billing.get(intent.id) ?? { name: null, address: null },
                },
              }
            : intent,
        );
      }
      send(res, 404, { error: { type: 'invalid_request_error', message: 'Unknown' } });
    });
  });
  return {
    server,
    billing,
    intents,
    calls,
    refunds,
    refundOutcome,
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The event Stripe sends when an intent succeeded. */
export function succeededEvent(id: string, intent: FakeIntent) {
  return {
    id,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { ...intent, status: 'succeeded' } },
  };
}
