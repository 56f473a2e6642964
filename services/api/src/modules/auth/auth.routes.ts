import {
  AuthText,
  ChangePasswordBody,
  CheckEmailBody,
  CheckEmailResponse,
  EmailBody,
  LoginBody,
  LogoutResponse,
  okEnvelope,
  RegisterBody,
  ResetPasswordBody,
  RecentProofBody,
  RecentProofCodeBody,
  ResetPasswordResponse,
  SecondFactorBody,
  SecondFactorSetupConfirmBody,
  SecondFactorSetupDoneResponse,
  SecondFactorSetupResponse,
  SentResponse,
  UndoEmailChangeResponse,
  UpdateLocaleBody,
  UpdateProfileBody,
  User,
  UserResponse,
  VerifyEmailBody,
  VerifyTokenBody,
} from '@waypoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { UserRow } from '../../db/rows';
import { callerOf, signedInScope, userOf, userScope } from '../../plugins/scopes';
import { endSession, startSession } from '../../plugins/session';
import * as credentials from './credentials.service';
import * as ownership from './email-ownership.service';
import * as codes from './one-time-codes.service';
import * as profile from './profile.service';
import * as stepUp from './recent-proof.service';
import * as secondFactor from './second-factor.service';
import type { Session } from './verbs';
import { errorResponses, ok } from '../../lib/reply';

