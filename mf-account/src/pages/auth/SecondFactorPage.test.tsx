import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthText } from '@waypoint/contracts';
import {
  callsTo,
  currentPath,
  failure,
  mockApi,
  ok,
  renderAccount,
  traveller,
} from '../../test/renderAccount';

const staff = { ...traveller, role: 'admin' as const };
const recoveryCodes = Array.from('abcdefghij', (letter) => `abcd${letter}-efghi`);

describe('staff second factor', () => {
  it('sets up the authenticator with a QR code and a manual key, then shows the recovery codes once', async () => {
    const sent = mockApi({
      'POST /api/auth/second-factor/setup': ok({
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUri: 'otpauth://totp/Waypoint:ada%40example.com?secret=JBSWY3DPEHPK3PXP',
        qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
      }),
      'POST /api/auth/second-factor/setup/confirm': [
        failure(400, AuthText.secondFactorWrong, {
          fieldErrors: { code: AuthText.secondFactorWrong },
        }),
        ok({ user: { ...staff, secondFactor: 'verified' }, recoveryCodes }),
      ],
    });
    const { store } = await renderAccount('/auth/second-factor?redirect=%2Fadmin%2Fapplications', {
      user: { ...staff, secondFactor: 'setup-required' },
    });
    const user = userEvent.setup();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Set up your authenticator' }),
    ).toBeVisible();
    expect(
      await screen.findByRole('img', { name: 'QR code to add Waypoint to your authenticator app' }),
    ).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByLabelText('Set-up key')).toHaveTextContent('JBSWY3DPEHPK3PXP');

    const field = screen.getByRole('textbox', { name: /Enter the 6-digit code the app shows/ });
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(field).toHaveAccessibleDescription(`Error: ${AuthText.codeInvalidFormat}`);
    expect(callsTo(sent, 'POST /api/auth/second-factor/setup/confirm')).toEqual([]);

    await user.clear(field);
    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(AuthText.secondFactorWrong)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(list).toHaveTextContent(recoveryCodes[0]!);
    expect(screen.getByRole('link', { name: 'Download codes' })).toHaveAttribute(
      'download',
      'waypoint-recovery-codes.txt',
    );
    // Still on this page until the codes are saved.
    expect(store.getState().auth.user?.secondFactor).toBe('setup-required');
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await user.click(next);
    expect(currentPath()).toBe('/admin/applications');
    expect(store.getState().auth.user?.secondFactor).toBe('verified');
    expect(callsTo(sent, 'POST /api/auth/second-factor/setup/confirm')[1]?.body).toEqual({
      code: '123456',
    });
  });

  it('asks for the authenticator code at later sign-ins, and goes to the admin area', async () => {
    const sent = mockApi({
      'POST /api/auth/second-factor/verify': [
        failure(400, AuthText.secondFactorWrong, {
          fieldErrors: { code: AuthText.secondFactorWrong },
        }),
        ok({ user: { ...staff, secondFactor: 'verified' } }),
      ],
    });
    const { store } = await renderAccount('/auth/second-factor', {
      user: { ...staff, secondFactor: 'required' },
    });
    const user = userEvent.setup();
    expect(screen.getByText('Enter the code from your authenticator app.')).toBeVisible();
    const field = screen.getByRole('textbox', { name: /Authentication code/ });
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(AuthText.secondFactorWrong)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(currentPath()).toBe('/admin');
    expect(store.getState().auth.user?.secondFactor).toBe('verified');
    expect(callsTo(sent, 'POST /api/auth/second-factor/verify')[1]?.body).toEqual({
      code: '246810',
    });
  });

  it('accepts a recovery code and says how many are left', async () => {
    mockApi({
      'POST /api/auth/second-factor/verify': ok({
        user: { ...staff, secondFactor: 'verified' },
        notice: AuthText.recoveryCodeUsed(9),
      }),
    });
    await renderAccount('/auth/second-factor', { user: { ...staff, secondFactor: 'required' } });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Authentication code/ }), 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(new RegExp(AuthText.recoveryCodeUsed(9)))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(currentPath()).toBe('/admin');
  });

  it('sends a guest to log in and a traveller on', async () => {
    mockApi({});
    await renderAccount('/auth/second-factor');
    expect(currentPath()).toBe('/auth/login?redirect=%2Fadmin');
  });
});
