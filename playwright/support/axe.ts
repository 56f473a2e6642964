import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

/** WCAG 2.x levels A and AA, up to 2.2. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Violation = AxeResults['violations'][number];
/** The part of axe's API the scans use, as the page has it once axe is put in. */
interface InPageAxe {
  run(context: ElementContext, options: RunOptions): Promise<AxeResults>;
}

/** axe-core itself, put into a page before its first scan. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

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
 * Waits (up to 5 s) until every stylesheet the page links to has loaded and its fonts are ready: a page whose area
 * was just swapped in can be in the document before its stylesheet applies, and axe would measure unstyled text (a
 * link of the staff header 19 px high, where its style makes it 24). A stylesheet that fails to load does not hold
 * the scan longer than that.
 */
async function stylesApplied(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every(
          (link) => link.sheet !== null,
        ) && document.fonts.status === 'loaded',
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/**
 * The WCAG 2.0/2.1/2.2 A and AA violations axe finds on the page as it is now. axe runs in the page itself, put in
 * once per document. The usual Playwright builder of axe (`@axe-core/playwright`) opens a second, blank page for
 * every scan to combine the frames' results, which made a scan take about 0.5 s instead of 0.1 s; the portal's
 * pages have no frames. The rules, their options and the results are axe's own.
 */
export async function axeViolations(
  page: Page,
  options: A11yScanOptions = {},
): Promise<Violation[]> {
  await stylesApplied(page);
  const present = await page.evaluate(
    () => typeof (window as unknown as { axe?: Partial<InPageAxe> }).axe?.run === 'function',
  );
  if (!present) await page.evaluate(AXE_SOURCE);
  // What axe is asked, as plain JSON (axe's own types are too deep for evaluate's argument types).
  const ask = {
    include: options.include ? [[options.include]] : [['html']],
    exclude: (options.exclude ?? []).map((selector) => [selector]),
    tags: WCAG_TAGS,
  };
  const violations: unknown = await page.evaluate(
    async ({ include, exclude, tags }): Promise<unknown> => {
      const { axe } = window as unknown as { axe: InPageAxe };
      const results = await axe.run(
        { include, exclude },
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      );
      return results.violations;
    },
    ask,
  );
  return violations as Violation[];
}

/**
 * Runs axe (WCAG 2.0/2.1/2.2 A and AA) on the page as it is now and fails, listing each violation, when there is
 * any. Wait for the content you mean to scan before calling it.
 */
export async function expectNoA11yViolations(
  page: Page,
  options: A11yScanOptions = {},
): Promise<void> {
  const violations = await axeViolations(page, options);
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
