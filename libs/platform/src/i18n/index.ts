/**
 * `@waypoint/platform/i18n`: the messages the areas share beyond the design system's (status names), in a separate
 * entry (and shared module) so the shell's first-visit pages never download them.
 */
export { useStatusLabel } from './useStatusLabel';
export { statusMessages } from './status/catalog';
export { useApiText } from './useApiText';
