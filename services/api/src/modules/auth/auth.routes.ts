import {
  CheckEmailBody,
  CheckEmailResponse,
  EmailBody,
  ErrorEnvelope,
  LoginBody,
  LogoutResponse,
  okEnvelope,
  RegisterBody,
  ResetPasswordBody,
  ResetPasswordResponse,
  SentResponse,
  UpdateProfileBody,
  User,
  UserResponse,
  VerifyEmailBody,
  VerifyTokenBody,
} from '@waypoint/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endSession, requireUser, startSession } from '../../plugins/session';
import * as service from './auth.service';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 409: ErrorEnvelope, 429: ErrorEnvelope };
const caller = (request: FastifyRequest) => ({ ip: request.ip });

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx, config } = app;
  const tags = ['auth'];

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
    async (request) => ({
      success: true as const,
      data: await service.checkEmail({ ctx, input: request.body, caller: caller(request) }),
    }),
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
      const user = await service.login({ ctx, input: request.body, caller: caller(request) });
      await startSession(ctx.db, config, request, reply, user);
      return { success: true as const, data: { user: await service.toUser(ctx, user) } };
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
      const user = await service.register({ ctx, input: request.body, caller: caller(request) });
      await startSession(ctx.db, config, request, reply, user);
      return { success: true as const, data: { user: await service.toUser(ctx, user) } };
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
    async (request) => ({
      success: true as const,
      data: await service.requestSignInLink({ ctx, input: request.body, caller: caller(request) }),
    }),
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
      const user = await service.verifySignInLink({
        ctx,
        input: request.body,
        caller: caller(request),
      });
      await startSession(ctx.db, config, request, reply, user);
      return { success: true as const, data: { user: await service.toUser(ctx, user) } };
    },
  );

  r.post(
    '/api/auth/logout',
    {
      schema: { tags, summary: 'End this session', response: { 200: okEnvelope(LogoutResponse) } },
    },
    async (request, reply) => {
      await endSession(ctx.db, config, request, reply);
      return { success: true as const, data: { loggedOut: true as const } };
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
    async (request) => ({
      success: true as const,
      data: await service.forgotPassword({ ctx, input: request.body, caller: caller(request) }),
    }),
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
    async (request) => ({
      success: true as const,
      data: await service.resetPassword({ ctx, input: request.body, caller: caller(request) }),
    }),
  );

  // The account's own routes: refused with 401 before the body is read or validated.
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', async (request) => {
      requireUser(request);
    });
    const r = signedIn.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/auth/profile',
      {
        schema: {
          tags,
          summary: 'The signed-in user',
          response: { 200: okEnvelope(User), 401: ErrorEnvelope },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: await service.toUser(ctx, requireUser(request)) };
      },
    );

    r.put(
      '/api/auth/profile',
      {
        schema: {
          tags,
          summary: 'Update name, nationality and e-mail (a new e-mail needs its code)',
          body: UpdateProfileBody,
          response: { 200: okEnvelope(User), ...errors },
        },
      },
      async (request) => {
        const user = await service.updateProfile({
          ctx,
          user: requireUser(request),
          input: request.body,
        });
        return { success: true as const, data: await service.toUser(ctx, user) };
      },
    );

    r.post(
      '/api/auth/verify-email',
      {
        schema: {
          tags,
          summary: 'Verify the e-mail address (or a new one) with its 6-digit code',
          body: VerifyEmailBody,
          response: { 200: okEnvelope(User), ...errors },
        },
      },
      async (request) => {
        const user = await service.verifyEmail({
          ctx,
          user: requireUser(request),
          input: request.body,
        });
        return { success: true as const, data: await service.toUser(ctx, user) };
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
      async (request) => ({
        success: true as const,
        data: await service.resendVerification({ ctx, user: requireUser(request) }),
      }),
    );
  });
}
