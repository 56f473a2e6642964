import { useState, type FormEvent } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorSummary, type FieldError } from './ErrorSummary';
import { TextField } from './TextField';
import { DateInput } from './DateInput';

function Form() {
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors([
      { fieldId: 'first-name', message: 'Traveller 1: First name is required' },
      { fieldId: 'dob', message: 'Date of birth is required' },
    ]);
    setAttempt((value) => value + 1);
  };
  const errorFor = (id: string) => errors.find((error) => error.fieldId === id)?.message;
  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary errors={errors} focusKey={attempt} />
      <TextField id="first-name" label="First name" error={errorFor('first-name')} />
      <DateInput
        id="dob"
        label="Date of birth"
        value=""
        onChange={() => undefined}
        error={errorFor('dob')}
      />
      <button type="submit">Save and continue</button>
    </form>
  );
}

/** Four problems, as the wizard's Your information shows them for a traveller left blank. */
const FOUR_PROBLEMS: FieldError[] = [
  { fieldId: 'first-name', message: 'Traveller 1: First name is required' },
  { fieldId: 'last-name', message: 'Traveller 1: Last name is required' },
  { fieldId: 'dob', message: 'Traveller 1: Date of birth is required' },
  { fieldId: 'email', message: 'Traveller 1: Email is required' },
];

describe('ErrorSummary', () => {
  it('lists every problem, each a link to its field', async () => {
    const user = userEvent.setup();
    render(
      <>
        <ErrorSummary errors={FOUR_PROBLEMS} />
        <TextField id="first-name" label="First name" />
        <TextField id="last-name" label="Last name" />
        <DateInput id="dob" label="Date of birth" value="" onChange={() => undefined} />
        <TextField id="email" label="Email" />
      </>,
    );
    const links = within(screen.getByRole('alert', { name: 'There is a problem' })).getAllByRole(
      'link',
    );
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      FOUR_PROBLEMS.map((problem) => [problem.message, `#${problem.fieldId}`]),
    );
    await user.click(links[3]!);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  });

  it('renders nothing without errors', () => {
    render(<Form />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('receives focus after a failed submit, every time', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();

    await user.click(screen.getByRole('textbox', { name: 'First name' }));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(summary).toHaveFocus();
  });

  it('links each message to its field and moves focus there', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    const nameLink = screen.getByRole('link', { name: 'Traveller 1: First name is required' });
    expect(nameLink).toHaveAttribute('href', '#first-name');
    await user.click(nameLink);
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Date of birth is required' }));
    expect(screen.getByRole('combobox', { name: 'Day' })).toHaveFocus();
  });
});
