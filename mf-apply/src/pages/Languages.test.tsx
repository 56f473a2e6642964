import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLocale } from '@waypoint/ui';
import { findTitle, mockApi, ok, passport, renderApply, traveler1 } from '../test/renderApply';

const child = { firstName: 'Byron', lastName: 'Lovelace', dateOfBirth: '2020-06-01' };

const checkoutWizard = {
  currentStep: 5 as const,
  hasPlannedDates: false,
  travelers: [{ ...traveler1, passport }],
  selectedProcessingOption: 'standard',
};

const intent = {
  clientSecret: 'pi_1_secret_abc',
  paymentIntentId: 'pi_1',
  applicationId: 'app-0001',
  reference: 'WP7K3M9Q',
  provider: 'sandbox',
  publishableKey: null,
  price: {
    travelerCount: 1,
    governmentFeeGbpPence: 2000,
    governmentFeeCents: 2290,
    exchangeRate: { rate: '1.1450', date: '2026-01-02' },
    processingFeeCents: 2900,
    governmentTotalCents: 2290,
    serviceTotalCents: 2900,
    totalCents: 5190,
    currency: 'EUR',
  },
};

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('the wizard in French', () => {
  beforeEach(async () => {
    await act(() => activateLocale('fr'));
  });

  it('shows trip details with the visa type, its facts and its fee in French', async () => {
    mockApi({});
    await renderApply('/application/trip-details');
    await findTitle('Détails du voyage');
    expect(document.title).toBe('Détails du voyage – Waypoint');
    const visaType = await screen.findByRole('combobox', { name: 'Type de demande' });
    expect(
      await within(visaType).findByRole('option', { name: 'ETA britannique' }),
    ).toBeInTheDocument();
    // A visa type the catalog does not name keeps the API's name.
    expect(
      within(visaType).getByRole('option', { name: 'Standard Visitor visa' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Quelle est votre nationalité/ })).toHaveValue(
      'États-Unis',
    );
    const info = screen.getByRole('region', { name: 'Informations sur le visa' });
    expect(info).toHaveTextContent('ETA obligatoire');
    expect(info).toHaveTextContent('Entrées multiples');
    expect(info).toHaveTextContent(/Frais gouvernementaux par voyageur20,00\s£GB \(22,90\s€\)/);
    expect(screen.getByRole('switch', { name: /dates de voyage/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Commencer la demande' })).toBeInTheDocument();
    expect(screen.getByText('Vos informations')).toBeInTheDocument();
  });

  it('names each traveller and counts adults and children in the cost summary', async () => {
    mockApi({});
    await renderApply('/application/personal-info', {
      wizard: { currentStep: 2, hasPlannedDates: false, travelers: [traveler1, child] },
      selection: { countryId: 'US', visaTypeId: 'uk-eta' },
    });
    await findTitle('Vos informations');
    expect(screen.getByRole('heading', { name: /Voyageur 1/ })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Retirer ce voyageur (voyageur 2)' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('textbox', { name: /Prénom\(s\)/ })).toHaveLength(2);
    const cost = await screen.findByRole('region', { name: 'Récapitulatif des coûts' });
    expect(cost).toHaveTextContent('Total pour 1 adulte, 1 enfant');
    expect(cost).toHaveTextContent(/2 × 20,00\s£GB = 2 × 22,90\s€/);
    expect(cost).toHaveTextContent(/au taux de 1\s£GB = 1,1450\s€ \(taux du 2 janvier 2026\)/);
    expect(cost).toHaveTextContent(/2 voyageurs × \(22,90\s€ \+ 29,00\s€\) = 103,80\s€/);
    expect(screen.getByRole('button', { name: 'Ajouter un voyageur' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer et continuer' })).toBeInTheDocument();
  });

  it('offers the processing speeds with prices for the travellers in French', async () => {
    mockApi({});
    await renderApply('/application/processing-time', {
      wizard: { currentStep: 4, travelers: [traveler1, traveler1] },
    });
    await findTitle('Délai de traitement');
    const standard = await screen.findByRole('radio', { name: 'Standard' });
    expect(
      screen.getByRole('group', { name: /Dans quel délai en avez-vous besoin/ }),
    ).toBeInTheDocument();
    expect(standard).toHaveAccessibleDescription(
      /^29,00\s€ par voyageur 58,00\s€ pour 2 voyageurs Vérifiée et transmise sous 72 heures Transmission au gouvernement britannique\s: .+ avant \d{2}:\d{2}$/,
    );
    // An option the catalog does not name keeps the API's words.
    expect(screen.getByRole('radio', { name: 'Fast' })).toHaveAccessibleDescription(
      /Checked and submitted within 24 hours/,
    );
    expect(screen.getByRole('region', { name: 'Récapitulatif' })).toHaveTextContent(
      'Total pour 2 adultes',
    );
  });

  it('reviews the order and opens the payment form in French', async () => {
    mockApi({ 'POST /api/applications/create-payment-intent': ok(intent) });
    await renderApply('/application/checkout', { wizard: checkoutWizard });
    await findTitle('Vérifiez votre commande');
    const trip = await screen.findByRole('region', { name: 'Votre voyage' });
    expect(trip).toHaveTextContent('États-Unis');
    expect(trip).toHaveTextContent('ETA britannique');
    expect(trip).toHaveTextContent('Aucune date prévue');
    const travelers = screen.getByRole('region', { name: 'Voyageurs' });
    expect(travelers).toHaveTextContent('Date de naissance : 10 décembre 1990');
    expect(travelers).toHaveTextContent('Passeport se terminant par 4567, expire le 1 mai 2033');
    expect(
      within(travelers).getByRole('link', { name: 'Modifier les voyageurs' }),
    ).toBeInTheDocument();
    const speed = screen.getByRole('region', { name: 'Délai de traitement' });
    expect(speed).toHaveTextContent('Standard – Vérifiée et transmise sous 72 heures');
    expect(speed).toHaveTextContent(/Transmission prévue : .+ avant \d{2}:\d{2}/);
    expect(screen.getByRole('region', { name: 'Prix' })).toHaveTextContent('Total pour 1 adulte');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Passer au paiement' }));
    await screen.findByRole('heading', { name: 'Paiement' });
    expect(screen.getByRole('textbox', { name: /Nom complet/ })).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('combobox', { name: /^Pays/ })).toHaveValue('États-Unis');
    expect(screen.getByRole('textbox', { name: /Date d’expiration \(MM \/ AA\)/ })).toHaveAttribute(
      'placeholder',
      'MM / AA',
    );
    expect(screen.getByRole('list', { name: 'Cartes acceptées' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Payer 51,90\s€$/ })).toBeInTheDocument();
  });

  it('pays and confirms the order in French', async () => {
    mockApi({
      'POST /api/applications/create-payment-intent': ok(intent),
      'POST /api/payments/sandbox/confirm': ok({
        id: 'pi_1',
        status: 'succeeded',
        amount: 5190,
        currency: 'eur',
        lastError: null,
        nextAction: null,
      }),
      'POST /api/applications/confirm-payment': ok({
        application: {
          id: 'app-0001',
          reference: 'WP7K3M9Q',
          status: 'IN_PROGRESS',
          createdAt: '2026-01-02T10:00:00Z',
          paidAt: '2026-01-02T10:05:00Z',
          visaTypeName: 'United Kingdom ETA',
          processingName: 'Standard',
          processingHours: 72,
          travelerCount: 1,
          totalCents: 5190,
        },
        user: null,
        signInLinkSent: true,
      }),
    });
    await renderApply('/application/checkout', { wizard: checkoutWizard });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Passer au paiement' }));
    await screen.findByRole('heading', { name: 'Paiement' });
    // The billing country is the traveller's nationality; its postal code rule speaks French.
    await user.type(screen.getByRole('textbox', { name: /^Adresse(?! e-mail)/ }), '1 Main Street');
    await user.type(screen.getByRole('textbox', { name: /Ville/ }), 'Boston');
    const zip = screen.getByRole('textbox', { name: /Code ZIP/ });
    await user.type(zip, '0210');
    await user.type(screen.getByRole('textbox', { name: /Numéro de carte/ }), '4242424242424242');
    await user.type(screen.getByRole('textbox', { name: /Date d’expiration/ }), '1240');
    await user.type(screen.getByRole('textbox', { name: /CVC/ }), '123');
    await user.click(screen.getByRole('button', { name: /^Payer/ }));
    expect(zip).toHaveAccessibleDescription(
      /^Erreur\s?: Saisissez un code ZIP de 5 ou 9 chiffres, par exemple 10001$/,
    );
    await user.type(zip, '8');
    await user.click(screen.getByRole('button', { name: /^Payer/ }));

    await findTitle('Paiement reçu');
    expect(screen.getByRole('heading', { name: 'Commande n° WP7K3M9Q' })).toBeInTheDocument();
    expect(screen.getByText('En cours')).toBeInTheDocument();
    expect(screen.getByText('2 janvier 2026')).toBeInTheDocument();
    expect(screen.getByText('La page du passeport et une photo du voyageur')).toBeInTheDocument();
    expect(
      screen.getByText(/la déposons auprès du gouvernement britannique sous 72 heures/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Cette adresse e-mail est déjà associée/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continuer avec vos documents' })).toHaveAttribute(
      'href',
      '/application/app-0001/general-info',
    );
    expect(
      screen.getByRole('button', { name: 'Commencer une nouvelle demande' }),
    ).toBeInTheDocument();
  });
});

describe('the wizard in Arabic', () => {
  beforeEach(async () => {
    await act(() => activateLocale('ar'));
  });

  it('shows trip details right to left', async () => {
    mockApi({});
    await renderApply('/application/trip-details');
    await findTitle('تفاصيل الرحلة');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    // The field shows (busy) while the visa types load: its options arrive with them.
    const visaType = await screen.findByRole('combobox', { name: 'التقديم على' });
    expect(
      await within(visaType).findByRole('option', {
        name: 'تصريح السفر الإلكتروني البريطاني (UK ETA)',
      }),
    ).toBeInTheDocument();
    const info = screen.getByRole('region', { name: 'معلومات التأشيرة' });
    expect(info).toHaveTextContent('يلزم تصريح ETA');
    expect(info).toHaveTextContent('دخول متعدد');
    expect(screen.getByRole('button', { name: 'ابدأ التقديم' })).toBeInTheDocument();
  });

  it('names the travellers with Arabic plural forms', async () => {
    mockApi({});
    await renderApply('/application/personal-info', {
      wizard: { currentStep: 2, hasPlannedDates: false, travelers: [traveler1, child] },
      selection: { countryId: 'US', visaTypeId: 'uk-eta' },
    });
    await findTitle('معلوماتك');
    expect(screen.getByRole('heading', { name: /المسافر 2/ })).toBeInTheDocument();
    const cost = await screen.findByRole('region', { name: 'ملخص التكلفة' });
    // One adult and one child: the singular forms; two travellers: the dual.
    expect(cost).toHaveTextContent('الإجمالي (بالغ واحد، طفل واحد)');
    expect(cost).toHaveTextContent(/^.*مسافران × \(/);
    expect(screen.getByRole('button', { name: 'إضافة مسافر آخر' })).toBeInTheDocument();
  });

  it('reviews the order in Arabic', async () => {
    mockApi({ 'POST /api/applications/create-payment-intent': ok(intent) });
    await renderApply('/application/checkout', { wizard: checkoutWizard });
    await findTitle('راجع طلبك');
    expect(await screen.findByRole('region', { name: 'رحلتك' })).toHaveTextContent(
      'لا توجد مواعيد محددة',
    );
    expect(screen.getByRole('region', { name: 'المسافرون' })).toHaveTextContent(
      'تاريخ الميلاد: 10 ديسمبر 1990',
    );
    expect(screen.getByRole('region', { name: 'السعر' })).toHaveTextContent('الإجمالي (بالغ واحد)');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'المتابعة إلى الدفع' }));
    await screen.findByRole('heading', { name: 'الدفع' });
    expect(screen.getByRole('button', { name: /^ادفع / })).toHaveTextContent('51.90');
  });
});

describe('the wizard in German and Spanish', () => {
  it.each([
    ['de', 'Reisedaten', 'Antrag beginnen', 'Britische ETA', 'Mehrfache Einreise'],
    ['es', 'Datos del viaje', 'Empezar la solicitud', 'ETA del Reino Unido', 'Entradas múltiples'],
  ] as const)('shows trip details in %s', async (locale, title, button, visaType, entries) => {
    await act(() => activateLocale(locale));
    mockApi({});
    await renderApply('/application/trip-details');
    await findTitle(title);
    expect(await screen.findByRole('option', { name: visaType })).toBeInTheDocument();
    expect(screen.getByText(entries)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: button })).toBeInTheDocument();
  });
});
