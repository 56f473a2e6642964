import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClientErrorText } from '@waypoint/contracts';
import { callsTo, mockApi, ok, renderAccount } from '../../test/renderAccount';

// The form's checks download on the first key press, and again when the form is sent if that failed.
let offline = true;
jest.mock('../../components/signInSchemas', () => {
  if (offline) throw new Error('The network dropped');
  return jest.requireActual('../../components/signInSchemas');
});

it('says the request failed when the form cannot be checked, and works when sent again', async () => {
  const sent = mockApi({ 'POST /api/auth/check-email': ok({ hasPassword: true }) });
  await renderAccount('/auth/login');
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText(ClientErrorText.requestFailed)).toBeInTheDocument();
  expect(sent).toEqual([]);

  offline = false;
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByLabelText(/^Password/)).toBeInTheDocument();
  expect(callsTo(sent, 'POST /api/auth/check-email')[0]?.body).toEqual({
    email: 'ada@example.com',
  });
});
