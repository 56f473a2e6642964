import { API_BASE, NO_REPLY, readReplyText } from '@waypoint/platform';

/** A file the API sent, held by the page until the browser saves it. */
export interface FetchedFile {
  blob: Blob;
  filename: string;
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header, if it has one. */
export function filenameOf(disposition: string | null): string | null {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? null;
}

/**
 * Downloads a file from the API with the session's cookie. A failed call rejects with the API's error, read like
 * every other call's (`readReplyText`), so the page can tell what it needs (e.g. a recent proof of identity) and
 * show the server's message; no reply at all rejects with `NO_REPLY`.
 */
export async function fetchFile(
  path: string,
  {
    dispatch,
    fallbackName,
  }: { dispatch: Parameters<typeof readReplyText>[2]; fallbackName: string },
): Promise<FetchedFile> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { credentials: 'include' });
  } catch {
    throw NO_REPLY;
  }
  if (response.ok) {
    const blob = await response.blob().catch(() => {
      throw NO_REPLY;
    });
    return {
      blob,
      filename: filenameOf(response.headers.get('content-disposition')) ?? fallbackName,
    };
  }
  const text = await response.text().catch(() => '');
  throw readReplyText(response.status, text, dispatch).error ?? NO_REPLY;
}

/** Hands a file the page holds to the browser, which saves it as a download under its name. */
export function saveFile({ blob, filename }: FetchedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download from the address by now; it is released a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The path under the API's base of an address the API gave for one of its files (`/api/…`), so `fetchFile` can
 * download it; null for an address elsewhere, which the browser opens by itself.
 */
export function apiPathOf(url: string): string | null {
  return url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : null;
}

/** A name to save a file under when the API gives none: `stem` and the extension of its type. */
export function fileNameFor(stem: string, contentType: string): string {
  const extension =
    contentType === 'application/pdf'
      ? '.pdf'
      : contentType === 'image/png'
        ? '.png'
        : contentType === 'image/jpeg'
          ? '.jpg'
          : '';
  return `${stem}${extension}`;
}
