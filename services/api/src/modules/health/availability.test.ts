import zlib from 'node:zlib';
import { createTestApp, body } from '../../test/harness';
import { appWithShell, PAGE_TEMPLATE } from '../../test/render-build';

describe('when the database is gone', () => {
  it('answers 503 DATABASE_UNAVAILABLE with Retry-After, says not ready, and keeps the process answering', async () => {
    const t = await createTestApp();
    try {
      await t.database.close();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/applications/save',
        payload: { currentStep: 1 },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(body(res)).toMatchObject({
        success: false,
        code: 'DATABASE_UNAVAILABLE',
        error: expect.stringContaining('try again'),
        requestId: expect.any(String),
      });
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(body(ready)).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      // The process itself is fine.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('under pressure', () => {
  it('sheds requests with 503 OVERLOADED and Retry-After while memory is over the limit', async () => {
    // A limit of 1 MB of resident memory is always exceeded.
    const t = await createTestApp({ MAX_RSS_MB: '1' });
    try {
      // The plugin samples memory once a second.
      await new Promise((r) => setTimeout(r, 1200));
      const res = await t.app.inject({ method: 'GET', url: '/api/reference/countries' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(body(res)).toMatchObject({ success: false, code: 'OVERLOADED' });
    } finally {
      await t.close();
    }
  });

  it('still sends the built files a page already in the browser asks for, and sheds the pages and calls', async () => {
    const { t, close } = await appWithShell(
      'waypoint-pressure-',
      {
        'shell/index.html': PAGE_TEMPLATE,
        'shell/main.3f9a.css': 'body{margin:0}',
        'shell/main.3f9a.js': 'console.log(1)',
      },
      { MAX_RSS_MB: '1' },
    );
    try {
      await new Promise((r) => setTimeout(r, 1200));
      const css = await t.app.inject({ method: 'GET', url: '/main.3f9a.css' });
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toContain('text/css');
      expect(css.body).toBe('body{margin:0}');
      const script = await t.app.inject({ method: 'GET', url: '/main.3f9a.js?v=1' });
      expect(script.statusCode).toBe(200);
      expect(script.body).toBe('console.log(1)');
      // A new page and an API call are new work: refused at once, with the envelope and Retry-After.
      for (const url of ['/', '/apply/trip', '/api/reference/countries']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(body(res)).toMatchObject({ success: false, code: 'OVERLOADED' });
      }
      // A write whose address looks like a file is not a file request.
      const post = await t.app.inject({ method: 'POST', url: '/main.3f9a.js' });
      expect(post.statusCode).toBe(503);
    } finally {
      await close();
    }
  });

  it('sends a browser visiting a page the busy page in its language, which tries again by itself; calls get the envelope', async () => {
    const busyPage = (lang: string, heading: string) =>
      `<!doctype html><html lang="${lang}"><head><link href="/main.3f9a.css" rel="stylesheet"><title>${heading} – Waypoint</title></head><body><div id="root"><h1>${heading}</h1><a href="">Try again</a></div></body></html>`;
    const { t, close } = await appWithShell(
      'waypoint-busy-',
      {
        'shell/index.html': PAGE_TEMPLATE,
        'shell/main.3f9a.css': 'body{margin:0}',
        'shell/pages/en/busy-overloaded.html': busyPage('en-GB', 'Please try again in a moment'),
        'shell/pages/fr/busy-overloaded.html': busyPage(
          'en-GB',
          'Veuillez réessayer dans un instant',
        ),
        'shell/pages.json': JSON.stringify({
          template: 'index.html',
          pages: {},
          mounts: { application: 'apply' },
          busyPages: {
            'availability.overloaded': {
              en: 'pages/en/busy-overloaded.html',
              fr: 'pages/fr/busy-overloaded.html',
            },
          },
        }),
      },
      { MAX_RSS_MB: '1' },
    );
    const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    try {
      await new Promise((r) => setTimeout(r, 1200));
      const visit = await t.app.inject({
        method: 'GET',
        url: '/application/trip-details?draft=1',
        headers: {
          accept: NAVIGATION,
          'accept-language': 'fr-FR,fr;q=0.9',
          'accept-encoding': 'br',
        },
      });
      expect(visit.statusCode).toBe(503);
      expect(visit.headers['retry-after']).toBe('5');
      expect(visit.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(visit.headers['content-language']).toBe('fr');
      expect(visit.headers['cache-control']).toBe('no-store');
      expect(visit.headers.etag).toBeUndefined();
      expect(visit.headers['content-security-policy']).toContain("script-src 'self'");
      expect(visit.headers['content-encoding']).toBe('br');
      const html = zlib.brotliDecompressSync(visit.rawPayload).toString('utf8');
      expect(html).toContain('<html lang="fr" dir="ltr">');
      expect(html).toContain('<h1>Veuillez réessayer dans un instant</h1>');
      // It asks again by itself after the Retry-After, without any script.
      expect(html).toContain('<meta http-equiv="refresh" content="5">');
      expect(html).not.toContain('<script');
      // Its stylesheet is a built file: sent while the pages are refused.
      expect((await t.app.inject({ method: 'GET', url: '/main.3f9a.css' })).statusCode).toBe(200);

      // A language the build wrote no busy page in gets the English one; a browser's copy is never "current".
      const german = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { accept: NAVIGATION, 'accept-language': 'de', 'if-none-match': '*' },
      });
      expect(german.statusCode).toBe(503);
      expect(german.body).toContain('<h1>Please try again in a moment</h1>');
      expect(german.headers['content-language']).toBe('en');

      // Calls (the API, a script asking a page's address for JSON, a form sent) still get the envelope.
      for (const request of [
        { method: 'GET', url: '/api/reference/countries', headers: { accept: NAVIGATION } },
        { method: 'GET', url: '/orders', headers: { accept: 'application/json' } },
        { method: 'POST', url: '/orders', headers: { accept: NAVIGATION } },
      ] as const) {
        const res = await t.app.inject(request);
        expect(res.statusCode).toBe(503);
        expect(body(res)).toMatchObject({ success: false, code: 'OVERLOADED' });
      }
    } finally {
      await close();
    }
  });

  it('judges the event loop from after the start: a start that kept the loop busy refuses nothing, lag later does', async () => {
    /** Keeps the event loop busy, as a start loading and compiling its modules does on a loaded machine. */
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    /** The most lag (ms) the app under test accepts. */
    const MAX_LAG_MS = 15;
    const lagOver = async (t: { app: { memoryUsage(): { eventLoopDelay: number } } }) => {
      const until = performance.now() + 1500;
      while (t.app.memoryUsage().eventLoopDelay <= MAX_LAG_MS && performance.now() < until)
        await new Promise((r) => setTimeout(r, 20));
      return t.app.memoryUsage().eventLoopDelay > MAX_LAG_MS;
    };
    const t = await createTestApp({ MAX_EVENT_LOOP_DELAY_MS: String(MAX_LAG_MS) }, () =>
      busy(2000),
    );
    try {
      // The start's busy loop is in the sample, yet the new process answers.
      expect(await lagOver(t)).toBe(true);
      const first = await t.app.inject({ method: 'GET', url: '/api/reference/countries' });
      expect(first.statusCode).toBe(200);
      // Two samples after the start, a busy loop is lag: new work is refused until it passes.
      await new Promise((r) => setTimeout(r, 2100));
      busy(2000);
      expect(await lagOver(t)).toBe(true);
      const later = await t.app.inject({ method: 'GET', url: '/api/reference/countries' });
      expect(later.statusCode).toBe(503);
      expect(body(later)).toMatchObject({ success: false, code: 'OVERLOADED' });
    } finally {
      await t.close();
    }
  }, 15_000);
});
