/** The JSON the server wrote into the page's `<meta name>` element, parsed; null when there is none or it is not JSON. */
export function jsonInMeta(name: string): unknown {
  const content = document.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
  if (!content) return null;
  try {
    return JSON.parse(content) as unknown;
  } catch {
    return null;
  }
}
