import { render, screen, within } from '@testing-library/react';
import type { CreditNoteSummary } from '@waypoint/contracts';
import { CreditNoteList } from './CreditNoteList';

const notes: CreditNoteSummary[] = [
  {
    number: 'CN-2026-000003',
    issuedAt: '2026-11-20T10:00:00.000Z',
    amountCents: -5800,
    currency: 'EUR',
    kind: 'service_fee',
    url: '/api/admin/applications/app-1/credit-notes/CN-2026-000003',
  },
  {
    number: 'CN-2026-000009',
    issuedAt: '2026-11-24T10:00:00.000Z',
    amountCents: -12000,
    currency: 'EUR',
    kind: 'full',
    url: '/api/admin/applications/app-1/credit-notes/CN-2026-000009',
  },
];

describe('credit notes in the refund panel', () => {
  it('lists each credit note with its date, negative amount and a download of its PDF', () => {
    render(<CreditNoteList notes={notes} />);
    const table = screen.getByRole('table', { name: 'Credit notes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('CN-2026-000003');
    expect(rows[0]).toHaveTextContent(/-€58\.00/);
    expect(rows[1]).toHaveTextContent(/-€120\.00/);
    const link = screen.getByRole('link', { name: 'Download credit note CN-2026-000009 (PDF)' });
    expect(link).toHaveAttribute(
      'href',
      expect.stringMatching(/\/api\/admin\/applications\/app-1\/credit-notes\/CN-2026-000009$/),
    );
    expect(link).toHaveAttribute('download');
  });

  it('shows nothing for an order without credit notes', () => {
    const { container } = render(<CreditNoteList notes={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
