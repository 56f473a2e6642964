import { defineCatalog } from '@waypoint/ui';
import en from './en.json';

/** The account area's messages: sign-in, registration, passwords, the second factor, profile and My orders. */
export const accountMessages = defineCatalog('account', en, {
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  es: () => import('./es.json'),
  ar: () => import('./ar.json'),
});

export type AccountMessage = keyof typeof en;
