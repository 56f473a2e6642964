import { and, desc, eq, sql } from 'drizzle-orm';
import {
  ApiMessages,
  ErrorCode,
  orderReference,
  type TAdminSupportConversation,
  type TAdminSupportListResponse,
  type TSupportConversation,
  type TSupportConversationSummary,
} from '@waypoint/contracts';
import {
  applications,
  auditLog,
  emailOutbox,
  payments,
  supportConversations,
  supportMessages,
  users,
} from '../../db/schema';
import {
  Browser,
  makeAdmin,
  makeCaseworker,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { paidOrder } from '../../test/orders';
import { unzip } from '../../test/zip';
import { renderEmail, type EmailMessage } from '../notifications/templates';
import { purgeExpiredRecords, RECORD_RETENTION_YEARS } from '../personal-data/retention.service';

let t: TestApp;
let ip = 1;
const browser = () => new Browser(t.app, `10.23.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);
let staff: Browser;

beforeAll(async () => {
  t = await createTestApp();
  staff = await makeAdmin(t, browser);
});
afterAll(() => t.close());

/** A registered traveller (with a password) who paid an order; their browser is signed in. */
async function traveller(firstName = 'Ann') {
  const b = browser();
  const email = uniqueEmail('support');
  const registered = await b.post('/api/auth/register', {
    firstName,
    lastName: 'Lee',
    email,
    password: STRONG_PASSWORD,
  });
  expect(registered.statusCode).toBe(200);
  const id = await paidOrder(b, email);
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  return { b, email, id, reference: orderReference(id), userId: user!.id };
}

/** A browser signed in to nothing, in a language of its own. */
const guest = (language = 'en') => {
  const b = browser();
  return {
    b,
    write: (payload: unknown) =>
      b.request({
        method: 'POST',
        url: '/api/support/conversations',
        payload: payload as object,
        headers: { 'accept-language': language },
      }),
  };
};

const write = (b: Browser, payload: object) => b.post('/api/support/conversations', payload);

async function conversationByReference(reference: string) {
  const [row] = await t.database.db
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.reference, reference));
  return row!;
}

async function emailsTo(address: string, template: EmailMessage['template']) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, template)))
    .orderBy(desc(emailOutbox.createdAt));
}

const rendered = (mail: { template: string; payload: unknown; locale: string | null }) =>
  renderEmail(
    { template: mail.template, payload: mail.payload } as EmailMessage,
    t.config.publicUrl,
    (mail.locale ?? 'en') as 'en',
  );

async function auditOf(conversationId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, conversationId))
    .orderBy(auditLog.createdAt, auditLog.id);
}

/** Asserts that neither the conversation nor any of its messages is left. */
async function expectErased(conversationId: string) {
  const db = t.database.db;
  expect(
    await db.select().from(supportConversations).where(eq(supportConversations.id, conversationId)),
  ).toEqual([]);
  expect(
    await db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.conversationId, conversationId)),
  ).toEqual([]);
}

const inbox = async (query = '') =>
  body<{ data: TAdminSupportListResponse }>(await staff.get(`/api/admin/support${query}`)).data;

describe('a guest writing about an order', () => {
  it('is taken with the order number and email in any case: acknowledged in their language, audited', async () => {
    const { id, email, reference } = await traveller();
    const { write: send } = guest('fr');
    const res = await send({
      topic: 'documents',
      message: '  Where do I upload the photo?\nThanks  ',
      orderReference: ` #${reference.toLowerCase()} `,
      email: email.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    const data = body<{ data: Record<string, unknown> }>(res).data;
    // Nothing of the order or the conversation goes to whoever typed its number: only the reference.
    expect(data).toEqual({ reference: expect.stringMatching(/^S-[2-9A-HJKMNP-Z]{6}$/) });

    const conversation = await conversationByReference(data.reference as string);
    expect(conversation).toMatchObject({
      applicationId: id,
      userId: null,
      guestEmail: email,
      status: 'open',
      topic: 'documents',
      locale: 'fr',
    });
    const messages = await t.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.conversationId, conversation.id));
    expect(messages.map((m) => [m.author, m.body])).toEqual([
      ['traveller', 'Where do I upload the photo?\nThanks'],
    ]);

    const [mail] = await emailsTo(email, 'support-received');
    expect(mail!.locale).toBe('fr');
    const text = rendered(mail!).text;
    expect(text).toContain(conversation.reference);
    expect(text).toContain(reference);
    expect(text).toContain('Where do I upload the photo?');
    expect(text).toContain('un jour ouvré');

    const [entry] = await auditOf(conversation.id);
    expect(entry).toMatchObject({
      action: 'support.conversation_created',
      actorRole: 'guest',
      actorUserId: null,
      entityType: 'support_conversation',
      applicationId: id,
      details: { reference: conversation.reference, topic: 'documents', by: 'guest' },
    });
  });

  it('answers 404 with the catalogue message when the number or the email is wrong, storing nothing', async () => {
    const { email, reference } = await traveller();
    const other = await traveller();
    const before = await t.database.db.select().from(supportConversations);
    for (const payload of [
      { orderReference: reference, email: 'someone.else@example.com' },
      { orderReference: 'ABCDEF12', email },
      // Both real, but of two different orders.
      { orderReference: other.reference, email },
    ]) {
      const res = await guest().write({ topic: 'payment', message: 'Hello', ...payload });
      expect(res.statusCode).toBe(404);
      expect(body(res)).toMatchObject({
        success: false,
        code: ErrorCode.NOT_FOUND,
        messageKey: 'support.orderNotFound',
        error: 'We could not find an order with that number and email address',
      });
    }
    expect(await t.database.db.select().from(supportConversations)).toHaveLength(before.length);
  });

  it('must name an order: without one, a guest is told what to give', async () => {
    const res = await guest().write({ topic: 'other', message: 'Hello' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      messageKey: 'support.guestNeedsOrder',
      fieldErrorKeys: {
        orderReference: { key: 'support.orderReferenceRequired' },
        email: { key: 'support.emailRequired' },
      },
    });
    // An order's id proves nothing without a session.
    const { id } = await traveller();
    const byId = await guest().write({ topic: 'other', message: 'Hello', applicationId: id });
    expect(byId.statusCode).toBe(400);
  });

  it('is shown to the account of the order, on the order and in its list', async () => {
    const { b, id, email, reference } = await traveller();
    const sent = await guest().write({
      topic: 'refund',
      message: 'Can I get a refund?',
      orderReference: reference,
      email,
    });
    const { reference: ref } = body<{ data: { reference: string } }>(sent).data;
    const onOrder = body<{ data: { items: TSupportConversationSummary[] } }>(
      await b.get(`/api/application/${id}/support`),
    ).data.items;
    expect(onOrder.map((c) => c.reference)).toEqual([ref]);
    expect(onOrder[0]).toMatchObject({ orderReference: reference, status: 'open', email });
    const mine = body<{ data: { items: TSupportConversationSummary[] } }>(
      await b.get('/api/support/conversations'),
    ).data.items;
    expect(mine.map((c) => c.reference)).toContain(ref);
    // Its acknowledgement links to the order in My orders.
    const [mail] = await emailsTo(email, 'support-received');
    expect(rendered(mail!).text).toContain(`${t.config.publicUrl}/orders`);
  });
});

