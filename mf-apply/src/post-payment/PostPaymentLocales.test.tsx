import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiMessage } from '@waypoint/contracts';
import { activateLocale, formatDate } from '@waypoint/ui';
import arabic from './i18n/ar.json';
import { failure, findTitle, mockApi, ok, renderApply } from '../test/renderApply';
import {
  APP_ID,
  T1,
  T2,
  account,
  answeredTraveler,
  detail,
  document as uploaded,
  mockUploads,
  traveler,
} from '../test/postPayment';

const base = `/application/${APP_ID}`;
const get = `GET /api/application/${APP_ID}`;

afterEach(async () => {
  await act(() => activateLocale('en'));
});

/** Ann (an adult, every answer given) and Bo (11 on the day of arrival, passport details to come). */
const family = detail({
  generalInfo: {
    countryCode: '+44',
    phoneNumber: '7911 123456',
    notificationPreference: 'sms',
    state: 'completed',
  },
  travelers: [
    answeredTraveler(),
    answeredTraveler({
      id: T2,
      position: 2,
      firstName: 'Bo',
      dateOfBirth: '2015-04-02',
      passport: {
        nationality: 'US',
        number: null,
        expirationDate: null,
        hasSecondNationality: null,
        addLater: true,
      },
      sections: { ...answeredTraveler().sections, passportInfo: 'not_started' },
    }),
  ],
});

