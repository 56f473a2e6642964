import { act, render, screen } from '@testing-library/react';
import { activateLocale } from '../i18n/i18n';
import { Checkbox } from './Choice';
import { CostSummary } from './CostSummary';
import { Stepper } from './Stepper';

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('the stepper, the cost summary and a checkbox in the page language', () => {
  it('reads finished steps and writes amounts as English does', () => {
    render(
      <>
        <Stepper steps={['Trip details', 'Your info']} current={2} />
        <CostSummary lines={[{ label: 'Fee', amountCents: 123450 }]} totalCents={123450} />
      </>,
    );
    expect(screen.getByText('(completed)')).toBeInTheDocument();
    expect(screen.getAllByText('€1,234.50')).toHaveLength(2);
  });

  it('reads them in French and Arabic', async () => {
    await act(() => activateLocale('fr'));
    const { rerender } = render(
      <>
        <Stepper steps={['Voyage', 'Vos informations']} current={2} />
        <CostSummary lines={[{ label: 'Frais', amountCents: 123450 }]} totalCents={123450} />
        <Checkbox
          id="accept"
          label="J’accepte"
          checked={false}
          onChange={() => undefined}
          error="x"
        />
      </>,
    );
    expect(screen.getByText('(étape terminée)')).toBeInTheDocument();
    // French groups thousands with a narrow no-break space and puts the euro sign after the amount.
    expect(screen.getAllByText(/^1\s234,50\s€$/)).toHaveLength(2);
    expect(screen.getByText('Erreur :', { exact: false })).toBeInTheDocument();

    await act(() => activateLocale('ar'));
    rerender(<Stepper steps={['الرحلة', 'بياناتك']} current={2} />);
    expect(screen.getByText('(مكتملة)')).toBeInTheDocument();
  });
});
