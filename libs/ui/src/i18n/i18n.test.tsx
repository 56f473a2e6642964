import { Suspense, useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { LOCALE_COOKIE } from '@waypoint/contracts';
import { activateLocale, currentLocale, defineCatalog, pageLocale, rememberLocale } from './i18n';
import { compareText, countryName, formatDate, formatMoney, monthNames } from './format';
import { rich, useLocale, useT } from './react';

const english = {
  greeting: 'Hello {name}',
  travellers: '{count, plural, one {# traveller} other {# travellers}}',
  terms: 'Read our <link>terms</link> first.',
};
let frenchRequests = 0;
const catalog = defineCatalog('test', english, {
  fr: () => {
    frenchRequests += 1;
    return Promise.resolve({
      default: {
        greeting: 'Bonjour {name}',
        travellers: '{count, plural, one {# voyageur} other {# voyageurs}}',
        terms: 'Lisez d’abord nos <link>conditions</link>.',
      },
    });
  },
  de: () => Promise.resolve({ default: { ...english, greeting: 'Hallo {name}' } }),
  es: () => Promise.resolve({ default: { ...english, greeting: 'Hola {name}' } }),
  ar: () =>
    Promise.resolve({
      default: {
        ...english,
        greeting: 'مرحبًا {name}',
        travellers:
          '{count, plural, zero {لا مسافرين} one {مسافر واحد} two {مسافران} few {# مسافرين} many {# مسافرًا} other {# مسافر}}',
      },
    }),
});

function Greeting() {
  const t = useT(catalog);
  const locale = useLocale();
  return (
    <p data-locale={locale}>
      {t('greeting', { name: 'Ana' })} · {t('travellers', { count: 2 })}
    </p>
  );
}

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('messages in the active language', () => {
  it('starts in English, with parameters and plural forms', () => {
    expect(currentLocale()).toBe('en');
    expect(catalog.t('greeting', { name: 'Ana' })).toBe('Hello Ana');
    expect(catalog.t('travellers', { count: 1 })).toBe('1 traveller');
    expect(catalog.t('travellers', { count: 3 })).toBe('3 travellers');
  });

  it('switches every rendered message at once, and sets <html lang dir>', async () => {
    render(<Greeting />);
    expect(screen.getByText('Hello Ana · 2 travellers')).toBeInTheDocument();

    await act(() => activateLocale('fr'));
    expect(screen.getByText('Bonjour Ana · 2 voyageurs')).toHaveAttribute('data-locale', 'fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');

    await act(() => activateLocale('ar'));
    expect(screen.getByText('مرحبًا Ana · مسافران')).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(catalog.t('travellers', { count: 0 })).toBe('لا مسافرين');
    expect(catalog.t('travellers', { count: 5 })).toBe('5 مسافرين');
  });

  it('shows an area opened after a change of language once its messages arrive, whatever hooks follow', async () => {
    await act(() => activateLocale('fr'));
    // The area's code (and its catalog) arrives after the change of language.
    let deliver: (messages: { default: { title: string } }) => void = () => undefined;
    const late = defineCatalog(
      'late',
      { title: 'Your orders' },
      {
        fr: () => new Promise((resolve) => (deliver = resolve)),
        de: () => Promise.resolve({ default: { title: 'Ihre Bestellungen' } }),
        es: () => Promise.resolve({ default: { title: 'Sus pedidos' } }),
        ar: () => Promise.resolve({ default: { title: 'طلباتك' } }),
      },
    );
    function Area() {
      const t = useT(late);
      const [count] = useState(2);
      return (
        <h1>
          {t('title')} ({count})
        </h1>
      );
    }
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading…</p>}>
          <Area />
        </Suspense>,
      );
    });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => deliver({ default: { title: 'Vos commandes' } }));
    expect(await screen.findByRole('heading', { name: 'Vos commandes (2)' })).toBeInTheDocument();

    // A download that is already there by the time React looks again: the area is replayed where it stopped.
    await act(() => activateLocale('de'));
    const quick = defineCatalog(
      'quick',
      { title: 'Your orders' },
      {
        fr: () => Promise.resolve({ default: { title: 'Vos commandes' } }),
        de: () => Promise.resolve({ default: { title: 'Ihre Bestellungen' } }),
        es: () => Promise.resolve({ default: { title: 'Sus pedidos' } }),
        ar: () => Promise.resolve({ default: { title: 'طلباتك' } }),
      },
    );
    function QuickArea() {
      const t = useT(quick);
      const [count] = useState(3);
      return (
        <h2>
          {t('title')} ({count})
        </h2>
      );
    }
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading…</p>}>
          <QuickArea />
        </Suspense>,
      );
    });
    expect(
      await screen.findByRole('heading', { name: 'Ihre Bestellungen (3)' }),
    ).toBeInTheDocument();
  });

  it("keeps each area's messages apart, and shows a late area in English until its language arrives", async () => {
    type Title = { default: { title: string } };
    const french = new Map<string, (messages: Title) => void>();
    const loaders = (area: string, german: string) => ({
      fr: () => new Promise<Title>((resolve) => french.set(area, resolve)),
      de: () => Promise.resolve({ default: { title: german } }),
      es: () => Promise.resolve({ default: { title: german } }),
      ar: () => Promise.resolve({ default: { title: german } }),
    });
    // Two areas with the same key.
    const orders = defineCatalog(
      'orders',
      { title: 'Your orders' },
      loaders('orders', 'Ihre Bestellungen'),
    );
    const help = defineCatalog('help', { title: 'Help' }, loaders('help', 'Hilfe'));
    expect([orders.t('title'), help.t('title')]).toEqual(['Your orders', 'Help']);
    await act(() => activateLocale('de'));
    expect([orders.t('title'), help.t('title')]).toEqual(['Ihre Bestellungen', 'Hilfe']);

    // French is chosen: the page changes once every area has it, not area by area.
    const switching = act(() => activateLocale('fr'));
    await waitFor(() => expect(french.size).toBe(2));
    french.get('orders')!({ default: { title: 'Vos commandes' } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([orders.t('title'), help.t('title')]).toEqual(['Ihre Bestellungen', 'Hilfe']);
    french.get('help')!({ default: { title: 'Aide' } });
    await switching;
    expect([orders.t('title'), help.t('title')]).toEqual(['Vos commandes', 'Aide']);

    // An area whose code arrives later shows its English until its French has arrived.
    const late = defineCatalog(
      'late-english',
      { title: 'Documents' },
      loaders('late', 'Dokumente'),
    );
    const loading = late.load('fr');
    expect(late.t('title')).toBe('Documents');
    french.get('late')!({ default: { title: 'Pièces' } });
    await loading;
    expect(late.t('title')).toBe('Pièces');
  });

  it('downloads a language once, however often it is chosen', async () => {
    const before = frenchRequests;
    await activateLocale('fr');
    await activateLocale('en');
    await activateLocale('fr');
    expect(frenchRequests - before).toBeLessThanOrEqual(1);
    expect(catalog.loaded('fr')).toBe(true);
  });

  it('draws the marked-up parts of a message with components, the rest as text', async () => {
    await activateLocale('fr');
    render(<p>{rich(catalog.t('terms'), { link: (text) => <a href="/terms">{text}</a> })}</p>);
    expect(screen.getByRole('link', { name: 'conditions' })).toHaveAttribute('href', '/terms');
    expect(screen.getByText(/Lisez d’abord nos/)).toBeInTheDocument();
  });
});

