import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { envelopeBaseQuery } from './baseQuery';
import { isApiError, isNetworkError, requestEnvelope, type ApiError } from './envelope';
import { jsonResponse, answerRequests } from '../test-utils';

const testApi = createApi({
  reducerPath: 'testApi',
  baseQuery: envelopeBaseQuery,
  endpoints: (build) => ({
    thing: build.query<{ name: string }, void>({ query: () => '/thing' }),
    rename: build.mutation<{ name: string }, void>({
      query: () => ({ url: '/thing', method: 'PUT', body: { name: 'Ada' } }),
    }),
    saveDraft: build.mutation<{ saved: boolean }, void>({
      query: () => ({ url: '/drafts', method: 'POST', body: {} }),
      extraOptions: { saves: true },
    }),
    signIn: build.mutation<{ user: string }, void>({
      query: () => ({ url: '/sign-in', method: 'POST', body: {} }),
    }),
  }),
});

function newStore() {
  return configureStore({
    reducer: { [testApi.reducerPath]: testApi.reducer },
    middleware: (getDefault) => getDefault().concat(testApi.middleware),
  });
}

type Outcome = { data?: unknown; error?: ApiError };

/** Through RTK Query, as every endpoint of the API slice calls. */
async function throughRtkQuery(): Promise<Outcome> {
  const store = newStore();
  const result = await store.dispatch(
    testApi.endpoints.thing.initiate(undefined, { forceRefetch: true }),
  );
  return { data: result.data, error: result.error as ApiError | undefined };
}

/** Through plain fetch, as the auth thunks and the home page call. */
async function throughPlainFetch(): Promise<Outcome> {
  try {
    return { data: await requestEnvelope({ url: '/thing' }, { dispatch: jest.fn() }) };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { error };
  }
}

describe.each([
  ['envelopeBaseQuery (RTK Query)', throughRtkQuery],
  ['requestEnvelope (plain fetch)', throughPlainFetch],
])('%s reads the envelope by the same rules', (_name, runQuery) => {
  it('resolves with the data of a successful envelope, with cookies included', async () => {
    const requests = answerRequests(jsonResponse({ success: true, data: { name: 'Ada' } }));
    const result = await runQuery();
    expect(result.data).toEqual({ name: 'Ada' });
    expect(requests).toHaveLength(1);
    const request = requests[0] as Request;
    expect(request.url).toMatch(/\/api\/thing$/);
    expect(request.credentials).toBe('include');
  });

  it("raises the server's error text for a non-ok reply", async () => {
    answerRequests(
      jsonResponse(
        {
          success: false,
          error: 'Email is already registered',
          code: 'CONFLICT',
          fieldErrors: { email: 'Email is already registered' },
          requestId: 'r1',
        },
        409,
      ),
    );
    const result = await runQuery();
    expect(result.error).toEqual<ApiError>({
      status: 409,
      message: 'Email is already registered',
      code: 'CONFLICT',
      fieldErrors: { email: 'Email is already registered' },
    });
  });

  it("keeps the catalog keys of the reply's text and field errors, for the reader's language", async () => {
    answerRequests(
      jsonResponse(
        {
          success: false,
          error: 'Please use at most 100 characters',
          code: 'VALIDATION_FAILED',
          messageKey: 'validation.atMostCharacters',
          messageParams: { max: 100 },
          fieldErrors: { lastName: 'Please use at most 100 characters' },
          fieldErrorKeys: {
            lastName: { key: 'validation.atMostCharacters', params: { max: 100 } },
          },
          requestId: 'r2',
        },
        400,
      ),
    );
    expect((await runQuery()).error).toEqual<ApiError>({
      status: 400,
      message: 'Please use at most 100 characters',
      code: 'VALIDATION_FAILED',
      messageKey: 'validation.atMostCharacters',
      messageParams: { max: 100 },
      fieldErrors: { lastName: 'Please use at most 100 characters' },
      fieldErrorKeys: { lastName: { key: 'validation.atMostCharacters', params: { max: 100 } } },
    });
  });

  it('keeps no key for a text the server did not send (the fallback)', async () => {
    answerRequests(jsonResponse({ success: false, messageKey: 'error.unknown' }, 500));
    const { error } = await runQuery();
    expect(error).toMatchObject({ status: 500, message: 'Request failed' });
    expect(error?.messageKey).toBeUndefined();
  });

  it("falls back to 'Request failed' when a non-ok reply has no error text", async () => {
    answerRequests(jsonResponse({ success: false }, 500));
    expect((await runQuery()).error).toMatchObject({ status: 500, message: 'Request failed' });

    answerRequests(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect((await runQuery()).error).toMatchObject({ status: 502, message: 'Request failed' });
  });

  it('leaves the text empty for an ok reply reporting a failure without text, for the caller to fill', async () => {
    answerRequests(jsonResponse({ success: false }));
    expect((await runQuery()).error).toEqual({ status: 200, message: '' });
  });

  it('says Waypoint could not be reached when no reply came at all', async () => {
    answerRequests(new TypeError('Failed to fetch'));
    const { error } = await runQuery();
    expect(error).toEqual<ApiError>({
      status: 0,
      code: 'NETWORK',
      message: 'We could not reach Waypoint. Check your connection and try again.',
      messageKey: 'error.network',
    });
    expect(isNetworkError(error)).toBe(true);
  });

  it("turns an unreadable or malformed successful reply into 'Unknown error'", async () => {
    answerRequests(new Response('not json', { status: 200 }));
    expect((await runQuery()).error).toMatchObject({ message: 'Unknown error' });

    answerRequests(jsonResponse({ hello: 'world' }));
    expect((await runQuery()).error).toMatchObject({ message: 'Unknown error' });
  });
});

describe('a change that got no reply', () => {
  const unsaved =
    'We could not reach Waypoint. Your changes are not saved. Check your connection and try again.';

  it('is said not to be saved: a PUT or PATCH, or a call that says it saves', async () => {
    answerRequests(new TypeError('Failed to fetch'));
    await expect(
      requestEnvelope({ url: '/auth/profile', method: 'PUT', body: {} }, { dispatch: jest.fn() }),
    ).rejects.toEqual({
      status: 0,
      code: 'NETWORK',
      message: unsaved,
      messageKey: 'error.networkUnsaved',
    });
    answerRequests(new TypeError('Failed to fetch'));
    await expect(
      requestEnvelope({ url: '/x', method: 'POST', saves: true }, { dispatch: jest.fn() }),
    ).rejects.toMatchObject({ message: unsaved });

    const store = newStore();
    answerRequests(new TypeError('Failed to fetch'));
    const renamed = await store.dispatch(testApi.endpoints.rename.initiate());
    expect(renamed.error).toMatchObject({ code: 'NETWORK', message: unsaved });
    answerRequests(new TypeError('Failed to fetch'));
    const saved = await store.dispatch(testApi.endpoints.saveDraft.initiate());
    expect(saved.error).toMatchObject({ code: 'NETWORK', message: unsaved });
  });

  it('is only said to have failed when it saves nothing (signing in)', async () => {
    const store = newStore();
    answerRequests(new TypeError('Failed to fetch'));
    const result = await store.dispatch(testApi.endpoints.signIn.initiate());
    expect(result.error).toMatchObject({
      code: 'NETWORK',
      message: 'We could not reach Waypoint. Check your connection and try again.',
    });
  });
});
