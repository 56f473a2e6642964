import { z } from 'zod';
import { ApplicationStatus } from './orders';

/** Texts of the post-payment screens (spec sections 2 and 8). */
export const PostPaymentText = {
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number for the selected country code',
  addressRequired: 'Residence street address is required',
  cityRequired: 'City/town is required',
  countryOfBirthRequired: 'Country of birth is required',
  residentCountryRequired: 'Resident country is required',
  issuingCountryRequired: 'Please choose the country that issued your passport',
  jobTitleRequired: 'Job title is required',
  convictionDetailsRequired: 'Please tell us what you did',
  generalInfoFailed: 'Failed to update general information',
  personalInfoFailed: 'Failed to update personal information',
  passportInfoFailed: 'Failed to update passport information',
  workInfoFailed: 'Failed to update work information',
  declarationFailed: 'Failed to update declaration',
  submitFailed: 'Failed to submit application',
  readOnly: 'This application has been submitted and can no longer be changed.',
  notPaid: 'This application is not paid yet.',
  unknownTraveler: 'No such traveller in this application',
} as const;

const countryCode = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, message);

export const TravelerRef = z.object({ travelerId: z.uuid('Please choose a traveller') });

export const PersonalInfoBody = TravelerRef.extend({
  countryOfBirth: countryCode(PostPaymentText.countryOfBirthRequired),
  residentCountry: countryCode(PostPaymentText.residentCountryRequired),
  gender: z.enum(['male', 'female']),
  residenceAddress: z.string().trim().min(1, PostPaymentText.addressRequired).max(300),
  cityTown: z.string().trim().min(1, PostPaymentText.cityRequired).max(120),
  email: z.string().optional(),
});

export const PassportInfoBody = TravelerRef.extend({
  issuingCountry: countryCode(PostPaymentText.issuingCountryRequired),
  email: z.string().optional(),
});

export const WorkInfoBody = TravelerRef.extend({
  currentlyWorking: z.boolean(),
  jobTitle: z.string().trim().max(150).default(''),
  email: z.string().optional(),
}).superRefine((b, ctx) => {
  if (b.currentlyWorking && !b.jobTitle) {
    ctx.addIssue({ code: 'custom', path: ['jobTitle'], message: PostPaymentText.jobTitleRequired });
  }
});

export const DeclarationBody = TravelerRef.extend({
  hasConvictions: z.boolean(),
  convictionDetails: z.string().trim().max(2000).default(''),
  hasTerroristActivities: z.boolean(),
  email: z.string().optional(),
}).superRefine((b, ctx) => {
  if (b.hasConvictions && !b.convictionDetails) {
    ctx.addIssue({
      code: 'custom',
      path: ['convictionDetails'],
      message: PostPaymentText.convictionDetailsRequired,
    });
  }
});

export const SectionState = z.enum(['not_started', 'in_progress', 'completed']);
export type SectionState = z.infer<typeof SectionState>;

export const DocumentCheck = z.object({
  id: z.string(),
  passed: z.boolean(),
  /** Plain-language reason shown when the check failed. */
  message: z.string(),
});
export type DocumentCheck = z.infer<typeof DocumentCheck>;

export const DocumentSummary = z.object({
  id: z.string(),
  kind: z.enum(['PASSPORT_PAGE', 'PHOTO']),
  status: z.enum(['PENDING', 'ACCEPTED', 'REJECTED', 'REPLACED']),
  contentType: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  checks: z.array(DocumentCheck),
  createdAt: z.string(),
  /** Served to the owner and admins only. */
  url: z.string(),
});
export type DocumentSummary = z.infer<typeof DocumentSummary>;

export const TravelerDetail = z.object({
  id: z.string(),
  position: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  personal: z.object({
    countryOfBirth: z.string().nullable(),
    residentCountry: z.string().nullable(),
    gender: z.enum(['male', 'female']).nullable(),
    residenceAddress: z.string().nullable(),
    cityTown: z.string().nullable(),
  }),
  passportInfo: z.object({ issuingCountry: z.string().nullable() }),
  work: z.object({ currentlyWorking: z.boolean().nullable(), jobTitle: z.string().nullable() }),
  declaration: z.object({
    hasConvictions: z.boolean().nullable(),
    convictionDetails: z.string().nullable(),
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
  id: z.string(),
  reference: z.string(),
  status: ApplicationStatus,
  editable: z.boolean(),
  country: z.object({ id: z.string(), name: z.string(), flagEmoji: z.string() }),
  visaType: z.object({ id: z.string(), name: z.string() }),
  arrivalDate: z.string().nullable(),
  processingName: z.string(),
  processingHours: z.number().int(),
  totalCents: z.number().int(),
  email: z.string(),
  generalInfo: z.object({
    countryCode: z.string(),
    phoneNumber: z.string(),
    notificationPreference: z.enum(['whatsapp', 'sms', 'neither']),
    state: SectionState,
  }),
  travelers: z.array(TravelerDetail),
  submittedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type ApplicationDetail = z.infer<typeof ApplicationDetail>;

export const ApplicationIdParams = z.object({ id: z.string().trim().max(64) });

export const SubmitResponse = z.object({ application: ApplicationDetail });

/** What is still missing before an application can be submitted, in words. */
export const MissingItems = z.array(z.string());

export const DocumentKindParam = z.enum(['passport-page', 'photo']);
export const UploadResponse = z.object({ document: DocumentSummary });
/** A phone upload link: `{PUBLIC_URL}/upload/{id}`, the id 22 random characters, for one upload. */
export const UploadLinkResponse = z.object({ url: z.string(), expiresAt: z.string() });
export const UploadLinkParams = z.object({ token: z.string().max(200) });
/** Why a phone upload link cannot be used; the phone's page shows these words, never the server's. */
export const UploadLinkText = {
  invalid: 'This upload link is not valid. Please scan the code on your computer again.',
  expired: 'This upload link has expired. Please scan the new code on your computer.',
  closed: 'This application can no longer be changed, so this upload link does not work any more.',
  used: 'This upload link has already been used. To upload again, open the upload page on your computer and scan the new code.',
} as const;
/** What the phone's upload page shows about the link it was opened with. */
export const UploadTokenInfo = z.object({
  kind: DocumentKindParam,
  reference: z.string(),
  travelerName: z.string(),
  expiresAt: z.string(),
});
