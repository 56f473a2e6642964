import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Refund } from '@waypoint/contracts';
import { detail } from '../test/fixtures';
import { callsTo, failure, mockApi, ok, renderAdmin } from '../test/renderAdmin';

const DETAIL = 'GET /api/admin/applications/app-1';
const REFUND = 'POST /api/admin/applications/app-1/refunds';
const countries = [{ id: 'FR', name: 'France', flagEmoji: '🇫🇷', entryRule: 'ETA', ruleNote: null }];

const options = [
  { kind: 'full' as const, amountCents: 4200 },
  { kind: 'service_fee' as const, amountCents: 1500 },
];

const made: Refund = {
  id: 'ref-1',
  kind: 'full',
  amountCents: 4200,
  currency: 'EUR',
  status: 'succeeded',
  reason: 'Trip cancelled',
  staffEmail: 'staff@waypoint.test',
  failureReason: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  settledAt: '2026-11-24T10:00:01.000Z',
};

const panel = () => screen.getByRole('region', { name: 'Refunds' });

describe('refund panel', () => {
  it('offers only the allowed refunds, confirms, and shows the refund made with one key per confirmation', async () => {
    const sent = mockApi({
      [DETAIL]: ok(detail('IN_PROGRESS', [], { refundOptions: options })),
      [REFUND]: ok({
        refund: made,
        refunds: [made],
        refundOptions: [],
        order: { status: 'REFUNDED', version: 2 },
      }),
      'GET /api/reference/countries': ok(countries),
    });
    const user = userEvent.setup();
    await renderAdmin('/admin/applications/app-1');
    await screen.findByRole('heading', { name: 'Refunds' });

    const choices = within(panel()).getByRole('group', { name: /What to refund/ });
    expect(
      within(choices)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['full', 'service_fee']);
    expect(within(choices).getByLabelText('Full refund: €42.00')).toBeInTheDocument();
    expect(within(choices).getByLabelText('Service fee only: €15.00')).toBeInTheDocument();

    // Nothing chosen, no reason: the error summary lists both and links to the fields.
    await user.click(within(panel()).getByRole('button', { name: 'Refund' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: 'Choose what to refund' })).toHaveAttribute(
      'href',
      '#refund-kind',
    );
    expect(
      within(summary).getByRole('link', { name: 'Please give the reason for the refund' }),
    ).toHaveAttribute('href', '#refund-reason');
    expect(callsTo(sent, REFUND)).toHaveLength(0);

    await user.click(within(choices).getByLabelText('Full refund: €42.00'));
    await user.type(within(panel()).getByLabelText(/Reason for the refund/), 'Trip cancelled');
    await user.click(within(panel()).getByRole('button', { name: 'Refund' }));

    // The confirmation names the amount and the order; Cancel leaves everything as it was.
    let dialog = await screen.findByRole('dialog', { name: 'Refund this order?' });
    expect(dialog).toHaveTextContent('You are refunding €42.00, the whole of order #AB12CD34');
    expect(dialog).toHaveTextContent('Trip cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(sent, REFUND)).toHaveLength(0);

    await user.click(within(panel()).getByRole('button', { name: 'Refund' }));
    dialog = await screen.findByRole('dialog', { name: 'Refund this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the refund' }));

    const result = await within(panel()).findByRole('status');
    expect(result).toHaveTextContent('€42.00 refunded. The traveller is told by email.');
    await waitFor(() => expect(result).toHaveFocus());
    const calls = callsTo(sent, REFUND);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      kind: 'full',
      reason: 'Trip cancelled',
      idempotencyKey: expect.stringMatching(/.{8,}/),
    });

    // The refunds list replaces the form once nothing is left to refund.
    expect(within(panel()).queryByRole('radio')).not.toBeInTheDocument();
    expect(panel()).toHaveTextContent('No refund is possible now');
    const list = within(panel()).getByRole('table', { name: 'Refunds of this order' });
    const row = within(list).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('€42.00');
    expect(row).toHaveTextContent('Full');
    expect(row).toHaveTextContent('Refunded');
    expect(row).toHaveTextContent('staff@waypoint.test');
    expect(row).toHaveTextContent('Trip cancelled');
    // The refund in full closed the order: its status says so, and it offers no decision.
    expect(screen.getByRole('region', { name: 'Order' })).toHaveTextContent('StatusRefunded');
    // The detail was not loaded again (each load is an audited view of passport data).
    expect(callsTo(sent, DETAIL)).toHaveLength(1);
  });

  it('shows the refusal of the server in words, and retries a failed attempt with the same key', async () => {
    let attempt = 0;
    const sent = mockApi({
      [DETAIL]: ok(detail('APPROVED', [], { refundOptions: [options[1]!] })),
      [REFUND]: () => {
        attempt += 1;
        return attempt === 1
          ? failure(
              502,
              'The payment provider did not answer. The refund is recorded as pending: please try again in a few minutes.',
            )
          : failure(
              409,
              'This refund would give back more than was paid for the order, counting the refunds already made.',
            );
      },
      'GET /api/reference/countries': ok(countries),
    });
    const user = userEvent.setup();
    await renderAdmin('/admin/applications/app-1');
    await screen.findByRole('heading', { name: 'Refunds' });
    expect(within(panel()).getAllByRole('radio')).toHaveLength(1);

    await user.click(within(panel()).getByLabelText('Service fee only: €15.00'));
    await user.type(within(panel()).getByLabelText(/Reason for the refund/), 'Late');
    for (let i = 0; i < 2; i += 1) {
      await user.click(within(panel()).getByRole('button', { name: 'Refund' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Confirm the refund' }));
      await waitFor(() => expect(callsTo(sent, REFUND)).toHaveLength(i + 1));
    }
    expect(
      await within(panel()).findByText(/would give back more than was paid/),
    ).toBeInTheDocument();
    const [first, second] = callsTo(sent, REFUND).map(
      (call) => (call.body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(second).toBe(first);
  });

  it('says why nothing can be refunded on an unpaid order', async () => {
    mockApi({
      [DETAIL]: ok(detail('DRAFT', [], { payment: null })),
      'GET /api/reference/countries': ok(countries),
    });
    await renderAdmin('/admin/applications/app-1');
    await screen.findByRole('heading', { name: 'Refunds' });
    expect(panel()).toHaveTextContent('The order has not been paid: there is nothing to refund.');
    expect(within(panel()).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });
});
