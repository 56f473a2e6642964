import { expectNoA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { TRIP_DETAILS_PATH } from '../pages/TripDetailsPage';

interface CountryDto {
  id: string;
  name: string;
  flagEmoji: string;
}

test.describe('home page', () => {
  test('renders the hero, tiles, process, reviews and both pickers with the real countries', async ({
    page,
    request,
    home,
  }) => {
    const reply = await request.get('/api/reference/countries');
    expect(reply.status()).toBe(200);
    const body = (await reply.json()) as { success: boolean; data: CountryDto[] };
    expect(body.success).toBe(true);
    const countries = body.data;
    expect(countries.length).toBe(250);

    const countriesCall = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/reference/countries',
    );
    await home.goto();
    expect((await countriesCall).status()).toBe(200);
    await expect(page).toHaveTitle('Waypoint – apply online for a UK ETA or UK visitor visa');

    await expect(home.whyChooseUs.getByRole('heading', { level: 3 })).toHaveText([
      'Effortless process',
      '99% approval rate',
      'Secure',
      '24/7 support',
    ]);
    await expect(home.howItWorks.getByRole('heading', { level: 3 })).toHaveText([
      'Step 1: Apply',
      'Step 2: Leave the rest to us',
      'Step 3: Enjoy your visit',
    ]);
    await expect(home.applyNow).toBeVisible();
    await expect(home.reviews.getByRole('listitem')).toHaveCount(5);
    await expect(home.closingPicker.input).toBeEnabled();
    await expect(home.closingGetStarted).toBeEnabled();

    // Nothing chosen yet: the default country is shown.
    await expect(home.heroPicker.input).toHaveValue('United States');

    // Opening the picker lists every country from the API, with its flag.
    await home.heroPicker.open();
    await expect(home.heroPicker.options).toHaveCount(countries.length);
    const unitedStates = home.heroPicker.option('United States');
    // The flag is an image file served beside the pages, not an emoji.
    const flag = unitedStates.locator('img');
    await expect(flag).toHaveAttribute('src', '/flags/us.svg');
    await expect(flag).toHaveAttribute('alt', '');
    await expect
      .poll(() => flag.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expect(unitedStates).toHaveAttribute('aria-selected', 'true');
    const first = countries[0];
    if (!first) throw new Error('no countries');
    await expect(home.heroPicker.options.first()).toHaveText(first.name);
    await page.keyboard.press('Escape');
    await expect(home.heroPicker.listbox).toBeHidden();

    await expectNoA11yViolations(page);
  });

  test('typing filters the countries and the keyboard chooses one', async ({ page, home }) => {
    await home.goto();
    await home.heroPicker.search('united');
    await expect(home.heroPicker.options.first()).toHaveText(/United Arab Emirates/);
    await expect(home.heroPicker.option('United Kingdom')).toBeVisible();
    await expect(home.heroPicker.option('United States')).toBeVisible();
    await expect(home.heroPicker.option('India')).toHaveCount(0);

    await home.heroPicker.search('zzz');
    await expect(home.heroPicker.options).toHaveCount(0);
    await expect(home.hero.getByText('No country matches “zzz”.')).toBeVisible();

    await home.heroPicker.search('Ind');
    await expect(home.heroPicker.options.first()).toHaveText('India');
    await expectNoA11yViolations(page);
    await page.keyboard.press('Enter');
    await expect(home.heroPicker.listbox).toBeHidden();
    await expect(home.heroPicker.input).toHaveValue('India');
  });

  test('picking a country and Get started opens trip details with that country chosen', async ({
    page,
    home,
    tripDetails,
  }) => {
    await home.goto();
    await expectNoA11yViolations(page);
    await home.startWith('India');

    await expect(page).toHaveURL(TRIP_DETAILS_PATH);
    await tripDetails.waitUntilReady();
    await expect(tripDetails.country.input).toHaveValue('India');
    await expect(tripDetails.stepper.locator('[aria-current="step"]')).toContainText(
      'Trip details',
    );
    await expect(tripDetails.startApplying).toBeVisible();
    await expectNoA11yViolations(page);

    // The choice is remembered: the home page now starts with it too.
    await page.goto('/');
    await home.waitUntilReady();
    await expect(home.heroPicker.input).toHaveValue('India');
  });

  test('the closing picker starts an application too', async ({ page, home, tripDetails }) => {
    await home.goto();
    await home.closingPicker.choose('Japan');
    await home.closingGetStarted.click();
    await expect(page).toHaveURL(TRIP_DETAILS_PATH);
    await tripDetails.waitUntilReady();
    await expect(tripDetails.country.input).toHaveValue('Japan');
    await expectNoA11yViolations(page);
  });

  test('Apply now opens trip details', async ({ page, home, tripDetails }) => {
    await home.goto();
    await home.applyNow.click();
    await expect(page).toHaveURL(TRIP_DETAILS_PATH);
    await tripDetails.waitUntilReady();
    await expect(tripDetails.country.input).toHaveValue('United States');
    await expectNoA11yViolations(page);
  });
});

test.describe('icons and web app manifest', () => {
  test('the page links a favicon, an apple-touch icon and a manifest, all served with their types', async ({
    page,
    request,
    home,
  }) => {
    await home.goto();
    const href = (selector: string) => page.locator(`head ${selector}`).getAttribute('href');
    const expected: Array<[string, RegExp]> = [
      ['link[rel="icon"][type="image/svg+xml"]', /^image\/svg\+xml/],
      ['link[rel="icon"][type="image/png"]', /^image\/png$/],
      ['link[rel="apple-touch-icon"]', /^image\/png$/],
      ['link[rel="manifest"]', /^application\/manifest\+json/],
    ];
    for (const [selector, type] of expected) {
      const url = await href(selector);
      expect(url, selector).toBeTruthy();
      const reply = await request.get(url!);
      expect(reply.status(), url!).toBe(200);
      expect(reply.headers()['content-type']).toMatch(type);
    }
    const manifest = (await (await request.get((await href('link[rel="manifest"]'))!)).json()) as {
      theme_color: string;
      icons: Array<{ src: string; sizes: string }>;
    };
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    for (const icon of manifest.icons) {
      const reply = await request.get(icon.src);
      expect(reply.status(), icon.src).toBe(200);
      expect(reply.headers()['content-type']).toBe('image/png');
    }
    await expect(page.locator('head meta[name="theme-color"]')).toHaveAttribute(
      'content',
      manifest.theme_color,
    );
  });
});
