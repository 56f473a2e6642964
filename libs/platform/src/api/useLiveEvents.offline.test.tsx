import { FakeEventSource, emit, renderPage } from './liveEventsTestKit';

// The events' schema downloads on the first event; here the first download fails (the network dropped).
let downloads = 0;
jest.mock('./liveEventSchema', () => {
  downloads += 1;
  if (downloads === 1) throw new Error('The network dropped');
  return jest.requireActual('./liveEventSchema');
});

beforeEach(() => {
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});
afterEach(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

it('refetches what the page shows when an event cannot be read for lack of its schema, and reads the next one', async () => {
  const application = '3f1e2d3c-0000-4000-8000-000000000001';
  const onEvent = jest.fn();
  const { invalidated } = renderPage({ applicationId: application, onEvent });

  await emit({ type: 'status', applicationId: application, status: 'APPROVED' });
  // Unread, the event still brings My orders and the application up to date.
  expect(invalidated).toEqual([['Order', { type: 'Application', id: application }]]);
  expect(onEvent).not.toHaveBeenCalled();

  await emit({ type: 'resync' });
  expect(downloads).toBe(2);
  expect(onEvent).toHaveBeenCalledWith({ type: 'resync' });
  expect(invalidated[1]).toEqual(['Order', 'Application']);
});
