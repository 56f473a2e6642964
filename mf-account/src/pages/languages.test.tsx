import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderTimeline, type DraftSummary, type OrderSummary } from '@waypoint/contracts';
import { activateLocale } from '@waypoint/ui';
import { countries, failure, mockApi, ok, renderAccount, traveller } from '../test/renderAccount';

afterEach(async () => {
  await act(() => activateLocale('en'));
});

const order: OrderSummary = {
  id: '0b1c2d3e-0000-4000-8000-00000000ab12',
  reference: '0000AB12',
  status: 'IN_PROGRESS',
  createdAt: '2026-11-21T12:00:00.000Z',
  paidAt: null,
  submittedAt: null,
  decidedAt: null,
  timeline: [
    { step: 'paid', at: '2026-11-21T12:05:00.000Z', outcome: null },
    { step: 'submitted', at: null, outcome: null },
    { step: 'in-review', at: null, outcome: null },
    { step: 'decided', at: null, outcome: null },
  ],
  decisionReason: null,
  totalCents: 4200,
  currency: 'EUR',
  travelerCount: 3,
  visaType: { id: 'eta', name: '' },
  country: { id: 'FR', name: 'France', flagEmoji: '🇫🇷' },
  resumePath: '/application/0b1c2d3e-0000-4000-8000-00000000ab12/general-info',
  viewPath: null,
  refunds: [],
};

const draft: DraftSummary = {
  savedAt: '2026-11-20T09:30:00.000Z',
  expiresAt: '2026-12-20T09:30:00.000Z',
  currentStep: 3,
  resumePath: '/application/passport-info',
  visaType: null,
  country: { id: 'DE', name: 'Germany', flagEmoji: '🇩🇪' },
  travelerCount: 2,
  travelerNames: [],
};

describe('login in other languages', () => {
  it('signs in in French: headings, labels, buttons and links in French', async () => {
    mockApi({ 'POST /api/auth/check-email': ok({ hasPassword: true }) });
    await act(() => activateLocale('fr'));
    await renderAccount('/auth/login');

    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Connexion – Waypoint'));
    expect(screen.getByRole('link', { name: 'Créer un compte' })).toBeInTheDocument();
    expect(screen.getByText(/Nouveau sur Waypoint/)).toHaveTextContent(
      'Nouveau sur Waypoint ? Créer un compte',
    );

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Adresse e-mail/ }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));

    expect(await screen.findByLabelText(/^Mot de passe/)).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Afficher le champ « Mot de passe »' }));
    expect(
      screen.getByRole('button', { name: 'Masquer le champ « Mot de passe »' }),
    ).toHaveTextContent('Masquer');
    expect(
      screen.getByRole('button', { name: 'Utiliser une autre adresse e-mail' }),
    ).toBeInTheDocument();
  });

  it('offers a sign-in link in Arabic, right to left', async () => {
    mockApi({ 'POST /api/auth/check-email': ok({ hasPassword: false }) });
    await act(() => activateLocale('ar'));
    await renderAccount('/auth/login');

    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' }),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /البريد الإلكتروني/ }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'متابعة' }));

    expect(
      await screen.findByRole('button', { name: 'إرسال رابط تسجيل دخول إلى بريدي الإلكتروني' }),
    ).toHaveFocus();
    expect(
      screen.getByText(
        'يمكننا أن نرسل إليك بالبريد الإلكتروني رابطًا يتيح لك تسجيل الدخول دون كلمة مرور.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'أنشئ حسابًا' })).toBeInTheDocument();
  });
  it('says in the reader’s language that the email could not be checked, and follows a change of language', async () => {
    mockApi({ 'POST /api/auth/check-email': { body: { success: false } } });
    await act(() => activateLocale('fr'));
    await renderAccount('/auth/login');
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('textbox', { name: /Adresse e-mail/ }),
      'ada@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'L’adresse e-mail n’a pas pu être vérifiée',
    );

    await act(() => activateLocale('de'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Die E-Mail-Adresse konnte nicht geprüft werden',
    );
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeInTheDocument();
  });
});

