import { act, render, screen } from '@testing-library/react';
import { WizardText } from '@waypoint/contracts';
import { activateLocale, currentLocale, TextField } from '@waypoint/ui';

afterEach(async () => {
  await act(() => activateLocale('en'));
});

test('an area opened in French downloads the API messages at once, and shows an error translated', async () => {
  // The page is French before any area using `@waypoint/platform/i18n` is loaded.
  await act(() => activateLocale('fr'));
  render(<TextField id="country" label="Pays" error={WizardText.countryRequired} />);
  expect(screen.getByText(WizardText.countryRequired)).toBeInTheDocument();

  // An area arrives: its messages come in the background, without a change of language.
  await act(async () => {
    await import('./index');
  });
  expect(await screen.findByText('Veuillez sélectionner votre pays')).toBeInTheDocument();
  expect(currentLocale()).toBe('fr');
});
