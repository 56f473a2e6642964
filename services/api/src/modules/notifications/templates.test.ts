import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@waypoint/contracts';
import { renderEmail, type EmailMessage, type TemplateName } from './templates';

const URL = 'https://apply.example.com';

const payment: EmailMessage = {
  template: 'payment-confirmation',
  payload: {
    firstName: 'Amira',
    applicationId: 'app-1',
    reference: 'AB12CD34',
    visaTypeName: 'UK ETA',
    travelers: ['Amira Haddad', 'Omar Haddad'],
    totalCents: 123456,
    processingName: 'Standard',
    processingHours: 72,
  },
};

const rejected: EmailMessage = {
  template: 'status-change',
  payload: {
    firstName: 'Amira',
    reference: 'AB12CD34',
    status: 'Rejected',
    reason: 'The photo is blurred',
  },
};

/** Each email, with its subject and one line in French and in Arabic. */
const cases: {
  message: EmailMessage;
  fr: { subject: string; line: string };
  ar: { subject: string; line: string };
}[] = [
  {
    message: { template: 'sign-in-link', payload: { firstName: 'Amira', token: 't1' } },
    fr: {
      subject: 'Votre lien de connexion Waypoint',
      line: 'Utilisez ce lien pour vous connecter à Waypoint. Il ne fonctionne qu’une fois et expire dans 15 minutes.',
    },
    ar: {
      subject: 'رابط تسجيل الدخول إلى Waypoint',
      line: 'استخدم هذا الرابط لتسجيل الدخول إلى Waypoint.',
    },
  },
  {
    message: {
      template: 'email-verification',
      payload: { firstName: 'Amira', code: '123456', newAddress: true },
    },
    fr: {
      subject: 'Votre code de vérification Waypoint : 123456',
      line: 'Saisissez ce code sur Waypoint pour confirmer votre nouvelle adresse e-mail.',
    },
    ar: {
      subject: 'رمز التحقق الخاص بك من Waypoint: 123456',
      line: 'أدخل هذا الرمز في Waypoint لتأكيد عنوان بريدك الإلكتروني الجديد.',
    },
  },
  {
    message: { template: 'password-reset', payload: { firstName: null, code: '654321' } },
    fr: {
      subject: 'Votre code de réinitialisation du mot de passe Waypoint : 654321',
      line: 'Bonjour,',
    },
    ar: {
      subject: 'رمز إعادة تعيين كلمة المرور الخاص بك من Waypoint: 654321',
      line: 'مرحبًا،',
    },
  },
  {
    message: { template: 'reauthentication-code', payload: { firstName: 'Amira', code: '111222' } },
    fr: {
      subject: 'Votre code de sécurité Waypoint : 111222',
      line: 'pour confirmer votre identité avant de modifier votre adresse e-mail ou votre mot de passe',
    },
    ar: { subject: 'رمز الأمان الخاص بك من Waypoint: 111222', line: 'لتأكيد هويتك قبل تغيير' },
  },
  {
    message: {
      template: 'account-claimed',
      payload: { firstName: 'Amira', endedSessions: 2, passwordRemoved: true },
    },
    fr: {
      subject: 'Votre compte Waypoint : d’autres navigateurs ont été déconnectés',
      line: 'nous avons déconnecté 2 autres navigateurs qui utilisaient le compte',
    },
    ar: {
      subject: 'حسابك على Waypoint: تم تسجيل الخروج من متصفحات أخرى',
      line: 'سجّلنا الخروج من متصفحين آخرين كانا يستخدمان الحساب',
    },
  },
  {
    message: {
      template: 'email-changed',
      payload: { firstName: 'Amira', newEmail: 'new@example.com', token: 'undo' },
    },
    fr: {
      subject: 'L’adresse e-mail de votre compte Waypoint a été modifiée',
      line: 'L’adresse e-mail de votre compte Waypoint a été remplacée par new@example.com.',
    },
    ar: {
      subject: 'تم تغيير عنوان البريد الإلكتروني لحسابك على Waypoint',
      line: 'تم تغيير عنوان البريد الإلكتروني لحسابك على Waypoint إلى new@example.com.',
    },
  },
  {
    message: payment,
    fr: {
      subject: 'Paiement reçu – commande nº AB12CD34',
      line: 'Commande nº AB12CD34 : UK ETA pour 2 voyageurs (Amira Haddad et Omar Haddad). Montant payé : 1\u202f234,56\u00a0€.',
    },
    ar: {
      subject: 'تم استلام الدفعة – الطلب رقم AB12CD34',
      line: 'ويشمل مسافرَين (Amira Haddad وOmar Haddad)',
    },
  },
  {
    message: {
      template: 'staff-invitation',
      payload: { token: 'invite-token', role: 'admin', invitedBy: 'Sam Staff' },
    },
    fr: {
      subject: 'Vous êtes invité(e) à rejoindre le personnel de Waypoint',
      line: 'comme administrateur : vous traiterez les demandes et gérerez aussi les remboursements',
    },
    ar: {
      subject: 'دعوة للانضمام إلى موظفي Waypoint',
      line: 'الدعوة مرسلة من Sam Staff.',
    },
  },
  {
    message: rejected,
    fr: {
      subject: 'Commande nº AB12CD34 : Refusée',
      line: 'Le statut de votre commande nº AB12CD34 est désormais : Refusée.',
    },
    ar: { subject: 'الطلب رقم AB12CD34: مرفوض', line: 'حالة طلبك رقم AB12CD34 الآن: مرفوض.' },
  },
];

