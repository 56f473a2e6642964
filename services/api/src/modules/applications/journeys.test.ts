import {
  ORDER_SECTIONS,
  POST_PAYMENT_JOURNEY,
  SECTION_KEY,
  TRAVELER_SECTIONS,
  type ApplicationDetail,
  type FormSectionOf,
  type SectionBodies,
} from '@waypoint/contracts';
import { Browser, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { passportPage, photo } from '../../test/images';
import { multipartFile, paidOrder } from '../../test/orders';

/**
 * The post-payment journey declared in libs/contracts decides the API: each section's route, its state and the
 * missing-items list. These tests walk the declaration rather than a list of their own.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A valid body for every section saved with PUT; a section added to the journey needs one here. */
const validBodies: {
  [P in FormSectionOf['apiPath']]: (travelerId: string) => SectionBodies[P];
} = {
  'general-info': () => ({ countryCode: '+1', phoneNumber: '202-555-0143' }),
  'personal-info': (travelerId) => ({
    travelerId,
    countryOfBirth: 'US',
    residentCountry: 'US',
    gender: 'female',
    residenceAddress: '1 Main Street',
    cityTown: 'Boston',
  }),
  'passport-info': (travelerId) => ({ travelerId, issuingCountry: 'US' }),
  'work-info': (travelerId) => ({ travelerId, currentlyWorking: true, jobTitle: 'Engineer' }),
  declaration: (travelerId) => ({
    travelerId,
    hasConvictions: false,
    hasTerroristActivities: false,
  }),
};

const images = { 'passport-page': passportPage, photo };

let ip = 1;
async function setup() {
  const b = new Browser(t.app, `10.9.0.${ip++}`);
  const id = await paidOrder(b, uniqueEmail(), 1);
  const detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
  return { b, id, traveler: detail.travelers[0]! };
}

async function missingOf(b: Browser, id: string): Promise<string[]> {
  const res = await b.post(`/api/application/${id}/submit`, { declarationConfirmed: true });
  if (res.statusCode === 200) return [];
  const missing = body<{ fieldErrors?: { missing?: string } }>(res).fieldErrors?.missing;
  return missing ? missing.split('\n') : [];
}

describe('the post-payment journey', () => {
  it('gives every declared section with a body its route, which checks that body', async () => {
    const { b, id } = await setup();
    for (const section of POST_PAYMENT_JOURNEY) {
      if (section.kind === 'document') continue;
      const method = section.kind === 'review' ? 'POST' : 'PUT';
      const url = `/api/application/${id}/${section.apiPath}`;
      expect({
        url,
        method,
        route: t.app.hasRoute({ method, url: `/api/application/:id/${section.apiPath}` }),
      }).toEqual({ url, method, route: true });
      const res = await b.request({ method, url, payload: { travelerId: 'nobody' } });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
    }
  });

  it('lists each section as missing until it is completed, then submits', async () => {
    const { b, id, traveler } = await setup();
    const who = `Traveller 1 (${traveler.firstName} ${traveler.lastName})`;
    const expected = [
      ...ORDER_SECTIONS.flatMap((s) => (s.missing ? [s.missing()] : [])),
      ...TRAVELER_SECTIONS.map((s) => `${who}: ${s.missing(traveler)}`),
    ];
    expect(await missingOf(b, id)).toEqual(expected);

    let left = expected;
    const sections = [...ORDER_SECTIONS.filter((s) => s.kind !== 'review'), ...TRAVELER_SECTIONS];
    for (const section of sections) {
      const item = left[0]!;
      if (section.kind === 'document') {
        const { payload, headers } = multipartFile(
          'f.jpg',
          'image/jpeg',
          await images[section.upload](),
        );
        const res = await b.request({
          method: 'POST',
          url: `/api/application/${id}/travelers/${traveler.id}/documents/${section.upload}`,
          payload,
          headers,
        });
        expect(res.statusCode).toBe(200);
      } else {
        const res = await b.put(
          `/api/application/${id}/${section.apiPath}`,
          validBodies[section.apiPath](traveler.id),
        );
        expect({ section: section.slug, status: res.statusCode }).toEqual({
          section: section.slug,
          status: 200,
        });
      }
      const detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
      const state =
        section.scope === 'order'
          ? detail.generalInfo.state
          : detail.travelers[0]!.sections[SECTION_KEY[section.slug]];
      expect({ section: section.slug, state }).toEqual({
        section: section.slug,
        state: 'completed',
      });
      left = left.slice(1);
      const missing = await missingOf(b, id);
      expect(missing).not.toContain(item);
      if (left.length) expect(missing).toEqual(left);
    }
    const final = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`));
    expect(final).toMatchObject({ data: { status: 'SUBMITTED' } });
  });
});
