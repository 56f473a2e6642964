import type {
  AdminApplicationDetail,
  ApplicationDetail,
  DecisionBody,
  DecisionDocument,
} from '@waypoint/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { Browser } from './auth-helpers';
import { multipartFile } from './orders';
import { plainPdf } from './pdfs';
import { passportPage, photo } from './images';

/** Staff steps of casework as a member of staff's browser takes them. */

export const detailOf = async (staff: Browser, id: string) =>
  (
    (await staff.get(`/api/admin/applications/${id}`)).json() as {
      data: AdminApplicationDetail;
    }
  ).data;

/** A staff step's body, its version optional (the one staff see now by default). */
type StepBody = DecisionBody extends infer B
  ? B extends unknown
    ? Omit<B, 'version'> & { version?: number }
    : never
  : never;

/** A staff step with the version they see now; the raw reply. */
export async function step(
  staff: Browser,
  id: string,
  body: StepBody,
): Promise<LightMyRequestResponse> {
  const version = body.version ?? (await detailOf(staff, id)).version;
  return staff.post(`/api/admin/applications/${id}/status`, { ...body, version });
}

/** A staff step that must succeed; the detail after it. */
export async function stepOk(
  staff: Browser,
  id: string,
  body: StepBody,
): Promise<AdminApplicationDetail> {
  const res = await step(staff, id, body);
  if (res.statusCode !== 200) throw new Error(`${body.status} failed: ${res.body}`);
  return (res.json() as { data: AdminApplicationDetail }).data;
}

/** Uploads a decision document for a traveller; the raw reply. */
export async function uploadDecision(
  staff: Browser,
  id: string,
  travelerId: string,
  file?: { name: string; type: string; data: Buffer },
): Promise<LightMyRequestResponse> {
  const f = file ?? { name: 'eta-decision.pdf', type: 'application/pdf', data: await plainPdf() };
  const { payload, headers } = multipartFile(f.name, f.type, f.data, { travelerId });
  return staff.request({
    method: 'POST',
    url: `/api/admin/applications/${id}/decision-documents`,
    payload,
    headers,
  });
}

/** A decision document that must be stored. */
export async function decisionDocument(
  staff: Browser,
  id: string,
  travelerId: string,
): Promise<DecisionDocument> {
  const res = await uploadDecision(staff, id, travelerId);
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return (res.json() as { data: { document: DecisionDocument } }).data.document;
}

/** An ETA application's Home Office reference, as staff type it. */
export const ETA_REFERENCE = '1234-5678-9012-3456';

/** Takes a submitted (or reviewed) order to LODGED. */
export async function lodged(staff: Browser, id: string): Promise<AdminApplicationDetail> {
  let d = await detailOf(staff, id);
  if (d.application.status === 'SUBMITTED') d = await stepOk(staff, id, { status: 'UNDER_REVIEW' });
  if (d.application.status === 'UNDER_REVIEW')
    d = await stepOk(staff, id, {
      status: 'LODGED',
      homeOfficeReference: ETA_REFERENCE,
      lodgedOn: new Date().toISOString().slice(0, 10),
    });
  return d;
}

/** The grant staff record for each traveller of a lodged order, with its uploaded document. */
export async function grantsFor(
  staff: Browser,
  d: AdminApplicationDetail,
  validUntil = '2028-06-01',
) {
  return Promise.all(
    d.application.travelers.map(async (t, i) => ({
      travelerId: t.id,
      reference: `ETA-${String(i + 1).padStart(6, '0')}`,
      validFrom: '2026-06-01',
      validUntil,
      passportLast4: (d.passports.find((p) => p.travelerId === t.id)?.number ?? 'XXXX').slice(-4),
      documentId: (await decisionDocument(staff, d.application.id, t.id)).id,
    })),
  );
}

/** Takes a submitted order to the government's approval, recorded with a PDF per traveller. */
export async function approved(
  staff: Browser,
  id: string,
  validUntil?: string,
): Promise<AdminApplicationDetail> {
  const d = await lodged(staff, id);
  return stepOk(staff, id, { status: 'APPROVED', grants: await grantsFor(staff, d, validUntil) });
}

/** Takes a submitted order to the government's refusal. */
export async function rejected(
  staff: Browser,
  id: string,
  reason = 'The applicant did not meet the requirements.',
): Promise<AdminApplicationDetail> {
  await lodged(staff, id);
  return stepOk(staff, id, { status: 'REJECTED', reason });
}

/** Uploads a traveller's passport page or photo; the raw reply. */
export function uploadDocument(
  b: Browser,
  id: string,
  travelerId: string,
  kind: 'passport-page' | 'photo',
  data: Buffer,
) {
  const { payload, headers } = multipartFile(`${kind}.jpg`, 'image/jpeg', data);
  return b.request({
    method: 'POST',
    url: `/api/application/${id}/travelers/${travelerId}/documents/${kind}`,
    payload,
    headers,
  });
}

/** Every section answered and every document uploaded, as a traveller does it. */
export async function completeApplication(b: Browser, id: string) {
  const detail = ((await b.get(`/api/application/${id}`)).json() as { data: ApplicationDetail })
    .data;
  await b.put(`/api/application/${id}/general-info`, {
    countryCode: '+1',
    phoneNumber: '202-555-0143',
    notificationPreference: 'sms',
  });
  for (const t of detail.travelers) {
    await uploadDocument(b, id, t.id, 'passport-page', await passportPage());
    await uploadDocument(b, id, t.id, 'photo', await photo());
    await b.put(`/api/application/${id}/personal-info`, {
      travelerId: t.id,
      countryOfBirth: 'US',
      residentCountry: 'US',
      gender: 'female',
      residenceAddress: '1 Main Street',
      cityTown: 'Boston',
    });
    await b.put(`/api/application/${id}/passport-info`, { travelerId: t.id, issuingCountry: 'US' });
    await b.put(`/api/application/${id}/work-info`, {
      travelerId: t.id,
      currentlyWorking: true,
      jobTitle: 'Engineer',
    });
    await b.put(`/api/application/${id}/declaration`, {
      travelerId: t.id,
      hasConvictions: false,
      hasTerroristActivities: false,
    });
  }
}

/** A complete application submitted by its traveller. */
export async function submittedByTraveller(b: Browser, id: string) {
  await completeApplication(b, id);
  const res = await b.post(`/api/application/${id}/submit`, { declarationConfirmed: true });
  if (res.statusCode !== 200) throw new Error(`submit failed: ${res.body}`);
}