describe('emails in the account’s language', () => {
  it.each(cases)('$message.template in French', ({ message, fr }) => {
    const mail = renderEmail(message, URL, 'fr');
    expect(mail.subject).toBe(fr.subject);
    expect(mail.text).toContain(fr.line);
    expect(mail.text).toContain('Waypoint est un service privé d’aide aux demandes');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).not.toContain('Hello');
  });

  it.each(cases)('$message.template in Arabic, right to left', ({ message, ar }) => {
    const mail = renderEmail(message, URL, 'ar');
    expect(mail.subject).toBe(ar.subject);
    expect(mail.text).toContain(ar.line);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('text-align:right');
    expect(mail.html).toContain('وليست جهة تابعة لحكومة المملكة المتحدة');
  });

  it('gives the amount and the plural forms of the language', () => {
    const one = renderEmail(
      {
        ...payment,
        payload: { ...payment.payload, travelers: ['Amira Haddad'], totalCents: 5900 },
      },
      URL,
      'fr',
    );
    expect(one.text).toContain('pour 1 voyageur (Amira Haddad). Montant payé : 59,00\u00a0€.');
    const ar = renderEmail(payment, URL, 'ar');
    expect(ar.text).toContain('خلال 72 ساعة');
    expect(renderEmail(payment, URL, 'de').text).toContain('für 2 Reisende');
    expect(renderEmail(payment, URL, 'es').text).toContain('Importe pagado: 1234,56\u00a0€');
  });

  it('names the status in German in the status-change email', () => {
    const mail = renderEmail(rejected, URL, 'de');
    expect(mail.subject).toBe('Bestellung Nr. AB12CD34: Abgelehnt');
    expect(mail.text).toContain(
      'Der Status Ihrer Bestellung Nr. AB12CD34 lautet jetzt: Abgelehnt.',
    );
    expect(mail.text).toContain('Grund: The photo is blurred');
    expect(mail.html).toContain(
      '<h1 style="font-size:20px;margin:0 0 16px">Der Status Ihres Antrags hat sich geändert</h1>',
    );
    expect(mail.html).toContain('>Meine Bestellungen ansehen</a>');
  });

  it('escapes what the traveller typed in every language', () => {
    const mail = renderEmail(
      { template: 'sign-in-link', payload: { firstName: '<b>Amira</b>', token: 't' } },
      URL,
      'ar',
    );
    expect(mail.html).toContain('مرحبًا &lt;b&gt;Amira&lt;/b&gt;،');
  });

  it('keeps the English emails as they were', () => {
    const mail = renderEmail(rejected, URL);
    expect(mail.subject).toBe('Order #AB12CD34: Rejected');
    expect(mail.text).toBe(
      'Hello Amira,\n\nThe status of your order #AB12CD34 is now: Rejected.\n\nReason: The photo is blurred\n\nhttps://apply.example.com/orders\n\n--\nQuestions? Visit our help centre: https://apply.example.com/help\nWaypoint is a private application service. It is not the UK government and is not affiliated with it.\n',
    );
    expect(mail.html).toContain('<html lang="en">');
    expect(renderEmail(payment, URL, 'en').text).toContain(
      'Order #AB12CD34: UK ETA for 2 travellers (Amira Haddad, Omar Haddad). Amount paid: €1234.56.',
    );
  });
});

