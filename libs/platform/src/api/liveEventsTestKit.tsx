import { act, render } from '@testing-library/react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { createAppStore } from '../store';
import { authSlice } from '../auth/authSlice';
import { api } from './api';
import { useLiveEvents, type LiveEventsOptions } from './useLiveEvents';

/** A stand-in for the browser's EventSource that the test drives. */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }

  emit(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }

  /** The server refused or ended the stream for good (`closed`), or the connection dropped. */
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }

  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
}

export const latest = () => FakeEventSource.instances[FakeEventSource.instances.length - 1]!;

/** Lets the page read what was sent: events are read once the events' schema has downloaded (promises). */
export async function settle() {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

/** Sends `data` down the latest stream and lets the page read it. */
export async function emit(data: unknown) {
  await act(async () => {
    latest().emit(data);
    await settle();
  });
}

function Page(props: LiveEventsOptions) {
  useLiveEvents(props);
  return null;
}

/** Renders a page using the hook, signed in or not; returns the tags it invalidated. */
export function renderPage(props: LiveEventsOptions = {}, signedIn = true) {
  const store = createAppStore({ storage: null });
  if (signedIn) store.dispatch(authSlice.actions.setAuthenticated(true));
  const invalidated: unknown[][] = [];
  const dispatch = store.dispatch;
  jest.spyOn(store, 'dispatch').mockImplementation(((action: UnknownAction) => {
    if (api.util.invalidateTags.match(action)) invalidated.push([...action.payload]);
    return dispatch(action);
  }) as typeof store.dispatch);
  const view = render(
    <Provider store={store}>
      <Page {...props} />
    </Provider>,
  );
  return { ...view, invalidated };
}
