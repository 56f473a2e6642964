import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from '@waypoint/platform';
import { useT } from '@waypoint/ui';
import { LinkFailure, linkFailureOf, LinkPage } from '../components/LinkFailure';
import { applyMessages, type ApplyMessage } from '../i18n/catalog';
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
  const navigate = useNavigate();
  const restore = useRestoreDraft();
  const [claim, claimed] = useClaimReturnLinkMutation();
  const asked = useRef(false);
  const t = useT(applyMessages);

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

  const failure = claimed.isError ? linkFailureOf(claimed.error) : null;
  const known = failure?.messageKey ? LINK_STATES[failure.messageKey] : undefined;

  const title = t(known ? known.title : 'return.title');
  return (
    <LinkPage title={title} loading={t('return.loading')}>
      {failure ? (
        <LinkFailure
          id={ERROR_ID}
          failure={failure}
          attempt={claimed.requestId ?? 'failed'}
          guidance={known?.guidance ? t(known.guidance) : undefined}
          onRetry={known ? undefined : () => void claim({ token })}
          startLabel={t('return.startNew')}
        />
      ) : null}
    </LinkPage>
  );
}
