/** Stylesheets are bundled by webpack (mini-css-extract-plugin) and mapped to a stub in tests. */
declare module '*.css';
