import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Country, PageQueries, ProcessingOption, VisaType } from '@waypoint/contracts';
import { SELECTION_STORAGE_KEY, type AuthUser } from '@waypoint/platform';
import {
  callsTo,
  failure,
  answerApi,
  ok,
  renderRemote,
  type Reply,
  type Routes as SharedRoutes,
} from '../../../libs/platform/test/remote-testing';
import { fromPage, mounts } from '../routes';
import { APPLY_STORAGE_KEY, initialApplyState, type ApplyState } from '../state';

export const countries: Country[] = [
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

export { callsTo, failure, ok, type Reply };

export interface SentRequest {
  method: string;
  path: string;
  query: string;
  contentType: string | null;
  body: unknown;
}

export type Routes = SharedRoutes<SentRequest>;

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

/** Answers the API calls (see answerApi), the reference data included; returns the calls made, in order. */
export function mockApi(routes: Routes): SentRequest[] {
  return answerApi(
    { ...referenceRoutes, ...routes },
    ({ method, path, search, contentType, body }) => ({
      method,
      path,
      query: search,
      contentType,
      body,
    }),
  );
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
  /** The data the page carries when the server rendered it with its reference data (see fromPage). */
  pageQueries?: PageQueries;
}

/** Renders the wizard at `path` the way the shell mounts it: one store, the browser's history. */
export function renderApply(path: string, options: RenderOptions = {}) {
  const { wizard, keepSession, user, selection, pageQueries } = options;
  return renderRemote({ mounts, fromPage }, path, {
    user,
    keepSession,
    pageQueries,
    prepare: () => {
      if (wizard) {
        window.sessionStorage.setItem(
          APPLY_STORAGE_KEY,
          JSON.stringify({ ...initialApplyState, ...wizard }),
        );
      }
      if (selection) window.localStorage.setItem(SELECTION_STORAGE_KEY, JSON.stringify(selection));
    },
  });
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
  // A later step's page is downloaded when first opened (see routes.tsx): allow for the download.
  return screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
}
