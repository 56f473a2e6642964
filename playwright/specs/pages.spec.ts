import type { Page, Response } from '@playwright/test';
import { registerThroughApi } from '../support/accounts';
import { signInAsStaff } from '../support/admin';
import { expectNoA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

test.describe('content and status pages', () => {
  test('the footer links open Terms and Privacy, which have real content', async ({
    page,
    home,
    footer,
  }) => {
    await home.goto();
    await expect(footer.root).toContainText('not affiliated with the UK government');

    await footer.terms.click();
    await expect(page).toHaveURL('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
    await expect(page).toHaveTitle('Terms of service – Waypoint');
    await expect(page.getByRole('main')).toContainText(/refund/i);
    await expectNoA11yViolations(page);

    await footer.privacy.click();
    await expect(page).toHaveURL('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
    await expect(page).toHaveTitle('Privacy notice – Waypoint');
    await expectNoA11yViolations(page);
  });

  test('the login page (account remote)', async ({ page, login }) => {
    await login.goto();
    await expect(page).toHaveTitle('Log in – Waypoint');
    await expect(login.email).toBeVisible();
    await expect(login.continueButton).toBeVisible();
    await expect(login.registerLink).toHaveAttribute('href', /^\/auth\/register/);
    await expectNoA11yViolations(page);
  });

  test('trip details (apply remote)', async ({ page, tripDetails }) => {
    await tripDetails.goto();
    await expect(page).toHaveTitle('Trip details – Waypoint');
    await expect(tripDetails.travelDatesPlanned).toBeVisible();
    await expect(tripDetails.arrivalDate).toBeVisible();
    await expect(tripDetails.visaInformation).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('an unknown address shows Page not found with a way home', async ({ page, home }) => {
    const reply = await page.goto('/no-such-page');
    expect(reply?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found – Waypoint');
    await expectNoA11yViolations(page);
    await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/');
    await home.waitUntilReady();
  });
});

test.describe('formatting readied away from the page', () => {
  test('every page readies dates, amounts and country names in a worker that ends', async ({
    page,
  }) => {
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Worker/i.test(message.text())) refusals.push(message.text());
    });
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    /** The address of the next worker the page starts, once it has ended. */
    const nextWorkerEnded = () =>
      page
        .waitForEvent('worker')
        .then(
          (worker) =>
            new Promise<string>((resolve) => worker.on('close', () => resolve(worker.url()))),
        );

    // The home page formats the steps' numbers and the reviewers' countries in the page's language.
    let ended = nextWorkerEnded();
    await page.goto('/');
    expect(new URL(await ended).pathname).toBe('/intl-warmup.js');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Trip details formats the countries' names as it draws.
    ended = nextWorkerEnded();
    await page.goto('/application/trip-details');
    expect(new URL(await ended).pathname).toBe('/intl-warmup.js');
    await expect(page.getByRole('heading', { level: 1, name: 'Trip details' })).toBeVisible();
    // One worker per page, and the page's own policy lets it start (a refused worker is reported in the
    // console).
    expect(workers).toEqual(['/intl-warmup.js', '/intl-warmup.js']);
    expect(refusals).toEqual([]);
  });
});

test.describe('trip details with its reference data', () => {
  test('arrives drawn with the countries and the visa types, asks the API for none of them, and hydrates as it is', async ({
    page,
    tripDetails,
  }) => {
    const asked: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/reference/')) asked.push(url.pathname + url.search);
    });
    // A part of the page whose HTML did not match its first render would be reported here.
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        problems.push(message.text());
      }
    });

    const response = await page.goto('/application/trip-details');
    // In the HTML itself: the default nationality's first visa type, chosen, and its facts.
    const html = (await response?.text()) ?? '';
    expect(html).toContain('id="waypoint-page-queries"');
    expect(html).toContain('<option value="uk-eta" selected="">United Kingdom ETA</option>');
    expect(html).not.toContain('Loading visa types');

    // Chosen from once the page's code has arrived.
    await tripDetails.waitUntilReady();
    await expect(tripDetails.country.input).toHaveValue('United States');
    await expect(tripDetails.visaType).toHaveValue('uk-eta');
    await expect(tripDetails.visaInformation).toContainText('ETA required');
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);

    // Another nationality's visa types are asked for as the traveller chooses it.
    await tripDetails.country.choose('India');
    await expect(tripDetails.visaInformation).toContainText('Visa required');
    expect(asked).toContain('/api/reference/visa-types?countryId=IN');
    expect(asked.some((path) => path.startsWith('/api/reference/countries'))).toBe(false);
    expect(problems).toEqual([]);
  });
});

test.describe("the shell's start files", () => {
  test('are named in the page, all asked for as its entry starts, and each downloaded once', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/application/trip-details');
    await expect(page.getByRole('heading', { level: 1, name: 'Trip details' })).toBeVisible();
    const named = JSON.parse(
      (await page.locator('meta[name="waypoint-boot-scripts"]').getAttribute('content')) ?? '[]',
    ) as string[];
    expect(named.length).toBeGreaterThan(1);
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map(
            (link) => new URL(link.href).pathname,
          ),
        ),
      )
      .toEqual(named);
    // The page works, and no start file was downloaded twice (a preload the script did not use would be).
    await expect(page.getByRole('combobox', { name: /Where are you from/ })).toBeEnabled();
    await page.waitForLoadState('networkidle');
    for (const script of named) expect(scripts.filter((path) => path === script)).toHaveLength(1);
  });
});

