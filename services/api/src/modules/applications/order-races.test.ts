import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { ApiMessages, type ApplicationDetail } from '@waypoint/contracts';
import type { LightMyRequestResponse } from 'fastify';
import {
  applications,
  documents,
  emailOutbox,
  fileErasures,
  grants,
  refunds,
  travelers,
  users,
} from '../../db/schema';
import { decisionDocument } from '../../test/casework';
import {
  Browser,
  lastCode,
  registerStaff,
  signInNewStaff,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { raceRounds } from '../../test/rounds';
import { passportPage } from '../../test/images';
import { multipartFile, orderBody, paidOrder } from '../../test/orders';

/**
 * Two actions on one order (or one account) sent at the same moment, many times over: whichever comes second
 * sees the first one's result, so the order's rules hold. On PostgreSQL the two really run at once; on PGlite
 * they interleave between statements.
 */
const ROUNDS = raceRounds(20);
/** Twenty paid orders (on PostgreSQL) and their actions take a while on a busy machine. */
const RACE_TIMEOUT = 180_000;

let t: TestApp;
let ip = 1;
const browser = () => new Browser(t.app, `10.31.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);
let staff: Browser;
let staffEmail: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = browser();
  staffEmail = await registerStaff(t, staff);
  await signInNewStaff(staff, staffEmail, STRONG_PASSWORD);
});
afterAll(() => t.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const statusOf = (res: LightMyRequestResponse) => res.statusCode;
const errorOf = (res: LightMyRequestResponse) => body<{ error?: string }>(res).error;

/** A paid order of one traveller; its browser is signed in to the new account. */
async function paid() {
  const traveller = browser();
  const email = uniqueEmail('race');
  const id = await paidOrder(traveller, email, 1);
  const detail = body<{ data: ApplicationDetail }>(await traveller.get(`/api/application/${id}`));
  return { id, email, traveller, travelerId: detail.data.travelers[0]!.id };
}

/** A paid order moved to "under review" the way staff do. */
async function underReview() {
  const order = await paid();
  // Submitting needs every answer; the review only needs the status.
  await t.database.db
    .update(applications)
    .set({ status: 'SUBMITTED' })
    .where(eq(applications.id, order.id));
  const version = await versionOf(order.id);
  const review = await staff.post(`/api/admin/applications/${order.id}/status`, {
    status: 'UNDER_REVIEW',
    version,
  });
  expect(review.statusCode).toBe(200);
  return order;
}

async function versionOf(id: string) {
  const [row] = await t.database.db
    .select({ version: applications.version })
    .from(applications)
    .where(eq(applications.id, id));
  return row!.version;
}

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(applications).where(eq(applications.id, id));
  return row!;
}

/** Deletes the signed-in staff member's account, proving it with the password. */
const deleteStaffAccount = (b: Browser) =>
  b.post('/api/auth/profile/delete', { password: STRONG_PASSWORD });

/**
 * The deletion of a traveller's account made by paying (it has no password): the e-mailed code is asked for
 * first, so that only the deletion itself races the other action.
 */
async function travellerDeletion(b: Browser, email: string) {
  expect(
    (await b.post('/api/auth/recent-proof/code', { purpose: 'account-deletion' })).statusCode,
  ).toBe(200);
  const code = await lastCode(t.database.db, email, 'reauthentication-code');
  return () => b.post('/api/auth/profile/delete', { code });
}

/** Staff recording that the application was lodged with the Home Office, as seen at `version`. */
const lodging = (version: number) => ({
  status: 'LODGED',
  homeOfficeReference: '1234567890123456',
  lodgedOn: new Date().toISOString().slice(0, 10),
  version,
});

/** What broke in each round, by rule: empty when every rule held (the counts show in a failure). */
function tally() {
  const broken: Record<string, number> = {};
  return {
    broken,
    check(rule: string, held: boolean) {
      if (!held) broken[rule] = (broken[rule] ?? 0) + 1;
    },
  };
}

describe('lodging with the Home Office and a refund in full on the same order', () => {
  it(
    `never leaves an order both lodged and refunded in full (${ROUNDS} orders)`,
    async () => {
      const { broken, check } = tally();
      for (let i = 0; i < ROUNDS; i++) {
        const { id } = await underReview();
        const version = await versionOf(id);
        const [approve, refund] = await Promise.all([
          staff.post(`/api/admin/applications/${id}/status`, lodging(version)),
          staff.post(`/api/admin/applications/${id}/refunds`, {
            kind: 'full',
            reason: 'Trip cancelled',
            idempotencyKey: crypto.randomUUID(),
          }),
        ]);
        const order = await rowOf(id);
        const fullRefunds = await t.database.db
          .select()
          .from(refunds)
          .where(
            and(
              eq(refunds.applicationId, id),
              eq(refunds.kind, 'full'),
              ne(refunds.status, 'failed'),
            ),
          );
        check('lodged and refunded in full', !(order.status === 'LODGED' && fullRefunds.length));
        // Exactly one of the two wins; the other is told why with a 409.
        check(
          'not one 200 and one 409',
          [approve, refund].map(statusOf).sort().join() === '200,409',
        );
        if (approve.statusCode === 200) {
          check(
            'lodged, refund not refused as such',
            /^This refund is not possible while the application is/.test(errorOf(refund) ?? ''),
          );
        } else {
          check('refunded, not closed', order.status === 'REFUNDED' && fullRefunds.length === 1);
          check(
            'refunded, decision not refused as such',
            (
              [
                ApiMessages['admin.refundedInFull'],
                ApiMessages['admin.changedMeanwhile'],
              ] as string[]
            ).includes(errorOf(approve) ?? ''),
          );
        }
      }
      expect(broken).toEqual({});
    },
    RACE_TIMEOUT,
  );
});

describe("a passport upload and the owner's account deletion", () => {
  it(
    `never leaves a stored file without its row or an erasure record (${ROUNDS} tries)`,
    async () => {
      const { broken, check } = tally();
      const page = await passportPage();
      for (let i = 0; i < ROUNDS; i++) {
        const { id, email, traveller, travelerId } = await paid();
        const deleteAccount = await travellerDeletion(traveller, email);
        const { payload, headers } = multipartFile('passport.jpg', 'image/jpeg', page);
        const [upload, deletion] = await Promise.all([
          traveller.request({
            method: 'POST',
            url: `/api/application/${id}/travelers/${travelerId}/documents/passport-page`,
            payload,
            headers,
          }),
          deleteAccount(),
        ]);
        check('deletion refused', deletion.statusCode === 200);
        // The upload was recorded before the deletion (and erased with it), or refused after it.
        check('upload answered with a server error', upload.statusCode < 500);
      }
      // Storage holds exactly the files that have a row or are listed for erasure.
      const stored = await listFiles(t.config.uploadsDir);
      const rows = await t.database.db.select({ key: documents.storageKey }).from(documents);
      const erasures = await t.database.db
        .select({ key: fileErasures.storageKey })
        .from(fileErasures);
      const known = new Set([...rows, ...erasures].map((r) => r.key));
      for (const key of stored) check('file without a row or an erasure record', known.has(key));
      expect(broken).toEqual({});
    },
    RACE_TIMEOUT,
  );
});

describe("lodging with the Home Office and the traveller's erasure", () => {
  it(
    `never sends an email about an erased person (${ROUNDS} tries)`,
    async () => {
      const { broken, check } = tally();
      for (let i = 0; i < ROUNDS; i++) {
        const { id, email, traveller } = await underReview();
        const version = await versionOf(id);
        const deleteAccount = await travellerDeletion(traveller, email);
        // The decision leaves a little later in each round, so that it meets the erasure at every stage.
        const [decision, deletion] = await Promise.all([
          pause((i % 5) * 4).then(() =>
            staff.post(`/api/admin/applications/${id}/status`, lodging(version)),
          ),
          deleteAccount(),
        ]);
        check('deletion refused', deletion.statusCode === 200);
        const order = await rowOf(id);
        if (decision.statusCode === 200) {
          check('accepted, not lodged', order.status === 'LODGED');
          check(
            'lodged after the erasure',
            order.lodgedAt!.getTime() <= order.personalDataErasedAt!.getTime(),
          );
        } else {
          check(
            'decision refused without saying why',
            decision.statusCode === 409 &&
              errorOf(decision) === ApiMessages['admin.personalDataErased'],
          );
          check('refused, yet decided', order.status === 'UNDER_REVIEW');
        }
        // Nothing about the order is queued to the erased account's placeholder; a decision's e-mail to the person
        // went only if it came first, and the erasure then removed it from the queue with the rest.
        const [account] = await t.database.db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, order.userId!));
        const queued = await t.database.db
          .select({ to: emailOutbox.toAddress, template: emailOutbox.template })
          .from(emailOutbox)
          .where(inArray(emailOutbox.toAddress, [account!.email, email]));
        for (const mail of queued) {
          check('email to the erased placeholder', mail.to !== account!.email);
          check('lodging email kept after the erasure', mail.template !== 'lodged');
        }
      }
      expect(broken).toEqual({});
    },
    RACE_TIMEOUT,
  );
});

describe('resuming checkout', () => {
  it(
    "gives a payment's secret to its payer only, never to staff",
    async () => {
      const traveller = browser();
      const email = uniqueEmail('unpaid');
      // An order placed and not paid, by a signed-in traveller.
      await traveller.post('/api/auth/register', {
        firstName: 'Ann',
        lastName: 'Lee',
        email,
        password: STRONG_PASSWORD,
      });
      const placed = await traveller.post(
        '/api/applications/create-payment-intent',
        orderBody(email, 1),
      );
      const { applicationId } = body<{ data: { applicationId: string } }>(placed).data;
      const asOwner = await traveller.get(`/api/applications/${applicationId}/checkout`);
      expect(asOwner.statusCode).toBe(200);
      expect(body<{ data: { clientSecret: string } }>(asOwner).data.clientSecret).toBeTruthy();
      const { broken, check } = tally();
      for (let i = 0; i < ROUNDS; i++) {
        const asStaff = await staff.get(`/api/applications/${applicationId}/checkout`);
        check('secret sent to staff', !asStaff.body.includes('clientSecret'));
        check('not the 404 of an unknown order', asStaff.statusCode === 404);
      }
      expect(broken).toEqual({});
    },
    RACE_TIMEOUT,
  );
});

describe("two members of staff recording the government's outcome at once", () => {
  it(
    `records one outcome, and its grants only if it is the approval (${ROUNDS} orders)`,
    async () => {
      const { broken, check } = tally();
      for (let i = 0; i < ROUNDS; i++) {
        const { id } = await underReview();
        await staff.post(`/api/admin/applications/${id}/status`, lodging(await versionOf(id)));
        const version = await versionOf(id);
        const [traveller] = await t.database.db
          .select({ id: travelers.id })
          .from(travelers)
          .where(eq(travelers.applicationId, id));
        const document = await decisionDocument(staff, id, traveller!.id);
        const [approval, refusal] = await Promise.all([
          staff.post(`/api/admin/applications/${id}/status`, {
            status: 'APPROVED',
            version,
            grants: [
              {
                travelerId: traveller!.id,
                reference: 'ETA-RACE-01',
                validFrom: '2026-06-01',
                validUntil: '2028-06-01',
                passportLast4: '5671',
                documentId: document.id,
              },
            ],
          }),
          staff.post(`/api/admin/applications/${id}/status`, {
            status: 'REJECTED',
            version,
            reason: 'Refused',
          }),
        ]);
        check(
          'not one 200 and one 409',
          [approval, refusal].map(statusOf).sort().join() === '200,409',
        );
        const order = await rowOf(id);
        const granted = await t.database.db
          .select()
          .from(grants)
          .where(eq(grants.applicationId, id));
        check(
          'grants that do not match the outcome',
          order.status === 'APPROVED' ? granted.length === 1 : granted.length === 0,
        );
        check('no outcome', order.status === 'APPROVED' || order.status === 'REJECTED');
      }
      expect(broken).toEqual({});
    },
    RACE_TIMEOUT,
  );
});

describe('the last two admins deleting their accounts at once', () => {
  it(
    `always leaves at least one active admin (${ROUNDS} rounds)`,
    async () => {
      const { broken, check } = tally();
      // The staff member of the other tests stays out of this (the last test of the file): only these accounts
      // are admins.
      await t.database.db.update(users).set({ role: 'user' }).where(eq(users.email, staffEmail));
      let survivor = await newAdmin();
      for (let i = 0; i < ROUNDS; i++) {
        const other = await newAdmin();
        const [a, b] = await Promise.all([deleteStaffAccount(survivor), deleteStaffAccount(other)]);
        check('not one 200 and one 409', [a, b].map(statusOf).sort().join() === '200,409');
        const refused = a.statusCode === 409 ? a : b;
        check(
          'refused without saying why',
          errorOf(refused) === ApiMessages['personalData.lastAdmin'],
        );
        const active = await t.database.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)));
        check('no active admin left', active.length >= 1);
        if (active.length === 0) break;
        survivor = a.statusCode === 409 ? survivor : other;
      }
      expect(broken).toEqual({});
    },
    RACE_TIMEOUT,
  );

  /**
   * A signed-in admin. Its authenticator is switched off afterwards, so that its deletion asks for the password
   * only (an authenticator code is accepted once, and a survivor takes part in many rounds).
   */
  async function newAdmin() {
    const b = browser();
    const email = await registerStaff(t, b);
    await signInNewStaff(b, email, STRONG_PASSWORD);
    await t.database.db.update(users).set({ totpEnabledAt: null }).where(eq(users.email, email));
    return b;
  }
});

async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(dir: string) {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(path.relative(root, full).split(path.sep).join('/'));
    }
  }
  await walk(root);
  return out;
}
