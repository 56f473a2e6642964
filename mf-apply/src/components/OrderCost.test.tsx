import { act, render, screen, within } from '@testing-library/react';
import { activateLocale } from '@waypoint/ui';
import { OrderCost, type OrderPrice } from './OrderCost';

const price: OrderPrice = {
  travelerCount: 2,
  governmentFeeGbpPence: 2000,
  governmentFeeCents: 2290,
  exchangeRate: { rate: '1.1450', date: '2026-11-21' },
  processingFeeCents: 2900,
  governmentTotalCents: 4580,
  serviceTotalCents: 5800,
  totalCents: 10380,
};

afterEach(async () => {
  await act(() => activateLocale('en'));
});

/** Each line of the summary: its label (with the sum under it) and its amount. */
function lines() {
  const summary = screen.getByRole('region');
  return within(summary)
    .getAllByRole('term')
    .map((term) => ({ term, amount: term.nextElementSibling as HTMLElement }));
}

describe('the cost lines', () => {
  it('pair an isolated label with a left-to-right amount, and write each sum left to right', () => {
    render(<OrderCost price={price} travelerSummary="2 adults" />);
    const [government, service, total] = lines();
    for (const line of [government!, service!, total!]) {
      expect(line.term.firstElementChild?.tagName).toBe('BDI');
      const amount = line.amount.querySelector('bdi');
      expect(amount).toHaveAttribute('dir', 'ltr');
    }
    expect(government!.amount).toHaveTextContent('€45.80');
    expect(total!.term).toHaveTextContent('Total for 2 adults');
    expect(total!.amount).toHaveTextContent('€103.80');
    const sum = within(government!.term).getByText('2 × £20.00 = 2 × €22.90');
    expect(sum.tagName).toBe('BDI');
    expect(sum).toHaveAttribute('dir', 'ltr');
    expect(within(service!.term).getByText('2 × €29.00')).toHaveAttribute('dir', 'ltr');
    // The note's sum too, beside the words that count the travellers.
    const note = within(screen.getByRole('region')).getByText('(€22.90 + €29.00) = €103.80');
    expect(note.tagName).toBe('BDI');
    expect(note).toHaveAttribute('dir', 'ltr');
    expect(note.parentElement).toHaveTextContent('2 travellers × (€22.90 + €29.00) = €103.80');
  });

  it('keep the sums and amounts left to right in Arabic, with the Arabic labels', async () => {
    await act(() => activateLocale('ar'));
    render(<OrderCost price={price} travelerSummary="شخصان بالغان" />);
    const [government, service, total] = lines();
    expect(government!.term.firstElementChild).toHaveTextContent('الرسوم الحكومية');
    expect(service!.term.firstElementChild).toHaveTextContent('رسوم خدمة Waypoint');
    expect(total!.term.firstElementChild).toHaveTextContent('الإجمالي (شخصان بالغان)');
    for (const line of [government!, service!, total!])
      expect(line.amount.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    const sum = government!.term.querySelector('.wp-cost__detail bdi');
    expect(sum).toHaveAttribute('dir', 'ltr');
    expect(sum?.textContent).toMatch(/^2 × .+ = 2 × .+$/);
  });
});
