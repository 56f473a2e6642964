import { formatEuros } from '@waypoint/contracts';

/** Every e-mail the product sends, with the variables each needs. */
export type EmailMessage =
  | { template: 'sign-in-link'; payload: { firstName: string | null; token: string } }
  | {
      template: 'email-verification';
      payload: { firstName: string | null; code: string; newAddress: boolean };
    }
  | { template: 'password-reset'; payload: { firstName: string | null; code: string } }
  | { template: 'reauthentication-code'; payload: { firstName: string | null; code: string } }
  | {
      template: 'account-claimed';
      payload: { firstName: string | null; endedSessions: number; passwordRemoved: boolean };
    }
  | {
      template: 'email-changed';
      payload: { firstName: string | null; newEmail: string; token: string };
    }
  | {
      template: 'payment-confirmation';
      payload: {
        firstName: string | null;
        applicationId: string;
        reference: string;
        visaTypeName: string;
        travelers: string[];
        totalCents: number;
        processingName: string;
        processingHours: number;
      };
    }
  | {
      template: 'status-change';
      payload: {
        firstName: string | null;
        reference: string;
        status: string;
        reason: string | null;
      };
    };

export type TemplateName = EmailMessage['template'];

/** Payload fields that are secrets: they are removed once the message has been sent. */
export const SECRET_FIELDS = ['token', 'code'] as const;

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const hello = (firstName: string | null) => (firstName ? `Hello ${firstName},` : 'Hello,');

