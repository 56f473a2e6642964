import { useState } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLocale } from '../i18n/i18n';
import { CountryPicker, filterCountries, type CountryOption } from './CountryPicker';

const countries: CountryOption[] = [
  { id: 'AU', name: 'Australia' },
  { id: 'AT', name: 'Austria' },
  { id: 'CA', name: 'Canada' },
  { id: 'FR', name: 'France' },
  { id: 'US', name: 'United States' },
];

function Harness({
  initial = null as string | null,
  autoComplete,
}: {
  initial?: string | null;
  autoComplete?: string;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <CountryPicker
        id="country"
        label="Where are you from?"
        countries={countries}
        value={value}
        onChange={setValue}
        autoComplete={autoComplete}
      />
      <p>Chosen: {value ?? 'none'}</p>
    </>
  );
}

describe('CountryPicker', () => {
  it('has a visible label and shows the chosen country', () => {
    render(<Harness initial="US" />);
    const input = screen.getByRole('combobox', { name: 'Where are you from?' });
    expect(input).toHaveValue('United States');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('selects its text on focus, so typing replaces the chosen country', async () => {
    const user = userEvent.setup();
    render(<Harness initial="US" />);
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Where are you from?' });
    await user.click(input);
    expect(input).toHaveFocus();
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'United States'.length]);
    await user.keyboard('fra');
    expect(input).toHaveValue('fra');
    await user.keyboard('{Enter}');
    expect(screen.getByText('Chosen: FR')).toBeInTheDocument();
    await user.tab();
    await user.tab({ shift: true });
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'France'.length]);
  });

  it('filters as you type and chooses with the arrow keys and Enter', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Where are you from?' });

    await user.type(input, 'aus');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Australia', 'Austria']);
    // Each option shows its country's flag image, decorative beside the name.
    expect(options.map((option) => option.querySelector('img')?.getAttribute('src'))).toEqual([
      '/flags/au.svg',
      '/flags/at.svg',
    ]);
    expect(screen.getByText('2 countries found')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-activedescendant', 'country-option-AU');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', 'country-option-AT');
    await user.keyboard('{Enter}');

    expect(screen.getByText('Chosen: AT')).toBeInTheDocument();
    expect(input).toHaveValue('Austria');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('opens with Arrow Down on the current country and closes with Escape, keeping the choice', async () => {
    const user = userEvent.setup();
    render(<Harness initial="CA" />);
    const input = screen.getByRole('combobox', { name: 'Where are you from?' });

    await user.click(input);
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('option', { name: /Canada/ })).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', 'country-option-CA');

    await user.keyboard('{ArrowUp}{ArrowUp}');
    await user.clear(input);
    await user.type(input, 'zzz');
    expect(screen.getByText('No country matches “zzz”.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('Canada');
    expect(screen.getByText('Chosen: CA')).toBeInTheDocument();
  });

  it('chooses a country with the mouse', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Show all countries' }));
    await user.click(screen.getByRole('option', { name: /France/ }));
    expect(screen.getByText('Chosen: FR')).toBeInTheDocument();
  });

  it('links its error message to the input', () => {
    render(
      <CountryPicker
        id="country"
        label="Where are you from?"
        countries={countries}
        value={null}
        onChange={() => undefined}
        error="Please select your country"
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Where are you from?' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Please select your country/);
  });

  it("chooses the country the browser's autofill names, when it is asked to", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness autoComplete="country" />);
    const input = screen.getByRole('combobox', { name: 'Where are you from?' });
    expect(input).toHaveAttribute('autocomplete', 'country');
    // Autofill puts the whole name in at once.
    fireEvent.change(input, { target: { value: 'Canada' } });
    expect(screen.getByText('Chosen: CA')).toBeInTheDocument();
    expect(input).toHaveValue('Canada');
    fireEvent.change(input, { target: { value: 'fr' } });
    expect(screen.getByText('Chosen: FR')).toBeInTheDocument();
    // Typing still filters, one letter at a time.
    await user.clear(input);
    await user.type(input, 'Austria');
    expect(screen.getByText('Chosen: FR')).toBeInTheDocument();
    unmount();

    render(<Harness />);
    const plain = screen.getByRole('combobox', { name: 'Where are you from?' });
    expect(plain).toHaveAttribute('autocomplete', 'off');
    fireEvent.change(plain, { target: { value: 'Canada' } });
    expect(screen.getByText('Chosen: none')).toBeInTheDocument();
  });
});

describe('searching a country', () => {
  const world: CountryOption[] = [
    { id: 'CI', name: "Côte d'Ivoire" },
    { id: 'DE', name: 'Germany' },
    { id: 'MA', name: 'Morocco' },
    { id: 'RE', name: 'Réunion' },
    { id: 'AE', name: 'United Arab Emirates' },
    { id: 'GB', name: 'United Kingdom' },
  ];
  const ids = (text: string, list = world) => filterCountries(list, text).map((c) => c.id);

  afterEach(async () => {
    await act(() => activateLocale('en'));
  });

  it('ignores case and accents, and finds a country by its two-letter code', () => {
    expect(ids('cote')).toEqual(['CI']);
    expect(ids('REUNION')).toEqual(['RE']);
    expect(ids('réu')).toEqual(['RE']);
    // The country of the code first, then names containing the text.
    expect(ids('ma')).toEqual(['MA', 'DE']);
    expect(ids('gb')).toEqual(['GB']);
    // Names starting with the text come before names containing it.
    expect(ids('united')).toEqual(['AE', 'GB']);
    expect(ids('king')).toEqual(['GB']);
  });

  it('finds a country by its English name when it is named in another language', () => {
    const arabic: CountryOption[] = [
      { id: 'DE', name: 'ألمانيا', englishName: 'Germany' },
      { id: 'MA', name: 'المغرب', englishName: 'Morocco' },
      { id: 'AE', name: 'الإمارات العربية المتحدة', englishName: 'United Arab Emirates' },
    ];
    expect(ids('morocco', arabic)).toEqual(['MA']);
    expect(ids('المغرب', arabic)).toEqual(['MA']);
    // Alef with hamza and plain alef compare equal, as Arabic readers type them.
    expect(ids('الامارات', arabic)).toEqual(['AE']);
    expect(ids('de', arabic)).toEqual(['DE']);
  });

  it('in an Arabic page, typing a Latin name or a code finds the country named in Arabic', async () => {
    await act(() => activateLocale('ar'));
    const user = userEvent.setup();
    function Picker() {
      const [value, setValue] = useState<string | null>(null);
      return (
        <>
          <CountryPicker
            id="nationality"
            label="الجنسية"
            countries={world}
            value={value}
            onChange={setValue}
          />
          <p>Chosen: {value ?? 'none'}</p>
        </>
      );
    }
    render(<Picker />);
    const input = screen.getByRole('combobox', { name: 'الجنسية' });
    await user.type(input, 'Morocco');
    const list = screen.getByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['المغرب']);
    await user.keyboard('{Enter}');
    expect(screen.getByText('Chosen: MA')).toBeInTheDocument();
    expect(input).toHaveValue('المغرب');

    await user.clear(input);
    await user.type(input, 'cote');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    await user.clear(input);
    await user.type(input, 'gb');
    await user.keyboard('{Enter}');
    expect(screen.getByText('Chosen: GB')).toBeInTheDocument();
  });
});
