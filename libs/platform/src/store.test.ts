import { answerRequests, jsonResponse } from './test-utils';

/** A fresh copy of the platform, as a page has before any area has loaded the API. */
async function freshPlatform() {
  jest.resetModules();
  const store = await import('./store');
  return { store, loadApi: () => import('./api/api') };
}

describe('the store before and after the API loads', () => {
  it('starts without an API slice: pages that never call the API do not need it', async () => {
    const { store } = await freshPlatform();
    const appStore = store.createAppStore({ storage: null });
    expect(Object.keys(appStore.getState())).toEqual(['auth', 'selection']);
  });

  it('gives a store created earlier the API slice and its middleware once the API loads', async () => {
    const { store, loadApi } = await freshPlatform();
    const appStore = store.createAppStore({ storage: null });

    const { api } = await loadApi();
    expect(appStore.getState().api).toMatchObject({
      queries: {},
      config: { reducerPath: 'api', middlewareRegistered: true },
    });

    answerRequests(jsonResponse({ success: true, data: [{ id: 'de', name: 'Germany' }] }));
    const result = await appStore.dispatch(api.endpoints.getCountries.initiate());
    expect(result.data).toEqual([{ id: 'de', name: 'Germany' }]);
    expect(api.endpoints.getCountries.select()(appStore.getState()).data).toEqual([
      { id: 'de', name: 'Germany' },
    ]);
  });

  it('gives a store created later the API slice from the start', async () => {
    const { store, loadApi } = await freshPlatform();
    await loadApi();
    const appStore = store.createAppStore({ storage: null });
    expect(appStore.getState().api).toMatchObject({ queries: {}, mutations: {} });
  });
});
