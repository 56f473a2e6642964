import { defineCatalog } from '@waypoint/ui';
import en from './en.json';

/** The shell's messages: header, footer, home page and the site-wide states. */
export const shellMessages = defineCatalog('shell', en, {
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  es: () => import('./es.json'),
  ar: () => import('./ar.json'),
});

export type ShellMessage = keyof typeof en;