describe('the language of the page and the kept choice', () => {
  it('reads the language the server wrote into <html lang>, English for anything else', () => {
    document.documentElement.lang = 'de';
    expect(pageLocale()).toBe('de');
    document.documentElement.lang = 'en-GB';
    expect(pageLocale()).toBe('en');
    document.documentElement.lang = 'xx';
    expect(pageLocale()).toBe('en');
  });

  it('keeps the choice in a cookie for a year', () => {
    rememberLocale('es');
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=es`);
  });
});

describe('formatting with Intl', () => {
  it('names and sorts countries in the language', () => {
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('de', 'es')).toBe('Alemania');
    expect(countryName('DE', 'ar')).toBe('ألمانيا');
    expect(['Égypte', 'Allemagne', 'Espagne'].sort(compareText('fr'))).toEqual([
      'Allemagne',
      'Égypte',
      'Espagne',
    ]);
  });

  it('writes months, dates and amounts as the language does', () => {
    expect(monthNames('de')[2]).toBe('März');
    expect(formatDate('2027-03-05', 'fr')).toBe('5 mars 2027');
    expect(formatDate('2027-03-05', 'en')).toBe('5 March 2027');
    expect(formatMoney(59, 'EUR', 'fr')).toMatch(/^59,00\s€$/);
    expect(formatMoney(16, 'GBP', 'en')).toBe('£16.00');
  });
});
