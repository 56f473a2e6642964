import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLocale } from '@waypoint/ui';
import { formatDateTime } from '../format';
import { dashboard, detail, failedJob, listOf, row } from '../test/fixtures';
import { callsTo, failure, mockApi, ok, renderAdmin } from '../test/renderAdmin';

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
      'Sélectionner toutes les demandes de cette page',
      'Demande',
      'Demandeur',
      'Voyageurs',
      'Montant',
      'Statut',
      'Échéance · attribuée à',
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

  it('records a submission to the Home Office in French, after its confirmation', async () => {
    await act(() => activateLocale('fr'));
    const sent = mockApi({
      [DETAIL]: ok(detail('UNDER_REVIEW', ['CHANGES_REQUESTED', 'LODGED'])),
      [DECIDE]: ok(detail('LODGED', ['APPROVED', 'REJECTED'], { version: 4 })),
    });
    await renderAdmin('/admin/applications/app-1');
    const user = userEvent.setup();
    const decision = await screen.findByRole('region', { name: 'Décision' });
    expect(
      within(decision)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Demander des modifications', 'Déposer auprès du Home Office']);

    await user.click(
      within(decision).getByRole('button', { name: 'Déposer auprès du Home Office' }),
    );
    const form = within(decision).getByRole('form', { name: 'Déposer auprès du Home Office' });
    const reference = within(form).getByRole('textbox', { name: /Référence du Home Office/ });
    expect(reference).toHaveAccessibleDescription(
      'La référence à 16 chiffres de la demande d’ETA, par exemple 1234-5678-9012-3456.',
    );
    await user.type(reference, '1234567890123456');
    fireEvent.change(within(form).getByLabelText(/Date de dépôt/), {
      target: { value: '2026-11-25' },
    });
    await user.click(within(form).getByRole('button', { name: 'Enregistrer comme déposée' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Enregistrer comme déposée auprès du Home Office ?',
    });
    expect(dialog).toHaveTextContent(
      'Vous enregistrez que la demande de Ada Lovelace (commande n° AB12CD34) a été déposée auprès du Home Office le 25 nov. 2026, sous la référence 1234-5678-9012-3456.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer comme déposée' }));

    expect(
      await within(decision).findByText('Enregistrée comme déposée auprès du Home Office.'),
    ).toBeInTheDocument();
    expect(callsTo(sent, DECIDE)).toHaveLength(1);
    expect(
      await within(decision).findByRole('form', {
        name: 'Enregistrer la décision du gouvernement',
      }),
    ).toHaveTextContent('La décision du Home Office');
  });

  it('asks the traveller for changes in French, naming each problem in the summary', async () => {
    await act(() => activateLocale('fr'));
    mockApi({ [DETAIL]: ok(detail('UNDER_REVIEW', ['CHANGES_REQUESTED', 'LODGED'])) });
    await renderAdmin('/admin/applications/app-1');
    const user = userEvent.setup();
    const decision = await screen.findByRole('region', { name: 'Décision' });
    await user.click(within(decision).getByRole('button', { name: 'Demander des modifications' }));
    const form = within(decision).getByRole('form', { name: 'Demander des modifications' });
    const traveller = within(form).getByRole('group', { name: 'Voyageur 1 : Ada Lovelace' });
    await user.click(within(traveller).getByLabelText('Photo du demandeur'));
    expect(
      within(form).getByRole('textbox', {
        name: 'Indiquez au voyageur ce qu’il doit modifier (Ada Lovelace : Photo du demandeur)',
      }),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Demander ces modifications' }));
    const summary = await within(form).findByRole('alert');
    expect(summary).toHaveTextContent(/^Il y a un problème/);
    expect(
      within(summary).getByRole('link', { name: /^Ada Lovelace : Photo du demandeur – / }),
    ).toHaveAttribute('href', '#change-1-applicants-photo-message');
  });

  it('shows the dashboard in French', async () => {
    await act(() => activateLocale('fr'));
    mockApi({
      'GET /api/admin/dashboard': ok(
        dashboard({
          operations: { paymentsAwaitingReconciliation: 0, failedEmails: 0, failedJobs: 2 },
        }),
      ),
    });
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
    expect(
      screen.getByRole('link', { name: '2 tâches d’arrière-plan ont également échoué' }),
    ).toHaveAttribute('href', '/admin/emails#failed-jobs');
  });

  it('names the failed background jobs in French, and says why one could not be run again', async () => {
    await act(() => activateLocale('fr'));
    const read = failedJob();
    mockApi({
      'GET /api/admin/emails': ok({ emails: [], total: 0 }),
      'GET /api/admin/jobs': ok({
        jobs: [read, failedJob({ queue: 'upload-links-prune', applicationId: null })],
        total: 2,
      }),
      [`POST /api/admin/jobs/passport-read/${read.id}/retry`]: failure(
        404,
        'No such failed job: it may have been run again already.',
        { messageKey: 'failedJob.notFound' },
      ),
    });
    await renderAdmin('/admin/emails');
    const user = userEvent.setup();

    const section = await screen.findByRole('region', { name: 'Tâches d’arrière-plan en échec' });
    expect(within(section).getByText('2 tâches en échec.')).toBeInTheDocument();
    expect(
      within(section).getByRole('rowheader', { name: 'Lecture d’une page de passeport' }),
    ).toBeInTheDocument();
    expect(
      within(section).getByRole('rowheader', {
        name: 'Suppression des liens de téléversement sur téléphone expirés',
      }),
    ).toBeInTheDocument();

    await user.click(
      within(section).getByRole('button', { name: 'Relancer : Lecture d’une page de passeport' }),
    );
    // The server's reason, by its message key, in French.
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'La tâche « Lecture d’une page de passeport » n’a pas pu être relancée. Cette tâche en échec est introuvable : elle a peut-être déjà été relancée.',
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
      'تحديد كل الطلبات في هذه الصفحة',
      'الطلب',
      'مقدّم الطلب',
      'المسافرون',
      'المبلغ',
      'الحالة',
      'موعد الاستحقاق · مُسند إلى',
      'تاريخ التقديم',
      'الإجراءات',
    ]);
    expect(within(table).getByText('مقبول')).toBeInTheDocument();
    expect(within(table).getAllByText('فرنسا')).toHaveLength(2);
    expect(screen.getByText('عرض 1 إلى 2 من أصل نتيجتين')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'التالي' })).toBeInTheDocument();
  });

  it('shows the work queue in Arabic: due words, filters, and the dual in the message', async () => {
    await act(() => activateLocale('ar'));
    const alex = {
      id: '5a0e0000-0000-4000-8000-000000000002',
      name: 'Alex Smith',
      email: 'a@x.test',
    };
    const rows = [
      row({ due: { at: '2026-11-22T12:00:00.000Z', state: 'overdue', hours: 24 } }),
      row({ due: { at: '2026-11-22T12:00:00.000Z', state: 'paused', hours: 24 }, assignee: null }),
    ];
    const sent = mockApi({
      [LIST]: ok(listOf(rows)),
      'GET /api/admin/staff': ok({ staff: [alex], me: 'admin-1' }),
      'POST /api/admin/applications/assignee': ok({ changed: 2, assignee: alex }),
    });
    await renderAdmin('/admin/applications');
    const table = await screen.findByRole('table', { name: 'الطلبات' });
    expect(document.documentElement.dir).toBe('rtl');
    const [first, second] = within(table).getAllByRole('row').slice(1) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(first).toHaveTextContent('متأخر');
    expect(second).toHaveTextContent('بانتظار المسافر');
    expect(second).toHaveTextContent('غير مُسند');
    expect(
      within(screen.getByRole('combobox', { name: 'الاستحقاق' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['أي وقت', 'متأخرة', 'مستحقة اليوم']);

    const user = userEvent.setup();
    await user.click(
      within(table).getByRole('checkbox', { name: 'تحديد كل الطلبات في هذه الصفحة' }),
    );
    const actions = screen.getByRole('group', { name: 'طلبان محدَّدان' });
    await user.selectOptions(
      within(actions).getByRole('combobox', { name: 'إسناد إلى' }),
      'Alex Smith',
    );
    await user.click(within(actions).getByRole('button', { name: 'إسناد' }));
    expect(await screen.findByText('أُسند طلبان إلى Alex Smith.')).toBeInTheDocument();
    expect(callsTo(sent, 'POST /api/admin/applications/assignee')).toHaveLength(1);
  });

  it('names the processing speed, the payment provider and a phone upload in Arabic, never by their codes', async () => {
    await act(() => activateLocale('ar'));
    const base = detail('SUBMITTED', ['UNDER_REVIEW']);
    mockApi({
      [DETAIL]: ok({
        ...base,
        application: {
          ...base.application,
          processingName: 'Express',
          processingOptionId: 'uk-eta-express',
          processingHours: 24,
        },
        history: [
          {
            id: 3,
            at: '2026-11-22T09:00:00.000Z',
            action: 'document.uploaded',
            actor: 'phone-link',
            actorRole: 'phone-link',
            ip: null,
            details: { travelerId: 'trav-1', kind: 'PHOTO' },
          },
        ],
      }),
    });
    await renderAdmin('/admin/applications/app-1');
    await screen.findByRole('heading', { name: 'الطلب رقم AB12CD34', level: 1 });
    expect(section('الطلب')).toHaveTextContent('سريعة (24 ساعة)');
    expect(section('الطلب')).not.toHaveTextContent('Express');
    expect(section('الدفع')).toHaveTextContent('مدفوعات تجريبية (بيئة اختبار)');
    expect(section('السجل')).toHaveTextContent('مسافر (رابط الرفع من الهاتف)');
    expect(section('السجل')).not.toHaveTextContent('phone-link');
  });

  it('shows an application and starts its review in Arabic', async () => {
    await act(() => activateLocale('ar'));
    mockApi({
      [DETAIL]: ok(detail('SUBMITTED', ['UNDER_REVIEW'])),
      [DECIDE]: ok(detail('UNDER_REVIEW', ['CHANGES_REQUESTED', 'LODGED'], { version: 4 })),
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
    expect(
      await within(decision).findByRole('button', { name: 'طلب تعديلات' }),
    ).toBeInTheDocument();
    expect(
      within(decision).getByRole('button', { name: 'التقديم إلى وزارة الداخلية البريطانية' }),
    ).toBeInTheDocument();
  });

  it('offers to record the government’s decision in Arabic, right to left', async () => {
    await act(() => activateLocale('ar'));
    mockApi({ [DETAIL]: ok(detail('LODGED', ['APPROVED', 'REJECTED'])) });
    await renderAdmin('/admin/applications/app-1');
    const form = await within(await screen.findByRole('region', { name: 'القرار' })).findByRole(
      'form',
      { name: 'تسجيل قرار الحكومة' },
    );
    expect(document.documentElement.dir).toBe('rtl');
    const choices = within(form).getByRole('group', { name: /قرار وزارة الداخلية البريطانية/ });
    expect(
      within(choices)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['مقبول', 'مرفوض']);
    await userEvent.setup().click(within(choices).getByLabelText('مقبول'));
    expect(within(form).getByRole('group', { name: 'المسافر 1: Ada Lovelace' })).toHaveTextContent(
      'آخر أربعة أحرف من رقم جواز السفر',
    );
  });

  it('counts failed emails with the Arabic plural and names each kind in Arabic', async () => {
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
    const invitation = {
      ...email('b'),
      template: 'staff-invitation',
      description: 'Invitation to join the staff',
    };
    mockApi({
      'GET /api/admin/emails': ok({ emails: [email('a'), invitation], total: 2 }),
      'GET /api/admin/jobs': ok({ jobs: [], total: 0 }),
    });
    await renderAdmin('/admin/emails');
    expect(
      await screen.findByRole('heading', { name: 'الرسائل المتعذّر إرسالها', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('رسالتان متعذّر إرسالهما.')).toBeInTheDocument();
    expect(screen.getAllByText('تأكيد الدفع')).toHaveLength(1);
    // Every kind of e-mail is named in the page's language, the staff's own included.
    expect(screen.getByText('دعوة للانضمام إلى فريق العمل')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'إعادة الإرسال إلى a@example.com' }),
    ).toBeInTheDocument();
  });
});
