import { axeViolations, formatViolations } from '../support/axe';
import { directionOf, languageTag, LOCALES } from '../support/i18n';
import { expect, test } from '../support/own-portal';
import { tourEveryPage } from '../support/tour';

/**
 * axe (WCAG 2.0, 2.1 and 2.2, A and AA, as support/axe.ts) on every page in every language: longer French and
 * German words, Arabic from right to left and each language's `<html lang>` must not cost any page its
 * accessibility. Each language's visit (`Accept-Language`) walks the whole portal (support/tour.ts): the public
 * pages, the guest wizard to a paid order, the traveller's pages after payment and the staff area. Every page is
 * scanned and the test fails at the end listing each page's violations, so one page does not hide the others.
 */

// The languages' visits are independent (each on its worker's own portal): both workers share them.
test.describe.configure({ mode: 'parallel', timeout: 300_000 });

for (const locale of LOCALES) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale: languageTag(locale) });

    test(`every page passes axe (${locale})`, async ({ page, ownPortal }) => {
      const report: string[] = [];
      const scanned: string[] = [];
      await tourEveryPage(
        page,
        async (name) => {
          await expect(page.locator('html')).toHaveAttribute('lang', languageTag(locale));
          await expect(page.locator('html')).toHaveAttribute('dir', directionOf(locale));
          const violations = await axeViolations(page);
          scanned.push(name);
          if (violations.length > 0)
            report.push(
              `${name} (${new URL(page.url()).pathname}):\n${formatViolations(violations)}`,
            );
        },
        { locale, staffTotpFile: ownPortal.totpFile },
      );
      expect(scanned.length, 'pages scanned').toBeGreaterThanOrEqual(20);
      expect(report, `accessibility violations in ${locale}:\n${report.join('\n')}`).toEqual([]);
    });
  });
}
