import {
  type ApiMessageKey,
  ErrorCode,
  normalisePassportNumber,
  SUBMIT_DECLARATION,
  type ApplicationDetail,
  type ChangeSection,
  messageList,
  missingItemRefs,
  type GeneralInfoBody,
  type PassportDetails,
  type SubmitBody,
  type TravelerFormSection,
  type TravelerFormSlug,
} from '@waypoint/contracts';
import type { z } from 'zod';
import type { ApplicationRow, TravelerRow, TravelerValues, UserRow } from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors';
import { isStaff } from '../../lib/roles';
import { actorOf, recordAudit } from '../audit/audit.repo';
import * as repo from './applications.repo';
import { applicationDetail } from './application-detail.service';
import { onLockedOrder } from './order-lock.service';
import { changeStatus } from './status.service';
import {
  assertChangeAllowed,
  assertChangesMade,
  closeChangeRequest,
  markChanged,
} from './casework.service';
import type { Tx } from '../../db/client';

/** What a verb on one application receives: the application (its ownership checked) and who is acting. */
export interface ApplicationVerb<Input> {
  ctx: ServiceContext;
  input: Input;
  application: ApplicationRow;
  user: UserRow;
  caller: Caller;
}

/**
 * The application when the user owns it or is staff. Anyone else gets the same 404 as for an unknown id, and
 * the attempt is logged and audited.
 */
export async function openOwnedApplication({
  ctx,
  input,
  user,
  caller,
}: {
  ctx: ServiceContext;
  input: { id: string };
  user: UserRow;
  caller: Caller;
}): Promise<ApplicationRow> {
  const row = await repo.findApplication(ctx.db, input.id);
  if (row && (row.userId === user.id || isStaff(user.role))) return row;
  if (row) {
    ctx.log.warn(
      { applicationId: row.id, userId: user.id },
      "refused access to another account's application",
    );
    await recordAudit(ctx.db, {
      action: 'application.access_denied',
      actor: actorOf(user, caller),
      entityId: row.id,
      applicationId: row.id,
    });
  }
  throw notFound('application.notFound');
}

/**
 * Answers can change while the order is paid and not yet submitted, or while staff ask for changes (then only what
 * they flagged: `assertChangeAllowed`); staff may always correct them, unless the order was refunded in full. The
 * routes ask early; the verbs that write ask again on the order once they hold its lock.
 */
export function assertEditable(application: ApplicationRow, user: UserRow) {
  if (application.status === 'DRAFT') throw conflict('postPayment.notPaid');
  // Refunded in full, the order is closed, for staff too.
  if (application.status === 'REFUNDED') throw conflict('postPayment.refunded');
  if (!TRAVELLER_EDITS.has(application.status) && !isStaff(user.role))
    throw conflict('postPayment.readOnly');
}

/** The statuses in which the traveller changes the order's answers and documents. */
const TRAVELLER_EDITS: ReadonlySet<ApplicationRow['status']> = new Set([
  'IN_PROGRESS',
  'CHANGES_REQUESTED',
]);

/**
 * The checks of a traveller's change under the order's lock, then the change and its mark on a flagged part:
 * editable, and flagged while changes are requested.
 */
export async function changeUnderLock<T>(
  tx: Tx,
  order: ApplicationRow,
  user: UserRow,
  target: { travelerId: string | null; section: ChangeSection },
  write: () => Promise<T>,
): Promise<T> {
  assertEditable(order, user);
  await assertChangeAllowed(tx, order, user, target);
  const result = await write();
  await markChanged(tx, order, target);
  return result;
}

/** A traveller of the application (404 for anyone else's). */
export async function loadTraveler({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { application: ApplicationRow; travelerId: string };
}): Promise<TravelerRow> {
  const row = await repo.findTraveler(ctx.db, input.application.id, input.travelerId);
  if (!row) throw notFound('postPayment.unknownTraveler');
  return row;
}

