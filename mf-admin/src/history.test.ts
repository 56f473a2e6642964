import { act } from '@testing-library/react';
import { activateLocale } from '@waypoint/ui';
import { describeEntry } from './history';

/** Intl separates amounts with (narrow) no-break spaces: compare texts with plain spaces. */
const normalised = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const said = (action: string, details: Record<string, unknown> | null = null) =>
  describeEntry({ action, details });

describe('application history in words', () => {
  it('says what each recorded action means, with the statuses as staff see them', () => {
    expect(said('application.created', { travelers: 2, totalCents: 10380 })).toEqual({
      what: 'Order placed',
      detail: '2 travellers, €103.80',
    });
    expect(said('application.paid', { amountCents: 5190, via: 'reconciliation' })).toEqual({
      what: 'Payment of €51.90 received',
      detail: 'Completed by the automatic payment check',
    });
    expect(said('application.submitted', { from: 'IN_PROGRESS', to: 'SUBMITTED' }).what).toBe(
      'Status changed from In progress to Submitted',
    );
    expect(
      said('application.status_changed', {
        to: 'REJECTED',
        from: 'UNDER_REVIEW',
        reason: 'The photo is blurred.',
      }),
    ).toEqual({
      what: 'Status changed from Under review to Rejected',
      detail: 'Reason given to the traveller: The photo is blurred.',
    });
    expect(said('document.accepted', { kind: 'PASSPORT_PAGE', uploadLinkId: 'l1' })).toEqual({
      what: 'Passport page uploaded and accepted',
      detail: 'Uploaded from a phone',
    });
    expect(
      said('document.rejected', { kind: 'PHOTO', failed: ['background', 'sharpness'] }),
    ).toEqual({
      what: 'Photo uploaded, did not pass the checks',
      detail: 'Failed: Plain background, Sharpness',
    });
    expect(said('passport.viewed').what).toBe('Application and passport details viewed');
    expect(said('document.viewed').what).toBe('Document viewed');
    expect(said('upload_link.created', { kind: 'PHOTO' }).what).toBe(
      'Phone upload link created for the photo',
    );
    expect(said('payment.canceled', { reason: 'unpaid for 24 hours' })).toEqual({
      what: 'Payment cancelled',
      detail: 'Reason: unpaid for 24 hours',
    });
    expect(said('job.retried', { queue: 'passport-read', lastError: 'Timeout' })).toEqual({
      what: 'Failed background job run again',
      detail: 'Job: passport-read',
    });
  });

  it('still reads well for an action it does not know, or details it does not expect', () => {
    expect(said('application.archived_by_rule')).toEqual({
      what: 'Application archived by rule',
      detail: null,
    });
    expect(said('application.status_changed', { to: 'SOMETHING_NEW' }).what).toBe(
      'Status changed to SOMETHING_NEW',
    );
    expect(said('application.created', { travelers: 'two' })).toEqual({
      what: 'Order placed',
      detail: null,
    });
  });
});

describe('application history in the page language', () => {
  afterEach(async () => {
    await act(() => activateLocale('en'));
  });

  it('words each entry in French, with plurals, amounts and status names', async () => {
    await act(() => activateLocale('fr'));
    expect(
      normalised(said('application.created', { travelers: 2, totalCents: 10380 }).detail),
    ).toBe('2 voyageurs, 103,80 €');
    expect(said('application.created', { travelers: 1 }).detail).toBe('1 voyageur');
    expect(
      said('application.status_changed', { from: 'UNDER_REVIEW', to: 'REJECTED', reason: 'Flou.' }),
    ).toEqual({
      what: 'Statut passé de « En cours d’examen » à « Refusée »',
      detail: 'Motif communiqué au voyageur : Flou.',
    });
    expect(
      said('document.rejected', { kind: 'PHOTO', failed: ['background', 'sharpness'] }),
    ).toEqual({
      what: 'Photo téléversée, contrôles non passés',
      detail: 'Échecs : Fond uni, Netteté',
    });
    expect(said('account.password-changed', { endedSessions: 3 }).detail).toBe(
      '3 autres sessions déconnectées',
    );
  });

  it('words each entry in Arabic, with its plural forms', async () => {
    await act(() => activateLocale('ar'));
    expect(said('application.created', { travelers: 2 }).detail).toBe('مسافران');
    expect(said('application.created', { travelers: 5 }).detail).toBe('5 مسافرين');
    expect(said('application.created', { travelers: 11 }).detail).toBe('11 مسافرًا');
    expect(said('upload_link.created', { kind: 'PHOTO' }).what).toBe(
      'تم إنشاء رابط رفع عبر الهاتف للصورة',
    );
    expect(said('application.submitted', { from: 'IN_PROGRESS', to: 'SUBMITTED' }).what).toBe(
      'تم تغيير الحالة من «قيد الإعداد» إلى «مُقدَّم»',
    );
  });
});

describe('passport page MRZ in the history', () => {
  it('names the details a traveller kept over the passport page MRZ', () => {
    expect(said('document.mrz_kept', { fields: ['number', 'expirationDate'] })).toEqual({
      what: 'Traveller kept their details over the passport page MRZ',
      detail: 'passport number and expiry date',
    });
  });
});
