// The portal's styles load with the page itself (a <link> in <head>), so HTML prerendered at build time paints
// styled before any script runs.
import '@waypoint/ui/src/styles.css';
import { nextTask } from './tasks';

// A page's first date, amount or country name makes the browser load its formatting data (20–100 ms of main
// thread). That data is shared with the page's workers, so a worker (`public/intl-warmup.js`) readies it in the
// page's language while the code below downloads and starts; it closes when done.
try {
  new Worker('/intl-warmup.js').postMessage(document.documentElement.lang);
} catch {
  // No workers here: the page's first date or amount loads the data itself.
}

// Module Federation negotiates shared packages before the app starts, so the app lives behind these imports.
// React's DOM renderer, then the shared state and router code, then the app are each evaluated in a task of their
// own (see nextTask).
void nextTask()
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('@waypoint/platform'))
  .then(nextTask)
  .then(() => import('./bootstrap'));
