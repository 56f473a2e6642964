import { useEffect, useRef } from 'react';
import { ApiMessages } from '@waypoint/contracts';
import { useAppDispatch, useNavigate, useSearchParams, type ApiError } from '@waypoint/platform';
import { useT } from '@waypoint/ui';
import { LinkFailure, linkFailureOf, LinkPage } from '../components/LinkFailure';
import { applyMessages } from '../i18n/catalog';
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

  const failure = !token ? LINK_INVALID : prefill.isError ? linkFailureOf(prefill.error) : null;
  // A link that is not valid stays so; anything else (no connection, a busy server) may work on a second try.
  const retryable = failure !== null && failure.status !== 400;

  const title = t('renew.title');
  return (
    <LinkPage title={title} loading={t('renew.loading')}>
      {failure ? (
        <LinkFailure
          id={ERROR_ID}
          failure={failure}
          attempt={prefill.requestId ?? 'no-token'}
          onRetry={retryable ? () => void askPrefill({ token }) : undefined}
          startLabel={t('renew.startAfresh')}
        />
      ) : null}
    </LinkPage>
  );
}
