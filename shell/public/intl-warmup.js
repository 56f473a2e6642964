// Readies the browser's formatting of dates, amounts and country names (Intl) away from the page.
//
// A page's first Intl formatter makes the browser load its locale data, which blocks the main thread for
// 20–100 ms (four times that on a mid-range phone), in the middle of hydration. That data belongs to the whole
// page's process, so once this worker has made one formatter of each kind, the page's own first one takes about a
// millisecond. The shell starts it with the page's language before anything else (shell/src/index.ts); it closes
// itself when done. A plain script served as it is: a bundled worker would carry a bundler runtime.
addEventListener('message', (event) => {
  const language = typeof event.data === 'string' && event.data !== '' ? event.data : 'en-GB';
  try {
    new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(0);
    new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(1);
    new Intl.NumberFormat(language).format(1);
    new Intl.DisplayNames([language], { type: 'region' }).of('GB');
    new Intl.Collator(language).compare('a', 'b');
  } catch {
    // A language the browser does not know: nothing to ready.
  }
  close();
});
