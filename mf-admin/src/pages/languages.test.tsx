import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLocale } from '@waypoint/ui';
import { formatDateTime } from '../format';
import { dashboard, detail, listOf, row } from '../test/fixtures';
import { callsTo, mockApi, ok, renderAdmin } from '../test/renderAdmin';

const LIST = 'GET /api/admin/applications';
const DETAIL = 'GET /api/admin/applications/app-1';
const DECIDE = 'POST /api/admin/applications/app-1/status';

/** Intl separates amounts with (narrow) no-break spaces: compare texts with plain spaces. */
const spaced = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function section(name: string | RegExp) {
  return screen.getByRole('region', { name });
}

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('the admin area in French', () => {
  it('lists the applications with French headings, statuses, amounts, dates and counts', async () => {
    await act(() => activateLocale('fr'));
    const guest = row({
      user: null,
      guestEmail: 'guest@example.com',
      status: 'DRAFT',
      submittedAt: null,
      totalCents: 123456,
      country: { id: 'DE', name: 'Germany', flagEmoji: '🇩🇪' },
    });
    mockApi({ [LIST]: ok(listOf([row({ travelerCount: 2 }), guest], { total: 45, pages: 3 })) });
    await renderAdmin('/admin/applications');

    expect(await screen.findByRole('heading', { name: 'Demandes', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Demandes – Administration Waypoint');
    const table = await screen.findByRole('table', { name: 'Demandes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Demande',
      'Demandeur',
      'Type de visa',
      'Voyageurs',
      'Montant',
      'Statut',
      'Déposée le',
      'Actions',
    ]);
    const [first, second] = within(table).getAllByRole('row').slice(1) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(first).getByText('Déposée')).toBeInTheDocument();
    expect(spaced(first.textContent)).toContain('42,00 €');
    expect(first).toHaveTextContent('21 nov. 2026');
    expect(within(first).getByRole('link', { name: /^Voir la demande n° / })).toBeInTheDocument();
    expect(second).toHaveTextContent('Invité');
    expect(second).toHaveTextContent('Allemagne');
    expect(within(second).getByText('En attente de paiement')).toBeInTheDocument();
    expect(spaced(second.textContent)).toContain('1 234,56 €');
    expect(second).toHaveTextContent('Non déposée');

    expect(screen.getByText('Résultats 1 à 20 sur 45')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exporter en CSV' })).toBeInTheDocument();
  });

  it('says when no application matches the filters', async () => {
    await act(() => activateLocale('fr'));
    mockApi({ [LIST]: ok(listOf([])) });
    await renderAdmin('/admin/applications?status=APPROVED');
    expect(
      await screen.findByText('Aucune demande ne correspond à ces filtres.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Essayez une autre recherche ou moins de filtres.'),
    ).toBeInTheDocument();
  });

  it('shows an application, its documents and its history in French', async () => {
    await act(() => activateLocale('fr'));
    mockApi({ [DETAIL]: ok(detail('SUBMITTED', ['UNDER_REVIEW'])) });
    await renderAdmin('/admin/applications/app-1');

    expect(
      await screen.findByRole('heading', { name: 'Demande n° AB12CD34', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Retour aux demandes/ })).toBeInTheDocument();
    const order = section('Commande');
    expect(order).toHaveTextContent('StatutDéposée');
    expect(order).toHaveTextContent('Date d’arrivée24 déc. 2026');
    expect(order).toHaveTextContent('TraitementStandard (72 heures)');
    expect(spaced(order.textContent)).toContain('Total42,00 €');
    expect(section('Paiement')).toHaveTextContent('StatutRéussi');
    expect(section('Informations générales')).toHaveTextContent('NotificationsSMS');

    const traveller = section('Voyageur 1 : Ada Lovelace');
    expect(traveller).toHaveTextContent('NationalitéFrance (FR)');
    expect(traveller).toHaveTextContent('CondamnationsNon');
    expect(
      within(traveller).getByRole('img', { name: 'Page du passeport de Ada Lovelace' }),
    ).toBeInTheDocument();
    expect(
      within(traveller).getByRole('list', { name: 'Contrôles de la page du passeport' }),
    ).toHaveTextContent('Échoué : Netteté');

    const entries = within(section('Historique')).getAllByRole('listitem');
    expect(entries[0]).toHaveTextContent(
      `Statut passé de « En cours » à « Déposée » par ada@example.com · ${formatDateTime('2026-11-21T12:00:00.000Z', 'fr')} · IP 203.0.113.7`,
    );
    expect(entries[1]).toHaveTextContent('Motif communiqué au voyageur : The photo is blurred.');
  });

  it('confirms a rejection in French before sending it', async () => {
    await act(() => activateLocale('fr'));
    const sent = mockApi({
      [DETAIL]: ok(detail('UNDER_REVIEW', ['APPROVED', 'REJECTED'])),
      [DECIDE]: ok(detail('REJECTED', [], { version: 4 })),
    });
    await renderAdmin('/admin/applications/app-1');
    const user = userEvent.setup();
    const decision = await screen.findByRole('region', { name: 'Décision' });
    expect(
      within(decision)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Approuver', 'Refuser']);

    await user.type(
      within(decision).getByRole('textbox', { name: 'Motif du refus' }),
      'Le passeport a expiré.',
    );
    await user.click(within(decision).getByRole('button', { name: 'Refuser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuser cette demande ?' });
    expect(dialog).toHaveTextContent(
      'Vous êtes sur le point de refuser la demande de Ada Lovelace (commande n° AB12CD34).',
    );
    expect(dialog).toHaveTextContent('Cette décision est définitive');
    await user.click(within(dialog).getByRole('button', { name: 'Refuser la demande' }));

    expect(
      await within(decision).findByText(
        'La demande n° AB12CD34 a désormais le statut « Refusée ».',
      ),
    ).toBeInTheDocument();
    expect(callsTo(sent, DECIDE)).toHaveLength(1);
  });

  it('shows the dashboard in French', async () => {
    await act(() => activateLocale('fr'));
    mockApi({ 'GET /api/admin/dashboard': ok(dashboard()) });
    await renderAdmin('/admin');
    expect(
      await screen.findByRole('heading', { name: 'Tableau de bord', level: 1 }),
    ).toBeInTheDocument();
    // The heading comes first; the figures once the dashboard has loaded.
    expect(await screen.findByRole('heading', { name: 'Demandes par statut' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Montants encaissés' })).toHaveTextContent('123,45');
    expect(screen.getByRole('navigation', { name: 'Administration' })).toHaveTextContent(
      'E-mails en échec',
    );
  });
});

describe('the admin area in Arabic', () => {
  it('lists the applications in Arabic, with the plural of the results', async () => {
    await act(() => activateLocale('ar'));
    mockApi({ [LIST]: ok(listOf([row(), row({ status: 'APPROVED' })])) });
    await renderAdmin('/admin/applications');

    expect(await screen.findByRole('heading', { name: 'الطلبات', level: 1 })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    const table = await screen.findByRole('table', { name: 'الطلبات' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'الطلب',
      'مقدّم الطلب',
      'نوع التأشيرة',
      'المسافرون',
      'المبلغ',
      'الحالة',
      'تاريخ التقديم',
      'الإجراءات',
    ]);
    expect(within(table).getByText('مقبول')).toBeInTheDocument();
    expect(within(table).getAllByText('فرنسا')).toHaveLength(2);
    expect(screen.getByText('عرض 1 إلى 2 من أصل نتيجتين')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'التالي' })).toBeInTheDocument();
  });

  it('shows an application and starts its review in Arabic', async () => {
    await act(() => activateLocale('ar'));
    mockApi({
      [DETAIL]: ok(detail('SUBMITTED', ['UNDER_REVIEW'])),
      [DECIDE]: ok(detail('UNDER_REVIEW', ['APPROVED', 'REJECTED'], { version: 4 })),
    });
    await renderAdmin('/admin/applications/app-1');

    expect(
      await screen.findByRole('heading', { name: 'الطلب رقم AB12CD34', level: 1 }),
    ).toBeInTheDocument();
    expect(section('المسافر 1: Ada Lovelace')).toHaveTextContent('الجنسيةفرنسا (FR)');
    expect(section('السجل')).toHaveTextContent('تم تغيير الحالة من «قيد الإعداد» إلى «مُقدَّم»');
    expect(section('السجل')).toHaveTextContent('السبب المُبلَّغ إلى المسافر: The photo is blurred.');

    const decision = section('القرار');
    await userEvent.setup().click(within(decision).getByRole('button', { name: 'بدء المراجعة' }));
    expect(
      await within(decision).findByText('أصبحت حالة الطلب رقم AB12CD34 الآن «قيد المراجعة».'),
    ).toBeInTheDocument();
    expect(await within(decision).findByRole('button', { name: 'موافقة' })).toBeInTheDocument();
  });

  it('counts failed e-mails with the Arabic plural', async () => {
    await act(() => activateLocale('ar'));
    const email = (id: string) => ({
      id,
      to: `${id}@example.com`,
      template: 'payment-confirmation',
      description: 'Payment confirmation',
      attempts: 5,
      lastError: null,
      createdAt: '2026-11-21T12:00:00.000Z',
    });
    mockApi({ 'GET /api/admin/emails': ok({ emails: [email('a'), email('b')], total: 2 }) });
    await renderAdmin('/admin/emails');
    expect(
      await screen.findByRole('heading', { name: 'الرسائل المتعذّر إرسالها', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('رسالتان متعذّر إرسالهما.')).toBeInTheDocument();
    expect(screen.getAllByText('تأكيد الدفع')).toHaveLength(2);
    expect(
      screen.getByRole('button', { name: 'إعادة الإرسال إلى a@example.com' }),
    ).toBeInTheDocument();
  });
});
