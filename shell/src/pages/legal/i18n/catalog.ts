import { defineCatalog } from '@waypoint/ui';
import en from './en.json';

/**
 * The terms of service and the privacy notice. Their own catalog, loaded with the legal pages' code (never by the
 * home page): the English texts are bundled with those pages, each other language is a chunk of its own.
 */
export const legalMessages = defineCatalog('legal', en, {
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  es: () => import('./es.json'),
  ar: () => import('./ar.json'),
});

export type LegalMessage = keyof typeof en;
