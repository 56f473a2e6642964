import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiMessages } from '@waypoint/contracts';
import { activateLocale } from '@waypoint/ui';
import {
  callsTo,
  currentPath,
  failure,
  mockApi,
  ok,
  renderAccount,
} from '../../test/renderAccount';

const UNSUBSCRIBE = 'POST /api/reminders/unsubscribe';
const invalidLink = failure(400, ApiMessages['casework.reminderLinkInvalid'], {
  messageKey: 'casework.reminderLinkInvalid',
});

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('stopping reminders from the link of a reminder email', () => {
  it('stops them only once the button is pressed, without signing in, then says so and moves focus there', async () => {
    const sent = mockApi({ [UNSUBSCRIBE]: ok({ kind: 'ETA', unsubscribed: true }) });
    await renderAccount('/reminders/unsubscribe?token=tok%2F123');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Stop reminders' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Stop reminders – Waypoint'));
    expect(screen.getByText(/60 days and 14 days before it expires/)).toBeInTheDocument();
    // Opening the link (as a mail scanner does) changes nothing.
    expect(sent).toEqual([]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Stop reminders' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Reminders stopped');
    expect(status).toHaveTextContent('You will get no more reminders about this ETA.');
    await waitFor(() => expect(status.parentElement).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Stop reminders' })).not.toBeInTheDocument();
    expect(callsTo(sent, UNSUBSCRIBE)).toEqual([
      {
        method: 'POST',
        path: '/api/reminders/unsubscribe',
        contentType: 'application/json',
        body: { token: 'tok/123' },
      },
    ]);
    expect(currentPath()).toBe('/reminders/unsubscribe?token=tok%2F123');
  });

  it('says when the link is not valid any more, and moves focus to the message', async () => {
    mockApi({ [UNSUBSCRIBE]: invalidLink });
    await renderAccount('/reminders/unsubscribe?token=used');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Stop reminders' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link is not valid any more.');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Stop reminders' })).toBeDisabled();
    expect(screen.queryByText('Reminders stopped')).not.toBeInTheDocument();
  });

  it('offers to try again when the server could not answer', async () => {
    const sent = mockApi({
      [UNSUBSCRIBE]: [
        failure(503, 'We are very busy right now. Please try again in a few seconds.', {
          messageKey: 'availability.overloaded',
        }),
        ok({ kind: 'VISA', unsubscribed: true }),
      ],
    });
    await renderAccount('/reminders/unsubscribe?token=tok');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Stop reminders' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We are very busy right now.');

    await user.click(screen.getByRole('button', { name: 'Stop reminders' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You will get no more reminders about this visa.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(callsTo(sent, UNSUBSCRIBE)).toHaveLength(2);
  });

  it('says at once that a link without its token does not work, without calling the server', async () => {
    const sent = mockApi({});
    await renderAccount('/reminders/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid any more.');
    expect(screen.getByRole('button', { name: 'Stop reminders' })).toBeDisabled();
    expect(sent).toEqual([]);
  });

  it('speaks the reader’s language: French', async () => {
    mockApi({ [UNSUBSCRIBE]: ok({ kind: 'VISA', unsubscribed: true }) });
    await act(() => activateLocale('fr'));
    await renderAccount('/reminders/unsubscribe?token=tok');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Arrêter les rappels' }),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Arrêter les rappels' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Rappels arrêtés');
    expect(status).toHaveTextContent('Vous ne recevrez plus de rappels concernant ce visa.');
  });

  it('shows an invalid link in Arabic, right to left', async () => {
    mockApi({ [UNSUBSCRIBE]: invalidLink });
    await act(() => activateLocale('ar'));
    await renderAccount('/reminders/unsubscribe?token=used');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'إيقاف التذكيرات' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('لم يعد هذا الرابط صالحًا.');
  });

  it('names the ETA in German once stopped', async () => {
    mockApi({ [UNSUBSCRIBE]: ok({ kind: 'ETA', unsubscribed: true }) });
    await act(() => activateLocale('de'));
    await renderAccount('/reminders/unsubscribe?token=tok');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Erinnerungen abbestellen' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Sie erhalten keine Erinnerungen mehr zu dieser ETA.',
    );
  });
});
