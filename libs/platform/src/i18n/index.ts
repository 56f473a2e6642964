/**
 * `@waypoint/platform/i18n`: the messages the areas share beyond the design system's (status names, and the API's
 * and validators' messages), in a separate entry (and shared module) so the shell's first-visit pages never
 * download them. Loading it installs the API messages' translator in the design system (see `apiText.ts`).
 */
export { useStatusLabel } from './useStatusLabel';
export { statusMessages } from './status/catalog';
export { apiMessages } from './api/catalog';
export {
  errorText,
  isCatalogText,
  translateApiText,
  translateMessage,
  type ErrorLike,
} from './apiText';
export { useApiText, useErrorText } from './useApiText';
export { useReferenceText, type VisaFacts } from './useReferenceText';
export { referenceMessages } from './reference/catalog';
