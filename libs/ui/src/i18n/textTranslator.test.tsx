import { act, render, screen } from '@testing-library/react';
import { Banner, ErrorBox } from '../components/Banner';
import { ErrorSummary } from '../components/ErrorSummary';
import { TextField } from '../components/TextField';
import { setTextTranslator } from './i18n';

afterEach(() => {
  act(() => setTextTranslator((text) => text));
});

test('Field, ErrorSummary, a text Banner and ErrorBox show their texts through the installed translator, and re-render when it changes', () => {
  render(
    <>
      <ErrorSummary errors={[{ fieldId: 'email', message: 'Email is required' }]} />
      <TextField id="email" label="Email" error="Email is required" />
      <Banner>Please log in to continue.</Banner>
      <Banner>
        <strong>Please log in to continue.</strong>
      </Banner>
      <ErrorBox>Incorrect email or password</ErrorBox>
    </>,
  );
  // Until one is installed, texts are shown as they are.
  expect(screen.getAllByText('Email is required')).toHaveLength(2);
  expect(screen.getAllByText('Please log in to continue.')).toHaveLength(2);

  act(() => setTextTranslator((text) => `fr: ${text}`));
  expect(screen.getByRole('link', { name: 'fr: Email is required' })).toHaveAttribute(
    'href',
    '#email',
  );
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
    /fr: Email is required/,
  );
  expect(screen.getByText('fr: Please log in to continue.')).toBeInTheDocument();
  expect(screen.getByText('fr: Incorrect email or password')).toBeInTheDocument();
  // A banner's marked-up content is the area's own: left as it is.
  expect(screen.getByText('Please log in to continue.').tagName).toBe('STRONG');
});
