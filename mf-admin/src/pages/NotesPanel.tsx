import { useState, type FormEvent } from 'react';
import { AdminText, type AdminApplicationDetail } from '@waypoint/contracts';
import { isApiError, useFormErrors, type FormFields } from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import {
  Button,
  ErrorBox,
  ErrorSummary,
  FieldChrome,
  cx,
  rich,
  useLocale,
  useT,
} from '@waypoint/ui';
import { formatDateTime } from '../format';
import { adminMessages } from '../i18n/catalog';
import { useAddApplicationNoteMutation } from '../state';

const FIELDS: FormFields = { body: 'note-body' };

/** The longest note the API keeps (`NoteBody`), after trimming. */
export const NOTE_MAX_LENGTH = 2000;

/** What is wrong with a note before it is sent, in the API's words; null when nothing is. */
function noteIssue(text: string): string | null {
  const body = text.trim();
  if (!body) return AdminText.noteRequired;
  if (body.length > NOTE_MAX_LENGTH) return AdminText.noteTooLong;
  return null;
}

/**
 * Staff's internal notes on the application, oldest first, and a form to add one. The traveller never sees them,
 * but they are part of the copy of their data the traveller can ask for.
 */
export function NotesPanel({ detail }: { detail: AdminApplicationDetail }) {
  const t = useT(adminMessages);
  const apiText = useApiText();
  const locale = useLocale();
  const notes = detail.notes ?? [];
  const erased = Boolean(detail.erasure?.personalDataErasedAt);
  const [addNote, { isLoading }] = useAddApplicationNoteMutation();
  const [text, setText] = useState('');
  const [added, setAdded] = useState(false);
  /** Why the last note was not added: the server's words, or '' for none (a general sentence). */
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, summary, attempt, setErrors, showErrors } = useFormErrors(FIELDS);
  const error = errors.body ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    setAdded(false);
    setFailure(null);
    const issue = noteIssue(text);
    if (issue) {
      showErrors({ body: issue });
      return;
    }
    setErrors({});
    const reply = await addNote({ id: detail.application.id, body: text.trim() });
    if ('data' in reply && reply.data) {
      setText('');
      setAdded(true);
      return;
    }
    const refused = 'error' in reply && isApiError(reply.error) ? reply.error : undefined;
    if (refused?.fieldErrors?.body) {
      showErrors({ body: refused.fieldErrors.body });
      return;
    }
    setFailure(refused?.message || '');
  };

  return (
    <section className="wp-card wpd-section wpd-notes" aria-labelledby="notes-heading">
      <h2 id="notes-heading">{t('notes.heading')}</h2>
      {notes.length === 0 ? (
        <p className="wpd-muted">{t('notes.empty')}</p>
      ) : (
        <ol className="wpd-notes__list" aria-labelledby="notes-heading">
          {notes.map((note) => (
            <li key={note.id} className="wpd-notes__note">
              <p className="wpd-notes__meta">
                {rich(
                  t('notes.meta', { author: note.author, date: formatDateTime(note.at, locale) }),
                  { time: (date) => <time dateTime={note.at}>{date}</time> },
                )}
              </p>
              <p className="wpd-notes__body">{note.body}</p>
            </li>
          ))}
        </ol>
      )}

      <div role="status" className="wpd-live">
        {added ? <p className="wpd-result">{t('notes.added')}</p> : null}
      </div>

      {erased ? (
        <p className="wpd-muted">{t('notes.erased')}</p>
      ) : (
        <form noValidate className="wpd-notes__form" onSubmit={(event) => void submit(event)}>
          <ErrorSummary errors={summary} focusKey={attempt} />
          {failure !== null ? (
            <ErrorBox>
              <p>{failure ? apiText(failure) : t('notes.failed')}</p>
            </ErrorBox>
          ) : null}
          <FieldChrome id="note-body" label={t('notes.label')} hint={t('notes.hint')} error={error}>
            <textarea
              id="note-body"
              className={cx('wp-input', 'wpd-textarea', error && 'wp-input--error')}
              rows={4}
              required
              value={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={`note-body-hint${error ? ' note-body-error' : ''}`}
              onChange={(event) => {
                setText(event.target.value);
                setAdded(false);
                if (error && !noteIssue(event.target.value)) setErrors({});
              }}
            />
          </FieldChrome>
          <div className="wp-actions">
            <Button
              type="submit"
              variant="secondary"
              busy={isLoading}
              busyLabel={t('notes.saving')}
            >
              {t('notes.submit')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
