/**
 * Jest setup of the front ends' tests: the msw server answers every request of a test file (see api-server.ts).
 * A request no handler answers fails the test's call and is reported.
 */
import { server } from './api-server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
