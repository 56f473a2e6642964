import { setImmediate } from 'node:timers';
import { orderTimeline, type OrderSummary } from '@waypoint/contracts';
import type { AuthUser } from '@waypoint/platform';
import { activateLocale } from '@waypoint/ui';
import { BUSY_PAGES, composePage, renderBusyPage, renderForUser, renderPage } from './prerender';

// React's Node renderer, which the build's prerender uses, schedules its work with Node's setImmediate (jsdom has
// none).
Object.assign(globalThis, { setImmediate });

afterEach(() => activateLocale('en'));

describe('the legal pages rendered at build time', () => {
  it('writes the French terms in French, with the notice, on a first render', async () => {
    const html = await renderPage('/terms', 'fr');
    expect(html).toContain('<title>Conditions d’utilisation – Waypoint</title>');
    expect(html).toContain('<h1>Conditions d’utilisation</h1>');
    expect(html).toContain('Lire la version anglaise');
    expect(html).not.toContain('Terms of service');
  });

  it('writes the Arabic privacy notice in Arabic and the English one without the notice', async () => {
    const arabic = await renderPage('/privacy', 'ar');
    expect(arabic).toContain('<h1>إشعار الخصوصية</h1>');
    expect(arabic).toContain('قراءة النسخة الإنجليزية');
    const english = await renderPage('/privacy', 'en');
    expect(english).toContain('<h1>Privacy notice</h1>');
    expect(english).not.toContain('Read the English version');
  });
});

describe('the help centre rendered at build time', () => {
  it('writes each topic in its language, and its title in the head', async () => {
    const french = await renderPage('/help/refunds', 'fr');
    expect(french).toContain('<title>Remboursements – Centre d’aide – Waypoint</title>');
    expect(french).toContain('<h1>Remboursements</h1>');
    expect(french).toContain('href="/contact"');
    expect(french).not.toContain('Refunds');
    const arabic = await renderPage('/help', 'ar');
    expect(arabic).toContain('<h1>مركز المساعدة</h1>');
    expect(arabic).toContain('href="/help/uk-eta"');
  });
});

describe('the busy pages written at build time', () => {
  it('says why in the reader’s language, with Try again a link to the page asked for and no script', async () => {
    const french = await renderBusyPage('availability.overloaded', 'fr');
    expect(french).toContain('<title>Veuillez réessayer dans un instant – Waypoint</title>');
    expect(french).toContain('<h1>Veuillez réessayer dans un instant</h1>');
    expect(french).toContain(
      'Notre service est très sollicité en ce moment. Veuillez réessayer dans quelques secondes.',
    );
    expect(french).toMatch(/<a class="[^"]*" href="">Réessayer<\/a>/);
    expect(french).toContain('href="/"');
    expect(french).not.toContain('<script');
    const restarting = await renderBusyPage('availability.shuttingDown', 'en');
    expect(restarting).toContain('This server is restarting. Please try again in a few seconds.');
    const records = await renderBusyPage('availability.databaseUnavailable', 'ar');
    expect(records).toContain('<h1>يُرجى المحاولة مرة أخرى بعد قليل</h1>');
    expect(Object.keys(BUSY_PAGES)).toEqual([
      'availability.overloaded',
      'availability.shuttingDown',
      'availability.databaseUnavailable',
    ]);
  });
});

describe('what works before the page hydrates', () => {
  it('draws the menu of small screens as a popover the browser opens by itself, with its links', async () => {
    const html = await renderPage('/', 'en');
    const menu = /<div id="wp-mobile-menu" popover="auto"[^>]*role="dialog"[\s\S]*?<\/nav>/.exec(
      html,
    )?.[0];
    expect(html).toMatch(
      /<button type="button" class="[^"]*" aria-haspopup="dialog" popoverTarget="wp-mobile-menu">/,
    );
    expect(menu).toContain(
      'popoverTarget="wp-mobile-menu" popoverTargetAction="hide" aria-label="Close"',
    );
    expect(menu).toContain('href="/help"');
    expect(menu).toContain('href="/auth/login"');
  });
});

describe('the staff pages rendered at build time', () => {
  it('draw the frame a verified member of staff sees, with nothing of theirs in it', async () => {
    const html = await renderPage('/admin/applications', 'en');
    expect(html).toContain('<h1>Applications</h1>');
    expect(html).toContain('aria-label="Filter applications"');
    // The header is the signed-out one until the page hydrates: no name, no e-mail.
    expect(html).toContain('>Log in</a>');
    expect(html).not.toContain('@');
  });
});

