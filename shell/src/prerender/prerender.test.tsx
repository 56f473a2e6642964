import { setImmediate } from 'node:timers';
import { activateLocale } from '@waypoint/ui';
import { renderPage } from './prerender';

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
