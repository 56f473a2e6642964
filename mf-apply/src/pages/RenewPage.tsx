import { useEffect, useRef } from 'react';
import { ApiMessages, ClientErrorText } from '@waypoint/contracts';
import {
  isApiError,
  Link,
  useAppDispatch,
  useNavigate,
  useSearchParams,
  type ApiError,
} from '@waypoint/platform';
import { useErrorText } from '@waypoint/platform/i18n';
import { Button, buttonClassName, ErrorBox, Spinner, useT } from '@waypoint/ui';
import { applyMessages } from '../i18n/catalog';
import { startNewApplication } from '../state';
import { prefillFromRenewal, renewalNoticeState } from '../wizard/renewal';
import { stepPath } from '../wizard/steps';
import { useRenewalPrefillMutation } from './renewalApi';

const ERROR_ID = 'renew-error';

/** A link without its token says what a forged or used one says. */
const LINK_INVALID: ApiError = {
  status: 400,
  message: ApiMessages['casework.reminderLinkInvalid'],
  messageKey: 'casework.reminderLinkInvalid',
};

/**
 * The "Start a new application" link of the e-mails sent before an ETA, a visa or its passport expires. It works
 * without signing in: the link's token brings back the traveller's details and product, which fill in a new
 * application, and the traveller continues on the wizard's first step, told where the details came from. Only
 * the passport is left to add. Nothing changes on the server, so a mail scanner opening the link does no harm.
 */
export function RenewPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [askPrefill, prefill] = useRenewalPrefillMutation();
  const asked = useRef(false);
  const t = useT(applyMessages);
  const errorText = useErrorText();

  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    void askPrefill({ token });
  }, [token, askPrefill]);

  const details = prefill.data;
  useEffect(() => {
    if (!details) return;
    prefillFromRenewal(dispatch, details);
    // In place of this page: Back does not ask for the details again, and the token leaves the address bar.
    navigate(stepPath(1), { replace: true, state: renewalNoticeState });
  }, [details, dispatch, navigate]);

  let failure: ApiError | null = null;
  if (!token) failure = LINK_INVALID;
  else if (prefill.isError) {
    failure = isApiError(prefill.error)
      ? prefill.error
      : { status: 0, message: ClientErrorText.unknown };
  }
  // A link that is not valid stays so; anything else (no connection, a busy server) may work on a second try.
  const retryable = failure !== null && failure.status !== 400;

  // Focus goes to what went wrong as it appears (each failed attempt), as the page's only news.
  const failed = failure ? (prefill.requestId ?? 'no-token') : null;
  useEffect(() => {
    if (failed) document.getElementById(ERROR_ID)?.focus();
  }, [failed]);

  const title = t('renew.title');
  return (
    <div className="wp-container wpw-page">
      <title>{t('page.title', { title })}</title>
      <h1>{title}</h1>
      {failure ? (
        <>
          <div id={ERROR_ID} tabIndex={-1}>
            <ErrorBox>{errorText(failure)}</ErrorBox>
          </div>
          <div className="wp-actions">
            {retryable ? (
              <Button onClick={() => void askPrefill({ token })}>{t('common.tryAgain')}</Button>
            ) : null}
            <Link
              to={stepPath(1)}
              className={buttonClassName(retryable ? 'secondary' : 'primary')}
              onClick={() => dispatch(startNewApplication())}
            >
              {t('renew.startAfresh')}
            </Link>
          </div>
        </>
      ) : (
        <Spinner label={t('renew.loading')} showLabel />
      )}
    </div>
  );
}
