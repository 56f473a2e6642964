import { defineCatalog, type useT } from '@waypoint/ui';
import en from './en.json';

/** The screens after payment: the sections' forms, the document uploads, the phone's page and the review. */
export const postPaymentMessages = defineCatalog('postPayment', en, {
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  es: () => import('./es.json'),
  ar: () => import('./ar.json'),
});

export type PostPaymentMessage = keyof typeof en;

/** The translate function of this catalog, for helpers that build texts outside a component. */
export type PostPaymentT = ReturnType<typeof useT<PostPaymentMessage>>;