describe('the invitation to join the staff', () => {
  it('links to the invitation page, says the role and who invites, and escapes the name', () => {
    const mail = renderEmail(
      {
        template: 'staff-invitation',
        payload: { token: 'a/b+c', role: 'caseworker', invitedBy: '<b>Sam</b>' },
      },
      URL,
    );
    expect(mail.subject).toBe('You are invited to join the Waypoint staff');
    expect(mail.text).toContain(`${URL}/auth/staff-invitation/a%2Fb%2Bc`);
    expect(mail.text).toContain('as a caseworker');
    expect(mail.text).toContain('It works once and expires in 48 hours.');
    expect(mail.html).toContain(`href="${URL}/auth/staff-invitation/a%2Fb%2Bc"`);
    expect(mail.html).toContain('The invitation comes from &lt;b&gt;Sam&lt;/b&gt;.');
    expect(mail.html).toContain('>Accept the invitation</a>');
    const unnamed = renderEmail(
      { template: 'staff-invitation', payload: { token: 't', role: 'admin', invitedBy: null } },
      URL,
      'de',
    );
    expect(unnamed.text).toContain('als Administrator');
    expect(unnamed.text).not.toContain('Die Einladung kommt von');
  });
});

describe('casework emails', () => {
  const LOCALES = ['en', 'fr', 'de', 'es', 'ar'] as const;
  const ids = { firstName: 'Amira', applicationId: 'app 1', reference: 'AB12CD34' };

  const changesRequested: EmailMessage = {
    template: 'changes-requested',
    payload: {
      ...ids,
      changes: [
        {
          section: 'passport-page',
          travelerName: 'Omar Haddad',
          message: 'The page is blurred.\nPlease upload a sharper <script>alert(1)</script> scan.',
        },
        { section: 'general-info', travelerName: null, message: 'Check the arrival date.' },
      ],
    },
  };
  const lodged = (productKind: 'ETA' | 'VISA', homeOfficeReference: string): EmailMessage => ({
    template: 'lodged',
    payload: { ...ids, productKind, homeOfficeReference, lodgedOn: '2026-03-01' },
  });
  const grant = {
    travelerName: 'Amira Haddad',
    reference: '1234567890123456',
    validFrom: '2026-03-04',
    validUntil: '2028-03-04',
    passportLast4: 'X123',
  };
  const approved = (productKind: 'ETA' | 'VISA', grants = [grant]): EmailMessage => ({
    template: 'decision',
    payload: {
      ...ids,
      productKind,
      outcome: 'APPROVED',
      reason: null,
      grants,
      documentIds: grants.map((_, i) => `doc-${i}`),
    },
  });
  const refused = (documentIds: string[]): EmailMessage => ({
    template: 'decision',
    payload: {
      ...ids,
      productKind: 'VISA',
      outcome: 'REJECTED',
      reason: 'Not enough funds <b>shown</b>',
      grants: [],
      documentIds,
    },
  });
  const reminder = (
    productKind: 'ETA' | 'VISA',
    cause: 'permission' | 'passport',
    daysBefore: 60 | 14,
  ): EmailMessage => ({
    template: 'expiry-reminder',
    payload: {
      firstName: 'Amira',
      productKind,
      travelerName: 'Amira Haddad',
      grantReference: '1234567890123456',
      expiresOn: '2028-03-04',
      cause,
      daysBefore,
      renewToken: 'renew/token+1',
      unsubscribeToken: 'stop/token=2',
    },
  });

  const all: EmailMessage[] = [
    changesRequested,
    lodged('ETA', '1234567890123456'),
    lodged('VISA', 'GWF012345678'),
    approved('ETA'),
    approved('VISA', [grant, { ...grant, travelerName: 'Omar Haddad', passportLast4: 'Y456' }]),
    refused(['letter']),
    refused([]),
    reminder('ETA', 'permission', 60),
    reminder('ETA', 'passport', 14),
    reminder('VISA', 'permission', 14),
    reminder('VISA', 'passport', 60),
  ];
  const matrix = all.flatMap((message) => LOCALES.map((locale) => ({ message, locale })));

  it.each(matrix)(
    '$message.template renders in $locale without a missing message',
    ({ message, locale }) => {
      const mail = renderEmail(message, URL, locale);
      for (const part of [mail.subject, mail.text, mail.html]) {
        // A missing message shows its key; an unfilled placeholder its braces.
        expect(part).not.toMatch(
          /\b(?:common|section|status|changesRequested|lodged|decision|reminder)\.[\w-]+/,
        );
        expect(part).not.toMatch(/\{\w+\}/);
      }
      expect(mail.subject).not.toMatch(/\n/);
      expect(mail.html).toContain(`<html lang="${locale}"`);
      if (locale !== 'en') {
        const english = renderEmail(message, URL, 'en');
        expect(mail.subject).not.toBe(english.subject);
        expect(mail.text).not.toContain('Hello');
      }
    },
  );

  it('lists the changes asked for, in the reader’s language, and links to the review page', () => {
    const en = renderEmail(changesRequested, URL);
    expect(en.subject).toBe('Action needed: changes to your application AB12CD34');
    expect(en.text).toContain(
      'Before we can submit it to the UK government, some changes are needed:',
    );
    expect(en.text).toContain(
      'Passport page (Omar Haddad)\nThe page is blurred.\nPlease upload a sharper <script>alert(1)</script> scan.',
    );
    expect(en.text).toContain('General information\nCheck the arrival date.');
    expect(en.text).toContain('https://apply.example.com/application/app%201/review');
    expect(en.html).toContain('href="https://apply.example.com/application/app%201/review"');
    expect(en.html).toContain('>Make the changes</a>');
    expect(en.html).toContain(
      '<strong>Passport page (Omar Haddad)</strong><br>The page is blurred.<br>Please upload a sharper &lt;script&gt;alert(1)&lt;/script&gt; scan.',
    );
    for (const locale of LOCALES)
      expect(renderEmail(changesRequested, URL, locale).html).not.toContain('<script>');

    const fr = renderEmail(changesRequested, URL, 'fr');
    expect(fr.subject).toBe('Action requise : modifications à apporter à votre demande AB12CD34');
    expect(fr.text).toContain('Page du passeport (Omar Haddad)');
    expect(fr.text).toContain('Informations générales\nCheck the arrival date.');
    expect(renderEmail(changesRequested, URL, 'de').text).toContain('Passseite (Omar Haddad)');
    expect(renderEmail(changesRequested, URL, 'es').text).toContain(
      'Página del pasaporte (Omar Haddad)',
    );
    const ar = renderEmail(changesRequested, URL, 'ar');
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.text).toContain('صفحة جواز السفر (Omar Haddad)');
  });

  it('names every section in every language', () => {
    const sections = [
      'general-info',
      'passport-page',
      'applicants-photo',
      'personal-information',
      'passport-information',
      'work',
      'declaration',
    ] as const;
    const every: EmailMessage = {
      template: 'changes-requested',
      payload: {
        ...ids,
        changes: sections.map((section) => ({ section, travelerName: null, message: 'x' })),
      },
    };
    const headings = (locale: (typeof LOCALES)[number]) =>
      [...renderEmail(every, URL, locale).text.matchAll(/\n\n([^\n]+)\nx(?=\n)/g)].map((m) => m[1]);
    expect(headings('en')).toEqual([
      'General information',
      'Passport page',
      "Applicant's photo",
      'Personal information',
      'Passport information',
      'Work',
      'Declaration',
    ]);
    for (const locale of LOCALES) {
      const names = headings(locale);
      expect(new Set(names).size).toBe(sections.length);
      for (const name of names) expect(name).not.toMatch(/^section\./);
    }
    expect(headings('de')).toContain('Foto der antragstellenden Person');
    expect(headings('ar')).toContain('الإقرار');
  });

  it('gives the day it was lodged, the reference in groups of four for an ETA, and how long the decision takes', () => {
    const eta = renderEmail(lodged('ETA', '1234567890123456'), URL);
    expect(eta.subject).toBe('Your application AB12CD34 has been submitted to the UK government');
    expect(eta.text).toContain(
      'On 1 March 2026 we submitted your application AB12CD34 to the UK government.',
    );
    expect(eta.text).toContain('Home Office reference: 1234-5678-9012-3456');
    expect(eta.text).toContain('usually comes within 3 working days');
    expect(eta.html).toContain('href="https://apply.example.com/orders"');
    expect(eta.html).toContain('>View your order</a>');

    const visa = renderEmail(lodged('VISA', 'GWF012345678'), URL);
    expect(visa.text).toContain('Home Office reference: GWF012345678');
    expect(visa.text).toContain('usually takes about 3 weeks');

    expect(renderEmail(lodged('ETA', '1234567890123456'), URL, 'fr').text).toContain(
      'Le 1 mars 2026, nous avons déposé votre demande AB12CD34',
    );
    expect(renderEmail(lodged('ETA', '1234567890123456'), URL, 'de').text).toContain(
      'Am 1. März 2026 haben wir Ihren Antrag AB12CD34',
    );
    expect(renderEmail(lodged('VISA', 'GWF012345678'), URL, 'es').text).toContain(
      'El 1 de marzo de 2026 presentamos su solicitud AB12CD34',
    );
    const ar = renderEmail(lodged('ETA', '1234567890123456'), URL, 'ar');
    expect(ar.text).toContain('1234-5678-9012-3456');
    expect(ar.html).toContain('dir="rtl"');
  });

  it('writes the dates as given, whatever the server’s time zone', () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['Pacific/Pago_Pago', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
        process.env.TZ = tz;
        expect(renderEmail(lodged('ETA', '1234567890123456'), URL).text).toContain(
          'On 1 March 2026 ',
        );
        expect(renderEmail(approved('ETA'), URL).text).toContain(
          'Valid from 4 March 2026 until 4 March 2028',
        );
        expect(renderEmail(reminder('ETA', 'permission', 60), URL, 'de').text).toContain(
          'läuft am 4. März 2028 ab.',
        );
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('tells an approved ETA’s traveller what was granted and what to do at the border', () => {
    const mail = renderEmail(approved('ETA'), URL);
    expect(mail.subject).toBe('Your UK ETA has been granted – order #AB12CD34');
    expect(mail.text).toContain(
      'Amira Haddad\nReference: 1234-5678-9012-3456\nValid from 4 March 2026 until 4 March 2028\nLinked to the passport ending X123',
    );
    expect(mail.text).toContain('The decision document is attached to this email.');
    expect(mail.text).toContain('Travel with the same passport the ETA is linked to.');
    expect(mail.text).toContain('there is nothing to print');
    expect(mail.text).toContain('for up to 6 months each visit');
    expect(mail.text).toContain('An ETA does not guarantee entry to the UK');
    expect(mail.html).toContain('<strong>Amira Haddad</strong><br>Reference: 1234-5678-9012-3456');
    expect(mail.html).toContain('>View your order</a>');

    expect(renderEmail(approved('ETA'), URL, 'fr').subject).toBe(
      'Votre ETA pour le Royaume-Uni a été accordée – commande nº AB12CD34',
    );
    const ar = renderEmail(approved('ETA'), URL, 'ar');
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.text).toContain('الصلاحية: من 4 مارس 2026 إلى 4 مارس 2028');
  });

  it('lists each traveller of an approved visa', () => {
    const two = approved('VISA', [
      { ...grant, reference: 'GWF012345678' },
      { ...grant, travelerName: 'Omar Haddad', reference: 'GWF012345679', passportLast4: 'Y456' },
    ]);
    const mail = renderEmail(two, URL);
    expect(mail.subject).toBe('Your UK visas have been granted – order #AB12CD34');
    expect(mail.text).toContain('Amira Haddad\nReference: GWF012345678');
    expect(mail.text).toContain('Omar Haddad\nReference: GWF012345679');
    expect(mail.text).toContain('Linked to the passport ending Y456');
    expect(mail.text).toContain('The decision documents are attached to this email.');
    expect(mail.text).toContain('bring the passport the visa is linked to');
    expect(mail.text).not.toContain('ETA');
    expect(renderEmail(two, URL, 'de').subject).toBe(
      'Ihre Visa für das Vereinigte Königreich wurden erteilt – Bestellung Nr. AB12CD34',
    );
  });

  it('gives a refusal’s reason as written, escaped, and says whether the letter is attached', () => {
    const mail = renderEmail(refused(['letter']), URL);
    expect(mail.subject).toBe('The UK government refused your application AB12CD34');
    expect(mail.text).toContain('The reason given: Not enough funds <b>shown</b>');
    expect(mail.html).toContain('The reason given: Not enough funds &lt;b&gt;shown&lt;/b&gt;');
    expect(mail.text).toContain('The government');
    expect(mail.text).toContain('letter is attached to this email.');
    expect(mail.text).toContain('reply to this email');
    expect(mail.html).toContain('href="https://apply.example.com/orders"');
    expect(renderEmail(refused([]), URL).text).not.toContain('attached');
    expect(renderEmail(refused([]), URL, 'es').subject).toBe(
      'El Gobierno del Reino Unido ha denegado su solicitud AB12CD34',
    );
  });

  it('reminds before an ETA or its passport expires, with links that work without signing in', () => {
    const eta = renderEmail(reminder('ETA', 'permission', 60), URL);
    expect(eta.subject).toBe('Your UK ETA expires in 60 days');
    expect(eta.text).toContain(
      'The UK ETA of Amira Haddad (reference 1234-5678-9012-3456) expires on 4 March 2028.',
    );
    expect(eta.text).toContain('Amira Haddad will need a new ETA');
    const renew = 'https://apply.example.com/renew?token=renew%2Ftoken%2B1';
    const stop = 'https://apply.example.com/reminders/unsubscribe?token=stop%2Ftoken%3D2';
    expect(eta.text).toContain(`\n\n${renew}\n\n`);
    expect(eta.text).toContain(`Stop these reminders: ${stop}`);
    expect(eta.html).toContain(`href="${renew}"`);
    expect(eta.html).toContain('>Start a new application</a>');
    expect(eta.html).toContain(`Stop these reminders: <a href="${stop}"`);

    const passport = renderEmail(reminder('ETA', 'passport', 14), URL);
    expect(passport.subject).toBe('The passport linked to your UK ETA expires in 14 days');
    expect(passport.text).toContain('with a new passport, Amira Haddad will need a new ETA');

    expect(renderEmail(reminder('VISA', 'permission', 14), URL).subject).toBe(
      'Your UK visa expires in 14 days',
    );
    expect(renderEmail(reminder('ETA', 'permission', 60), URL, 'fr').subject).toBe(
      'Votre ETA pour le Royaume-Uni expire dans 60 jours',
    );
    const ar = renderEmail(reminder('ETA', 'passport', 14), URL, 'ar');
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.html).toContain('text-align:right');
    expect(ar.text).toContain(`إيقاف هذه التذكيرات: ${stop}`);
  });

  it('names the new statuses in the status-change email', () => {
    const status = (name: string): EmailMessage => ({
      template: 'status-change',
      payload: { firstName: null, reference: 'AB12CD34', status: name, reason: null },
    });
    expect(renderEmail(status('Changes requested'), URL, 'de').subject).toBe(
      'Bestellung Nr. AB12CD34: Änderungen angefordert',
    );
    expect(renderEmail(status('Submitted to the UK government'), URL, 'fr').subject).toBe(
      'Commande nº AB12CD34 : Déposée auprès du gouvernement britannique',
    );
  });
});