/** Rejects country codes that are not in the reference list, naming the field. */
async function assertCountries(
  ctx: ServiceContext,
  fields: Record<string, string>,
  message: ApiMessageKey,
) {
  const known = await repo.knownCountries(ctx.db, Object.values(fields));
  const bad = Object.entries(fields).filter(([, code]) => !known.has(code));
  if (bad.length) {
    throw validationFailed(message, Object.fromEntries(bad.map(([field]) => [field, message])));
  }
}

/** The lead contact of the order: phone and notification preference. */
export async function saveGeneralInfo({
  ctx,
  input,
  application,
  user,
}: ApplicationVerb<z.output<typeof GeneralInfoBody>>): Promise<ApplicationDetail> {
  const updated = await onLockedOrder(ctx, application.id, (order, tx) =>
    changeUnderLock(tx, order, user, { travelerId: null, section: 'general-info' }, () =>
      repo.saveGeneralInfo(tx, order.id, {
        phoneCountryCode: input.countryCode,
        phoneNumber: input.phoneNumber,
        notificationPreference: input.notificationPreference,
      }),
    ),
  );
  return applicationDetail({ ctx, input: { application: updated } });
}

/**
 * The values that store a traveller's passport details (given after payment by one who chose "add later", or
 * corrected): the number normalised and encrypted, and "add later" cleared.
 */
function passportDetailsValues(ctx: ServiceContext, details: PassportDetails): TravelerValues {
  return {
    passportNationality: details.nationality,
    passportNumberEncrypted: ctx.encryption.encrypt(normalisePassportNumber(details.number)),
    passportExpirationDate: details.expirationDate,
    hasSecondNationality: details.hasSecondNationality,
    passportAddLater: false,
  };
}

/** A 400 naming each passport field still to give, for a traveller who chose to add the details later. */
function passportDetailsMissing(): AppError {
  return validationFailed('postPayment.passportDetailsRequired', {
    'passport.number': 'wizard.passportNumberRequired',
    'passport.expirationDate': 'wizard.passportExpiryRequired',
    'passport.hasSecondNationality': 'wizard.secondNationalityRequired',
  });
}

/** A traveller's form section of the post-payment answers, with the body its page sends. */
export type TravelerSectionInput = {
  [S in TravelerFormSection as S['slug']]: { section: S['slug']; answers: z.output<S['body']> };
}[TravelerFormSlug];

type SectionStorage = { values: TravelerValues; completed: repo.SectionCompletedAt };

/**
 * The columns each traveller form section of the journey is stored in, once its answers have been checked: one
 * entry per section, so a section added to the journey cannot be saved until its storage is declared here.
 */
const TRAVELER_SECTION_STORAGE: {
  [S in TravelerFormSlug]: (
    ctx: ServiceContext,
    answers: Extract<TravelerSectionInput, { section: S }>['answers'],
    traveler: TravelerRow,
  ) => Promise<SectionStorage>;
} = {
  'personal-information': async (ctx, b) => {
    await assertCountries(
      ctx,
      { countryOfBirth: b.countryOfBirth, residentCountry: b.residentCountry },
      'validation.countryFromList',
    );
    return {
      completed: 'personalCompletedAt',
      values: {
        countryOfBirth: b.countryOfBirth,
        residentCountry: b.residentCountry,
        gender: b.gender,
        residenceAddress: b.residenceAddress,
        cityTown: b.cityTown,
      },
    };
  },
  'passport-information': async (ctx, b, traveler) => {
    // A traveller who chose "add later" in the wizard gives the passport's details here.
    if (!b.passport && traveler.passportAddLater) throw passportDetailsMissing();
    await assertCountries(
      ctx,
      { issuingCountry: b.issuingCountry },
      'postPayment.issuingCountryRequired',
    );
    if (b.passport)
      await assertCountries(
        ctx,
        { 'passport.nationality': b.passport.nationality },
        'wizard.nationalityRequired',
      );
    return {
      completed: 'passportInfoCompletedAt',
      values: {
        passportIssuingCountry: b.issuingCountry,
        ...(b.passport ? passportDetailsValues(ctx, b.passport) : {}),
      },
    };
  },
  work: async (_ctx, b) => ({
    completed: 'workCompletedAt',
    values: { currentlyWorking: b.currentlyWorking, jobTitle: b.jobTitle || null },
  }),
  declaration: async (_ctx, b) => ({
    completed: 'declarationCompletedAt',
    values: {
      hasConvictions: b.hasConvictions,
      convictionDetails: b.hasConvictions ? b.convictionDetails : null,
      hasTerroristActivities: b.hasTerroristActivities,
    },
  }),
};