const errors = errorResponses(400, 401, 403, 409, 429);

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['auth'];
  /** A `UserResponse` reply: the user as this session sees them, with the notice the page shows, if any. */
  const userReply = async (user: UserRow, session: Session | undefined, notice?: string) =>
    ok({
      user: await profile.toUser({ ctx, input: { user: user, session: session } }),
      ...(notice ? { notice } : {}),
    });

  r.post(
    '/api/auth/check-email',
    {
      schema: {
        tags,
        summary: 'Whether an e-mail signs in with a password',
        body: CheckEmailBody,
        response: { 200: okEnvelope(CheckEmailResponse), ...errors },
      },
    },
    async (request) =>
      ok(await credentials.checkEmail({ ctx, input: request.body, caller: callerOf(request) })),
  );

  r.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: LoginBody,
        response: { 200: okEnvelope(UserResponse), ...errors },
      },
    },
    async (request, reply) => {
      const user = await credentials.login({ ctx, input: request.body, caller: callerOf(request) });
      // The password was just entered: a recent proof. Staff still need their second factor.
      await startSession(request, reply, user, { recentProof: true });
      return userReply(user, request.session);
    },
  );

  r.post(
    '/api/auth/register',
    {
      schema: {
        tags,
        summary: 'Create an account (signed in; a verification code is e-mailed)',
        body: RegisterBody,
        response: { 200: okEnvelope(UserResponse), ...errors },
      },
    },
    async (request, reply) => {
      const user = await credentials.register({
        ctx,
        input: request.body,
        caller: callerOf(request),
      });
      await startSession(request, reply, user);
      return userReply(user, request.session);
    },
  );

  r.post(
    '/api/auth/sign-in-link',
    {
      schema: {
        tags,
        summary: 'E-mail a single-use sign-in link',
        body: EmailBody,
        response: { 200: okEnvelope(SentResponse), ...errors },
      },
    },
    async (request) =>
      ok(await codes.requestSignInLink({ ctx, input: request.body, caller: callerOf(request) })),
  );

  r.post(
    '/api/auth/verify-token',
    {
      schema: {
        tags,
        summary: 'Sign in with an e-mailed link',
        body: VerifyTokenBody,
        response: { 200: okEnvelope(UserResponse), ...errors },
      },
    },
    async (request, reply) => {
      const { user, notice } = await codes.verifySignInLink({
        ctx,
        input: request.body,
        caller: callerOf(request),
      });
      // Started by a proof of the mailbox (it survives a claim) and a recent one.
      await startSession(request, reply, user, {
        mailboxProof: true,
        recentProof: true,
      });
      return userReply(user, request.session, notice);
    },
  );

  r.post(
    '/api/auth/logout',
    {
      schema: { tags, summary: 'End this session', response: { 200: okEnvelope(LogoutResponse) } },
    },
    async (request, reply) => {
      await endSession(request, reply);
      return ok({ loggedOut: true as const });
    },
  );

  r.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'E-mail a 6-digit password reset code',
        body: EmailBody,
        response: { 200: okEnvelope(SentResponse), ...errors },
      },
    },
    async (request) =>
      ok(await credentials.forgotPassword({ ctx, input: request.body, caller: callerOf(request) })),
  );

  r.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Choose a new password with the e-mailed code; ends every session',
        body: ResetPasswordBody,
        response: { 200: okEnvelope(ResetPasswordResponse), ...errors },
      },
    },
    async (request) =>
      ok(await credentials.resetPassword({ ctx, input: request.body, caller: callerOf(request) })),
  );

  r.post(
    '/api/auth/undo-email-change',
    {
      schema: {
        tags,
        summary:
          'Undo a change of e-mail with the link sent to the old address; ends every session',
        body: VerifyTokenBody,
        response: { 200: okEnvelope(UndoEmailChangeResponse), ...errors },
      },
    },
    async (request) =>
      ok(await ownership.undoEmailChange({ ctx, input: request.body, caller: callerOf(request) })),
  );

  // Signed in, with or without the staff second factor: refused with 401 before the body is read.
  await app.register(async (scope) => {
    signedInScope(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/auth/profile',
      {
        schema: {
          tags,
          summary: 'The signed-in user',
          response: { 200: okEnvelope(User), ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        // Staff see where they stand with the second factor here, before completing it.
        return ok(
          await profile.toUser({ ctx, input: { user: userOf(request), session: request.session } }),
        );
      },
    );

    r.post(
      '/api/auth/second-factor/setup',
      {
        schema: {
          tags,
          summary: 'Staff: start setting up the authenticator app (secret, QR code)',
          response: { 200: okEnvelope(SecondFactorSetupResponse), ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(
          await secondFactor.beginSetup({
            ctx,
            user: userOf(request),
            caller: callerOf(request),
          }),
        );
      },
    );

    r.post(
      '/api/auth/second-factor/setup/confirm',
      {
        schema: {
          tags,
          summary:
            'Staff: confirm the authenticator with a first code; returns ten recovery codes once',
          body: SecondFactorSetupConfirmBody,
          response: { 200: okEnvelope(SecondFactorSetupDoneResponse), ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const result = await secondFactor.confirmSetup({
          ctx,
          user: userOf(request),
          session: request.session,
          input: request.body,
          caller: callerOf(request),
        });
        return ok({
          user: await profile.toUser({
            ctx,
            input: { user: result.user, session: result.session },
          }),
          recoveryCodes: result.recoveryCodes,
        });
      },
    );

    r.post(
      '/api/auth/second-factor/verify',
      {
        schema: {
          tags,
          summary: 'Staff: the second sign-in step, with an authenticator code or a recovery code',
          body: SecondFactorBody,
          response: { 200: okEnvelope(UserResponse), ...errors },
        },
      },
      async (request) => {
        const result = await secondFactor.verifySecondFactor({
          ctx,
          user: userOf(request),
          session: request.session,
          input: request.body,
          caller: callerOf(request),
        });
        return userReply(result.user, result.session, result.notice);
      },
    );
  });

  // The account's own changes: refused with 401 (or 403 for staff without the second factor) before the body is read or validated.
  await app.register(async (scope) => {
    userScope(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.put(
      '/api/auth/profile',
      {
        schema: {
          tags,
          summary:
            'Update name, nationality and e-mail (a new e-mail needs a recent proof, then its code)',
          body: UpdateProfileBody,
          response: { 200: okEnvelope(User), ...errors },
        },
      },
      async (request) => {
        const user = await profile.updateProfile({
          ctx,
          user: userOf(request),
          session: request.session,
          input: request.body,
        });
        return ok(await profile.toUser({ ctx, input: { user: user, session: request.session } }));
      },
    );

    r.put(
      '/api/auth/profile/locale',
      {
        schema: {
          tags,
          summary: 'Keep the language of the account (its pages after sign-in and its e-mails)',
          body: UpdateLocaleBody,
          response: { 200: okEnvelope(User), ...errors },
        },
      },
      async (request) => {
        const user = await profile.updateLocale({
          ctx,
          user: userOf(request),
          input: request.body,
        });
        return ok(await profile.toUser({ ctx, input: { user, session: request.session } }));
      },
    );

    r.post(
      '/api/auth/verify-email',
      {
        schema: {
          tags,
          summary: 'Verify the e-mail address (or a new one) with its 6-digit code',
          body: VerifyEmailBody,
          response: { 200: okEnvelope(UserResponse), ...errors },
        },
      },
      async (request) => {
        const { user, notice } = await ownership.verifyEmail({
          ctx,
          user: userOf(request),
          session: request.session,
          input: request.body,
          caller: callerOf(request),
        });
        return userReply(user, request.session, notice);
      },
    );

    r.post(
      '/api/auth/verify-email/resend',
      {
        schema: {
          tags,
          summary: 'Send a new verification code',
          response: { 200: okEnvelope(SentResponse), ...errors },
        },
      },
      async (request) => ok(await ownership.resendVerification({ ctx, user: userOf(request) })),
    );

    r.post(
      '/api/auth/recent-proof/code',
      {
        schema: {
          tags,
          summary:
            'E-mail a 6-digit code to the current address, to confirm it is the owner before the action named by purpose',
          body: RecentProofCodeBody,
          response: { 200: okEnvelope(SentResponse), ...errors },
        },
      },
      async (request) =>
        ok(
          await stepUp.requestRecentProofCode({ ctx, user: userOf(request), input: request.body }),
        ),
    );

    r.post(
      '/api/auth/recent-proof',
      {
        schema: {
          tags,
          summary:
            'Confirm it is the owner (password, or the e-mailed code): allows changing the e-mail or password for 10 minutes',
          body: RecentProofBody,
          response: { 200: okEnvelope(UserResponse), ...errors },
        },
      },
      async (request) => {
        const result = await stepUp.recentProof({
          ctx,
          user: userOf(request),
          session: request.session,
          input: request.body,
          caller: callerOf(request),
        });
        return userReply(result.user, result.session, result.notice);
      },
    );

    r.put(
      '/api/auth/password',
      {
        schema: {
          tags,
          summary: 'Set or change the password (needs a recent proof); signs out other sessions',
          body: ChangePasswordBody,
          response: { 200: okEnvelope(UserResponse), ...errors },
        },
      },
      async (request) => {
        const user = await credentials.changePassword({
          ctx,
          user: userOf(request),
          session: request.session,
          input: request.body,
          caller: callerOf(request),
        });
        return userReply(user, request.session, AuthText.passwordChanged);
      },
    );
  });
}