describe('a signed-in traveller writing', () => {
  it('about one of their orders gets the whole conversation back', async () => {
    const { b, id, reference, email } = await traveller();
    const res = await write(b, {
      topic: 'application',
      message: 'When will it be lodged?',
      applicationId: id,
    });
    expect(res.statusCode).toBe(200);
    const conversation = body<{ data: TSupportConversation }>(res).data;
    expect(conversation).toMatchObject({
      topic: 'application',
      status: 'open',
      applicationId: id,
      orderReference: reference,
      messages: [
        {
          author: 'traveller',
          authorName: null,
          body: 'When will it be lodged?',
          createdAt: expect.any(String),
        },
      ],
    });
    expect(await emailsTo(email, 'support-received')).toHaveLength(1);
    const [entry] = await auditOf(conversation.id);
    expect(entry).toMatchObject({
      action: 'support.conversation_created',
      actorRole: 'user',
      applicationId: id,
      details: { by: 'account' },
    });
  });

  it('with a general question attaches no order and links to the contact page', async () => {
    const { b, email } = await traveller();
    const res = await write(b, { topic: 'account', message: 'How do I change my email?' });
    expect(res.statusCode).toBe(200);
    expect(body<{ data: TSupportConversation }>(res).data).toMatchObject({
      applicationId: null,
      orderReference: null,
    });
    const [mail] = await emailsTo(email, 'support-received');
    expect(rendered(mail!).text).toContain(`${t.config.publicUrl}/contact`);
  });

  it("cannot attach another traveller's order", async () => {
    const { b } = await traveller();
    const other = await traveller();
    const res = await write(b, { topic: 'application', message: 'Hello', applicationId: other.id });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ messageKey: 'application.notFound' });
  });
});

