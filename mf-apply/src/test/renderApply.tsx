import { act, render, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { ProcessingOption, VisaType } from '@waypoint/contracts';
import {
  AUTH_STORAGE_KEY,
  BrowserRouter,
  SELECTION_STORAGE_KEY,
  StandaloneRoutes,
  createAppStore,
  type AuthUser,
} from '@waypoint/platform';
import { mounts } from '../routes';
import { APPLY_STORAGE_KEY, initialApplyState, type ApplyState } from '../state';

export const countries = [
  { id: 'FR', name: 'France', flagEmoji: '🇫🇷', entryRule: 'ETA', ruleNote: null },
  { id: 'GB', name: 'United Kingdom', flagEmoji: '🇬🇧', entryRule: 'NONE', ruleNote: null },
  { id: 'US', name: 'United States', flagEmoji: '🇺🇸', entryRule: 'ETA', ruleNote: null },
];

export const eta: VisaType = {
  id: 'uk-eta',
  name: 'United Kingdom ETA',
  kind: 'ETA',
  badge: 'ETA required',
  validityPeriod: '2 years',
  entryType: 'Multiple entries',
  maxStayDuration: '6 months per visit',
  governmentFeeGbpPence: 2000,
  governmentFeeCents: 2290,
  exchangeRate: { base: 'GBP', quote: 'EUR', rate: '1.1450', date: '2026-01-02' },
};

export const visitor: VisaType = {
  ...eta,
  id: 'uk-visitor',
  name: 'Standard Visitor visa',
  kind: 'VISA',
  badge: 'Visa required',
  governmentFeeGbpPence: 12700,
  governmentFeeCents: 14542,
};

export const options: ProcessingOption[] = [
  {
    id: 'standard',
    visaTypeId: 'uk-eta',
    name: 'Standard',
    description: 'Checked and submitted within 72 hours',
    priceCents: 2900,
    hours: 72,
  },
  {
    id: 'fast',
    visaTypeId: 'uk-eta',
    name: 'Fast',
    description: 'Checked and submitted within 24 hours',
    priceCents: 4900,
    hours: 24,
  },
];

export interface Reply {
  status?: number;
  body: unknown;
}

export function ok(data: unknown): Reply {
  return { body: { success: true, data } };
}

export function failure(status: number, error?: string, extra: object = {}): Reply {
  return {
    status,
    body: {
      success: false,
      code: 'X',
      requestId: 'test',
      ...(error === undefined ? {} : { error }),
      ...extra,
    },
  };
}

export interface SentRequest {
  method: string;
  path: string;
  query: string;
  contentType: string | null;
  body: unknown;
}

type Route = Reply | ((request: SentRequest) => Reply | Promise<Reply>);
export type Routes = Record<string, Route | Route[]>;

/** The reference data every wizard page loads, and no saved application. */
export const referenceRoutes: Routes = {
  'GET /api/reference/countries': ok(countries),
  'GET /api/reference/visa-types': (request) =>
    request.query.includes('countryId=GB')
      ? ok({
          country: countries[1],
          entryRule: 'NONE',
          notice:
            'Citizens of this country do not need an ETA or a visa to visit the United Kingdom.',
          visaTypes: [],
        })
      : ok({ country: countries[2], entryRule: 'ETA', notice: null, visaTypes: [eta, visitor] }),
  'GET /api/reference/visa-types/uk-eta/options': ok(options),
  'GET /api/reference/visa-types/uk-visitor/options': ok(options),
  'GET /api/applications/session-data': ok({ data: null, sessionId: null }),
  'POST /api/applications/save': ok({ sessionId: 's1', savedAt: '2026-01-02T10:00:00Z' }),
};

/**
 * Answers the API calls by 'METHOD /api/path'; a list answers one reply per call (the last one repeats). Unknown
 * paths get a 404 envelope. Returns the calls made, in order.
 */
export function mockApi(routes: Routes): SentRequest[] {
  const all = { ...referenceRoutes, ...routes };
  const sent: SentRequest[] = [];
  const used = new Map<string, number>();
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(String(input));
    const url = new URL(request.url);
    const text = await request.clone().text();
    const call: SentRequest = {
      method: request.method,
      path: url.pathname,
      query: url.search,
      contentType: request.headers.get('content-type'),
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
    sent.push(call);
    const key = `${call.method} ${call.path}`;
    const entry = all[key];
    let route: Route | undefined;
    if (Array.isArray(entry)) {
      const index = used.get(key) ?? 0;
      used.set(key, index + 1);
      route = entry[Math.min(index, entry.length - 1)];
    } else {
      route = entry;
    }
    const reply = typeof route === 'function' ? await route(call) : route;
    const { status = 200, body } = reply ?? failure(404, 'Not found');
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as unknown as typeof fetch;
  return sent;
}

export function callsTo(sent: SentRequest[], key: string): SentRequest[] {
  return sent.filter((call) => `${call.method} ${call.path}` === key);
}

export const traveler1 = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1990-12-10',
  email: 'ada@example.com',
};

export const passport = {
  nationality: 'US',
  number: 'X1234567',
  expirationDate: '2033-05-01',
  hasSecondNationality: false,
  addLater: false,
};

export interface RenderOptions {
  /** The wizard as saved in this tab (sessionStorage). */
  wizard?: Partial<ApplyState>;
  /** Keeps sessionStorage as it is, as a reload does. */
  keepSession?: boolean;
  user?: AuthUser;
  selection?: { countryId: string | null; visaTypeId: string | null };
}

/** Renders the wizard at `path` the way the shell mounts it: one store, the browser's history. */
export async function renderApply(path: string, options: RenderOptions = {}) {
  const { wizard, keepSession = false, user, selection } = options;
  window.localStorage.clear();
  if (!keepSession) window.sessionStorage.clear();
  if (wizard) {
    window.sessionStorage.setItem(
      APPLY_STORAGE_KEY,
      JSON.stringify({ ...initialApplyState, ...wizard }),
    );
  }
  if (user) window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user }));
  if (selection) window.localStorage.setItem(SELECTION_STORAGE_KEY, JSON.stringify(selection));
  const store = createAppStore({ storage: window.localStorage });
  window.history.replaceState(null, '', path);
  const view = await act(async () =>
    render(
      <Provider store={store}>
        <BrowserRouter>
          <StandaloneRoutes module={{ mounts }} />
        </BrowserRouter>
      </Provider>,
    ),
  );
  return { ...view, store };
}

export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Picks a date in a day / month / year DateInput. */
export async function pickDate(user: UserEvent, group: HTMLElement, iso: string) {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  await user.selectOptions(within(group).getByRole('combobox', { name: 'Day' }), String(day));
  await user.selectOptions(within(group).getByRole('combobox', { name: 'Month' }), String(month));
  await user.selectOptions(within(group).getByRole('combobox', { name: 'Year' }), String(year));
}

/** The heading of the page once it has loaded. */
export function findTitle(name: string) {
  return screen.findByRole('heading', { level: 1, name });
}
