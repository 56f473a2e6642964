import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  AcceptStaffInvitationBody,
  type StaffInvitationDetails,
  type UserResponse,
} from '@waypoint/contracts';
import {
  Link,
  SECOND_FACTOR_PATH,
  fieldErrorsFromIssues,
  isApiError,
  knownFieldErrors,
  needsSecondFactor,
  setUser,
  useAppDispatch,
  useFormErrors,
  useNavigate,
  useParams,
  userChanged,
  userFromReply,
  type ApiError,
  type AuthUser,
} from '@waypoint/platform';
import { api } from '@waypoint/platform/api';
import { useApiText } from '@waypoint/platform/i18n';
import { Banner, Button, ErrorBox, ErrorSummary, Spinner, TextField, useT } from '@waypoint/ui';
import { AuthPage } from '../../components/forms';
import { PasswordPairFields, withPasswordMismatch } from '../../components/PasswordPairFields';
import { withRedirect } from '../../components/redirect';
import { accountMessages } from '../../i18n/catalog';

/** Where a new member of staff goes once their authenticator app is set up. */
const STAFF_AREA = '/admin';

const FIELDS = {
  firstName: 'staff-invitation-first-name',
  lastName: 'staff-invitation-last-name',
  password: 'staff-invitation-password',
  confirmPassword: 'staff-invitation-confirm-password',
};

type Values = Required<AcceptStaffInvitationBody>;

const EMPTY: Values = { firstName: '', lastName: '', password: '', confirmPassword: '' };

/** The calls of an invitation link: what it offers, and accepting it. */
const invitationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStaffInvitation: build.query<StaffInvitationDetails, string>({
      query: (token) => `/staff/invitations/${encodeURIComponent(token)}`,
      keepUnusedDataFor: 0,
    }),
    acceptStaffInvitation: build.mutation<
      UserResponse,
      { token: string; body: AcceptStaffInvitationBody }
    >({
      query: ({ token, body }) => ({
        url: `/staff/invitations/${encodeURIComponent(token)}/accept`,
        method: 'POST',
        body,
      }),
    }),
  }),
});

const { useGetStaffInvitationQuery, useAcceptStaffInvitationMutation } = invitationApi;

/** A refusal of the link itself: unknown (404), or expired, used or withdrawn (410). */
function linkRefusal(error: unknown): ApiError | null {
  return isApiError(error) && (error.status === 404 || error.status === 410) ? error : null;
}

/** Why the link cannot be used, in the server's words, with a way on when there is one. */
function LinkRefused({ refusal }: { refusal: ApiError }) {
  const t = useT(accountMessages);
  const apiText = useApiText();
  return (
    <AuthPage
      title={t('staffInvitation.title')}
      heading={t(
        refusal.status === 404
          ? 'staffInvitation.notFound.heading'
          : 'staffInvitation.gone.heading',
      )}
    >
      <ErrorBox>{apiText(refusal.message)}</ErrorBox>
      {refusal.messageKey === 'staff.invitationUsed' ? (
        <p>
          <Link to="/auth/login" className="wp-button wp-button--primary">
            {t('form.logIn')}
          </Link>
        </p>
      ) : null}
    </AuthPage>
  );
}

/** Joined: the account is signed in, and the authenticator app is set up next. */
function Joined({ user }: { user: AuthUser }) {
  const t = useT(accountMessages);
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const next = needsSecondFactor(user) ? withRedirect(SECOND_FACTOR_PATH, STAFF_AREA) : STAFF_AREA;
  return (
    <AuthPage title={t('staffInvitation.title')}>
      <div ref={ref} tabIndex={-1} role="status" className="wpa-status">
        <Banner tone="success" title={t('staffInvitation.done.title')}>
          {t('staffInvitation.done.text')}
        </Banner>
      </div>
      <Button onClick={() => navigate(next, { replace: true })}>
        {t('staffInvitation.done.continue')}
      </Button>
    </AuthPage>
  );
}

/**
 * The page of an invitation to join the staff (the e-mailed link): what it offers, then the person's name and a
 * password. Accepting signs them in; their authenticator app is set up next, as at any staff sign-in.
 */
