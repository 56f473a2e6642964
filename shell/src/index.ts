// The portal's styles load with the page itself (a <link> in <head>), so HTML prerendered at build time paints
// styled before any script runs.
import '@waypoint/ui/src/styles.css';
import { BOOT_SCRIPTS_META_NAME } from '@waypoint/contracts';
import { jsonInMeta } from './meta';
import { REMOTE_MOUNTS } from './mounts';
import { nextTask } from './tasks';

// A page's first date, amount or country name makes the browser load its formatting data (20–100 ms of main
// thread). That data is shared with the page's workers, so a worker (`public/intl-warmup.js`) readies it in the
// page's language while the code below downloads and starts; it closes when done.
try {
  new Worker('/intl-warmup.js').postMessage(document.documentElement.lang);
} catch {
  // No workers here: the page's first date or amount loads the data itself.
}

/**
 * How many start files are asked for per task: each request the page starts costs its main thread about a millisecond,
 * four on a phone, so twelve at once would make one long task.
 */
const PRELOADS_PER_TASK = 4;

/**
 * Asks for the shell's start files (the page names them, see BOOT_SCRIPTS_META_NAME), a few per task: the imports
 * below then find them downloading instead of discovering them one after another. Asked now, once the page has
 * painted from its HTML and stylesheets, which on a slow connection get it to themselves until then.
 */
async function preloadBootScripts() {
  const scripts = jsonInMeta(BOOT_SCRIPTS_META_NAME);
  if (!Array.isArray(scripts)) return;
  const sources = scripts.filter(
    (src): src is string => typeof src === 'string' && src.startsWith('/'),
  );
  for (let i = 0; i < sources.length; i += PRELOADS_PER_TASK) {
    if (i > 0) await nextTask();
    for (const src of sources.slice(i, i + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = src;
      document.head.appendChild(link);
    }
  }
}

/**
 * The Module Federation runtime, which only a page drawn by an area needs (the shell's own pages never load it). Such
 * a page asks for it as it starts, alongside the start files, so loading the area does not wait for it; what the
 * shell adds to it (src/federation) is small and comes with the area.
 */
function preloadFederationRuntime() {
  if (!Object.hasOwn(REMOTE_MOUNTS, window.location.pathname.split('/')[1] ?? '')) return;
  // A failure here is met again, and handled, when the area loads.
  void import(
    /* webpackChunkName: "federation-runtime" */ '@module-federation/enhanced/runtime'
  ).catch(() => undefined);
}

// The start files are asked for, then React's DOM renderer, the shared state and router code, and the app are each
// evaluated in a task of their own (see nextTask).
void nextTask()
  .then(preloadBootScripts)
  .then(preloadFederationRuntime)
  .then(nextTask)
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('@waypoint/platform'))
  .then(nextTask)
  .then(() => import('./bootstrap'));
