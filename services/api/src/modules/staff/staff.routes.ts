import {
  AcceptStaffInvitationBody,
  ChangeStaffRoleBody,
  InviteStaffBody,
  InviteStaffResponse,
  okEnvelope,
  RevokeInvitationResponse,
  StaffAccountIdParams,
  StaffAccountResponse,
  StaffAccountsResponse,
  StaffInvitationDetails,
  StaffInvitationIdParams,
  StaffInvitationTokenParams,
  StaffSelfResponse,
  UserResponse,
} from '@waypoint/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../lib/reply';
import { adminOnly, callerOf, staffScope, userOf } from '../../plugins/scopes';
import { startSession } from '../../plugins/session';
import { toUser } from '../auth/profile.service';
import * as invitations from './invitations.service';
import * as accounts from './staff-accounts.service';

const tags = ['staff'];

/**
 * The staff accounts: invitations (accepted by anyone holding the link), the signed-in member of staff's role, and
 * the accounts admins manage (roles, deactivation, the authenticator app). Every change is audited.
 */
export async function staffRoutes(app: FastifyInstance) {
  const { ctx } = app;

  // Anyone with an invitation link: what it offers, and accepting it (signed in as a login would).
  await app.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const errors = errorResponses(400, 404, 409, 410, 429);

    r.get(
      '/api/staff/invitations/:token',
      {
        schema: {
          tags,
          summary:
            'What an invitation to join the staff offers (404 for an unknown link; 410 expired, used or withdrawn)',
          params: StaffInvitationTokenParams,
          response: { 200: okEnvelope(StaffInvitationDetails), ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(
          await invitations.lookUp({ ctx, input: request.params, caller: callerOf(request) }),
        );
      },
    );

    r.post(
      '/api/staff/invitations/:token/accept',
      {
        schema: {
          tags,
          summary:
            'Join the staff with a name and a password: signed in, the authenticator app is set up next (410 expired, used or withdrawn)',
          params: StaffInvitationTokenParams,
          body: AcceptStaffInvitationBody,
          response: { 200: okEnvelope(UserResponse), ...errors },
        },
      },
      async (request, reply) => {
        const { firstName, lastName, password } = request.body;
        const user = await invitations.accept({
          ctx,
          input: { token: request.params.token, firstName, lastName, password },
          caller: callerOf(request),
        });
        // The link proved the mailbox and the password was just chosen; the second factor is still to come.
        await startSession(request, reply, user, { mailboxProof: true, recentProof: true });
        return ok({ user: await toUser({ ctx, input: { user, session: request.session } }) });
      },
    );
  });

  // Any member of staff: their own role and what it allows.
  await app.register(async (scope) => {
    staffScope(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/admin/staff/me',
      {
        schema: {
          tags,
          summary: "The signed-in member of staff's role and what it allows",
          response: { 200: okEnvelope(StaffSelfResponse), ...errorResponses(401, 403) },
        },
      },
      async (request) => ok(accounts.staffSelf({ staff: userOf(request) })),
    );
  });

  // Admins only: the staff accounts and invitations.
  await app.register(async (scope) => {
    staffScope(scope);
    adminOnly(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const errors = errorResponses(400, 401, 403, 404, 409);
    /** The admin the scope let in, and where the request came from. */
    const admin = (request: FastifyRequest) => ({
      ctx,
      staff: userOf(request),
      caller: callerOf(request),
    });

    r.get(
      '/api/admin/staff/accounts',
      {
        schema: {
          tags,
          summary: 'Every staff account (active or deactivated) and the invitations still open',
          response: { 200: okEnvelope(StaffAccountsResponse), ...errors },
        },
      },
      async (request) => ok(await accounts.listStaff({ ctx, staff: userOf(request) })),
    );

    r.post(
      '/api/admin/staff/invitations',
      {
        schema: {
          tags,
          summary:
            'Invite an address to join the staff with a role (e-mailed link, 48 hours; replaces an open invitation; audited)',
          body: InviteStaffBody,
          response: { 200: okEnvelope(InviteStaffResponse), ...errors },
        },
      },
      async (request) =>
        ok({ invitation: await invitations.invite({ ...admin(request), input: request.body }) }),
    );

    r.delete(
      '/api/admin/staff/invitations/:id',
      {
        schema: {
          tags,
          summary: 'Withdraw an invitation: its link stops working (audited)',
          params: StaffInvitationIdParams,
          response: { 200: okEnvelope(RevokeInvitationResponse), ...errors },
        },
      },
      async (request) => ok(await invitations.revoke({ ...admin(request), input: request.params })),
    );

    r.put(
      '/api/admin/staff/:id/role',
      {
        schema: {
          tags,
          summary:
            'Give a member of staff another role (the last active admin keeps theirs: 409; audited)',
          params: StaffAccountIdParams,
          body: ChangeStaffRoleBody,
          response: { 200: okEnvelope(StaffAccountResponse), ...errors },
        },
      },
      async (request) =>
        ok({
          account: await accounts.changeRole({
            ...admin(request),
            input: { id: request.params.id, role: request.body.role },
          }),
        }),
    );

    r.post(
      '/api/admin/staff/:id/deactivate',
      {
        schema: {
          tags,
          summary:
            'Deactivate a staff account: its sessions end at once and it cannot sign in (not the last active admin: 409; audited)',
          params: StaffAccountIdParams,
          response: { 200: okEnvelope(StaffAccountResponse), ...errors },
        },
      },
      async (request) =>
        ok({ account: await accounts.deactivate({ ...admin(request), input: request.params }) }),
    );

    r.post(
      '/api/admin/staff/:id/reactivate',
      {
        schema: {
          tags,
          summary: 'Let a deactivated staff account sign in again (audited)',
          params: StaffAccountIdParams,
          response: { 200: okEnvelope(StaffAccountResponse), ...errors },
        },
      },
      async (request) =>
        ok({ account: await accounts.reactivate({ ...admin(request), input: request.params }) }),
    );

    r.post(
      '/api/admin/staff/:id/second-factor/reset',
      {
        schema: {
          tags,
          summary:
            'Remove the authenticator app and recovery codes of a member of staff and end their sessions: they set up a new one at their next sign-in (audited)',
          params: StaffAccountIdParams,
          response: { 200: okEnvelope(StaffAccountResponse), ...errors },
        },
      },
      async (request) =>
        ok({
          account: await accounts.resetSecondFactor({ ...admin(request), input: request.params }),
        }),
    );
  });
}
