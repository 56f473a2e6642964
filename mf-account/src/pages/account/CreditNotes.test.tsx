import { render, screen } from '@testing-library/react';
import type { CreditNoteSummary } from '@waypoint/contracts';
import { CreditNotes } from './CreditNotes';

const note: CreditNoteSummary = {
  number: 'CN-2026-000007',
  issuedAt: '2026-11-22T10:00:00.000Z',
  amountCents: -5800,
  currency: 'EUR',
  kind: 'service_fee',
  url: '/api/application/app-1/credit-notes/CN-2026-000007',
};

describe('credit notes of an order', () => {
  it('lists each credit note as a download with its date and negative amount', () => {
    render(<CreditNotes notes={[note]} reference="AB12CD34" />);
    expect(screen.getByText('Credit notes for order #AB12CD34')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Download credit note CN-2026-000007 (PDF)' });
    expect(link).toHaveAttribute(
      'href',
      expect.stringMatching(/\/api\/application\/app-1\/credit-notes\/CN-2026-000007$/),
    );
    expect(link).toHaveAttribute('download');
    expect(screen.getByRole('listitem')).toHaveTextContent(/-€58\.00 on 22 November 2026/);
  });

  it('shows nothing for an order without credit notes', () => {
    const { container } = render(<CreditNotes notes={[]} reference="AB12CD34" />);
    expect(container).toBeEmptyDOMElement();
  });
});
