import { ApiMessages } from './api-messages';
import { z } from 'zod';
import { OrderTimeline } from './timeline';
import { CHOOSE_FROM_LIST, IdParams, INVALID_VALUE, text, Uuid } from './primitives';
import { ApplicationStatus } from './orders';
import { passportDetailsIssues, WizardText } from './wizard';
import { PassportMrz } from './mrz';
import { ChangeRequest, Lodging, Outcome, ProductKind } from './casework';

/** Texts of the post-payment screens (spec sections 2 and 8). */
export const PostPaymentText = {
  phoneRequired: ApiMessages['postPayment.phoneRequired'],
  phoneInvalid: ApiMessages['postPayment.phoneInvalid'],
  phoneCodeRequired: ApiMessages['postPayment.phoneCodeRequired'],
  addressRequired: ApiMessages['postPayment.addressRequired'],
  cityRequired: ApiMessages['postPayment.cityRequired'],
  countryOfBirthRequired: ApiMessages['postPayment.countryOfBirthRequired'],
  residentCountryRequired: ApiMessages['postPayment.residentCountryRequired'],
  issuingCountryRequired: ApiMessages['postPayment.issuingCountryRequired'],
  genderRequired: ApiMessages['postPayment.genderRequired'],
  workRequired: ApiMessages['postPayment.workRequired'],
  jobTitleRequired: ApiMessages['postPayment.jobTitleRequired'],
  convictionsRequired: ApiMessages['postPayment.convictionsRequired'],
  convictionDetailsRequired: ApiMessages['postPayment.convictionDetailsRequired'],
  terrorismRequired: ApiMessages['postPayment.terrorismRequired'],
  passportDetailsRequired: ApiMessages['postPayment.passportDetailsRequired'],
  declarationRequired: ApiMessages['postPayment.declarationRequired'],
  generalInfoFailed: ApiMessages['postPayment.generalInfoFailed'],
  personalInfoFailed: ApiMessages['postPayment.personalInfoFailed'],
  passportInfoFailed: ApiMessages['postPayment.passportInfoFailed'],
  workInfoFailed: ApiMessages['postPayment.workInfoFailed'],
  declarationFailed: ApiMessages['postPayment.declarationFailed'],
  submitFailed: ApiMessages['postPayment.submitFailed'],
  readOnly: ApiMessages['postPayment.readOnly'],
  refunded: ApiMessages['postPayment.refunded'],
  notPaid: ApiMessages['postPayment.notPaid'],
  unknownTraveler: ApiMessages['postPayment.unknownTraveler'],
} as const;

const countryCode = (message: string) =>
  text({ error: message })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, message);

export const TravelerRef = z.object({
  travelerId: z.uuid(ApiMessages['validation.travellerRequired']),
});
export type TravelerRef = z.input<typeof TravelerRef>;

export const PersonalInfoBody = TravelerRef.extend({
  countryOfBirth: countryCode(PostPaymentText.countryOfBirthRequired),
  residentCountry: countryCode(PostPaymentText.residentCountryRequired),
  gender: z.enum(['male', 'female'], { error: PostPaymentText.genderRequired }),
  residenceAddress: text().trim().min(1, PostPaymentText.addressRequired).max(300),
  cityTown: text().trim().min(1, PostPaymentText.cityRequired).max(120),
  email: text().optional(),
});
export type PersonalInfoBody = z.input<typeof PersonalInfoBody>;

/**
 * A passport's details as the wizard's passport step asks for them, checked by the same rules
 * ({@link passportDetailsIssues}), every problem at once.
 */