describe('what is wrong with a message', () => {
  const fieldKeys = async (payload: object) => {
    const res = await guest().write(payload);
    expect(res.statusCode).toBe(400);
    return body<{
      fieldErrorKeys: Record<string, { key: string }>;
      fieldErrors: Record<string, string>;
    }>(res);
  };

  it('is said in catalogue messages, field by field', async () => {
    const base = { topic: 'other', orderReference: 'ABCDEF12', email: 'ann@example.com' };
    expect((await fieldKeys({ ...base, message: '   ' })).fieldErrors).toEqual({
      message: ApiMessages['support.messageRequired'],
    });
    expect((await fieldKeys({ ...base, message: 'x'.repeat(4001) })).fieldErrors).toEqual({
      message: 'A message can be at most 4,000 characters.',
    });
    expect((await fieldKeys({ ...base, message: 'Hi', topic: 'weather' })).fieldErrorKeys).toEqual({
      topic: { key: 'support.topicRequired' },
    });
    expect(
      (await fieldKeys({ topic: 'other', message: 'Hi', orderReference: 'ABCDEF12' }))
        .fieldErrorKeys,
    ).toEqual({ email: { key: 'support.emailRequired' } });
    expect(
      (await fieldKeys({ topic: 'other', message: 'Hi', email: 'ann@example.com' })).fieldErrorKeys,
    ).toEqual({ orderReference: { key: 'support.orderReferenceRequired' } });
    expect(
      (await fieldKeys({ ...base, message: 'Hi', orderReference: 'ORDER-1' })).fieldErrorKeys,
    ).toEqual({
      orderReference: { key: 'support.orderReferenceFormat' },
    });
    expect(
      (await fieldKeys({ ...base, message: 'Hi', email: 'not-an-address' })).fieldErrorKeys,
    ).toEqual({
      email: { key: 'auth.emailInvalid' },
    });
    expect(
      (
        await fieldKeys({
          ...base,
          message: 'Hi',
          applicationId: '00000000-0000-4000-8000-000000000000',
        })
      ).fieldErrorKeys,
    ).toEqual({ orderReference: { key: 'support.oneOrderOnly' } });
  });

  it('is a message of 4,000 characters at most, taken whole', async () => {
    const { b } = await traveller();
    const res = await write(b, { topic: 'other', message: 'y'.repeat(4000) });
    expect(res.statusCode).toBe(200);
  });
});

describe('the contact form from one address', () => {
  it('takes 10 messages an hour, then answers 429 with Retry-After', async () => {
    const { b } = guest();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      // Wrong order numbers count too: numbers cannot be tried at will.
      const res = await b.post('/api/support/conversations', {
        topic: 'other',
        message: 'Hello',
        orderReference: 'ABCDEF12',
        email: `guess${i}@example.com`,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(body(res)).toMatchObject({ code: ErrorCode.RATE_LIMITED });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array(10).fill(404), 429]);
  });
});

