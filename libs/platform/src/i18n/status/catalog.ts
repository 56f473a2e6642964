import { defineCatalog } from '@waypoint/ui';
import en from './en.json';

/** The names of an application's statuses, as travellers and staff read them. */
export const statusMessages = defineCatalog('status', en, {
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  es: () => import('./es.json'),
  ar: () => import('./ar.json'),
});
