import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateInput, dateInputYears, joinDate } from './DateInput';

/** A date input that keeps its value, as a form does, and shows it for the test to read. */
function Form({ initial = '', years }: { initial?: string; years?: number[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateInput
        id="arrival"
        label="Arrival date"
        value={value}
        onChange={setValue}
        years={years}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const valueShown = () => screen.getByTestId('value').textContent;
const part = (name: 'Day' | 'Month' | 'Year') => screen.getByRole('combobox', { name });
const yearsOffered = () =>
  within(part('Year'))
    .getAllByRole('option')
    .map((option) => option.textContent)
    .slice(1);

describe('DateInput', () => {
  it('gives a whole date as YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    render(<Form years={[2026, 2027, 2028]} />);
    await user.selectOptions(part('Day'), '5');
    await user.selectOptions(part('Month'), '3');
    await user.selectOptions(part('Year'), '2027');
    expect(valueShown()).toBe('2027-03-05');
  });

  it('keeps a day its month does not have, so the form can say that date does not exist', async () => {
    const user = userEvent.setup();
    render(<Form years={[2026, 2027, 2028]} />);
    await user.selectOptions(part('Day'), '31');
    await user.selectOptions(part('Month'), '2');
    await user.selectOptions(part('Year'), '2027');
    // 31 February 2027: not '' (which would say no date was chosen).
    expect(valueShown()).toBe('2027-02-31');
  });

  it('keeps the parts chosen and leaves the others empty, so the form can say which is missing', async () => {
    const user = userEvent.setup();
    render(<Form years={[2026, 2027, 2028]} />);
    await user.selectOptions(part('Day'), '31');
    expect(valueShown()).toBe('--31');
    await user.selectOptions(part('Year'), '2027');
    expect(valueShown()).toBe('2027--31');
    await user.selectOptions(part('Day'), '');
    await user.selectOptions(part('Year'), '');
    expect(valueShown()).toBe('');
  });

  it('shows a value with parts missing as it was left', () => {
    render(<Form initial="2027--31" years={[2026, 2027, 2028]} />);
    expect(part('Day')).toHaveValue('31');
    expect(part('Month')).toHaveValue('');
    expect(part('Year')).toHaveValue('2027');
  });

  it('offers only the years it is given', () => {
    render(<Form years={[2026, 2027, 2028]} />);
    expect(yearsOffered()).toEqual(['2026', '2027', '2028']);
  });

  it('keeps the year of a value outside the years it is given, in its place', () => {
    render(<Form initial="2031-06-01" years={[2026, 2027, 2028]} />);
    expect(yearsOffered()).toEqual(['2026', '2027', '2028', '2031']);
    expect(part('Year')).toHaveValue('2031');
  });

  it('joins parts as the form reads them', () => {
    expect(joinDate({ day: '', month: '', year: '' })).toBe('');
    expect(joinDate({ day: '1', month: '2', year: '2027' })).toBe('2027-02-01');
    expect(joinDate({ day: '30', month: '2', year: '' })).toBe('-02-30');
  });

  it('defaults to 10 years ahead back to 1900', () => {
    const years = dateInputYears(new Date('2026-11-29T12:00:00Z'));
    expect(years[0]).toBe(2036);
    expect(years.at(-1)).toBe(1900);
  });
});
