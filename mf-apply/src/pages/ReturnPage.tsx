import { useEffect, useRef } from 'react';
import { ClientErrorText } from '@waypoint/contracts';
import {
  isApiError,
  Link,
  useAppDispatch,
  useNavigate,
  useParams,
  type ApiError,
} from '@waypoint/platform';
import { useErrorText } from '@waypoint/platform/i18n';
import { Button, buttonClassName, ErrorBox, Spinner, useT } from '@waypoint/ui';
import { applyMessages, type ApplyMessage } from '../i18n/catalog';
import { startNewApplication } from '../state';
import { useClaimReturnLinkMutation, useRestoreDraft } from '../wizard/draftReturn';
import { stepPath } from '../wizard/steps';

const ERROR_ID = 'return-error';

/** Why a link cannot be used, by the reply's message: it stays so. Anything else may work on a second try. */
const LINK_STATES: Partial<Record<string, { title: ApplyMessage; guidance?: ApplyMessage }>> = {
  'draftReturn.linkUsed': { title: 'return.used.title', guidance: 'return.used.guidance' },
  'draftReturn.linkExpired': { title: 'return.expired.title', guidance: 'return.expired.guidance' },
  'draftReturn.linkNotFound': { title: 'return.notFound.title' },
};

/**
 * The link of the "save and come back later" e-mail (`/application/return/<token>`): the saved application becomes
 * this browser's, fills in the wizard as Continue Application does, and its saved step opens in place of this page
 * (Back does not use the link again, and its token leaves the address bar). A link used, expired or unknown says so,
 * with the way on.
 */
export function ReturnPage() {
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const restore = useRestoreDraft();
  const [claim, claimed] = useClaimReturnLinkMutation();
  const asked = useRef(false);
  const t = useT(applyMessages);
  const errorText = useErrorText();

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void claim({ token });
  }, [token, claim]);

  const draft = claimed.data?.data;
  useEffect(() => {
    if (!draft) return;
    navigate(stepPath(restore(draft)), { replace: true });
  }, [draft, restore, navigate]);

  const failure: ApiError | null = claimed.isError
    ? isApiError(claimed.error)
      ? claimed.error
      : { status: 0, message: ClientErrorText.unknown }
    : null;
  const known = failure?.messageKey ? LINK_STATES[failure.messageKey] : undefined;

  // Focus goes to what went wrong as it appears (each failed attempt), as the page's only news.
  const failed = failure ? (claimed.requestId ?? 'failed') : null;
  useEffect(() => {
    if (failed) document.getElementById(ERROR_ID)?.focus();
  }, [failed]);

  const title = t(known ? known.title : 'return.title');
  return (
    <div className="wp-container wpw-page">
      <title>{t('page.title', { title })}</title>
      <h1>{title}</h1>
      {failure ? (
        <>
          <div id={ERROR_ID} tabIndex={-1}>
            <ErrorBox>{errorText(failure)}</ErrorBox>
          </div>
          {known?.guidance ? <p>{t(known.guidance)}</p> : null}
          <div className="wp-actions">
            {known ? null : (
              <Button onClick={() => void claim({ token })}>{t('common.tryAgain')}</Button>
            )}
            <Link
              to={stepPath(1)}
              className={buttonClassName(known ? 'primary' : 'secondary')}
              onClick={() => dispatch(startNewApplication())}
            >
              {t('return.startNew')}
            </Link>
          </div>
        </>
      ) : (
        <Spinner label={t('return.loading')} showLabel />
      )}
    </div>
  );
}
