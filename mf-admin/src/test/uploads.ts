/** An upload the page sent, as the server would read its form. */
export interface SentUpload {
  url: string;
  method: string;
  /** The form's fields in the order sent (`travelerId` must come before the file). */
  fields: string[];
  travelerId: string | null;
  file: File | null;
}

/**
 * A stand-in XMLHttpRequest for the multipart uploads: each send reports progress, then answers with the next
 * reply (the last repeats). Returns the uploads made. `hold` keeps the answers back until `release()` is called.
 */
export function mockUploads(replies: { status?: number; body: unknown }[], hold = false) {
  const sent: SentUpload[] = [];
  const pending: (() => void)[] = [];
  let index = 0;
  class FakeXhr {
    status = 0;
    responseText = '';
    responseType = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private method = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    send(body: FormData) {
      const file = body.get('file');
      const travelerId = body.get('travelerId');
      sent.push({
        url: this.url,
        method: this.method,
        fields: [...body.keys()],
        travelerId: typeof travelerId === 'string' ? travelerId : null,
        file: file instanceof File ? file : null,
      });
      const reply = replies[Math.min(index, replies.length - 1)] ?? { body: null };
      index += 1;
      this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 } as ProgressEvent);
      const answer = () => {
        this.status = reply.status ?? 200;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      };
      if (hold) pending.push(answer);
      else queueMicrotask(answer);
    }
  }
  const original = globalThis.XMLHttpRequest;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return {
    sent,
    release: () => pending.splice(0).forEach((answer) => answer()),
    restore: () => {
      globalThis.XMLHttpRequest = original;
    },
  };
}
