import { AUDIT_ACTIONS, describeAuditEntry } from './audit';

const said = (action: string, details: Record<string, unknown> | null = null) =>
  describeAuditEntry({ action, details });

describe('the audit catalogue', () => {
  it('words every action it records, with or without its details', () => {
    for (const action of Object.keys(AUDIT_ACTIONS)) {
      const text = said(action);
      expect(text.what).not.toBe('');
      expect(text.what).not.toContain('.');
    }
  });

  it('says what happened to an account', () => {
    expect(said('account.claimed', { endedSessions: 2, passwordRemoved: true })).toEqual({
      what: 'Account confirmed by the owner of its e-mail address',
      detail: '2 other sessions signed out, password removed',
    });
    expect(said('account.password-changed', { endedSessions: 0 })).toEqual({
      what: 'Password changed',
      detail: null,
    });
    expect(said('auth.second-factor.verified', { method: 'recovery-code', left: 9 })).toEqual({
      what: 'Second sign-in step passed',
      detail: 'With a recovery code',
    });
  });

  it('reads an action it does not know as words', () => {
    expect(said('payment.refunded_by_bank')).toEqual({
      what: 'Payment refunded by bank',
      detail: null,
    });
  });
});
