import { ApiMessages, type ApiMessageKey } from '@waypoint/contracts';
import { defineCatalog } from '@waypoint/ui';

/**
 * Every message the API and the contracts' validators produce, in the reader's language. English is `ApiMessages`
 * itself (the API's own wording, already in every text); the other languages are chunks of their own, loaded on
 * demand (see `../apiText.ts`). `npm run i18n:check` checks them against `ApiMessages`.
 */
export const apiMessages = defineCatalog<ApiMessageKey>('api', ApiMessages, {
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  es: () => import('./es.json'),
  ar: () => import('./ar.json'),
});
