import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCALE_COOKIE } from '@waypoint/contracts';
import { activateLocale } from '@waypoint/ui';
import { countriesReply, guestProfile, mockApi, renderApp } from '../../test/renderApp';

beforeEach(() => {
  mockApi({ '/api/reference/countries': countriesReply, '/api/auth/profile': guestProfile });
});

afterEach(async () => {
  await act(() => activateLocale('en'));
  document.cookie = `${LOCALE_COOKIE}=; Max-Age=0; Path=/`;
});

describe('the legal pages in English', () => {
  it('shows the terms with no translation notice', async () => {
    await renderApp({ path: '/terms' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of service' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Terms of service – Waypoint');
    expect(screen.queryByRole('region', { name: /translation/i })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Read the English version' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText('The government fee', { selector: 'strong' })).toBeInTheDocument();
    expect(
      screen.getByText(/write to support@waypoint\.localhost with your order number/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/decided in the government's own time, which you can check on GOV\.UK\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'privacy notice' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('shows the privacy notice with its contact address', async () => {
    await renderApp({ path: '/privacy' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy notice' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Your rights under UK GDPR' }),
    ).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'privacy@waypoint.example' })) {
      expect(link).toHaveAttribute('href', 'mailto:privacy@waypoint.example');
    }
    expect(
      screen.getByText(
        'Order and payment records (reference, amounts, dates and payment status) are kept for 6 years, for accounting and tax purposes, also after you delete your account, with your name and contact details removed.',
      ),
    ).toBeInTheDocument();
    // What downloading and deleting the data do, and how long documents are kept after a decision.
    const selfService = screen.getByRole('heading', {
      level: 2,
      name: 'Downloading and deleting your data',
    }).nextElementSibling as HTMLElement;
    expect(selfService).toHaveTextContent('Download your data: on your profile page');
    expect(selfService).toHaveTextContent(
      'we erase at once your uploaded documents, your passport details',
    );
    expect(selfService).toHaveTextContent('for 6 years as UK tax law requires');
    expect(
      screen.getByText(/erased automatically, files and records, 90 days after your application/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Information Commissioner's Office \(ICO\)/)).toBeInTheDocument();
  });
});

describe('the legal pages in other languages', () => {
  it('shows the terms in French, with the notice that the English version prevails and a way to read it', async () => {
    const user = userEvent.setup();
    await act(() => activateLocale('fr'));
    await renderApp({ path: '/terms' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Conditions d’utilisation' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Conditions d’utilisation – Waypoint');
    expect(screen.getByRole('heading', { level: 2, name: 'Remboursements' })).toHaveAttribute(
      'id',
      'refunds',
    );
    expect(screen.getByRole('link', { name: 'politique de confidentialité' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    const notice = screen.getByRole('region', { name: 'Traduction fournie à titre indicatif' });
    expect(notice).toHaveTextContent(/la version anglaise prévaut/);

    await user.click(within(notice).getByRole('button', { name: 'Lire la version anglaise' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Terms of service' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('region', { name: /Traduction/ })).not.toBeInTheDocument();
    // The same switch as the language picker: the whole page, and the choice is kept.
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(document.documentElement.lang).toMatch(/^en/);
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=en`);
  });

  it('shows the privacy notice in Arabic, right to left, with the notice and the English-version switch', async () => {
    const user = userEvent.setup();
    await act(() => activateLocale('ar'));
    await renderApp({ path: '/privacy' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'إشعار الخصوصية' }),
    ).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 2, name: 'مدة الاحتفاظ بها' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'privacy@waypoint.example' })[0]).toHaveAttribute(
      'href',
      'mailto:privacy@waypoint.example',
    );
    const notice = screen.getByRole('region', { name: 'ترجمة مقدَّمة للتيسير' });
    expect(notice).toHaveTextContent(/يكون النص الإنجليزي هو المعتمد/);

    await user.click(within(notice).getByRole('button', { name: 'قراءة النسخة الإنجليزية' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy notice' }),
    ).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=en`);
  });

  it('shows the terms in German and Spanish', async () => {
    await act(() => activateLocale('de'));
    const { unmount } = await renderApp({ path: '/terms' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nutzungsbedingungen' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Englische Fassung lesen' })).toBeInTheDocument();
    unmount();

    await act(() => activateLocale('es'));
    await renderApp({ path: '/terms' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Condiciones del servicio' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leer la versión en inglés' })).toBeInTheDocument();
  });
});
