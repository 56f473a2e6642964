import { defineCatalog } from '@waypoint/ui';
import en from './en.json';

/** The application wizard's messages: its steps, the order review, the payment and the confirmation. */
export const applyMessages = defineCatalog('apply', en, {
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  es: () => import('./es.json'),
  ar: () => import('./ar.json'),
});

export type ApplyMessage = keyof typeof en;
