import { useState } from 'react';
import { AuthText, ClientErrorText } from '@waypoint/contracts';
import { Link, loadProfile, useAppDispatch, useSearchParams } from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import { Banner, Button, ErrorBox, useT } from '@waypoint/ui';
import { AuthPage, errorText } from '../../components/forms';
import { accountMessages } from '../../i18n/catalog';
import { useUndoEmailChangeMutation } from '../../state';

/**
 * The link e-mailed to the old address after a change of e-mail. It asks for a click first (mail scanners open
 * links by themselves), then restores the old address and signs every browser out.
 */
export function UndoEmailChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const dispatch = useAppDispatch();
  const [undo, undoing] = useUndoEmailChangeMutation();
  const [done, setDone] = useState<string | null>(null);
  const t = useT(accountMessages);
  const apiText = useApiText();
  const [failure, setFailure] = useState<string | null>(
    token ? null : AuthText.emailChangeUndoInvalid,
  );

  const onUndo = async () => {
    setFailure(null);
    try {
      const reply = await undo({ token }).unwrap();
      setDone(reply.message || AuthText.emailChangeUndone);
      // This browser was signed out too.
      void dispatch(loadProfile());
    } catch (error) {
      setFailure(errorText(error, ClientErrorText.requestFailed));
    }
  };

  return (
    <AuthPage title={t('undo.title')}>
      {failure ? <ErrorBox>{apiText(failure)}</ErrorBox> : null}
      {done ? (
        <>
          <div role="status">
            <Banner tone="success" title={t('undo.doneTitle')}>
              {done}
            </Banner>
          </div>
          <p>
            <Link to="/auth/login" className="wp-button wp-button--primary">
              {t('form.logIn')}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>{t('undo.text')}</p>
          <Button disabled={!token} busy={undoing.isLoading} onClick={() => void onUndo()}>
            {t('undo.submit')}
          </Button>
        </>
      )}
    </AuthPage>
  );
}
