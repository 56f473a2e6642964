import { defineCatalog } from '@waypoint/ui';
import en from './en.json';

/**
 * The help centre's topics. Their own catalog, loaded with the help pages' code (never by the home page): the
 * English texts are bundled with those pages, each other language is a chunk of its own.
 */
export const helpMessages = defineCatalog('help', en, {
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  es: () => import('./es.json'),
  ar: () => import('./ar.json'),
});

export type HelpMessage = keyof typeof en;
