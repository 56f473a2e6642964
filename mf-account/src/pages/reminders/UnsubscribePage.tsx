import { useEffect, useRef, useState } from 'react';
import { ApiMessages, ClientErrorText, type ProductKind } from '@waypoint/contracts';
import { isApiError, useSearchParams, type ApiError } from '@waypoint/platform';
import { apiMessages, useErrorText } from '@waypoint/platform/i18n';
import { Banner, Button, ErrorBox, useT } from '@waypoint/ui';
import { AuthPage } from '../../components/forms';
import { accountMessages } from '../../i18n/catalog';
import { useUnsubscribeRemindersMutation } from './remindersApi';

const ERROR_ID = 'reminders-error';

/**
 * The "Stop these reminders" link of the e-mails sent before an ETA, a visa or its passport expires. It works
 * without signing in, and asks for a click first: mail scanners open links by themselves, and must not stop the
 * reminders by doing so.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [unsubscribe, unsubscribing] = useUnsubscribeRemindersMutation();
  const [stopped, setStopped] = useState<ProductKind | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(
    token ? null : { status: 400, message: ApiMessages['casework.reminderLinkInvalid'] },
  );
  // Focus follows the outcome of the click (the button is gone once they are stopped).
  const [moveFocus, setMoveFocus] = useState(false);
  const result = useRef<HTMLDivElement>(null);
  const t = useT(accountMessages);
  const api = useT(apiMessages);
  const errorText = useErrorText();

  useEffect(() => {
    if (!moveFocus) return;
    setMoveFocus(false);
    if (stopped) result.current?.focus();
    else document.getElementById(ERROR_ID)?.focus();
  }, [moveFocus, stopped]);

  const onStop = async () => {
    setFailure(null);
    try {
      const reply = await unsubscribe({ token }).unwrap();
      setStopped(reply.kind);
    } catch (error) {
      setFailure(isApiError(error) ? error : { status: 0, message: ClientErrorText.unknown });
    }
    setMoveFocus(true);
  };

  return (
    <AuthPage title={t('reminders.title')}>
      {failure ? (
        <div id={ERROR_ID} tabIndex={-1}>
          <ErrorBox>{errorText(failure)}</ErrorBox>
        </div>
      ) : null}
      {stopped ? (
        <div ref={result} tabIndex={-1}>
          <div role="status">
            <Banner tone="success" title={t('reminders.doneTitle')}>
              {api('casework.unsubscribed', { kind: stopped })}
            </Banner>
          </div>
        </div>
      ) : (
        <>
          <p>{t('reminders.lead')}</p>
          <p>{t('reminders.which')}</p>
          <Button
            disabled={!token || failure?.status === 400}
            busy={unsubscribing.isLoading}
            onClick={() => void onStop()}
          >
            {t('reminders.submit')}
          </Button>
        </>
      )}
    </AuthPage>
  );
}
