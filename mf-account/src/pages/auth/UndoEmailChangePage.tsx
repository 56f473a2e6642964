import { useState } from 'react';
import { AuthText, ClientErrorText } from '@waypoint/contracts';
import { Link, loadProfile, useAppDispatch, useSearchParams } from '@waypoint/platform';
import { Banner, Button, ErrorBox } from '@waypoint/ui';
import { AuthPage, errorText } from '../../components/forms';
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
    <AuthPage title="Undo the change of email">
      {failure ? <ErrorBox>{failure}</ErrorBox> : null}
      {done ? (
        <>
          <div role="status">
            <Banner tone="success" title="Your old email address is back">
              {done}
            </Banner>
          </div>
          <p>
            <Link to="/auth/login" className="wp-button wp-button--primary">
              Log in
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>
            If you did not change the email address of your Waypoint account, undo the change here.
            Your old address comes back, every browser using the account is signed out, and any
            password set on the account is removed: you then log in with a link sent to your email.
          </p>
          <Button disabled={!token} busy={undoing.isLoading} onClick={() => void onUndo()}>
            Undo the change
          </Button>
        </>
      )}
    </AuthPage>
  );
}
