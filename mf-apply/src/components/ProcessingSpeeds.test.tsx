import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { ProcessingOption } from '@waypoint/contracts';
import { ProcessingSpeeds } from './ProcessingSpeeds';

const option = (id: string, name: string, priceCents: number, hours: number): ProcessingOption => ({
  id,
  visaTypeId: 'uk-eta',
  name,
  description: `Checked and submitted within ${hours} hours`,
  priceCents,
  hours,
});

const speeds = [
  option('standard', 'Standard', 2900, 72),
  option('express', 'Express', 4900, 24),
  option('super-urgent', 'Super urgent', 8900, 4),
];

// Monday 15 June 2026, 10:00 local time.
const now = new Date(2026, 5, 15, 10, 0);

function Speeds({ travelerCount = 1, error }: { travelerCount?: number; error?: string }) {
  const [value, setValue] = useState<string | null>('standard');
  return (
    <form>
      <ProcessingSpeeds
        id="processing-option"
        options={speeds}
        value={value}
        onChange={setValue}
        travelerCount={travelerCount}
        error={error}
        now={now}
      />
    </form>
  );
}

describe('processing speeds', () => {
  it('shows each speed as a card with its price and the date we submit by, counted from its hours', () => {
    render(<Speeds />);
    const group = screen.getByRole('group', { name: /How fast do you need it\?/ });
    expect(group).toHaveAccessibleDescription('Prices are per traveller.');
    const radios = within(group).getAllByRole('radio');
    // The first radio has the group's id: the error summary's link focuses it.
    expect(radios.map((radio) => radio.id)).toEqual([
      'processing-option',
      'processing-option-express',
      'processing-option-super-urgent',
    ]);
    expect(screen.getByRole('radio', { name: 'Standard' })).toHaveAccessibleDescription(
      /^€29\.00 per traveller Checked and submitted within 72 hours Submitted to the UK government: Thursday,? 18 June by 10:00$/,
    );
    expect(screen.getByRole('radio', { name: 'Express' })).toHaveAccessibleDescription(
      '€49.00 per traveller Checked and submitted within 24 hours Submitted to the UK government: Tomorrow by 10:00',
    );
    expect(screen.getByRole('radio', { name: 'Super urgent' })).toHaveAccessibleDescription(
      '€89.00 per traveller Checked and submitted within 4 hours Submitted to the UK government: Today by 14:00',
    );
    expect(group).toHaveTextContent(
      'We are not the government and cannot make its decision faster.',
    );
  });

  it('with several travellers, adds the price for all of them', () => {
    render(<Speeds travelerCount={3} />);
    expect(screen.getByRole('radio', { name: 'Express' })).toHaveAccessibleDescription(
      /^€49\.00 per traveller €147\.00 for 3 travellers /,
    );
  });

  it('selects a speed from anywhere on its card, and marks the checked card', async () => {
    render(<Speeds />);
    const user = userEvent.setup();
    const express = screen.getByRole('radio', { name: 'Express' });
    const card = express.closest('label');
    if (!card) throw new Error('the radio is not inside its card');
    await user.click(within(card).getByText('€49.00'));
    expect(express).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Standard' })).not.toBeChecked();
    expect(card).toHaveClass('wpw-speed--checked');

    // Native radios: the arrow keys move the choice.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Super urgent' })).toBeChecked();
  });

  it('shows the error in the group and in its description', () => {
    render(<Speeds error="Please select a processing option" />);
    const group = screen.getByRole('group', { name: /How fast do you need it\?/ });
    expect(group).toHaveAccessibleDescription(
      'Prices are per traveller. Error: Please select a processing option',
    );
  });

  it('writes each price left to right, isolated from the words beside it', () => {
    render(<Speeds />);
    const price = screen.getByText('€29.00');
    expect(price.tagName).toBe('BDI');
    expect(price).toHaveAttribute('dir', 'ltr');
  });
});
