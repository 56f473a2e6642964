import { expect, test } from '@playwright/test';
import { axeViolations } from '../support/axe';

/**
 * The accessibility scans (support/axe.ts) run axe in the page itself: they find what axe finds, within the part of
 * the page a scan names, and again on a page that was changed or replaced.
 */
const PAGE = `<!doctype html><html lang="en"><head><title>Scan</title></head><body><main>
  <h1>Scan</h1>
  <p id="axe">An element named like axe does not stand for it.</p>
  <section id="form"><input type="text" id="unnamed"></section>
  <section id="picture"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></section>
</main></body></html>`;

test('finds the violations axe finds, and only inside what a scan includes and does not exclude', async ({
  page,
}) => {
  await page.setContent(PAGE);
  const ids = async (options?: Parameters<typeof axeViolations>[1]) =>
    (await axeViolations(page, options)).map((violation) => violation.id).sort();

  expect(await ids()).toEqual(['image-alt', 'label']);
  expect(await ids({ include: '#picture' })).toEqual(['image-alt']);
  expect(await ids({ exclude: ['#picture'] })).toEqual(['label']);

  const [label] = await axeViolations(page, { include: '#form' });
  expect(label).toMatchObject({ id: 'label', impact: 'critical' });
  expect(label!.nodes.map((node) => node.target)).toEqual([['#unnamed']]);

  // A page fixed in place, and a new document (axe is put into each page once).
  await page.locator('img').evaluate((img) => img.setAttribute('alt', 'A dot'));
  expect(await ids()).toEqual(['label']);
  await page.setContent(PAGE.replace('<input type="text" id="unnamed">', ''));
  expect(await ids()).toEqual(['image-alt']);
});