test.describe("an area's stylesheet", () => {
  /** The addresses of the areas' stylesheets the page links (the shell's own is not an area's). */
  const areaSheets = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
        .map((link) => new URL(link.href).pathname)
        .filter((path) => path.startsWith('/remotes/')),
    );

  test('is linked once, whether the page arrived with it or the area was opened from another page', async ({
    page,
    home,
  }) => {
    // Trip details arrives with its area's stylesheet linked; the area's code, once loaded, links it no more.
    await page.goto('/application/trip-details');
    await expect(page.getByRole('heading', { level: 1, name: 'Trip details' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const [sheet] = await areaSheets(page);
    expect(sheet).toMatch(/^\/remotes\/apply\/.+\.css$/);
    expect(await areaSheets(page)).toEqual([sheet]);

    // From the home page, which has none, the area links its stylesheet as it loads.
    await home.goto();
    expect(await areaSheets(page)).toEqual([]);
    await page.getByRole('link', { name: 'Apply now' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Trip details' })).toBeVisible();
    await expect.poll(() => areaSheets(page)).toEqual([sheet]);
    // Styled by it: the area's stylesheet spaces the wizard's stepper.
    await expect(page.locator('.wpw-page .wp-stepper')).not.toHaveCSS('margin-bottom', '0px');
  });
});

test.describe('the schema library stays off first visits', () => {
  /** Whether a response is a script that carries the schema library (zod). */
  const carriesSchemaLibrary = async (response: Response) =>
    response.request().resourceType() === 'script' &&
    (await response.text().catch(() => '')).includes('ZodError');

  /** Paths of the scripts the page downloads from now on that carry the schema library, once all are read. */
  function schemaLibraryDownloads(page: Page): () => Promise<string[]> {
    const reads: Promise<string | null>[] = [];
    page.on('response', (response) => {
      reads.push(
        carriesSchemaLibrary(response).then((carries) =>
          carries ? new URL(response.url()).pathname : null,
        ),
      );
    });
    return async () => (await Promise.all(reads)).filter((path): path is string => path !== null);
  }

  test('log in, trip details, My orders and the staff list draw without it; log in fetches it on the first key press', async ({
    page,
  }) => {
    let downloads = schemaLibraryDownloads(page);
    await page.goto('/auth/login');
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email).toBeEditable();
    await page.waitForLoadState('networkidle');
    expect(await downloads()).toEqual([]);

    // The form's checks come with the first key press, before Continue needs them.
    const checks = page.waitForResponse(carriesSchemaLibrary);
    await email.press('a');
    await checks;

    const pages: [string, string][] = [
      ['/application/trip-details', 'Trip details'],
      ['/orders', 'My orders'],
    ];
    for (const [path, heading] of pages) {
      await page.context().clearCookies();
      if (path === '/orders') await registerThroughApi(page.request);
      const fresh = await page.context().newPage();
      downloads = schemaLibraryDownloads(fresh);
      await fresh.goto(path);
      await expect(fresh.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await fresh.waitForLoadState('networkidle');
      expect(await downloads(), path).toEqual([]);
      await fresh.close();
    }

    await page.context().clearCookies();
    await signInAsStaff(page);
    const staff = await page.context().newPage();
    downloads = schemaLibraryDownloads(staff);
    await staff.goto('/admin/applications');
    await expect(staff.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    await staff.waitForLoadState('networkidle');
    expect(await downloads()).toEqual([]);
  });
});

test.describe('pages that paint before JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home, trip details, login and My orders arrive as HTML with their content', async ({
    page,
  }) => {
    const pages: [string, string][] = [
      ['/', 'Apply for your UK travel permission online, fast'],
      ['/application/trip-details', 'Trip details'],
      ['/auth/login', 'Log in'],
      // The frame of a signed-in page: the heading shows while the session is checked.
      ['/orders', 'My orders'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(
        'not affiliated with the UK government',
      );
    }
  });

  test('the login form arrives as HTML', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  });
});

test.describe('a prerendered form used before its code has arrived', () => {
  test('the login form sent before its code arrives is sent once it has, with the address typed meanwhile', async ({
    browser,
    login,
  }) => {
    // An account with a password, from another browser: this one is a guest.
    const other = await browser.newContext();
    const account = await registerThroughApi(other.request);
    await other.close();

    const page = login.page;
    let release: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The account area's entry is held back, so the page is the HTML alone for a while.
    await page.route('**/remotes/account/remoteEntry.js', async (route) => {
      await arrived;
      await route.continue();
    });
    const pages: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') pages.push(request.url());
    });

    await login.goto();
    // Sent now, the form is held by the page (neither sent to the server, which would reload the page and lose
    // the address, nor dropped), and sent once its code has arrived.
    await expect(login.continueButton).toBeEnabled();
    await login.email.fill(account.email);
    await login.email.press('Enter');
    await expect(login.password).toHaveCount(0);
    release();

    await expect(login.password).toBeVisible();
    await expect(login.email).toHaveValue(account.email);
    // The page was never sent again: the form went to the portal's code, not to the server.
    expect(pages).toHaveLength(1);
  });
});
