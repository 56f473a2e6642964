import { useCallback } from 'react';
import type { ApplicationStatus } from '@waypoint/contracts';
import { useT } from '@waypoint/ui';
import { statusMessages } from './status/catalog';
import english from './status/en.json';

/**
 * The name of a status in the page's language: `const statusLabel = useStatusLabel(); statusLabel('SUBMITTED')`.
 * A status this front end does not know yet (a newer API) shows as its code.
 */
export function useStatusLabel(): (status: ApplicationStatus | string) => string {
  const t = useT(statusMessages);
  return useCallback((status) => (isKnownStatus(status) ? t(`status.${status}`) : status), [t]);
}

function isKnownStatus(status: string): status is ApplicationStatus {
  return Object.hasOwn(english, `status.${status}`);
}
