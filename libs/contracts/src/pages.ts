import type { DraftSummary, MyApplicationsResponse } from './orders';
import type { CountriesResponse, ProcessingOptionsResponse, VisaTypesResponse } from './reference';

/**
 * The `<meta name>` of the element in every page that holds the remotes' addresses (the same JSON as
 * `/remotes.json`): the server writes it, the shell reads it, and so saves a round trip before the first remote.
 */
export const REMOTES_META_NAME = 'waypoint-remotes';

/**
 * The `<meta name>` of the element in every page that lists the shell's start files (JSON, an array of paths): the
 * server writes it from the shell's build, and the shell's entry asks for them all at once as it starts, rather than
 * one import after another. Not `<link rel="preload">` in the page: those compete with the page's stylesheets for a
 * slow connection before its first paint, which needs none of them.
 */
export const BOOT_SCRIPTS_META_NAME = 'waypoint-boot-scripts';

/**
 * The `<meta name>` of the element in every page that holds the support address travellers write to (JSON, a
 * string): the API's `SUPPORT_EMAIL`, which its e-mails and invoices also give. Pages are prerendered with
 * {@link DEFAULT_SUPPORT_EMAIL}; the server writes the configured address in its place and in this element, which
 * the browser reads, so the page hydrates with the address it was sent with.
 */
export const SUPPORT_META_NAME = 'waypoint-support';

/** The support address of a portal run on its defaults (development); production sets its own. */
export const DEFAULT_SUPPORT_EMAIL = 'support@waypoint.localhost';

/**
 * The `id` of the JSON element (`<script type="application/json">`, data the browser never runs) in which a page
 * rendered for its signed-in user carries them, as the profile reply describes them: a staff page sent to a member
 * of staff, or My orders sent to its traveller. The server writes it only for that session; the shell starts from
 * it, so the page's HTML hydrates without first asking who is signed in.
 */
export const SIGNED_IN_USER_ID = 'waypoint-signed-in';

/**
 * The `id` of the JSON element in which a page rendered on the server carries the data it was rendered with
 * ({@link PageQueries}): My orders for its signed-in user, and the first step of the wizard for everyone, with the
 * reference data it shows. The browser's first render shows the same and hydrates the HTML instead of waiting for
 * the same calls.
 */
export const PAGE_QUERIES_ID = 'waypoint-page-queries';

/**
 * The data a page rendered on the server carries, by the API call of the areas whose reply it is (the account
 * area's `getMyApplications` is `GET /api/applications/my-applications`, `getMyDraft` the `draft` of
 * `GET /api/applications/my-draft`; `getCountries` is `GET /api/reference/countries`, and a call that takes an
 * argument carries it with its reply: `getVisaTypes` the `countryId` of `GET /api/reference/visa-types`,
 * `getProcessingOptions` the visa type of `GET /api/reference/visa-types/:id/options`).
 */
export interface PageQueries {
  getMyApplications?: MyApplicationsResponse;
  getMyDraft?: DraftSummary | null;
  getCountries?: CountriesResponse;
  getVisaTypes?: { countryId: string; reply: VisaTypesResponse };
  getProcessingOptions?: { visaTypeId: string; reply: ProcessingOptionsResponse };
}

/**
 * The router state the account area leaves on its way to the home page after deleting the account, so the home
 * page confirms it (`navigate('/', { state: accountDeletedState })`). Kept here, apart from the zod schemas of
 * personal-data.ts, since the home page's bundle must not carry them.
 */
export const accountDeletedState = { notice: 'account-deleted' } as const;

export function isAccountDeletedState(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { notice?: unknown }).notice === accountDeletedState.notice
  );
}

/**
 * What My orders says once, after the traveller's final submit: the router state the pages after payment leave on
 * their way there (`navigate('/orders', { state: submittedNoticeState(application) })`). My orders reads it, then
 * replaces it (a reload, or going back to the page, does not say it again).
 */
export interface SubmittedNotice {
  notice: 'application-submitted';
  applicationId: string;
  /** The order reference people see (`Order #…`). */
  reference: string;
  /** The processing speed paid for: its code (named in the reader's language), its name and the hours it promises. */
  processingOptionId: string | null;
  processingName: string;
  processingHours: number;
  /**
   * When staff are due to have submitted it to the UK government: the submission plus the speed's hours, as the
   * work queue counts it; null when the submission time is not known.
   */
  dueAt: string | null;
}

const SUBMITTED_NOTICE = 'application-submitted';

/** The router state that makes My orders confirm a submitted application (see {@link SubmittedNotice}). */
export function submittedNoticeState(application: {
  id: string;
  reference: string;
  processingOptionId?: string | undefined;
  processingName: string;
  processingHours: number;
  submittedAt: string | null;
}): SubmittedNotice {
  const submitted = application.submittedAt ? Date.parse(application.submittedAt) : Number.NaN;
  const hours = application.processingHours;
  return {
    notice: SUBMITTED_NOTICE,
    applicationId: application.id,
    reference: application.reference,
    processingOptionId: application.processingOptionId ?? null,
    processingName: application.processingName,
    processingHours: hours,
    dueAt:
      Number.isFinite(submitted) && Number.isInteger(hours) && hours > 0
        ? new Date(submitted + hours * 3_600_000).toISOString()
        : null,
  };
}

/** The submitted application a router state confirms, or null (any other state, or one that cannot be read). */
export function submittedNoticeOf(state: unknown): SubmittedNotice | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = state as Partial<Record<keyof SubmittedNotice, unknown>>;
  if (value.notice !== SUBMITTED_NOTICE) return null;
  if (typeof value.applicationId !== 'string' || typeof value.reference !== 'string') return null;
  const hours = value.processingHours;
  const dueAt =
    typeof value.dueAt === 'string' && Number.isFinite(Date.parse(value.dueAt))
      ? value.dueAt
      : null;
  return {
    notice: SUBMITTED_NOTICE,
    applicationId: value.applicationId,
    reference: value.reference,
    processingOptionId:
      typeof value.processingOptionId === 'string' ? value.processingOptionId : null,
    processingName: typeof value.processingName === 'string' ? value.processingName : '',
    processingHours: typeof hours === 'number' && Number.isInteger(hours) && hours > 0 ? hours : 0,
    dueAt,
  };
}
