import { AUDIT_ACTIONS, describeAuditEntry, type AuditPhrase } from './audit';

const said = (action: string, details: Record<string, unknown> | null = null) =>
  describeAuditEntry({ action, details });

const keyOf = (phrase: AuditPhrase | null) => (phrase && 'key' in phrase ? phrase.key : null);

describe('the audit catalogue', () => {
  it('describes every action it records with a message, with or without its details', () => {
    for (const action of Object.keys(AUDIT_ACTIONS)) {
      expect(keyOf(said(action).what)).toMatch(/^history\./);
      expect(keyOf(said(action, {}).what)).toMatch(/^history\./);
    }
  });

  it('gives the values the staff area words in the page language', () => {
    expect(
      said('application.status_changed', {
        from: 'UNDER_REVIEW',
        to: 'REJECTED',
        reason: ' The photo is blurred. ',
      }),
    ).toEqual({
      what: {
        key: 'history.status.fromTo',
        values: {
          from: { kind: 'status', code: 'UNDER_REVIEW' },
          to: { kind: 'status', code: 'REJECTED' },
        },
      },
      detail: { key: 'history.reasonToTraveller', values: { reason: 'The photo is blurred.' } },
    });
    expect(said('refund.requested', { kind: 'service_fee', amountCents: 4000 })).toEqual({
      what: {
        key: 'history.refund.requested.serviceFee',
        values: { amount: { kind: 'amount', cents: 4000 } },
      },
      detail: null,
    });
    expect(said('document.rejected', { kind: 'PHOTO', failed: ['background'] })).toEqual({
      what: { key: 'history.document.rejected.photo' },
      detail: {
        key: 'history.failedChecks',
        values: { checks: { kind: 'checks', ids: ['background'] } },
      },
    });
    expect(said('document.mrz_kept', { fields: ['number'] }).detail).toEqual({
      value: { kind: 'mrzFields', fields: ['number'] },
    });
  });

  it('says what happened to an account', () => {
    expect(said('account.claimed', { endedSessions: 2, passwordRemoved: true })).toEqual({
      what: { key: 'history.accountClaimed' },
      detail: { key: 'history.sessionsEndedPasswordRemoved', values: { count: 2 } },
    });
    expect(said('account.password-changed', { endedSessions: 0 })).toEqual({
      what: { key: 'history.passwordChanged' },
      detail: null,
    });
    expect(said('auth.second-factor.verified', { method: 'recovery-code', left: 9 })).toEqual({
      what: { key: 'history.secondFactor.verified' },
      detail: { key: 'history.secondFactor.withRecoveryCode' },
    });
  });

  it('leaves out what details of another shape cannot say', () => {
    expect(said('application.created', { travelers: 'two', totalCents: 10380 })).toEqual({
      what: { key: 'history.created' },
      detail: { value: { kind: 'amount', cents: 10380 } },
    });
    expect(said('document.rejected', { kind: 'VIDEO', failed: 'sharpness' })).toEqual({
      what: { key: 'history.document.rejected.document' },
      detail: null,
    });
  });

  it('reads an action it does not know as words', () => {
    expect(said('payment.refunded_by_bank')).toEqual({
      what: { value: 'Payment refunded by bank' },
      detail: null,
    });
  });
});