describe('the steps after payment in French', () => {
  it('check your answers: headings, answers, dates, countries and the traveller count in French', async () => {
    await act(() => activateLocale('fr'));
    mockApi({ [get]: ok(family) });
    await renderApply(`${base}/review`, { user: account });
    const page = within((await findTitle('Vérifiez vos réponses')).parentElement!);
    expect(document.title).toBe('Vérifiez vos réponses – Waypoint');

    const order = page.getByRole('region', { name: 'Votre commande' });
    expect(order).toHaveTextContent('PaysÉtats-Unis');
    expect(order).toHaveTextContent('Date d’arrivée1 juillet 2026');
    expect(order).toHaveTextContent('Voyageurs1 adulte, 1 enfant');

    const ann = page.getByRole('region', { name: 'Voyageur 1 – Ann Lee' });
    for (const text of [
      'Date de naissance15 juin 1985',
      'Pays de résidenceFrance',
      'SexeFemme',
      'Autre nationalitéNon',
      'Page du passeportEnvoyé, vérification initiale réussie',
      'Intitulé du posteEngineer',
    ])
      expect(ann).toHaveTextContent(text);
    expect(
      within(ann).getByRole('link', { name: 'Modifier Intitulé du poste (Ann Lee)' }),
    ).toHaveAttribute('href', `${base}/travelers/${T1}/work?return=review`);

    const bo = page.getByRole('region', { name: 'Voyageur 2 – Bo Lee' });
    expect(within(bo).getByRole('heading', { name: /Passeport/, level: 3 })).toHaveTextContent(
      'Non commencé',
    );
    expect(bo).toHaveTextContent(/Pas encore fourni\s*: vous avez choisi de l’ajouter plus tard/);

    expect(
      screen.getByRole('checkbox', { name: /^Je confirme que les informations/ }),
    ).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Envoyer la demande' })).toBeVisible();

    const nav = screen.getByRole('navigation', { name: 'Étapes de la demande' });
    expect(within(nav).getByRole('link', { name: /Informations générales/ })).toHaveTextContent(
      'Informations générales : Terminé',
    );
    expect(within(nav).getByRole('link', { name: /Vérification et envoi/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Enregistrer et quitter' })).toBeVisible();
  });

  it('a section form: its questions, Yes and No, the hint and the buttons in French', async () => {
    await act(() => activateLocale('fr'));
    mockApi({ [get]: ok(detail()) });
    await renderApply(`${base}/travelers/${T1}/work`, { user: account });
    await findTitle('Activité professionnelle');
    const question = screen.getByRole('group', {
      name: /Exercez-vous actuellement une activité professionnelle/,
    });
    const user = userEvent.setup();
    await user.click(within(question).getByRole('radio', { name: 'Oui' }));
    expect(screen.getByRole('textbox', { name: /Intitulé du poste/ })).toBeVisible();
    expect(
      screen.getByText('Si vous êtes retraité, indiquez votre dernier emploi rémunéré'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retour' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Enregistrer et continuer' })).toBeVisible();
  });

  it('the passport page: the upload methods in French', async () => {
    await act(() => activateLocale('fr'));
    mockApi({ [get]: ok(detail()) });
    await renderApply(`${base}/travelers/${T1}/passport-page`, { user: account });
    await findTitle('Page du passeport');
    expect(screen.getByRole('heading', { name: 'Choisissez un mode d’envoi' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Utiliser votre téléphone' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Afficher le QR code' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Parcourir les fichiers' })).toBeVisible();
    expect(screen.getByLabelText('Fichier de la page du passeport')).toHaveAttribute(
      'type',
      'file',
    );
  });

  it('the phone link: its code, its time limit and Copy link in French', async () => {
    await act(() => activateLocale('fr'));
    const linkId = '7d1f0c2a-5b6e-4c3d-8a9b-0c1d2e3f4a5b';
    mockApi({
      [get]: ok(detail()),
      [`POST /api/application/${APP_ID}/travelers/${T1}/upload-link/passport-page`]: ok({
        linkId,
        url: 'https://portal.example/upload/abc.def',
        expiresAt: '2026-01-02T10:15:00Z',
      }),
      [`DELETE /api/application/${APP_ID}/upload-links/${linkId}`]: ok({ revoked: 1 }),
    });
    await renderApply(`${base}/travelers/${T1}/passport-page`, { user: account });
    await findTitle('Page du passeport');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Afficher le QR code' }));
    expect(
      await screen.findByRole('img', {
        name: 'QR code qui ouvre la page d’envoi sur votre téléphone',
      }),
    ).toBeVisible();
    const time = new Intl.DateTimeFormat('fr', { hour: '2-digit', minute: '2-digit' }).format(
      new Date('2026-01-02T10:15:00Z'),
    );
    expect(screen.getByText(/^Le lien est valable jusqu’à/)).toHaveTextContent(
      `Le lien est valable jusqu’à ${time}.`,
    );
    expect(screen.getByRole('button', { name: 'Copier le lien' })).toBeVisible();
    expect(screen.getByText('En attente de l’envoi depuis votre téléphone')).toBeVisible();
  });

  it('an application that is not there, in French', async () => {
    await act(() => activateLocale('fr'));
    mockApi({ [get]: failure(404, 'Application not found') });
    await renderApply(`${base}/general-info`, { user: account });
    expect(await findTitle('Demande introuvable')).toBeInTheDocument();
    expect(document.title).toBe('Demande introuvable – Waypoint');
    expect(screen.getByRole('link', { name: 'Aller à Mes commandes' })).toHaveAttribute(
      'href',
      '/orders',
    );
  });
});

describe('the steps after payment in Arabic', () => {
  it('the photo: its instructions, then a picture that did not pass', async () => {
    await act(() => activateLocale('ar'));
    mockApi({ [get]: ok(detail()) });
    const rejected = uploaded({
      kind: 'PHOTO',
      status: 'REJECTED',
      checks: [
        { id: 'colour', passed: false, message: apiMessage('check.photoColour') },
        {
          id: 'resolution',
          passed: false,
          message: apiMessage('check.photoResolution', {
            width: 480,
            height: 640,
            minWidth: 600,
            minHeight: 750,
          }),
        },
      ],
    });
    mockUploads([{ body: ok({ document: rejected }).body }]);
    await renderApply(`${base}/travelers/${T1}/applicants-photo`, { user: account });
    await findTitle('صورة مقدم الطلب');
    for (const text of [
      'صورة ملوّنة تُظهر ما بين الكتفين وأعلى الرأس داخل الإطار',
      'خلفية بيضاء بلا ظلال ولا أشياء',
    ])
      expect(screen.getByText(text)).toBeVisible();
    expect(screen.getByRole('img', { name: /^صورة نموذجية/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'اختر صورة' })).toBeVisible();
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText('ملف صورة مقدم الطلب'),
      new File(['x'], 'me.jpg', { type: 'image/jpeg' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('لم يجتز ما رفعته مراجعتنا الأولية');
    // every reason in Arabic, the sizes kept
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'يجب أن تكون الصورة الشخصية ملوّنة، لا بالأبيض والأسود.',
      'الصورة الشخصية صغيرة جدًا (480×640 بكسل): يجب ألا تقل عن 600×750 بكسل.',
    ]);
    expect(screen.getByRole('button', { name: 'جرّب صورة أخرى' })).toBeVisible();
  });

  it('check your answers, right to left, with Arabic plurals and dates', async () => {
    await act(() => activateLocale('ar'));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const adults = detail({
      ...family,
      travelers: [
        answeredTraveler(),
        answeredTraveler({ id: T2, position: 2, firstName: 'Bo', dateOfBirth: '1990-01-01' }),
      ],
    });
    mockApi({ [get]: ok(adults) });
    await renderApply(`${base}/review`, { user: account });
    const page = within((await findTitle('راجع إجاباتك')).parentElement!);
    const order = page.getByRole('region', { name: 'طلبيتك' });
    // Two adults: the Arabic dual.
    expect(order).toHaveTextContent('المسافرونبالغان');
    expect(order).toHaveTextContent(`تاريخ الوصول${formatDate('2026-07-01', 'ar')}`);
    const ann = page.getByRole('region', { name: 'المسافر 1 – Ann Lee' });
    expect(ann).toHaveTextContent('الجنسأنثى');
    expect(ann).toHaveTextContent('جنسية أخرىلا');
    expect(within(ann).getByRole('heading', { name: 'العمل', level: 3 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'تقديم الطلب' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'أقسام الطلب' })).toBeVisible();
  });

  it('the sidebar: section states and each traveller’s progress', async () => {
    await act(() => activateLocale('ar'));
    const second = traveler({
      id: T2,
      position: 2,
      firstName: 'Bo',
      lastName: 'Lee',
      sections: { ...traveler().sections, passportPage: 'completed', photo: 'in_progress' },
    });
    mockApi({ [get]: ok(detail({ travelers: [traveler(), second] })) });
    await renderApply(`${base}/general-info`, { user: account });
    await findTitle('معلومات عامة');
    const nav = screen.getByRole('navigation', { name: 'أقسام الطلب' });
    expect(within(nav).getByRole('link', { name: /معلومات عامة/ })).toHaveTextContent('لم يبدأ');
    const bo = within(nav).getByRole('button', { name: /^المسافر 2 – Bo Lee/ });
    expect(bo).toHaveTextContent('اكتمل 1 من 6');
    await userEvent.setup().click(bo);
    const region = within(nav).getByRole('region', { name: 'المسافر 2 – Bo Lee' });
    expect(within(region).getByRole('link', { name: /صورة مقدم الطلب/ })).toHaveTextContent(
      'قيد الإنجاز',
    );
    expect(screen.getByRole('region', { name: 'تفاصيل الرحلة' })).toHaveTextContent(
      formatDate('2026-07-01', 'ar'),
    );
  });

  it('the phone’s upload page', async () => {
    await act(() => activateLocale('ar'));
    const token = 'Zt3xQ9cB1kLm0PqR7sVwYa';
    mockApi({
      [`GET /api/uploads/${token}`]: ok({
        kind: 'passport-page',
        reference: 'WP-2026-0001',
        travelerName: 'Ann Lee',
        expiresAt: '2026-01-02T10:15:00Z',
      }),
    });
    mockUploads([{ body: null }]);
    await renderApply(`/upload/${token}`);
    await findTitle('ارفع صفحة جواز سفرك');
    expect(screen.getByText('باسم Ann Lee، الطلبية WP-2026-0001.')).toBeVisible();
    expect(screen.getByLabelText(/التقاط صورة/)).toHaveAttribute('capture', 'environment');
    expect(screen.getByLabelText(/اختيار ملف/)).toHaveAttribute(
      'accept',
      'image/*,application/pdf',
    );
  });
});

test('every Arabic plural names its six forms', () => {
  const plurals = Object.values(arabic).filter((message) => message.includes(', plural,'));
  expect(plurals.length).toBeGreaterThan(0);
  for (const message of plurals) {
    for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) {
      expect(message).toContain(` ${form} {`);
    }
  }
});
