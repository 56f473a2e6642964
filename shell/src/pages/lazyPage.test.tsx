import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { countriesReply, guestProfile, mockApi, renderApp } from '../test/renderApp';
import { lazyPage } from './lazyPage';

describe('pages downloaded on first visit', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows Terms and Privacy inside the layout', async () => {
    mockApi({ '/api/reference/countries': countriesReply, '/api/auth/profile': guestProfile });
    await renderApp({ path: '/terms' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of service' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Waypoint' })).toBeInTheDocument();
    // The payment form's "Refund policy" link lands on this section.
    expect(screen.getByRole('heading', { level: 2, name: 'Refunds' })).toHaveAttribute(
      'id',
      'refunds',
    );
  });

  it('shows the retry message when a page cannot be downloaded, and Try again downloads it again', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const reportError = jest.fn();
    window.reportError = reportError;
    let attempts = 0;
    const load = jest.fn(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Loading chunk 123 failed');
      return function Page() {
        return <h1>Downloaded page</h1>;
      };
    });
    const Page = lazyPage(load);

    await act(async () =>
      render(
        <MemoryRouter>
          <Page />
        </MemoryRouter>,
      ),
    );
    expect(
      await screen.findByRole('heading', { name: 'This part of the site could not be loaded.' }),
    ).toBeInTheDocument();
    expect(reportError).toHaveBeenCalledTimes(1);

    await act(() => user.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('heading', { name: 'Downloaded page' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
