import { defineCatalog } from '@waypoint/ui';
import en from './en.json';

/** The admin area's messages: menu, dashboard, applications list and detail, decisions, failed e-mails, history. */
export const adminMessages = defineCatalog('admin', en, {
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  es: () => import('./es.json'),
  ar: () => import('./ar.json'),
});

export type AdminMessage = keyof typeof en;