export const PassportDetails = z
  .object({
    nationality: text().trim().toUpperCase().max(2, WizardText.nationalityRequired).default(''),
    number: text().trim().max(30, WizardText.passportNumberInvalid).default(''),
    expirationDate: text().trim().max(10, WizardText.passportExpiryInvalid).default(''),
    hasSecondNationality: z.boolean(INVALID_VALUE).nullable().default(null),
  })
  .superRefine((p, ctx) => {
    if (!/^[A-Z]{2}$/.test(p.nationality))
      ctx.addIssue({
        code: 'custom',
        path: ['nationality'],
        message: WizardText.nationalityRequired,
      });
    for (const issue of passportDetailsIssues(p))
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
export type PassportDetails = z.infer<typeof PassportDetails>;

/**
 * The passport information section: the issuing country, and the passport's details. The details may be left
 * out only when the traveller gave them in the wizard; a traveller who chose "add later" must send them.
 */
export const PassportInfoBody = TravelerRef.extend({
  issuingCountry: countryCode(PostPaymentText.issuingCountryRequired),
  passport: PassportDetails.optional(),
  email: text().optional(),
});
export type PassportInfoBody = z.input<typeof PassportInfoBody>;

export const WorkInfoBody = TravelerRef.extend({
  currentlyWorking: z.boolean({ error: PostPaymentText.workRequired }),
  jobTitle: text().trim().max(150).default(''),
  email: text().optional(),
}).superRefine((b, ctx) => {
  if (b.currentlyWorking && !b.jobTitle) {
    ctx.addIssue({ code: 'custom', path: ['jobTitle'], message: PostPaymentText.jobTitleRequired });
  }
});
export type WorkInfoBody = z.input<typeof WorkInfoBody>;

export const DeclarationBody = TravelerRef.extend({
  hasConvictions: z.boolean({ error: PostPaymentText.convictionsRequired }),
  convictionDetails: text().trim().max(2000).default(''),
  hasTerroristActivities: z.boolean({ error: PostPaymentText.terrorismRequired }),
  email: text().optional(),
}).check(
  // Checked even while the other question is unanswered, so every problem shows at once.
  z.refine((b) => !(b.hasConvictions === true && !b.convictionDetails), {
    path: ['convictionDetails'],
    message: PostPaymentText.convictionDetailsRequired,
    when: ({ value }) => typeof value === 'object' && value !== null,
  }),
);
export type DeclarationBody = z.input<typeof DeclarationBody>;

export const SectionState = z.enum(['not_started', 'in_progress', 'completed']);
export type SectionState = z.infer<typeof SectionState>;

export const DocumentCheck = z.object({
  id: text(),
  passed: z.boolean(),
  /** Plain-language reason shown when the check failed. */
  message: text(),
});
export type DocumentCheck = z.infer<typeof DocumentCheck>;

export const DocumentSummary = z.object({
  id: text(),
  /** A traveller's passport page or photo, or (for staff comparing) a government decision document. */
  kind: z.enum(['PASSPORT_PAGE', 'PHOTO', 'DECISION']),
  status: z.enum(['PENDING', 'ACCEPTED', 'REJECTED', 'REPLACED']),
  contentType: text(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  checks: z.array(DocumentCheck),
  createdAt: text(),
  /** Served to the owner and admins only. */
  url: text(),
  /** A passport page picture's machine-readable zone; null for photos and PDFs. */
  mrz: PassportMrz.nullable().optional(),
});
export type DocumentSummary = z.infer<typeof DocumentSummary>;

/** A traveller's passport details as the owner gave them (in the wizard or after payment). */
export const TravelerPassport = z.object({
  nationality: text().nullable(),
  number: text().nullable(),
  expirationDate: text().nullable(),
  hasSecondNationality: z.boolean().nullable(),
  /** True while the traveller has still to give the details they chose to add later. */
  addLater: z.boolean(),
});
export type TravelerPassport = z.infer<typeof TravelerPassport>;

export const TravelerDetail = z.object({
  id: text(),
  position: z.number().int(),
  firstName: text(),
  lastName: text(),
  /** Sent by the API; optional only for readers that predate it. */
  dateOfBirth: text().optional(),
  /** The passport from the wizard (the number decrypted for the owner and staff); sent by the API. */
  passport: TravelerPassport.optional(),
  personal: z.object({
    countryOfBirth: text().nullable(),
    residentCountry: text().nullable(),
    gender: z.enum(['male', 'female']).nullable(),
    residenceAddress: text().nullable(),
    cityTown: text().nullable(),
  }),
  passportInfo: z.object({ issuingCountry: text().nullable() }),
  work: z.object({ currentlyWorking: z.boolean().nullable(), jobTitle: text().nullable() }),
  declaration: z.object({
    hasConvictions: z.boolean().nullable(),
    convictionDetails: text().nullable(),
    hasTerroristActivities: z.boolean().nullable(),
  }),
  /** The accepted (or latest) document of each kind. */
  passportPage: DocumentSummary.nullable(),
  photo: DocumentSummary.nullable(),
  sections: z.object({
    passportPage: SectionState,
    photo: SectionState,
    personal: SectionState,
    passportInfo: SectionState,
    work: SectionState,
    declaration: SectionState,
  }),
});
export type TravelerDetail = z.infer<typeof TravelerDetail>;

export const ApplicationDetail = z.object({
  id: text(),
  reference: text(),
  status: ApplicationStatus,
  editable: z.boolean(),
  country: z.object({ id: text(), name: text(), flagEmoji: text() }),
  visaType: z.object({ id: text(), name: text() }),
  arrivalDate: text().nullable(),
  processingName: text(),
  /** The processing option's code, by which a front end names it in its language. */
  processingOptionId: text().optional(),
  processingHours: z.number().int(),
  totalCents: z.number().int(),
  email: text(),
  generalInfo: z.object({
    countryCode: text(),
    phoneNumber: text(),
    notificationPreference: z.enum(['whatsapp', 'sms', 'neither']),
    state: SectionState,
  }),
  travelers: z.array(TravelerDetail),
  submittedAt: text().nullable(),
  decisionReason: text().nullable(),
  /** An ETA or a visa (sent by the API; optional only for readers that predate it). */
  productKind: ProductKind.optional(),
  /** The latest request for changes (null when staff never asked for any). */
  changeRequest: ChangeRequest.nullable().optional(),
  /** Once staff submitted it to the Home Office. */
  lodging: Lodging.nullable().optional(),
  /** The government's outcome, once recorded. */
  outcome: Outcome.nullable().optional(),
  /** Paid, submitted, in review, decided: each with its time once reached. */
  timeline: OrderTimeline,
});
export type ApplicationDetail = z.infer<typeof ApplicationDetail>;

/** The path of every route about one application. */
export const ApplicationIdParams = IdParams;
export type ApplicationIdParams = z.input<typeof ApplicationIdParams>;

/** What the traveller confirms on "Check your answers" before submitting (recorded in the audit log). */
export const SUBMIT_DECLARATION =
  'I confirm that the information in this application is correct and complete to the best of my knowledge. I understand that giving false information may lead to the application being refused.';

/** `POST /api/application/:id/submit`: the declaration must be confirmed. */
export const SubmitBody = z.object({
  declarationConfirmed: z.literal(true, { error: PostPaymentText.declarationRequired }),
  email: text().optional(),
});
export type SubmitBody = z.infer<typeof SubmitBody>;

export const SubmitResponse = z.object({ application: ApplicationDetail });
export type SubmitResponse = z.infer<typeof SubmitResponse>;

/** What is still missing before an application can be submitted, in words. */
export const MissingItems = z.array(text());
export type MissingItems = z.infer<typeof MissingItems>;

export const DocumentKindParam = z.enum(['passport-page', 'photo'], CHOOSE_FROM_LIST);
export type DocumentKindParam = z.input<typeof DocumentKindParam>;
/** `/api/application/:id/travelers/:travelerId/…/:kind` */
export const TravelerDocumentParams = z.object({
  id: Uuid,
  travelerId: Uuid,
  kind: DocumentKindParam,
});
export type TravelerDocumentParams = z.input<typeof TravelerDocumentParams>;
/** `/api/application/:id/documents/:documentId` */
export const DocumentParams = z.object({ id: Uuid, documentId: Uuid });
export type DocumentParams = z.input<typeof DocumentParams>;
/** `/api/uploads/:token`: the signed phone-upload token. */
export const UploadResponse = z.object({ document: DocumentSummary });
export type UploadResponse = z.infer<typeof UploadResponse>;
/**
 * A phone upload link: `{PUBLIC_URL}/upload/{id}`, the id 22 random characters, for one upload. `linkId` names
 * the link to the owner, who can close it (it is not the secret in the URL).
 */
export const UploadLinkResponse = z.object({ linkId: text(), url: text(), expiresAt: text() });
export type UploadLinkResponse = z.infer<typeof UploadLinkResponse>;
/** `/api/application/:id/upload-links/:linkId` */
export const UploadLinkParams = z.object({ id: Uuid, linkId: Uuid });
export type UploadLinkParams = z.input<typeof UploadLinkParams>;
/** `DELETE /api/application/:id/upload-links/:linkId`: 1 when the link was still open and is now revoked. */
export const UploadLinkRevokedResponse = z.object({ revoked: z.number().int() });
export type UploadLinkRevokedResponse = z.infer<typeof UploadLinkRevokedResponse>;
/** A phone upload link's id in a path (22 characters; anything else names no link). */
export const UploadTokenParams = z.object({
  token: text().max(200, ApiMessages['uploadLink.invalid']),
});
export type UploadTokenParams = z.input<typeof UploadTokenParams>;
/** Why a phone upload link cannot be used; the phone's page shows these words, never the server's. */
export const UploadLinkText = {
  invalid: ApiMessages['uploadLink.invalid'],
  expired: ApiMessages['uploadLink.expired'],
  closed: ApiMessages['uploadLink.closed'],
  used: ApiMessages['uploadLink.used'],
  revoked: ApiMessages['uploadLink.revoked'],
  /** Shown by the phone's page when the link could not be checked (no connection, or a fault on our side). */
  unavailable: ApiMessages['uploadLink.unavailable'],
} as const;
/** What the phone's upload page shows about the link it was opened with. */
export const UploadTokenInfo = z.object({
  kind: DocumentKindParam,
  reference: text(),
  travelerName: text(),
  expiresAt: text(),
});
export type UploadTokenInfo = z.infer<typeof UploadTokenInfo>;