describe('registration in other languages', () => {
  it('labels the form in French, with the password length as a plural', async () => {
    mockApi({});
    await act(() => activateLocale('fr'));
    await renderAccount('/auth/register');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Créer un compte' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Prénom/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nom/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Adresse e-mail/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Confirmez le mot de passe/)).toBeInTheDocument();
    expect(screen.getByText('Utilisez au moins 8 caractères.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Créer le compte' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  });

  it('labels the form in Arabic, with the Arabic plural of the password length', async () => {
    mockApi({});
    await act(() => activateLocale('ar'));
    await renderAccount('/auth/register');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'إنشاء حساب' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^الاسم الأول/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^اسم العائلة/)).toBeInTheDocument();
    // 8 takes the "few" form in Arabic (3 to 10).
    expect(screen.getByText('استخدم 8 أحرف على الأقل.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إنشاء الحساب' })).toBeInTheDocument();
    expect(screen.getByText(/لديك حساب بالفعل/)).toHaveTextContent('لديك حساب بالفعل؟ سجّل الدخول');
  });
});

describe('my orders in other languages', () => {
  it('shows the orders in French: tabs, counts, dates and the saved step', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok([order]),
      'GET /api/applications/my-draft': ok({ draft }),
    });
    await act(() => activateLocale('fr'));
    await renderAccount('/orders', { user: traveller });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mes commandes' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Demandes en cours' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Demandes passées' })).toBeInTheDocument();

    const card = (await screen.findByRole('heading', { name: 'Commande n° 0000AB12' })).closest(
      'li',
    ) as HTMLElement;
    expect(card).toHaveTextContent('ETA pour le Royaume-Uni');
    expect(card).toHaveTextContent('En cours');
    expect(card).toHaveTextContent('Voyageurs3 adultes');
    expect(card).toHaveTextContent('Date de la demande21 novembre 2026');
    expect(within(card).getByRole('link', { name: /Reprendre la demande/ })).toHaveTextContent(
      /^Reprendre la demande de la commande n° 0000AB12\s*$/,
    );

    const saved = screen
      .getByRole('heading', { name: 'Demande enregistrée' })
      .closest('li') as HTMLElement;
    expect(saved).toHaveTextContent('Allemagne');
    expect(saved).toHaveTextContent('2 adultes');
    expect(saved).toHaveTextContent('Informations sur le passeport (étape 3 sur 5)');
    expect(saved).toHaveTextContent('Nous conservons vos réponses jusqu’au 20 décembre 2026.');
  });

  it('names the visa type by its code and counts the travellers by age in French', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok([
        {
          ...order,
          visaType: { id: 'uk-visitor-6m', name: 'UK Standard Visitor visa (6 months)' },
          travelerSummary: '2 adults, 1 child',
          travelerGroups: { adults: 2, children: 1, unknown: 0 },
        },
      ]),
      'GET /api/applications/my-draft': ok({ draft: null }),
    });
    await act(() => activateLocale('fr'));
    await renderAccount('/orders', { user: traveller });

    const card = (await screen.findByRole('heading', { name: 'Commande n° 0000AB12' })).closest(
      'li',
    ) as HTMLElement;
    expect(card).toHaveTextContent('Visa visiteur standard britannique (6 mois)');
    expect(card).toHaveTextContent('Voyageurs2 adultes, 1 enfant');
  });

  it('shows the orders in Arabic, and an empty tab', async () => {
    mockApi({
      'GET /api/applications/my-applications': ok([order]),
      'GET /api/applications/my-draft': ok({ draft: { ...draft, travelerCount: 1 } }),
    });
    await act(() => activateLocale('ar'));
    await renderAccount('/orders', { user: traveller });

    expect(await screen.findByRole('heading', { level: 1, name: 'طلباتي' })).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { name: 'الطلب رقم 0000AB12' })).closest(
      'li',
    ) as HTMLElement;
    // 3 takes the "few" form, 1 the "one" form.
    expect(card).toHaveTextContent('3 بالغين');
    expect(card).toHaveTextContent('21 نوفمبر 2026');
    const saved = screen.getByRole('heading', { name: 'طلب محفوظ' }).closest('li') as HTMLElement;
    expect(saved).toHaveTextContent('بالغ واحد');
    expect(saved).toHaveTextContent('معلومات جواز السفر (الخطوة 3 من 5)');

    // Right to left, the left arrow moves to the next tab.
    const user = userEvent.setup();
    screen.getByRole('tab', { name: 'الطلبات الجارية' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'الطلبات السابقة' })).toHaveFocus();
    expect(await screen.findByRole('heading', { name: 'لا توجد طلبات سابقة' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'بدء طلب' })).toHaveAttribute('href', '/');
  });
});

