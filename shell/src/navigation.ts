/** Loads `url` as a new document in place of this one: the server sends it afresh, headers and all. */
export function replaceDocument(url: string): void {
  window.location.replace(url);
}
