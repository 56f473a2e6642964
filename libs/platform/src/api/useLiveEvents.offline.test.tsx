import { act, render } from '@testing-library/react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { createAppStore } from '../store';
import { authSlice } from '../auth/authSlice';
import { api } from './api';
import { useLiveEvents, type LiveEventsOptions } from './useLiveEvents';

// The events' schema downloads on the first event; here the first download fails (the network dropped).
let downloads = 0;
jest.mock('./liveEventSchema', () => {
  downloads += 1;
  if (downloads === 1) throw new Error('The network dropped');
  return jest.requireActual('./liveEventSchema');
});

class FakeEventSource {
  static readonly CLOSED = 2;
  static latest: FakeEventSource | null = null;
  readyState = 1;
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeEventSource.latest = this;
  }
  close() {}
}

function Page(props: LiveEventsOptions) {
  useLiveEvents(props);
  return null;
}

async function emit(data: unknown) {
  await act(async () => {
    FakeEventSource.latest?.onmessage?.(
      new MessageEvent('message', { data: JSON.stringify(data) }),
    );
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  });
}

beforeEach(() => {
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});
afterEach(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

it('refetches what the page shows when an event cannot be read for lack of its schema, and reads the next one', async () => {
  const store = createAppStore({ storage: null });
  store.dispatch(authSlice.actions.setAuthenticated(true));
  const invalidated: unknown[][] = [];
  const dispatch = store.dispatch;
  jest.spyOn(store, 'dispatch').mockImplementation(((action: UnknownAction) => {
    if (api.util.invalidateTags.match(action)) invalidated.push([...action.payload]);
    return dispatch(action);
  }) as typeof store.dispatch);
  const onEvent = jest.fn();
  const application = '3f1e2d3c-0000-4000-8000-000000000001';
  render(
    <Provider store={store}>
      <Page applicationId={application} onEvent={onEvent} />
    </Provider>,
  );

  await emit({ type: 'status', applicationId: application, status: 'APPROVED' });
  // Unread, the event still brings My orders and the application up to date.
  expect(invalidated).toEqual([['Order', { type: 'Application', id: application }]]);
  expect(onEvent).not.toHaveBeenCalled();

  await emit({ type: 'resync' });
  expect(downloads).toBe(2);
  expect(onEvent).toHaveBeenCalledWith({ type: 'resync' });
  expect(invalidated[1]).toEqual(['Order', 'Application']);
});