describe('My orders rendered on the server for its traveller', () => {
  const ann: AuthUser = {
    id: 'u1',
    email: 'ann@example.com',
    firstName: 'Ann',
    lastName: 'Lee',
    nationality: null,
    role: 'user',
    emailVerified: true,
    hasPassword: true,
    secondFactor: 'not-required',
  };
  const paidAt = '2026-11-21T23:30:00.000Z';
  const order: OrderSummary = {
    id: '0b1c2d3e-0000-4000-8000-00000000ab12',
    reference: '0000AB12',
    status: 'IN_PROGRESS',
    createdAt: paidAt,
    paidAt,
    submittedAt: null,
    decidedAt: null,
    decisionReason: null,
    totalCents: 5190,
    currency: 'EUR',
    travelerCount: 1,
    travelerGroups: { adults: 1, children: 0, unknown: 0 },
    visaType: { id: 'uk-eta', name: 'United Kingdom ETA' },
    country: { id: 'US', name: 'United States', flagEmoji: '🇺🇸' },
    timeline: orderTimeline({
      status: 'IN_PROGRESS',
      paidAt,
      submittedAt: null,
      reviewStartedAt: null,
      decidedAt: null,
    }),
    resumePath: '/application/0b1c2d3e-0000-4000-8000-00000000ab12/general-info',
    viewPath: null,
    refunds: [],
    receipt: { number: '2026-000042', issuedAt: paidAt },
  };

  it('draws their orders, with the receipt and the way back in, in their language', async () => {
    const html = await renderForUser('/orders', 'en', ann, {
      getMyApplications: [order],
      getMyDraft: null,
    });
    expect(html).toContain('<title>My orders – Waypoint</title>');
    expect(html).toContain('Order #0000AB12');
    expect(html).toContain(`href="/api/application/${order.id}/receipt"`);
    expect(html).toContain('2026-000042');
    expect(html).toContain(`href="${order.resumePath}"`);
    expect(html).not.toContain('role="progressbar"');
    // Dates are the reader's (here 21 or 22 November), which only the browser knows: until it hydrates the page,
    // the UTC ones hold their places, hidden.
    expect(html).toContain(
      '<time dateTime="2026-11-21T23:30:00.000Z" class="wp-until-hydrated">21 November 2026</time>',
    );
    expect(html).toContain(
      '<time class="wp-timeline__time wp-until-hydrated" dateTime="2026-11-21T23:30:00.000Z">21 Nov 2026, 23:30</time>',
    );
    expect(html.match(/<time /g)).toHaveLength(html.match(/wp-until-hydrated/g)!.length);

    const french = await renderForUser('/orders', 'fr', ann, {
      getMyApplications: [order],
      getMyDraft: null,
    });
    expect(french).toContain('Commande n° 0000AB12');
  });

  it('draws the tab its address names, each tab a link to its own address', async () => {
    const queries = { getMyApplications: [order], getMyDraft: null };
    const old = await renderForUser('/orders?tab=old', 'en', ann, queries);
    expect(old).toMatch(/<a role="tab"[^>]*aria-selected="true"[^>]*href="\/orders\?tab=old"/);
    expect(old).toMatch(/<a role="tab"[^>]*aria-selected="false"[^>]*href="\/orders\?tab=active"/);
    expect(old).toContain('No old applications');
    expect(old).not.toContain('Order #0000AB12');
    const active = await renderForUser('/orders', 'en', ann, queries);
    expect(active).toMatch(
      /<a role="tab"[^>]*aria-selected="true"[^>]*href="\/orders\?tab=active"/,
    );
    expect(active).toContain('Order #0000AB12');
  });

  it('draws the empty list for a traveller without orders', async () => {
    const html = await renderForUser('/orders', 'en', ann, {
      getMyApplications: [],
      getMyDraft: null,
    });
    expect(html).toContain('You have no applications yet');
  });

  it('keeps nothing of the traveller once the page is written: no timer holds their orders for later', async () => {
    // The timers a render leaves behind keep its store, and the traveller's orders in it, in the server's memory.
    const realSetTimeout = globalThis.setTimeout;
    const realClearTimeout = globalThis.clearTimeout;
    const left = new Set<unknown>();
    const setTimeoutSpy = jest.spyOn(globalThis, 'setTimeout').mockImplementation(((
      callback: () => void,
      ms?: number,
    ) => {
      const timer = realSetTimeout(() => {
        left.delete(timer);
        callback();
      }, ms);
      // What the render's own work waits for (a batched notification, say) is over in a moment.
      if ((ms ?? 0) >= 1000) left.add(timer);
      return timer;
    }) as typeof setTimeout);
    const clearTimeoutSpy = jest
      .spyOn(globalThis, 'clearTimeout')
      .mockImplementation((timer?: Parameters<typeof clearTimeout>[0]) => {
        left.delete(timer);
        realClearTimeout(timer);
      });
    try {
      const html = await renderForUser('/orders', 'en', ann, {
        getMyApplications: [order],
        getMyDraft: null,
      });
      expect(html).toContain('Order #0000AB12');
      expect(left.size).toBe(0);
    } finally {
      setTimeoutSpy.mockRestore();
      clearTimeoutSpy.mockRestore();
    }
  });

  it('puts a render into the built page, its title in the head, and refuses one that needs an inline script', () => {
    const template =
      '<!doctype html><html><head><title>Waypoint</title></head><body><div id=root></div></body></html>';
    expect(composePage(template, '<title>My orders</title><h1>My orders</h1>')).toBe(
      '<!doctype html><html><head><title>My orders</title></head><body><div id="root"><h1>My orders</h1></div></body></html>',
    );
    expect(() => composePage(template, '<h1>x</h1><script>alert(1)</script>')).toThrow(
      'inline script',
    );
    expect(() => composePage('<html><body></body></html>', '<h1>x</h1>')).toThrow('root element');
  });
});
