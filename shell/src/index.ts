// The portal's styles load with the page itself (a <link> in <head>), so HTML prerendered at build time paints
// styled before any script runs.
import '@waypoint/ui/src/styles.css';

// Module Federation negotiates shared packages before the app starts, so the app lives behind this import.
import('./bootstrap');