describe('the Support inbox', () => {
  it('lists conversations newest activity first, with counts of each status, filtered by status', async () => {
    const { b } = await traveller('Zoe');
    const first = body<{ data: TSupportConversation }>(
      await write(b, { topic: 'payment', message: 'First' }),
    ).data;
    const second = body<{ data: TSupportConversation }>(
      await write(b, { topic: 'decision', message: 'Second' }),
    ).data;
    const before = await inbox();
    expect(before.pageSize).toBe(25);
    expect(before.page).toBe(1);
    expect(before.total).toBe(before.counts.open + before.counts.answered + before.counts.closed);
    expect(before.items.slice(0, 2).map((c) => c.id)).toEqual([second.id, first.id]);
    expect(before.items[0]).toMatchObject({
      reference: second.reference,
      topic: 'decision',
      status: 'open',
      travellerName: 'Zoe Lee',
      email: expect.stringContaining('@example.com'),
      lastMessageAt: expect.any(String),
    });

    // An answer moves the conversation to answered, and to the top.
    await staff.post(`/api/admin/support/${first.id}/replies`, { message: 'Done' });
    const after = await inbox();
    expect(after.items[0]!.id).toBe(first.id);
    expect(after.counts).toEqual({
      open: before.counts.open - 1,
      answered: before.counts.answered + 1,
      closed: before.counts.closed,
    });
    const answered = await inbox('?status=answered');
    expect(answered.total).toBe(after.counts.answered);
    expect(answered.items.every((c) => c.status === 'answered')).toBe(true);
    expect(answered.items.map((c) => c.id)).toContain(first.id);
    const open = await inbox('?status=open&page=1');
    expect(open.items.map((c) => c.id)).not.toContain(first.id);
    expect((await inbox('?status=&page=999')).items).toEqual([]);
  });

  it('refuses a status it does not know, travellers and nobody', async () => {
    const res = await staff.get('/api/admin/support?status=pending');
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      fieldErrorKeys: { status: { key: 'validation.chooseFromList' } },
    });
    const { b } = await traveller();
    expect((await b.get('/api/admin/support')).statusCode).toBe(403);
    expect((await browser().get('/api/admin/support')).statusCode).toBe(401);
  });

  it('is open to caseworkers too', async () => {
    const caseworker = await makeCaseworker(t, browser);
    expect((await caseworker.get('/api/admin/support')).statusCode).toBe(200);
  });
});

describe('answering a traveller', () => {
  it("marks the conversation answered and emails the answer in the traveller's language, escaped in HTML", async () => {
    const { b, email, id } = await traveller();
    expect((await b.put('/api/auth/profile/locale', { locale: 'de' })).statusCode).toBe(200);
    const conversation = body<{ data: TSupportConversation }>(
      await write(b, { topic: 'documents', message: 'Is my photo fine?', applicationId: id }),
    ).data;

    const res = await staff.post(`/api/admin/support/${conversation.id}/replies`, {
      message: 'Yes: <b>all good</b> & accepted.',
    });
    expect(res.statusCode).toBe(200);
    const answered = body<{ data: TAdminSupportConversation }>(res).data;
    expect(answered.status).toBe('answered');
    expect(answered.hasAccount).toBe(true);
    expect(answered.messages.at(-1)).toMatchObject({
      author: 'staff',
      // Staff are named by their first name only.
      authorName: 'Sam',
      body: 'Yes: <b>all good</b> & accepted.',
    });

    const [mail] = await emailsTo(email, 'support-reply');
    expect(mail!.locale).toBe('de');
    const message = rendered(mail!);
    expect(message.subject).toContain(conversation.reference);
    expect(message.text).toContain('Yes: <b>all good</b> & accepted.');
    expect(message.text).toContain('Sam vom Waypoint-Team');
    expect(message.html).toContain('Yes: &lt;b&gt;all good&lt;/b&gt; &amp; accepted.');
    expect(message.html).not.toContain('<b>all good</b>');
    expect(message.html).toContain(`${t.config.publicUrl}/orders`);

    // The traveller reads the answer.
    const read = body<{ data: TSupportConversation }>(
      await b.get(`/api/support/conversations/${conversation.id}`),
    ).data;
    expect(read.status).toBe('answered');
    expect(read.messages.map((m) => m.author)).toEqual(['traveller', 'staff']);
  });

  it('sends a guest the answer itself, with the contact form to write again', async () => {
    const { email, reference, id } = await traveller();
    // An order without an account: its traveller has only the e-mails to read answers in.
    await t.database.db.update(applications).set({ userId: null }).where(eq(applications.id, id));
    const sent = await guest('es').write({
      topic: 'payment',
      message: 'Was I charged twice?',
      orderReference: reference,
      email,
    });
    const conversation = await conversationByReference(
      body<{ data: { reference: string } }>(sent).data.reference,
    );
    await staff.post(`/api/admin/support/${conversation.id}/replies`, {
      message: 'No, only once.',
    });
    const [mail] = await emailsTo(email, 'support-reply');
    expect(mail!.locale).toBe('es');
    const message = rendered(mail!);
    expect(message.text).toContain('No, only once.');
    expect(message.text).toContain(`${t.config.publicUrl}/contact`);
    expect(message.text).toContain('formulario de contacto');
  });

  it('answers 404 for a conversation that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await staff.get(`/api/admin/support/${missing}`)).statusCode).toBe(404);
    const reply = await staff.post(`/api/admin/support/${missing}/replies`, { message: 'Hi' });
    expect(reply.statusCode).toBe(404);
    expect(body(reply)).toMatchObject({ messageKey: 'support.notFound' });
    expect((await staff.post(`/api/admin/support/${missing}/close`)).statusCode).toBe(404);
  });
});

