import { act } from '@testing-library/react';
import { FakeEventSource, emit, latest, renderPage, settle } from './liveEventsTestKit';
import { POLL_INTERVAL_MS } from './useLiveEvents';

const APPLICATION = '3f1e2d3c-0000-4000-8000-000000000001';

beforeEach(() => {
  FakeEventSource.instances = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

describe('useLiveEvents', () => {
  it('opens nothing for a visitor who is not signed in', () => {
    renderPage({}, false);
    expect(FakeEventSource.instances).toHaveLength(0);
    act(() => jest.advanceTimersByTime(POLL_INTERVAL_MS * 2));
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('refetches My orders and the application when its status changes, and the application for a document', async () => {
    const onEvent = jest.fn();
    const { invalidated } = renderPage({ onEvent });
    expect(latest().url).toBe('/api/events');
    expect(latest().init).toEqual({ withCredentials: true });
    act(() => latest().open());

    await emit({ type: 'status', applicationId: APPLICATION, status: 'UNDER_REVIEW' });
    expect(invalidated).toEqual([['Order', { type: 'Application', id: APPLICATION }]]);
    expect(onEvent).toHaveBeenCalledWith({
      type: 'status',
      applicationId: APPLICATION,
      status: 'UNDER_REVIEW',
    });

    await emit({
      type: 'document',
      applicationId: APPLICATION,
      travelerId: 't1',
      kind: 'photo',
      status: 'ACCEPTED',
    });
    expect(invalidated[1]).toEqual([{ type: 'Application', id: APPLICATION }]);

    // Something that is not an event of the contract changes nothing.
    await emit({ type: 'status', applicationId: APPLICATION, status: 'LOST' });
    act(() => latest().onmessage?.(new MessageEvent('message', { data: 'not json' })));
    expect(invalidated).toHaveLength(2);
    expect(onEvent).toHaveBeenCalledTimes(2);
  });

  it('polls while the stream is refused, opens it again later and stops polling once it is open', () => {
    const { invalidated } = renderPage({ applicationId: APPLICATION });
    const first = latest();
    act(() => first.fail(true));
    expect(first.closed).toBe(true);

    act(() => jest.advanceTimersByTime(2_000));
    // Opened again after the first wait.
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => latest().fail(true));
    act(() => jest.advanceTimersByTime(POLL_INTERVAL_MS));
    expect(invalidated).toContainEqual(['Order', { type: 'Application', id: APPLICATION }]);
    // The next wait is longer: 4 s after the second failure, already past.
    expect(FakeEventSource.instances).toHaveLength(3);

    const polls = invalidated.length;
    act(() => latest().open());
    // What changed meanwhile is fetched once, then the stream takes over: no more polling.
    expect(invalidated).toHaveLength(polls + 1);
    act(() => jest.advanceTimersByTime(POLL_INTERVAL_MS * 3));
    expect(invalidated).toHaveLength(polls + 1);
  });

  it('polls meanwhile when a connection drops, leaving the browser to reconnect it', () => {
    const { invalidated } = renderPage();
    act(() => latest().open());
    act(() => latest().fail(false));
    act(() => jest.advanceTimersByTime(POLL_INTERVAL_MS));
    expect(invalidated).toEqual([['Order']]);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('polls when the browser has no EventSource', () => {
    delete (globalThis as { EventSource?: unknown }).EventSource;
    const { invalidated } = renderPage();
    act(() => jest.advanceTimersByTime(POLL_INTERVAL_MS * 2));
    expect(invalidated).toEqual([['Order'], ['Order']]);
  });

  it('closes the stream and stops polling when the page goes away', () => {
    const { unmount, invalidated } = renderPage();
    const source = latest();
    act(() => source.fail(false));
    unmount();
    expect(source.closed).toBe(true);
    act(() => jest.advanceTimersByTime(POLL_INTERVAL_MS * 2));
    expect(invalidated).toEqual([]);
  });

  it('refetches everything when the server says events may have been missed', async () => {
    const { invalidated } = renderPage();
    act(() => latest().open());
    await emit({ type: 'resync' });
    expect(invalidated).toEqual([['Order', 'Application']]);
  });

  it('reads events in the order they came, even when they come together', async () => {
    const onEvent = jest.fn();
    renderPage({ onEvent });
    act(() => latest().open());
    await act(async () => {
      latest().emit({ type: 'status', applicationId: APPLICATION, status: 'UNDER_REVIEW' });
      latest().emit({ type: 'resync' });
      latest().emit({ type: 'status', applicationId: APPLICATION, status: 'APPROVED' });
      await settle();
    });
    expect(
      onEvent.mock.calls.map(([event]) => (event as { status?: string }).status ?? 'resync'),
    ).toEqual(['UNDER_REVIEW', 'resync', 'APPROVED']);
  });

  it('ignores events that arrive after the page has gone', async () => {
    const onEvent = jest.fn();
    const { unmount, invalidated } = renderPage({ onEvent });
    const source = latest();
    act(() => source.open());
    await act(async () => {
      source.emit({ type: 'resync' });
      unmount();
      await settle();
    });
    expect(invalidated).toEqual([]);
    expect(onEvent).not.toHaveBeenCalled();
  });
});
