import { renderEmail, type EmailMessage } from './templates';

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

/** Each e-mail, with its subject and one line in French and in Arabic. */
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
    message: rejected,
    fr: {
      subject: 'Commande nº AB12CD34 : Refusée',
      line: 'Le statut de votre commande nº AB12CD34 est désormais : Refusée.',
    },
    ar: { subject: 'الطلب رقم AB12CD34: مرفوض', line: 'حالة طلبك رقم AB12CD34 الآن: مرفوض.' },
  },
];

describe('e-mails in the account’s language', () => {
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

  it('names the status in German in the status-change e-mail', () => {
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

  it('keeps the English e-mails as they were', () => {
    const mail = renderEmail(rejected, URL);
    expect(mail.subject).toBe('Order #AB12CD34: Rejected');
    expect(mail.text).toBe(
      'Hello Amira,\n\nThe status of your order #AB12CD34 is now: Rejected.\n\nReason: The photo is blurred\n\nhttps://apply.example.com/orders\n\n--\nWaypoint is a private application service. It is not the UK government and is not affiliated with it.\n',
    );
    expect(mail.html).toContain('<html lang="en">');
    expect(renderEmail(payment, URL, 'en').text).toContain(
      'Order #AB12CD34: UK ETA for 2 travellers (Amira Haddad, Omar Haddad). Amount paid: €1234.56.',
    );
  });
});
