import type { Page } from '@playwright/test';

/**
 * Collects, from now on, what the page reports as going wrong: uncaught errors and the console's errors. The list
 * returned grows as they happen (a test expects it empty, or polls it for a message).
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}
