import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** WCAG 2.x levels A and AA, up to 2.2. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

export interface A11yScanOptions {
  /** Only scan inside this selector (e.g. an open dialog). */
  include?: string;
  /** Leave these selectors out of the scan. */
  exclude?: string[];
}

/** One readable block per violation: rule id, impact, help, link and every failing node's target. */
export function formatViolations(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const target = node.target.map((part) => JSON.stringify(part)).join(' > ');
          const why = node.failureSummary
            ? `\n        ${node.failureSummary.replace(/\n/g, ' ')}`
            : '';
          return `    - ${target}\n        ${node.html}${why}`;
        })
        .join('\n');
      return `  [${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

/**
 * Runs axe (WCAG 2.0/2.1/2.2 A and AA) on the page as it is now and fails, listing each violation, when there is
 * any. Wait for the content you mean to scan before calling it.
 */
export async function expectNoA11yViolations(
  page: Page,
  options: A11yScanOptions = {},
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);

  const { violations } = await builder.analyze();
  const where = new URL(page.url()).pathname;
  if (violations.length > 0) {
    const report = formatViolations(violations);
    console.log(`axe: ${violations.length} violation(s) on ${where}:\n${report}`);
    await test.info().attach(`axe violations on ${where}`, {
      body: JSON.stringify(violations, null, 2),
      contentType: 'application/json',
    });
  }
  expect(
    violations.map((violation) => violation.id),
    `accessibility violations on ${where}:\n${formatViolations(violations)}`,
  ).toEqual([]);
}
