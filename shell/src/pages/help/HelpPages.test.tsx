import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLocale } from '@waypoint/ui';
import { countriesReply, guestProfile, mockApi, renderApp, shownPath } from '../../test/renderApp';
import ar from './i18n/ar.json';
import en from './i18n/en.json';
import { HELP_TOPIC_SLUGS } from './slugs';
import { DEFAULT_SUPPORT_EMAIL, SUPPORT_META_NAME } from '@waypoint/contracts';

beforeEach(() => {
  mockApi({ '/api/reference/countries': countriesReply, '/api/auth/profile': guestProfile });
});

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('the help centre index', () => {
  it('lists every topic with its one-line summary, and a way to contact us', async () => {
    await renderApp({ path: '/help' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
    expect(document.title).toBe('Help centre – Waypoint');

    const topics = screen.getByRole('list', { name: 'Help topics' });
    const items = within(topics).getAllByRole('listitem');
    expect(items).toHaveLength(HELP_TOPIC_SLUGS.length);
    for (const [index, slug] of HELP_TOPIC_SLUGS.entries()) {
      const item = items[index]!;
      const title = en[`${slug}.title` as keyof typeof en];
      expect(within(item).getByRole('link', { name: title })).toHaveAttribute(
        'href',
        `/help/${slug}`,
      );
      expect(item).toHaveTextContent(en[`${slug}.summary` as keyof typeof en]);
    }
    expect(
      screen.getByText(
        'The digital permission that most travellers who do not need a visa must have before they travel to the UK.',
      ),
    ).toBeInTheDocument();

    const more = screen.getByRole('complementary', { name: 'Still need help?' });
    expect(within(more).getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  it('opens a topic from the list', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/help' });
    const link = await screen.findByRole('link', { name: 'Photos that pass our checks' });
    // The topic's page is a transition: React commits it once its code is in.
    await act(() => user.click(link));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Photos that pass our checks' }),
    ).toBeVisible();
    expect(shownPath()).toBe('/help/photos');
  });
});

describe('a help topic', () => {
  it('explains refunds with headings, the support address, the contact form and related pages', async () => {
    await renderApp({ path: '/help/refunds' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible();
    expect(document.title).toBe('Refunds – Help centre – Waypoint');
    for (const heading of [
      'Before we submit your application',
      'After we submit it',
      'How to ask',
      'When the money arrives',
      'Related',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(
      screen.getByText(
        /the government fee has been paid to the UK government and cannot be refunded/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/within 5 to 10 working days/)).toBeInTheDocument();

    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: DEFAULT_SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${DEFAULT_SUPPORT_EMAIL}`,
    );
    expect(within(main).getByRole('link', { name: 'contact form' })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(within(main).getByRole('link', { name: 'terms of service' })).toHaveAttribute(
      'href',
      '/terms#refunds',
    );
    const related = screen.getByRole('region', { name: 'Related' });
    expect(
      within(related).getByRole('link', { name: 'Processing speeds and deadlines' }),
    ).toHaveAttribute('href', '/help/processing-times');
    expect(within(related).getByRole('link', { name: 'My orders' })).toHaveAttribute(
      'href',
      '/orders',
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', {
        name: 'Help centre',
      }),
    ).toHaveAttribute('href', '/help');
    expect(
      within(screen.getByRole('complementary', { name: 'Still need help?' })).getByRole('link', {
        name: 'Contact us',
      }),
    ).toHaveAttribute('href', '/contact');
  });

  it('gives the speeds of the reference data and the photo rules of the initial review', async () => {
    const { unmount } = await renderApp({ path: '/help/processing-times' });
    const speeds = (await screen.findByRole('heading', { level: 2, name: 'Our processing speeds' }))
      .parentElement as HTMLElement;
    expect(
      within(speeds)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Standard: within 72 hours',
      'Express: within 24 hours',
      'Super urgent: within 4 hours',
    ]);
    unmount();

    await renderApp({ path: '/help/photos' });
    expect(await screen.findByText('it is at least 600 × 750 pixels;')).toBeInTheDocument();
    expect(screen.getByText('it is in colour, not black and white;')).toBeInTheDocument();
  });

  it('gives the support address the server wrote into the page', async () => {
    const meta = document.createElement('meta');
    meta.name = SUPPORT_META_NAME;
    meta.content = JSON.stringify('help@visas.example.com');
    document.head.append(meta);
    try {
      await renderApp({ path: '/help/contact' });
      expect(await screen.findByRole('link', { name: 'help@visas.example.com' })).toHaveAttribute(
        'href',
        'mailto:help@visas.example.com',
      );
    } finally {
      meta.remove();
    }
  });

  it('leads to the contact form from the contact topic', async () => {
    await renderApp({ path: '/help/contact' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the contact form' })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(screen.getByRole('link', { name: DEFAULT_SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${DEFAULT_SUPPORT_EMAIL}`,
    );
  });

  it('shows Page not found for an address that names no topic', async () => {
    await renderApp({ path: '/help/no-such-topic' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(
      screen.queryByRole('complementary', { name: 'Still need help?' }),
    ).not.toBeInTheDocument();
  });

  it('is written right to left in Arabic, from the catalog', async () => {
    await act(() => activateLocale('ar'));
    await renderApp({ path: '/help/uk-eta' });
    expect(
      await screen.findByRole('heading', { level: 1, name: ar['uk-eta.title'] }),
    ).toBeVisible();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement.lang).toMatch(/^ar/);
    expect(document.title).toBe(`${ar['uk-eta.title']} – مركز المساعدة – Waypoint`);
    expect(
      screen.getByRole('heading', { level: 2, name: ar['uk-eta.facts.heading'] }),
    ).toBeVisible();
    expect(screen.getByText(ar['uk-eta.facts.validity'])).toBeInTheDocument();
    const more = screen.getByRole('complementary', { name: ar['stillNeedHelp.heading'] });
    expect(within(more).getByRole('link', { name: ar['stillNeedHelp.action'] })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(screen.queryByText(en['uk-eta.what.heading'])).not.toBeInTheDocument();
  });
});

describe('the way to the help centre', () => {
  it('is in the header, the mobile menu and the footer of every page', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/terms' });
    const footer = screen.getByRole('contentinfo');
    const footerHelp = within(footer).getByRole('navigation', { name: 'Help and support' });
    expect(within(footerHelp).getByRole('link', { name: 'Help centre' })).toHaveAttribute(
      'href',
      '/help',
    );
    expect(within(footerHelp).getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/contact',
    );

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
    await user.keyboard('{Escape}');

    const header = screen.getByRole('banner');
    const help = within(within(header).getByRole('navigation', { name: 'Main' })).getByRole(
      'link',
      { name: 'Help' },
    );
    await act(() => user.click(help));
    expect(await screen.findByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
    expect(shownPath()).toBe('/help');
  });
});
