/* eslint-disable no-console -- this file filters the console on purpose. */
// Redux Toolkit's development checks warn when they are slow, which on a busy test machine says nothing about
// the code. Only those timing notes are dropped; every other warning still shows.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  const [first] = args;
  if (
    typeof first === 'string' &&
    /^(Immutable|Serializable)StateInvariantMiddleware took \d+ms/.test(first)
  )
    return;
  warn(...args);
};