/** The columns a section's answers are stored in, once the answers have been checked. */
function sectionValues(
  ctx: ServiceContext,
  input: TravelerSectionInput,
  traveler: TravelerRow,
): Promise<SectionStorage> {
  const store = TRAVELER_SECTION_STORAGE[input.section] as (
    ctx: ServiceContext,
    answers: TravelerSectionInput['answers'],
    traveler: TravelerRow,
  ) => Promise<SectionStorage>;
  return store(ctx, input.answers, traveler);
}

/** Saves one section of a traveller's answers (checked against the reference lists) and marks it completed. */
export async function saveTravelerSection({
  ctx,
  input,
  application,
  user,
}: ApplicationVerb<TravelerSectionInput>): Promise<ApplicationDetail> {
  const traveler = await loadTraveler({
    ctx,
    input: { application, travelerId: input.answers.travelerId },
  });
  const { values, completed } = await sectionValues(ctx, input, traveler);
  const fresh = await onLockedOrder(ctx, application.id, async (order, tx) => {
    await changeUnderLock(
      tx,
      order,
      user,
      { travelerId: traveler.id, section: input.section },
      () => repo.saveTravelerAnswers(tx, traveler.id, values, completed),
    );
    return order;
  });
  return applicationDetail({ ctx, input: { application: fresh } });
}

/**
 * Submits a complete application whose declaration the traveller has confirmed (IN_PROGRESS → SUBMITTED), or
 * resubmits one once every change staff asked for is made (CHANGES_REQUESTED → SUBMITTED).
 */
export async function submitApplication({
  ctx,
  input,
  application,
  user,
  caller,
}: ApplicationVerb<SubmitBody>): Promise<ApplicationDetail> {
  if (input.declarationConfirmed !== true)
    throw validationFailed('postPayment.declarationRequired', {
      declarationConfirmed: 'postPayment.declarationRequired',
    });
  const updated = await onLockedOrder(ctx, application.id, async (order, tx, inTx) => {
    // On the order as it is once locked: a refund, or a second submit, that came first is seen.
    if (order.status === 'REFUNDED') throw conflict('postPayment.refunded');
    if (!TRAVELLER_EDITS.has(order.status))
      throw conflict(order.status === 'DRAFT' ? 'postPayment.notPaid' : 'postPayment.readOnly');
    const detail = await applicationDetail({ ctx: inTx, input: { application: order } });
    if (order.status === 'CHANGES_REQUESTED') {
      assertChangesMade(detail);
      await closeChangeRequest(tx, order);
    }
    const missing = missingItemRefs(detail);
    if (missing.length) {
      // The list as catalog messages, so a front end names each item in the reader's language.
      const list = messageList(missing);
      throw new AppError(
        ErrorCode.INCOMPLETE,
        { key: 'application.incomplete', params: { missingKeys: list } },
        {
          fieldErrors: {
            missing: { key: 'application.incompleteItems', params: { itemKeys: list } },
          },
        },
      );
    }
    return changeStatus({
      ctx,
      tx,
      input: {
        application: order,
        actor: actorOf(user, caller),
        // The declaration the traveller confirmed on "Check your answers", word for word.
        change: {
          to: 'SUBMITTED',
          declaration: { confirmed: input.declarationConfirmed, text: SUBMIT_DECLARATION },
        },
      },
    });
  });
  return applicationDetail({ ctx, input: { application: updated } });
}
