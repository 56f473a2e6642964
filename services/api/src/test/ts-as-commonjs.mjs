/** Module hook of `ts-register.cjs`: a TypeScript file imported with `import()` is loaded as CommonJS. */
export async function load(url, context, nextLoad) {
  if (/\.ts(\?|$)/.test(url)) return { format: 'commonjs', shortCircuit: true };
  return nextLoad(url, context);
}
