import type { RemoteName } from '@waypoint/platform';

/**
 * Which remote draws the pages under each top-level path. The shell's routes are made from it, and the build
 * writes it beside the pages (`dist/pages.json`) so the server can preload the right remote with a page.
 */
export const REMOTE_MOUNTS = {
  application: 'apply',
  upload: 'apply',
  renew: 'apply',
  auth: 'account',
  orders: 'account',
  account: 'account',
  reminders: 'account',
  contact: 'account',
  admin: 'admin',
} as const satisfies Record<string, RemoteName>;