export function StaffInvitationPage() {
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const t = useT(accountMessages);
  const apiText = useApiText();
  const { data, error, isError, isFetching, refetch } = useGetStaffInvitationQuery(token, {
    skip: token === '',
    refetchOnMountOrArgChange: true,
  });
  const [accept, accepting] = useAcceptStaffInvitationMutation();
  const [values, setValues] = useState<Values>(EMPTY);
  const { errors, summary, attempt, clearErrors, showErrors } = useFormErrors(FIELDS);
  const [failure, setFailure] = useState<string | null>(null);
  /** The link stopped working while the form was open (410). */
  const [refusedOnAccept, setRefusedOnAccept] = useState<ApiError | null>(null);
  const [joined, setJoined] = useState<AuthUser | null>(null);

  const update = (name: keyof Values, value: string) =>
    setValues((current) => ({ ...current, [name]: value }));
  const set = (name: keyof Values) => (event: { target: { value: string } }) =>
    update(name, event.target.value);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = AcceptStaffInvitationBody.safeParse(values);
    const problems = withPasswordMismatch(
      values,
      parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues),
    );
    if (!parsed.success || Object.keys(problems).length > 0) {
      showErrors(problems);
      return;
    }
    clearErrors();
    const reply = await accept({ token, body: parsed.data });
    if ('data' in reply && reply.data) {
      const user = userFromReply(reply.data);
      if (user) {
        // Signed in as the new member of staff: what was kept for anyone signed in before goes.
        dispatch(userChanged());
        dispatch(setUser(user));
        setJoined(user);
        return;
      }
    }
    const failed = 'error' in reply ? reply.error : undefined;
    const refusal = linkRefusal(failed);
    if (refusal) {
      setRefusedOnAccept(refusal);
      return;
    }
    const apiError = isApiError(failed) ? failed : undefined;
    const onFields = knownFieldErrors(apiError?.fieldErrors, FIELDS);
    if (Object.keys(onFields).length > 0) {
      showErrors(onFields);
      return;
    }
    const refused = apiError && apiError.status >= 400 && apiError.status < 500;
    setFailure(refused && apiError.message ? apiError.message : '');
  };

  if (joined) return <Joined user={joined} />;

  const refusal = refusedOnAccept ?? (token === '' ? null : linkRefusal(error));
  if (refusal) return <LinkRefused refusal={refusal} />;

  if (token === '' || (isError && !data)) {
    return (
      <AuthPage
        title={t('staffInvitation.title')}
        heading={t('staffInvitation.unavailable.heading')}
      >
        <p>{t('staffInvitation.unavailable.text')}</p>
        {token !== '' ? (
          <Button variant="secondary" busy={isFetching} onClick={() => void refetch()}>
            {t('verifyLink.tryAgain')}
          </Button>
        ) : null}
      </AuthPage>
    );
  }

  if (!data) {
    return (
      <AuthPage title={t('staffInvitation.title')}>
        <Spinner label={t('staffInvitation.loading')} showLabel />
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('staffInvitation.title')}>
      <ErrorSummary errors={summary} focusKey={attempt} />
      {failure !== null ? (
        <ErrorBox>{failure ? apiText(failure) : t('staffInvitation.failed')}</ErrorBox>
      ) : null}
      <p className="wp-lead">{t(`staffInvitation.invited.${data.role}`)}</p>
      <p>{t(`staffInvitation.roleHint.${data.role}`)}</p>
      <p>{t('staffInvitation.lead')}</p>
      <form className="wp-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        {/* The address the invitation is for: it names the account, and password managers save it. */}
        <TextField
          id="staff-invitation-email"
          label={t('form.email')}
          type="email"
          autoComplete="username"
          readOnly
          value={data.email}
        />
        <TextField
          id={FIELDS.firstName}
          label={t('register.firstName')}
          autoComplete="given-name"
          required
          value={values.firstName}
          error={errors.firstName}
          onChange={set('firstName')}
        />
        <TextField
          id={FIELDS.lastName}
          label={t('register.lastName')}
          autoComplete="family-name"
          required
          value={values.lastName}
          error={errors.lastName}
          onChange={set('lastName')}
        />
        <PasswordPairFields ids={FIELDS} values={values} errors={errors} onChange={update} />
        <Button type="submit" busy={accepting.isLoading} fullWidth>
          {t('staffInvitation.submit')}
        </Button>
      </form>
    </AuthPage>
  );
}