describe('the traveller writing again', () => {
  it('reopens an answered or closed conversation', async () => {
    const { b } = await traveller();
    const { id } = body<{ data: TSupportConversation }>(
      await write(b, { topic: 'other', message: 'One' }),
    ).data;
    await staff.post(`/api/admin/support/${id}/replies`, { message: 'Two' });
    const again = await b.post(`/api/support/conversations/${id}/messages`, { message: ' Three ' });
    expect(again.statusCode).toBe(200);
    expect(body<{ data: TSupportConversation }>(again).data).toMatchObject({
      status: 'open',
      messages: [{ body: 'One' }, { body: 'Two' }, { body: 'Three' }],
    });

    const closed = await staff.post(`/api/admin/support/${id}/close`);
    expect(body<{ data: TAdminSupportConversation }>(closed).data.status).toBe('closed');
    // Closing twice changes nothing.
    expect((await staff.post(`/api/admin/support/${id}/close`)).statusCode).toBe(200);
    const reopened = await b.post(`/api/support/conversations/${id}/messages`, { message: 'Four' });
    expect(body<{ data: TSupportConversation }>(reopened).data.status).toBe('open');

    const actions = (await auditOf(id)).map((e) => [e.action, e.details]);
    expect(actions).toEqual([
      ['support.conversation_created', expect.objectContaining({ by: 'account' })],
      ['support.staff_replied', expect.any(Object)],
      ['support.traveller_replied', expect.objectContaining({ reopened: true })],
      ['support.closed', expect.any(Object)],
      ['support.traveller_replied', expect.objectContaining({ reopened: true })],
    ]);
  });

  it('refuses an empty message', async () => {
    const { b } = await traveller();
    const { id } = body<{ data: TSupportConversation }>(
      await write(b, { topic: 'other', message: 'One' }),
    ).data;
    const res = await b.post(`/api/support/conversations/${id}/messages`, { message: '' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      fieldErrorKeys: { message: { key: 'support.messageRequired' } },
    });
  });
});

describe("another traveller's conversation", () => {
  it('is a 404 to read, to write in, or through its order', async () => {
    const owner = await traveller();
    const { id } = body<{ data: TSupportConversation }>(
      await write(owner.b, { topic: 'other', message: 'Private', applicationId: owner.id }),
    ).data;
    const stranger = await traveller();
    const read = await stranger.b.get(`/api/support/conversations/${id}`);
    expect(read.statusCode).toBe(404);
    expect(body(read)).toMatchObject({ messageKey: 'support.notFound' });
    expect(
      (await stranger.b.post(`/api/support/conversations/${id}/messages`, { message: 'Hi' }))
        .statusCode,
    ).toBe(404);
    expect((await stranger.b.get(`/api/application/${owner.id}/support`)).statusCode).toBe(404);
    const list = body<{ data: { items: TSupportConversationSummary[] } }>(
      await stranger.b.get('/api/support/conversations'),
    ).data.items;
    expect(list.map((c) => c.id)).not.toContain(id);
    // Nobody signed in is asked to sign in first.
    expect((await browser().get(`/api/support/conversations/${id}`)).statusCode).toBe(401);
  });
});

