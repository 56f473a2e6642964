/**
 * A module loaded the first time it is needed rather than when the server starts: for the large libraries only
 * some configurations or rare requests use (the S3 client, Stripe, PDF drawing, passport reading). Each costs about
 * 50–130 ms to load, paid by every process start and every test file that never calls it. A load that fails is
 * tried again on the next call.
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
}
