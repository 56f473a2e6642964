import { act, render, screen } from '@testing-library/react';
import { activateLocale } from '@waypoint/ui';
import { useStatusLabel } from './useStatusLabel';

function Label({ status }: { status: string }) {
  const statusLabel = useStatusLabel();
  return <p>{statusLabel(status)}</p>;
}

afterEach(async () => {
  await act(() => activateLocale('en'));
});

test('names a status in the page language, and an unknown status by its code', async () => {
  const { rerender } = render(<Label status="UNDER_REVIEW" />);
  expect(screen.getByText('Under review')).toBeInTheDocument();
  await act(() => activateLocale('fr'));
  expect(await screen.findByText('En cours d’examen')).toBeInTheDocument();
  await act(() => activateLocale('ar'));
  expect(await screen.findByText('قيد المراجعة')).toBeInTheDocument();
  rerender(<Label status="ARCHIVED" />);
  expect(screen.getByText('ARCHIVED')).toBeInTheDocument();
});
