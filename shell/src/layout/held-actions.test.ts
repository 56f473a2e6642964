import fs from 'node:fs';
import path from 'node:path';

/** The page's first script (early/held-actions.js), run as the browser runs it, in this test's page. */
function loadHeldActions() {
  const source = fs.readFileSync(path.join(__dirname, '../../early/held-actions.js'), 'utf8');
  new Function(source)();
  const held = window.waypointHeldActions;
  if (!held) throw new Error('The script did not start');
  return held;
}

afterEach(() => {
  document.body.innerHTML = '';
  // Each test's script stops listening.
  window.waypointHeldActions?.release();
  delete window.waypointHeldActions;
});

describe('what a visitor does before the page hydrates', () => {
  it('holds a form sent, then sends it again, with its button, once the page has taken over', () => {
    document.body.innerHTML =
      '<form id="login"><input id="email"><button id="go" type="submit">Continue</button></form>';
    const held = loadHeldActions();
    const form = document.getElementById('login') as HTMLFormElement;
    const sent: (string | undefined)[] = [];
    form.addEventListener('submit', (event) => {
      if (!event.defaultPrevented) sent.push((event as SubmitEvent).submitter?.id);
      event.preventDefault();
    });

    document.getElementById('go')?.click();
    expect(sent).toEqual([]);

    held.release();
    expect(sent).toEqual(['go']);
  });

  it('tells the page what was typed, as if typed once it has taken over', () => {
    document.body.innerHTML = '<input id="email">';
    const held = loadHeldActions();
    const input = document.getElementById('email') as HTMLInputElement;
    input.value = 'ann@example.com';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const seen: string[] = [];
    input.addEventListener('input', () => seen.push(input.value));

    held.release();
    expect(seen).toEqual(['ann@example.com']);
    expect(input.value).toBe('ann@example.com');
  });

  it('holds a tap on a button only the script answers, and a choice in a list, and leaves the rest alone', () => {
    document.body.innerHTML = `
      <button id="more" type="button">Show more</button>
      <button id="menu" type="button" popovertarget="menu-panel">Menu</button>
      <select id="language"><option value="en">English</option><option value="fr">Français</option></select>`;
    const held = loadHeldActions();
    const taps: string[] = [];
    const more = document.getElementById('more') as HTMLButtonElement;
    const menu = document.getElementById('menu') as HTMLButtonElement;
    more.addEventListener('click', (event) => taps.push(`more ${event.defaultPrevented}`));
    menu.addEventListener('click', (event) => taps.push(`menu ${event.defaultPrevented}`));
    const language = document.getElementById('language') as HTMLSelectElement;
    const chosen: string[] = [];
    language.addEventListener('change', () => chosen.push(language.value));

    more.click();
    menu.click();
    language.value = 'fr';
    language.dispatchEvent(new Event('input', { bubbles: true }));
    language.dispatchEvent(new Event('change', { bubbles: true }));
    expect(taps).toEqual(['more true', 'menu false']);
    chosen.length = 0;

    held.release();
    expect(taps).toEqual(['more true', 'menu false', 'more false']);
    expect(chosen).toEqual(['fr']);

    // Once released, nothing more is held.
    more.click();
    expect(taps.at(-1)).toBe('more false');
  });
});