function layout(
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#0b4f8a;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escape(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#4a5568">If the button does not work, copy this address into your browser:<br>${escape(action.url)}</p>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1a202c">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px;text-align:left">
<tr><td><p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#0b4f8a">Waypoint</p>
<h1 style="font-size:20px;margin:0 0 16px">${escape(title)}</h1>${body}${button}
<p style="margin:32px 0 0;font-size:12px;color:#4a5568">Waypoint is a private application service. It is not the UK government and is not affiliated with it.</p>
</td></tr></table></td></tr></table></body></html>`;
}

const text = (lines: string[]) =>
  `${lines.join('\n\n')}\n\n--\nWaypoint is a private application service. It is not the UK government and is not affiliated with it.\n`;

export function renderEmail(message: EmailMessage, publicUrl: string): Rendered {
  switch (message.template) {
    case 'sign-in-link': {
      const url = `${publicUrl}/auth/verify?token=${encodeURIComponent(message.payload.token)}`;
      const intro = 'Use this link to log in to Waypoint. It works once and expires in 15 minutes.';
      const ignore = 'If you did not ask for it, you can ignore this e-mail.';
      return {
        subject: 'Your Waypoint sign-in link',
        text: text([hello(message.payload.firstName), intro, url, ignore]),
        html: layout(
          'Your sign-in link',
          [escape(hello(message.payload.firstName)), intro, ignore],
          {
            label: 'Log in to Waypoint',
            url,
          },
        ),
      };
    }
    case 'email-verification': {
      const { code, newAddress } = message.payload;
      const intro = newAddress
        ? 'Enter this code on Waypoint to confirm your new e-mail address. It expires in 10 minutes.'
        : 'Enter this code on Waypoint to verify your e-mail address. It expires in 10 minutes.';
      return {
        subject: `Your Waypoint verification code: ${code}`,
        text: text([hello(message.payload.firstName), intro, code]),
        html: layout('Verify your e-mail address', [
          escape(hello(message.payload.firstName)),
          intro,
          `<strong style="font-size:28px;letter-spacing:6px">${escape(code)}</strong>`,
        ]),
      };
    }
    case 'password-reset': {
      const { code } = message.payload;
      const intro =
        'Enter this code on the Reset password page to choose a new password. It expires in 10 minutes.';
      const ignore =
        'If you did not ask to reset your password, you can ignore this e-mail; your password stays the same.';
      const url = `${publicUrl}/auth/reset-password`;
      return {
        subject: `Your Waypoint password reset code: ${code}`,
        text: text([hello(message.payload.firstName), intro, code, url, ignore]),
        html: layout(
          'Reset your password',
          [
            escape(hello(message.payload.firstName)),
            intro,
            `<strong style="font-size:28px;letter-spacing:6px">${escape(code)}</strong>`,
            ignore,
          ],
          { label: 'Reset password', url },
        ),
      };
    }
    case 'reauthentication-code': {
      const { code } = message.payload;
      const intro =
        'Enter this code on Waypoint to confirm it is you before changing your email address or password. It expires in 10 minutes.';
      const ignore =
        'If you did not ask for it, someone may be using your account: log in with a sign-in link and check your details.';
      return {
        subject: `Your Waypoint security code: ${code}`,
        text: text([hello(message.payload.firstName), intro, code, ignore]),
        html: layout('Confirm it is you', [
          escape(hello(message.payload.firstName)),
          intro,
          `<strong style="font-size:28px;letter-spacing:6px">${escape(code)}</strong>`,
          ignore,
        ]),
      };
    }
    case 'account-claimed': {
      const p = message.payload;
      const url = `${publicUrl}/auth/login`;
      const lines = [
        `Your email address is now confirmed for your Waypoint account. For your security we signed out ${p.endedSessions === 1 ? 'one other browser' : `${p.endedSessions} other browsers`} that had been using the account before you confirmed the address (for example, a browser where an order was paid with this email).`,
        ...(p.passwordRemoved
          ? [
              'A password had been set on the account before the address was confirmed; we removed it. You can choose a new one in your profile.',
            ]
          : []),
        'If you did not do this, please log in with a sign-in link and check your orders and details.',
      ];
      return {
        subject: 'Your Waypoint account: other browsers were signed out',
        text: text([hello(p.firstName), ...lines, url]),
        html: layout(
          'Other browsers were signed out',
          [escape(hello(p.firstName)), ...lines.map(escape)],
          {
            label: 'Log in to Waypoint',
            url,
          },
        ),
      };
    }
    case 'email-changed': {
      const p = message.payload;
      const url = `${publicUrl}/auth/undo-email-change?token=${encodeURIComponent(p.token)}`;
      const lines = [
        `The email address of your Waypoint account was changed to ${p.newEmail}. Messages about your orders now go there.`,
        'If you did not make this change, use the link below within 72 hours to undo it: your old address is restored and every browser using the account is signed out.',
      ];
      return {
        subject: 'The email address of your Waypoint account was changed',
        text: text([hello(p.firstName), ...lines, url]),
        html: layout(
          'Your email address was changed',
          [escape(hello(p.firstName)), ...lines.map(escape)],
          {
            label: 'Undo this change',
            url,
          },
        ),
      };
    }
    case 'payment-confirmation': {
      const p = message.payload;
      const url = `${publicUrl}/application/${encodeURIComponent(p.applicationId)}/general-info`;
      const summary = `Order #${p.reference}: ${p.visaTypeName} for ${p.travelers.length} traveller${p.travelers.length === 1 ? '' : 's'} (${p.travelers.join(', ')}). Amount paid: ${formatEuros(p.totalCents)}.`;
      const next = `What happens next: upload each traveller's passport page and photo and answer the remaining questions. Once everything is complete, we check and submit your application within ${p.processingHours} hours (${p.processingName}), and the decision reaches you by e-mail.`;
      return {
        subject: `Payment received – order #${p.reference}`,
        text: text([
          hello(p.firstName),
          'Thank you, we have received your payment.',
          summary,
          next,
          url,
        ]),
        html: layout(
          'Payment received',
          [
            escape(hello(p.firstName)),
            'Thank you, we have received your payment.',
            escape(summary),
            escape(next),
          ],
          { label: 'Continue with your documents', url },
        ),
      };
    }
    case 'status-change': {
      const p = message.payload;
      const url = `${publicUrl}/orders`;
      const line = `The status of your order #${p.reference} is now: ${p.status}.`;
      const lines = p.reason ? [line, `Reason: ${p.reason}`] : [line];
      return {
        subject: `Order #${p.reference}: ${p.status}`,
        text: text([hello(p.firstName), ...lines, url]),
        html: layout(
          'Your application status changed',
          [escape(hello(p.firstName)), ...lines.map(escape)],
          {
            label: 'View my orders',
            url,
          },
        ),
      };
    }
  }
}