describe('the help centre and the support address in every email', () => {
  const support = { email: 'help@waypoint.example', helpUrl: null };
  const grant = {
    travelerName: 'Amira Haddad',
    reference: '1234567890123456',
    validFrom: '2026-03-04',
    validUntil: '2028-03-04',
    passportLast4: 'X123',
  };
  /**
   * One e-mail of each template. Typed by template name, so a new template does not typecheck here until it has
   * one, and checked against the templates declared in templates.ts when the test runs.
   */
  const EVERY: { [T in TemplateName]: Extract<EmailMessage, { template: T }> } = {
    'sign-in-link': { template: 'sign-in-link', payload: { firstName: 'Amira', token: 't1' } },
    'draft-return-link': {
      template: 'draft-return-link',
      payload: { token: 'tok-1', expiresAt: '2026-12-06T10:00:00.000Z' },
    },
    'email-verification': {
      template: 'email-verification',
      payload: { firstName: 'Amira', code: '123456', newAddress: false },
    },
    'password-reset': { template: 'password-reset', payload: { firstName: null, code: '654321' } },
    'reauthentication-code': {
      template: 'reauthentication-code',
      payload: { firstName: 'Amira', code: '111222' },
    },
    'account-claimed': {
      template: 'account-claimed',
      payload: { firstName: 'Amira', endedSessions: 1, passwordRemoved: false },
    },
    'email-changed': {
      template: 'email-changed',
      payload: { firstName: 'Amira', newEmail: 'new@example.com', token: 'undo' },
    },
    'payment-confirmation': payment as Extract<EmailMessage, { template: 'payment-confirmation' }>,
    'refund-confirmation': {
      template: 'refund-confirmation',
      payload: {
        firstName: 'Amira',
        reference: 'AB12CD34',
        kind: 'full',
        amountCents: 5900,
        totalCents: 5900,
        creditNoteNumber: 'CN-2026-000001',
      },
    },
    'status-change': rejected as Extract<EmailMessage, { template: 'status-change' }>,
    'changes-requested': {
      template: 'changes-requested',
      payload: {
        firstName: 'Amira',
        applicationId: 'app-1',
        reference: 'AB12CD34',
        changes: [{ section: 'work', travelerName: null, message: 'Add your job title.' }],
      },
    },
    lodged: {
      template: 'lodged',
      payload: {
        firstName: 'Amira',
        applicationId: 'app-1',
        reference: 'AB12CD34',
        productKind: 'ETA',
        homeOfficeReference: '1234567890123456',
        lodgedOn: '2026-03-01',
      },
    },
    decision: {
      template: 'decision',
      payload: {
        firstName: 'Amira',
        applicationId: 'app-1',
        reference: 'AB12CD34',
        productKind: 'ETA',
        outcome: 'APPROVED',
        reason: null,
        grants: [grant],
        documentIds: [],
      },
    },
    'expiry-reminder': {
      template: 'expiry-reminder',
      payload: {
        firstName: 'Amira',
        productKind: 'ETA',
        travelerName: 'Amira Haddad',
        grantReference: '1234567890123456',
        expiresOn: '2028-03-04',
        cause: 'permission',
        daysBefore: 60,
        renewToken: 'renew',
        unsubscribeToken: 'stop',
      },
    },
    'account-deleted': { template: 'account-deleted', payload: { applications: 1 } },
    'staff-invitation': {
      template: 'staff-invitation',
      payload: { token: 'invite', role: 'caseworker', invitedBy: null },
    },
    'support-received': {
      template: 'support-received',
      payload: {
        firstName: 'Amira',
        reference: 'S-1',
        orderReference: 'AB12CD34',
        message: 'Where is my ETA?',
        link: 'orders',
      },
    },
    'support-reply': {
      template: 'support-reply',
      payload: {
        firstName: 'Amira',
        reference: 'S-1',
        staffName: 'Sam',
        reply: 'It is on its way.',
        link: null,
      },
    },
  };
  const matrix = Object.values(EVERY).flatMap((message) =>
    LOCALES.map((locale) => ({ message, locale })),
  );

  it('has an email here for every template declared in templates.ts', () => {
    const source = fs.readFileSync(path.join(__dirname, 'templates.ts'), 'utf8');
    const declared = new Set([...source.matchAll(/template: '([a-z-]+)'/g)].map((m) => m[1]));
    expect([...declared].sort()).toEqual(Object.keys(EVERY).sort());
  });

  it.each(matrix)(
    '$message.template in $locale links to the help centre and gives the support address',
    ({ message, locale }) => {
      const mail = renderEmail(message, URL, locale, support);
      const help = `${URL}/help`;
      // The text part: the address on its own, so mail programs (and the development mailbox) see the whole link.
      expect(mail.text.match(/https?:\/\/\S+/g)).toContain(help);
      expect(mail.text).toContain(support.email);
      expect(mail.html).toContain(`<a href="${help}" style="color:#4a5568">${help}</a>`);
      expect(mail.html).toContain(`href="mailto:${support.email}"`);
      for (const mark of ['\u0001', '\u0002']) expect(mail.html).not.toContain(mark);
    },
  );

  it('says it in the reader’s language, and uses a configured help centre', () => {
    const configured = { email: 'help@waypoint.example', helpUrl: 'https://help.example.com/' };
    expect(renderEmail(payment, URL, 'en', configured).text).toContain(
      'Questions? Write to help@waypoint.example or visit our help centre: https://help.example.com/\n',
    );
    expect(renderEmail(payment, URL, 'fr', support).text).toContain(
      `Des questions ? Écrivez à help@waypoint.example ou consultez notre centre d’aide : ${URL}/help`,
    );
    const ar = renderEmail(payment, URL, 'ar', support);
    expect(ar.html).toContain('زر مركز المساعدة');
    expect(renderEmail(payment, URL, 'de', support).text).toContain('Hilfe-Center');
    expect(renderEmail(payment, URL, 'es', support).text).toContain('centro de ayuda');
    expect(renderEmail(payment, `${URL}/`, 'en').text).toContain(
      `Questions? Visit our help centre: ${URL}/help\n`,
    );
  });
});
