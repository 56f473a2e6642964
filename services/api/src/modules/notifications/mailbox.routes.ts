import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope, text } from '@waypoint/contracts';
import { notFound } from '../../lib/errors';
import type { MailboxEntry } from './mailer';
import { ok } from '../../lib/reply';

const Entry = z.object({
  id: text(),
  to: text(),
  subject: text(),
  text: text(),
  sentAt: text(),
  links: z.array(text()),
  /** Files sent with the e-mail (a receipt), each downloadable at its `url`. */
  attachments: z.array(
    z.object({ filename: text(), contentType: text(), size: z.number().int(), url: text() }),
  ),
});
type Entry = z.infer<typeof Entry>;

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

async function readMailbox(dir: string): Promise<Entry[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const entries = await Promise.all(
    names
      .filter((n) => n.endsWith('.json'))
      .map(async (name) => {
        const e = JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as MailboxEntry;
        const links = [...new Set(e.text.match(/https?:\/\/\S+/g) ?? [])];
        const id = name.replace(/\.json$/, '');
        return {
          id,
          to: e.to,
          subject: e.subject,
          text: e.text,
          sentAt: e.sentAt,
          links,
          attachments: (e.attachments ?? []).map((file, i) => ({
            ...file,
            url: `/api/dev/mailbox/${encodeURIComponent(id)}/attachments/${i}`,
          })),
        };
      }),
  );
  return entries.sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}

/**
 * The development mailbox (only without SMTP and outside production): every e-mail the portal sent,
 * at /dev/mailbox for people and /api/dev/mailbox for tests.
 */
export async function mailboxRoutes(app: FastifyInstance) {
  const dir = app.config.mail.mailboxDir;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['development'],
        summary: 'E-mails in the development mailbox, newest first',
        response: { 200: okEnvelope(z.array(Entry)) },
      },
    },
    async () => ok(await readMailbox(dir)),
  );

  r.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const entries = await readMailbox(dir);
    const rows = entries
      .map(
        (e) =>
          `<li><article><h2>${escape(e.subject)}</h2><p>To <strong>${escape(e.to)}</strong> · ${escape(new Date(e.sentAt).toUTCString())} · <a href="/dev/mailbox/${encodeURIComponent(e.id)}">view message</a></p>${
            e.links.length
              ? `<ul>${e.links.map((l) => `<li><a href="${escape(l)}">${escape(l)}</a></li>`).join('')}</ul>`
              : ''
          }${
            e.attachments.length
              ? `<p>Attached: ${e.attachments.map((f) => `<a href="${escape(f.url)}">${escape(f.filename)}</a>`).join(', ')}</p>`
              : ''
          }<pre>${escape(e.text)}</pre></article></li>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    reply.header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox – Waypoint</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a202c}ol{list-style:none;padding:0}article{border:1px solid #cbd5e0;border-radius:8px;padding:1rem;margin:0 0 1rem}h2{font-size:1.1rem;margin:0 0 .5rem}pre{white-space:pre-wrap;background:#f7fafc;padding:.75rem}a{color:#0b4f8a}</style></head>
<body><h1>Development mailbox</h1><p>E-mails the portal has sent (written to ${escape(dir)}). This page exists only without SMTP and outside production.</p>
${entries.length ? `<ol>${rows}</ol>` : '<p>No e-mails yet.</p>'}</body></html>`;
  });

  r.get(
    '/api/dev/mailbox/:id/attachments/:index',
    {
      schema: {
        tags: ['development'],
        summary: 'A file attached to an e-mail in the development mailbox',
        params: z.object({
          id: text().regex(/^[A-Za-z0-9_-]+$/),
          index: z.coerce.number().int().min(0).max(20),
        }),
      },
    },
    async (request, reply) => {
      const { id, index } = request.params;
      let entry: MailboxEntry;
      let content: Buffer;
      try {
        entry = JSON.parse(await fs.readFile(path.join(dir, `${id}.json`), 'utf8')) as MailboxEntry;
        content = await fs.readFile(path.join(dir, `${id}.${index}.att`));
      } catch {
        throw notFound('mailbox.notFound');
      }
      const file = entry.attachments?.[index];
      if (!file) throw notFound('mailbox.notFound');
      return reply
        .type(file.contentType)
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
        )
        .send(content);
    },
  );

  r.get(
    '/dev/mailbox/:id',
    { schema: { hide: true, params: z.object({ id: text().regex(/^[A-Za-z0-9_-]+$/) }) } },
    async (request, reply) => {
      try {
        const e = JSON.parse(
          await fs.readFile(path.join(dir, `${request.params.id}.json`), 'utf8'),
        ) as MailboxEntry;
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        reply.header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'",
        );
        return e.html;
      } catch {
        throw notFound('mailbox.notFound');
      }
    },
  );
}
