import type { ApplicationDetail } from '@waypoint/contracts';
import { Browser, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { passportPage, photo } from '../../test/images';
import { multipartFile, orderBody, paidOrder } from '../../test/orders';

let t: TestApp;
let ip = 1;
const browser = () => new Browser(t.app, `10.16.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const confirmed = { declarationConfirmed: true };

/**
 * A family arriving on 1 June 2027: an adult, a child who is 10 then (born 10 March 2017), and a traveller who
 * turns 16 the week before (born 25 May 2011).
 */
async function familyOrder() {
  const b = browser();
  const email = uniqueEmail();
  const dates = ['1984-02-03', '2017-03-10', '2011-05-25'];
  const family = orderBody(email, 3).travelers.map((x, i) => ({ ...x, dateOfBirth: dates[i]! }));
  const id = await paidOrder(b, email, 3, { travelers: family });
  const detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
  return { b, id, travelerIds: detail.travelers.map((x) => x.id) };
}

async function upload(b: Browser, id: string, travelerId: string, kind: 'passport-page' | 'photo') {
  const image = kind === 'photo' ? await photo() : await passportPage();
  const { payload, headers } = multipartFile(`${kind}.jpg`, 'image/jpeg', image);
  const res = await b.request({
    method: 'POST',
    url: `/api/application/${id}/travelers/${travelerId}/documents/${kind}`,
    payload,
    headers,
  });
  expect(res.statusCode).toBe(200);
}

/** Every section of a traveller but work. */
async function answerAllButWork(b: Browser, id: string, travelerId: string) {
  await upload(b, id, travelerId, 'passport-page');
  await upload(b, id, travelerId, 'photo');
  for (const [path, answers] of [
    [
      'personal-info',
      {
        countryOfBirth: 'US',
        residentCountry: 'US',
        gender: 'female',
        residenceAddress: '1 Main Street',
        cityTown: 'Boston',
      },
    ],
    ['passport-info', { issuingCountry: 'US' }],
    ['declaration', { hasConvictions: false, hasTerroristActivities: false }],
  ] as const) {
    const res = await b.put(`/api/application/${id}/${path}`, { travelerId, ...answers });
    expect({ path, status: res.statusCode }).toEqual({ path, status: 200 });
  }
}

describe('a traveller under 16 on the arrival date', () => {
  it('is not asked about work: submission waits for the work answers of travellers of 16 and over only', async () => {
    const { b, id, travelerIds } = await familyOrder();
    await b.put(`/api/application/${id}/general-info`, {
      countryCode: '+1',
      phoneNumber: '202-555-0143',
    });
    for (const travelerId of travelerIds) await answerAllButWork(b, id, travelerId);

    const early = await b.post(`/api/application/${id}/submit`, confirmed);
    expect(early.statusCode).toBe(400);
    const missing = body<{ error: string }>(early).error;
    // The adult and the 16-year-old are asked; the 10-year-old is not.
    expect(missing).toContain('Traveller 1 (Ann1 Lee1): work');
    expect(missing).toContain('Traveller 3 (Ann3 Lee3): work');
    expect(missing).not.toContain('Traveller 2');

    for (const travelerId of [travelerIds[0]!, travelerIds[2]!]) {
      const saved = await b.put(`/api/application/${id}/work-info`, {
        travelerId,
        currentlyWorking: travelerId === travelerIds[0] ? true : false,
        jobTitle: travelerId === travelerIds[0] ? 'Engineer' : '',
      });
      expect(saved.statusCode).toBe(200);
    }
    const submitted = await b.post(`/api/application/${id}/submit`, confirmed);
    expect(submitted.statusCode).toBe(200);
    expect(body(submitted)).toMatchObject({ data: { application: { status: 'SUBMITTED' } } });
  });

  it('still requires the job title of a traveller of 16 and over who works', async () => {
    const { b, id, travelerIds } = await familyOrder();
    const res = await b.put(`/api/application/${id}/work-info`, {
      travelerId: travelerIds[2],
      currentlyWorking: true,
      jobTitle: '',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      fieldErrors: { jobTitle: 'Job title is required' },
    });
  });

  it('keeps the last paid work a retired traveller gives with "No"', async () => {
    const { b, id, travelerIds } = await familyOrder();
    const res = await b.put(`/api/application/${id}/work-info`, {
      travelerId: travelerIds[0],
      currentlyWorking: false,
      jobTitle: 'Retired teacher',
    });
    expect(res.statusCode).toBe(200);
    const detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
    expect(detail.travelers[0]!.work).toEqual({
      currentlyWorking: false,
      jobTitle: 'Retired teacher',
    });
    expect(detail.travelers[0]!.sections.work).toBe('completed');
  });
});
