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

test('names the casework statuses in every language', async () => {
  const { rerender } = render(<Label status="CHANGES_REQUESTED" />);
  expect(screen.getByText('Changes requested')).toBeInTheDocument();
  rerender(<Label status="LODGED" />);
  expect(screen.getByText('Submitted to the UK government')).toBeInTheDocument();
  for (const [locale, changes, lodged] of [
    ['fr', 'Modifications demandées', 'Déposée auprès du gouvernement britannique'],
    ['de', 'Änderungen angefordert', 'Bei der britischen Regierung eingereicht'],
    ['es', 'Cambios solicitados', 'Presentada al Gobierno del Reino Unido'],
    ['ar', 'مطلوب إجراء تعديلات', 'مُقدَّم إلى حكومة المملكة المتحدة'],
  ] as const) {
    await act(() => activateLocale(locale));
    rerender(<Label status="CHANGES_REQUESTED" />);
    expect(await screen.findByText(changes)).toBeInTheDocument();
    rerender(<Label status="LODGED" />);
    expect(screen.getByText(lodged)).toBeInTheDocument();
  }
});
