import { defineCatalog } from '../i18n';
import en from './en.json';

/** The design system's own words: default labels, status messages, the parts of a date. */
export const uiMessages = defineCatalog('ui', en, {
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  es: () => import('./es.json'),
  ar: () => import('./ar.json'),
});