describe('profile in other languages', () => {
  it('shows the profile and the account menu in French', async () => {
    mockApi({ 'GET /api/reference/countries': ok(countries) });
    await act(() => activateLocale('fr'));
    await renderAccount('/account/profile', {
      user: { ...traveller, hasPassword: false, emailVerified: false },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Compte' });
    expect(within(menu).getByRole('link', { name: 'Mes commandes' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Nom/ })).toHaveValue('Ada Lovelace');
    // The country picker names the nationality in the page's language.
    expect(await screen.findByDisplayValue('Royaume-Uni')).toBe(
      screen.getByRole('combobox', { name: /Nationalité/ }),
    );
    expect(
      screen.getByRole('button', { name: 'Enregistrer les modifications' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vérifier votre adresse e-mail' })).toHaveAttribute(
      'href',
      '/auth/verify-email',
    );
    expect(
      screen.getByRole('heading', { level: 2, name: 'Définir un mot de passe' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Afficher le champ « Nouveau mot de passe »' }),
    ).toBeInTheDocument();
  });

  it('shows the profile in Arabic', async () => {
    mockApi({ 'GET /api/reference/countries': ok(countries) });
    await act(() => activateLocale('ar'));
    await renderAccount('/account/profile', { user: traveller });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'الملف الشخصي' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^الاسم/ })).toHaveValue('Ada Lovelace');
    expect(await screen.findByDisplayValue('المملكة المتحدة')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'حفظ التغييرات' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'تغيير كلمة المرور' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إظهار كلمة المرور الجديدة' })).toBeInTheDocument();
  });
});

describe('sign-in links and the second factor in other languages', () => {
  it('says in French that a sign-in link has expired, with a link to log in', async () => {
    mockApi({ 'POST /api/auth/verify-token': failure(400, 'This sign-in link is invalid') });
    await act(() => activateLocale('fr'));
    await renderAccount('/auth/verify?token=used');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ce lien de connexion a expiré' }),
    ).toBeInTheDocument();
    const login = screen.getByRole('link', { name: 'Connectez-vous' });
    expect(login).toHaveAttribute('href', '/auth/login');
    expect(login.closest('p')).toHaveTextContent(
      'Un lien de connexion ne fonctionne qu’une fois, pendant 15 minutes. Connectez-vous pour en recevoir un nouveau.',
    );
  });

  it('sets up the authenticator in Arabic', async () => {
    mockApi({
      'POST /api/auth/second-factor/setup': ok({
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUri: 'otpauth://totp/Waypoint:ada%40example.com?secret=JBSWY3DPEHPK3PXP',
        qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
      }),
    });
    await act(() => activateLocale('ar'));
    await renderAccount('/auth/second-factor', {
      user: { ...traveller, role: 'admin', secondFactor: 'setup-required' },
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'إعداد تطبيق المصادقة' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'رمز QR لإضافة Waypoint إلى تطبيق المصادقة' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('مفتاح الإعداد')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(
      screen.getByRole('textbox', { name: /أدخل الرمز المكوّن من 6 أرقام الذي يعرضه التطبيق/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تفعيل' })).toBeInTheDocument();
  });
});

// Receipts
describe('my orders: the receipt link in other languages', () => {
  it('names the download in the reader’s language, with the receipt number', async () => {
    const paid: OrderSummary = {
      id: 'app-1',
      reference: '0000AB12',
      status: 'IN_PROGRESS',
      createdAt: '2026-11-21T12:00:00.000Z',
      paidAt: '2026-11-21T12:05:00.000Z',
      submittedAt: null,
      decidedAt: null,
      decisionReason: null,
      totalCents: 4200,
      currency: 'EUR',
      travelerCount: 1,
      visaType: { id: 'eta', name: 'United Kingdom ETA' },
      country: { id: 'FR', name: 'France', flagEmoji: '🇫🇷' },
      resumePath: '/application/app-1/general-info',
      viewPath: null,
      refunds: [],
      timeline: orderTimeline({
        status: 'IN_PROGRESS',
        paidAt: '2026-11-21T12:05:00.000Z',
        submittedAt: null,
        reviewStartedAt: null,
        decidedAt: null,
      }),
      receipt: { number: '2026-000123', issuedAt: '2026-11-21T12:05:00.000Z' },
    };
    mockApi({
      'GET /api/applications/my-applications': ok([paid]),
      'GET /api/applications/my-draft': ok({ draft: null }),
    });
    await act(() => activateLocale('fr'));
    await renderAccount('/orders', { user: traveller });
    expect(
      await screen.findByRole('link', { name: 'Télécharger la facture 2026-000123 (PDF)' }),
    ).toHaveAttribute('href', '/api/application/app-1/receipt');
    await act(() => activateLocale('ar'));
    expect(
      await screen.findByRole('link', { name: 'تنزيل الفاتورة 2026-000123 (PDF)' }),
    ).toBeInTheDocument();
  });
});

describe('my orders: casework in other languages', () => {
  const base = {
    reference: '0000AB12',
    createdAt: '2026-11-21T12:00:00.000Z',
    paidAt: '2026-11-21T12:05:00.000Z',
    submittedAt: '2026-11-21T13:00:00.000Z',
    decidedAt: null,
    decisionReason: null,
    totalCents: 4200,
    currency: 'EUR' as const,
    travelerCount: 1,
    visaType: { id: 'eta', name: 'United Kingdom ETA' },
    country: { id: 'FR', name: 'France', flagEmoji: '🇫🇷' },
    viewPath: null,
    refunds: [],
  };
  const times = {
    paidAt: '2026-11-21T12:05:00.000Z',
    submittedAt: '2026-11-21T13:00:00.000Z',
    reviewStartedAt: '2026-11-22T09:00:00.000Z',
    lodgedAt: '2026-11-24T10:00:00.000Z',
    decidedAt: null,
  };
  const changes = {
    ...base,
    id: '0b1c2d3e-0000-4000-8000-00000000ab12',
    status: 'CHANGES_REQUESTED' as const,
    timeline: orderTimeline({ status: 'CHANGES_REQUESTED', ...times, lodgedAt: null }),
    resumePath: '/application/0b1c2d3e-0000-4000-8000-00000000ab12/review',
    changeRequest: {
      requestedAt: '2026-11-23T09:00:00.000Z',
      resubmittedAt: null,
      items: [{ travelerId: null, section: 'general-info', message: 'Phone', resolved: false }],
    },
  };
  const lodged = {
    ...base,
    id: '0b1c2d3e-0000-4000-8000-00000000cd34',
    reference: '0000CD34',
    status: 'LODGED' as const,
    timeline: orderTimeline({ status: 'LODGED', ...times }),
    resumePath: null,
    lodging: { reference: '1234567890123456', lodgedOn: '2026-11-24' },
  };
  const approved = {
    ...base,
    id: '0b1c2d3e-0000-4000-8000-00000000ef56',
    reference: '0000EF56',
    status: 'APPROVED' as const,
    timeline: orderTimeline({
      status: 'APPROVED',
      ...times,
      decidedAt: '2026-11-25T10:00:00.000Z',
    }),
    resumePath: null,
    outcome: {
      outcome: 'APPROVED',
      recordedAt: '2026-11-25T10:00:00.000Z',
      reason: null,
      document: null,
      grants: [
        {
          travelerId: 't1',
          kind: 'ETA',
          reference: '9876543210987654',
          validFrom: '2026-11-25',
          validUntil: '2028-11-25',
          passportLast4: '4567',
          document: {
            id: 'd1',
            contentType: 'application/pdf',
            filename: null,
            url: '/api/application/0b1c2d3e-0000-4000-8000-00000000ef56/decision-documents/d1',
          },
        },
      ],
    },
  };

  const cases = [
    {
      locale: 'fr',
      texts: [
        'Modifications demandées',
        'Action requise',
        '1 modification à faire',
        'Déposée auprès du gouvernement britannique le 24 novembre 2026',
        'Référence du Home Office : 1234-5678-9012-3456',
      ],
      act: 'Faire les modifications de la commande n° 0000AB12',
      grant: 'Votre ETA',
      valid: 'Valable du 25 novembre 2026 au 25 novembre 2028',
      border: 'À la frontière',
      old: 'Demandes passées',
    },
    {
      locale: 'de',
      texts: [
        'Änderungen angefordert',
        'Handlung erforderlich',
        '1 Änderung noch offen',
        'Am 24. November 2026 bei der britischen Regierung eingereicht',
        'Referenz des Home Office: 1234-5678-9012-3456',
      ],
      act: 'Änderungen vornehmen für Bestellung Nr. 0000AB12',
      grant: 'Ihre ETA',
      valid: 'Gültig vom 25. November 2026 bis zum 25. November 2028',
      border: 'An der Grenze',
      old: null,
    },
    {
      locale: 'es',
      texts: [
        'Cambios solicitados',
        'Acción necesaria',
        'Queda 1 cambio por hacer',
        'Presentada al Gobierno del Reino Unido el 24 de noviembre de 2026',
        'Referencia del Home Office: 1234-5678-9012-3456',
      ],
      act: 'Hacer los cambios del pedido n.º 0000AB12',
      grant: 'Su ETA',
      valid: 'Válida del 25 de noviembre de 2026 al 25 de noviembre de 2028',
      border: 'En la frontera',
      old: null,
    },
    {
      locale: 'ar',
      texts: [
        'مطلوب إجراء تعديلات',
        'مطلوب إجراء منك',
        'تعديل واحد متبقٍ',
        'قُدِّم إلى حكومة المملكة المتحدة في 24 نوفمبر 2026',
        '1234-5678-9012-3456',
      ],
      act: 'إجراء التعديلات للطلب رقم 0000AB12',
      grant: 'تصريح السفر الإلكتروني (ETA) الخاص بك',
      valid: 'صالح من 25 نوفمبر 2026 حتى 25 نوفمبر 2028',
      border: 'عند الحدود',
      old: 'الطلبات السابقة',
    },
  ] as const;

  it.each(cases)(
    'says what the traveller must do, where the application is and what was granted ($locale)',
    async ({ locale, texts, act: makeChanges, grant, valid, border, old }) => {
      mockApi({
        'GET /api/applications/my-applications': ok([changes, lodged, approved]),
        'GET /api/applications/my-draft': ok({ draft: null }),
      });
      await act(() => activateLocale(locale));
      await renderAccount('/orders', { user: traveller });
      const panel = await screen.findByRole('tabpanel');
      await waitFor(() => expect(panel).toHaveTextContent(texts[0]));
      for (const text of texts) expect(panel).toHaveTextContent(text);
      expect(within(panel).getByRole('link', { name: makeChanges })).toHaveAttribute(
        'href',
        changes.resumePath,
      );

      const tabs = screen.getAllByRole('tab');
      await userEvent.setup().click(tabs[1]!);
      if (old) expect(tabs[1]).toHaveAccessibleName(old);
      const region = await screen.findByRole('region', { name: grant });
      expect(region).toHaveTextContent(valid);
      expect(within(region).getByRole('heading', { name: border })).toBeInTheDocument();
      if (locale === 'ar') expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    },
  );
});