describe('staff reading a conversation', () => {
  it('is audited, and the order shows its conversations in its history and on its detail', async () => {
    const { b, id } = await traveller();
    const conversation = body<{ data: TSupportConversation }>(
      await write(b, { topic: 'application', message: 'Status?', applicationId: id }),
    ).data;
    const res = await staff.get(`/api/admin/support/${conversation.id}`);
    expect(res.statusCode).toBe(200);
    expect(body<{ data: TAdminSupportConversation }>(res).data).toMatchObject({
      travellerName: 'Ann Lee',
      hasAccount: true,
      messages: [{ body: 'Status?' }],
    });
    const viewed = (await auditOf(conversation.id)).filter((e) => e.action === 'support.viewed');
    expect(viewed).toHaveLength(1);
    expect(viewed[0]).toMatchObject({ actorRole: 'admin', applicationId: id });

    const onDetail = body<{ data: { items: TSupportConversationSummary[] } }>(
      await staff.get(`/api/admin/applications/${id}/support`),
    ).data.items;
    expect(onDetail.map((c) => c.id)).toEqual([conversation.id]);
    const history = body<{ data: { action: string }[] }>(
      await staff.get(`/api/admin/applications/${id}/audit`),
    ).data.map((e) => e.action);
    expect(history).toEqual(
      expect.arrayContaining(['support.conversation_created', 'support.viewed']),
    );
    expect(
      (await staff.get('/api/admin/applications/00000000-0000-4000-8000-000000000000/support'))
        .statusCode,
    ).toBe(404);
  });
});

describe('personal data', () => {
  it("are in the traveller's copy of their data, and erased with their account", async () => {
    const { b, id, email, reference, userId } = await traveller();
    const mine = body<{ data: TSupportConversation }>(
      await write(b, { topic: 'account', message: 'General question' }),
    ).data;
    const sent = await guest().write({
      topic: 'documents',
      message: 'About my order',
      orderReference: reference,
      email,
    });
    const aboutOrder = await conversationByReference(
      body<{ data: { reference: string } }>(sent).data.reference,
    );
    await staff.post(`/api/admin/support/${mine.id}/replies`, { message: 'Here is how' });

    expect((await b.post('/api/auth/recent-proof', { password: STRONG_PASSWORD })).statusCode).toBe(
      200,
    );
    const exported = await b.get('/api/auth/profile/export');
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse((await unzip(exported.rawPayload)).get('data.json')!.toString('utf8'));
    expect(data.supportConversations).toEqual([
      expect.objectContaining({
        reference: mine.reference,
        topic: 'account',
        status: 'answered',
        order: null,
        messages: [
          expect.objectContaining({
            author: 'traveller',
            authorName: null,
            body: 'General question',
          }),
          expect.objectContaining({ author: 'staff', authorName: 'Sam', body: 'Here is how' }),
        ],
      }),
      expect.objectContaining({
        reference: aboutOrder.reference,
        order: reference,
        email,
        messages: [expect.objectContaining({ body: 'About my order' })],
      }),
    ]);

    const deleted = await b.post('/api/auth/profile/delete', { password: STRONG_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    const db = t.database.db;
    for (const conversationId of [mine.id, aboutOrder.id]) await expectErased(conversationId);
    expect(
      await db.select().from(supportConversations).where(eq(supportConversations.userId, userId)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(supportConversations)
        .where(eq(supportConversations.applicationId, id)),
    ).toEqual([]);
  });

  it("go with their order when the order's records are purged", async () => {
    const { b, id } = await traveller();
    const { id: conversationId } = body<{ data: TSupportConversation }>(
      await write(b, { topic: 'payment', message: 'Old question', applicationId: id }),
    ).data;
    const ago = sql`now() - make_interval(years => ${RECORD_RETENTION_YEARS + 1})`;
    const db = t.database.db;
    await db
      .update(applications)
      .set({ createdAt: ago, updatedAt: ago })
      .where(eq(applications.id, id));
    await db
      .update(payments)
      .set({ createdAt: ago, updatedAt: ago, succeededAt: ago })
      .where(eq(payments.applicationId, id));
    await purgeExpiredRecords({ ctx: t.app.ctx, storage: t.app.ctx.storage });
    expect(await db.select().from(applications).where(eq(applications.id, id))).toEqual([]);
    await expectErased(conversationId);
  });
});
