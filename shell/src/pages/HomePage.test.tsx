import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountDeletedState } from '@waypoint/contracts';
import { countriesReply, guestProfile, mockApi, renderApp } from '../test/renderApp';

describe('home page after an account was deleted', () => {
  it('confirms the deletion once, in a status message that can be closed', async () => {
    mockApi({
      'GET /api/reference/countries': countriesReply,
      'GET /api/auth/profile': guestProfile,
    });
    await renderApp({ path: '/', state: accountDeletedState });
    const banner = await screen.findByRole('region', { name: 'Your account has been deleted' });
    expect(banner).toHaveTextContent(
      "Your documents, passport details and travellers' details have been erased and you have been signed out everywhere.",
    );
    expect(banner.closest('[role="status"]')).not.toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close this message' }));
    expect(
      screen.queryByRole('region', { name: 'Your account has been deleted' }),
    ).not.toBeInTheDocument();
  });

  it('shows no confirmation on an ordinary visit', async () => {
    mockApi({
      'GET /api/reference/countries': countriesReply,
      'GET /api/auth/profile': guestProfile,
    });
    await renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Your account has been deleted' }),
    ).not.toBeInTheDocument();
  });
});
