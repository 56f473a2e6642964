import { act, render, screen, within } from '@testing-library/react';
import { orderTimeline, type ApplicationStatus } from '@waypoint/contracts';
import { activateLocale } from '@waypoint/ui';
import { LiveStatusAnnouncer } from './LiveAnnouncer';
import { OrderTimeline } from './OrderTimeline';

afterEach(async () => {
  await act(() => activateLocale('en'));
});

const reviewed = orderTimeline({
  status: 'UNDER_REVIEW',
  paidAt: '2026-11-20T09:15:00.000Z',
  submittedAt: '2026-11-21T10:30:00.000Z',
  reviewStartedAt: '2026-11-22T14:05:00.000Z',
  decidedAt: null,
});

describe('OrderTimeline', () => {
  it('lists the five steps in order, with the time of each one reached and the latest as current', () => {
    render(<OrderTimeline timeline={reviewed} />);
    const list = screen.getByRole('list', { name: 'Progress of the order' });
    expect(list.tagName).toBe('OL');
    const steps = within(list).getAllByRole('listitem');
    expect(steps.map((s) => s.firstChild?.textContent)).toEqual([
      'Payment received',
      'Application submitted',
      'Review started',
      'Submitted to the UK government',
      'Decision',
    ]);
    const time = steps[2]!.querySelector('time')!;
    expect(time).toHaveAttribute('dateTime', '2026-11-22T14:05:00.000Z');
    // In the reader's language and time zone, with the date and the time.
    expect(time.textContent).toBe(
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date('2026-11-22T14:05:00.000Z'),
      ),
    );
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(steps[1]).not.toHaveAttribute('aria-current');
    expect(steps[3]).toHaveTextContent('Not yet');
    expect(steps[3]!.querySelector('time')).toBeNull();
    expect(steps[4]).toHaveTextContent('Not yet');
  });

  it('shows the submission to the UK government as the current step once lodged, in the page language', async () => {
    const lodged = orderTimeline({
      status: 'LODGED',
      paidAt: '2026-11-20T09:15:00.000Z',
      submittedAt: '2026-11-21T10:30:00.000Z',
      reviewStartedAt: '2026-11-22T14:05:00.000Z',
      lodgedAt: '2026-11-24T16:45:00.000Z',
      decidedAt: null,
    });
    render(<OrderTimeline timeline={lodged} />);
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps[3]!.firstChild?.textContent).toBe('Submitted to the UK government');
    expect(steps[3]).toHaveAttribute('aria-current', 'step');
    expect(steps[3]!.querySelector('time')).toHaveAttribute('dateTime', '2026-11-24T16:45:00.000Z');
    expect(steps[2]).not.toHaveAttribute('aria-current');
    expect(steps[4]).toHaveTextContent('Decision Not yet');
    await act(() => activateLocale('fr'));
    expect(
      await screen.findByText('Déposée auprès du gouvernement britannique'),
    ).toBeInTheDocument();
    await act(() => activateLocale('ar'));
    expect(await screen.findByText('تم تقديم الطلب إلى حكومة المملكة المتحدة')).toBeInTheDocument();
  });

  it('ends with the refund of an order refunded in full, as its current step', async () => {
    const refunded = orderTimeline({
      status: 'REFUNDED',
      paidAt: '2026-11-20T09:15:00.000Z',
      submittedAt: '2026-11-21T10:30:00.000Z',
      reviewStartedAt: null,
      decidedAt: null,
      refundedAt: '2026-11-22T11:00:00.000Z',
    });
    render(<OrderTimeline timeline={refunded} />);
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps.map((s) => s.firstChild?.textContent)).toEqual([
      'Payment received',
      'Application submitted',
      'Review started',
      'Submitted to the UK government',
      'Decision',
      'Refunded in full',
    ]);
    expect(steps[5]).toHaveAttribute('aria-current', 'step');
    expect(steps[5]!.querySelector('time')).toHaveAttribute('dateTime', '2026-11-22T11:00:00.000Z');
    await act(() => activateLocale('fr'));
    expect(await screen.findByText('Remboursée intégralement')).toBeInTheDocument();
  });

  it('names the decision, in the page language', async () => {
    const decided = orderTimeline({
      status: 'REJECTED',
      paidAt: '2026-11-20T09:15:00.000Z',
      submittedAt: '2026-11-21T10:30:00.000Z',
      reviewStartedAt: '2026-11-22T14:05:00.000Z',
      decidedAt: '2026-11-23T08:00:00.000Z',
    });
    render(<OrderTimeline timeline={decided} label="Progress of order #00000001" />);
    const list = screen.getByRole('list', { name: 'Progress of order #00000001' });
    expect(within(list).getAllByRole('listitem')[4]).toHaveTextContent('Application rejected');
    expect(within(list).getAllByRole('listitem')[4]).toHaveAttribute('aria-current', 'step');
    await act(() => activateLocale('ar'));
    expect(await screen.findByText('تم رفض الطلب')).toBeInTheDocument();
    expect(screen.getByText('تم استلام الدفع')).toBeInTheDocument();
  });
});

describe('LiveStatusAnnouncer', () => {
  const order = (status: ApplicationStatus) => ({ id: 'a1', reference: '00000001', status });

  it('says nothing for the statuses the page opened with, then announces a change', async () => {
    const { rerender } = render(<LiveStatusAnnouncer orders={[order('SUBMITTED')]} />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveClass('wp-visually-hidden');
    expect(region).toBeEmptyDOMElement();
    rerender(<LiveStatusAnnouncer orders={[order('UNDER_REVIEW')]} />);
    expect(region).toHaveTextContent('Status changed to Under review');

    await act(() => activateLocale('de'));
    rerender(<LiveStatusAnnouncer orders={[order('APPROVED')]} />);
    expect(await screen.findByText('Status geändert: Genehmigt')).toBeInTheDocument();
  });

  it('names the casework statuses: changes requested, and submitted to the UK government', () => {
    const { rerender } = render(<LiveStatusAnnouncer orders={[order('UNDER_REVIEW')]} />);
    rerender(<LiveStatusAnnouncer orders={[order('CHANGES_REQUESTED')]} />);
    expect(screen.getByRole('status')).toHaveTextContent('Status changed to Changes requested');
    rerender(<LiveStatusAnnouncer orders={[order('LODGED')]} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Status changed to Submitted to the UK government',
    );
  });

  it('names the order when the page shows several', () => {
    const other = { id: 'b2', reference: '00000002', status: 'SUBMITTED' as const };
    const { rerender } = render(<LiveStatusAnnouncer orders={[order('SUBMITTED'), other]} />);
    rerender(<LiveStatusAnnouncer orders={[order('UNDER_REVIEW'), other]} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Order #00000001: status changed to Under review',
    );
  });
});
