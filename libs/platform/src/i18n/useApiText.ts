import { useCallback } from 'react';
import { useTextTranslator } from '@waypoint/ui';
import { errorText, type ErrorLike } from './apiText';

/**
 * The reader's-language form of a text the API or the contracts' validators produced (an `ApiMessages` text, e.g.
 * `WizardText.countryRequired` or an error reply's `error`): `const apiText = useApiText(); apiText(message)`.
 * Any other text is returned as it is. A new function for each language (and once its messages arrive), so
 * memoised parts that take it re-render.
 */
export function useApiText(): (text: string) => string {
  return useTextTranslator();
}

/**
 * The text of a failed call (an `ApiError`) in the reader's language, by the reply's catalog key when it has one:
 * `const errorText = useErrorText(); errorText(error)`.
 */
export function useErrorText(): (error: ErrorLike) => string {
  const translate = useTextTranslator();
  return useCallback((error: ErrorLike) => errorText(error, translate), [translate]);
}
