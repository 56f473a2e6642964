import { defineCatalog } from '@waypoint/ui';
import en from './en.json';

/**
 * The reference data's words (visa types, their facts, processing speeds) by code: the API names them in English,
 * and every area that shows them reads them here.
 */
export const referenceMessages = defineCatalog('reference', en, {
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  es: () => import('./es.json'),
  ar: () => import('./ar.json'),
});
