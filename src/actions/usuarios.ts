/*
 * User management, admins only: `usuarios` is an admin namespace open to
 * admins alone (src/server/auth/access-policy.ts), and each action is a defineAdminAction
 * (./admin-only.ts), so the role is asked again here. Both accept forms, so /admin/usuarios
 * works without JavaScript (`<form method="post" action="?_action=usuarios.setRole">`).
 *
 * The rules (own admin role and own sessions untouchable from here, the last admin kept)
 * live in src/server/auth/team-members.ts, which also records each change as a security
 * event; its refusals become pt-BR ActionErrors here. Invitations (invite, re-send, revoke)
 * likewise live in src/server/auth/invitations.ts. The round-robin of new leads among the
 * `vendas` people is switched here too (src/server/inbox/assignment.ts).
 */
import { ActionError } from 'astro:actions';
import { adminRefusals } from '~/messages/auth';
import { teamMembersCopy as copy } from '~/messages/inbox/team-members';
import { z } from '~/lib/validation/zod';
import { USER_ROLES } from '~/lib/team-roles';
import { INVITABLE_ROLES } from '~/lib/invitation';
import { ownershipMessages } from '~/messages/lead-ownership';
import { discardReasonsMessages } from '~/messages/inbox/leads-list';
import { discardReasonsSchema } from '~/lib/validation/lead-pipeline';
import { defineAdminAction } from './admin-only';

/** Better Auth's account ids are short random strings; anything else names no account. */
const userId = z.string({ error: copy.errors.userId }).trim().min(1, { error: copy.errors.userId }).max(128, {
  error: copy.errors.userId,
});

const inv = copy.invitations;
/** An invitation's id is a UUID; anything else names none. */
const invitationId = z.uuid({ error: inv.errors.invitation });
/** An invitation that is accepted or revoked already cannot be changed. */
const invitationRefusal = (status: 'not_found' | 'closed') =>
  status === 'not_found'
    ? new ActionError({ code: 'NOT_FOUND', message: inv.errors.notFound })
    : new ActionError({ code: 'CONFLICT', message: inv.errors.closed });

const notFound = () => new ActionError({ code: 'NOT_FOUND', message: copy.errors.notFound });

export const usuarios = {
  /** Gives an account a role (admin, vendas, editor, or user: no team role). */
  setRole: defineAdminAction({
    accept: 'form',
    input: z.object({ userId, role: z.enum(USER_ROLES, { error: copy.errors.unknownRole }) }),
    failure: copy.errors.failure,
    handler: async (input, context, actor) => {
      const result = await context.locals.runtime.team.setRole(input, actor);
      if (result.status === 'not_found') throw notFound();
      if (result.status === 'self') throw new ActionError({ code: 'FORBIDDEN', message: copy.errors.selfDemotion });
      if (result.status === 'last_admin') throw new ActionError({ code: 'CONFLICT', message: copy.errors.lastAdmin });
      if (result.status === 'not_admin') throw new ActionError({ code: 'FORBIDDEN', message: adminRefusals[403] });
      return {
        userId: input.userId,
        role: input.role,
        previousRole: result.previousRole,
        changed: result.changed,
        sessionsEnded: result.sessionsEnded,
        invitationsRevoked: result.invitationsRevoked,
      };
    },
  }),

  /** Ends every session of an account: the person must sign in again. */
  revokeSessions: defineAdminAction({
    accept: 'form',
    input: z.object({ userId }),
    failure: copy.errors.failure,
    handler: async (input, context, actor) => {
      const result = await context.locals.runtime.team.revokeSessions(input.userId, actor);
      if (result.status === 'not_found') throw notFound();
      if (result.status === 'self') throw new ActionError({ code: 'FORBIDDEN', message: copy.errors.selfRevoke });
      return { userId: input.userId, sessionsEnded: result.sessionsEnded };
    },
  }),

  /** Invites an address to the team with a role: the e-mail goes out through the outbox. */
  invite: defineAdminAction({
    accept: 'form',
    input: z.object({
      email: z
        .string({ error: inv.errors.email })
        .trim()
        .max(254, { error: inv.errors.email })
        .pipe(z.email({ error: inv.errors.email })),
      role: z.enum(INVITABLE_ROLES, { error: inv.errors.role }),
    }),
    failure: inv.errors.failure,
    handler: async (input, context, actor) => {
      const result = await context.locals.runtime.team.invite(input, actor);
      if (result.status === 'account_exists')
        throw new ActionError({ code: 'CONFLICT', message: inv.errors.accountExists });
      if (result.status === 'already_invited')
        throw new ActionError({ code: 'CONFLICT', message: inv.errors.alreadyInvited });
      return { email: input.email.trim().toLowerCase() };
    },
  }),

  /** Mails a new link (the earlier one stops working). */
  resendInvitation: defineAdminAction({
    accept: 'form',
    input: z.object({ invitationId }),
    failure: inv.errors.failure,
    handler: async (input, context, actor) => {
      const result = await context.locals.runtime.team.resendInvitation(input.invitationId, actor);
      if (result.status !== 'ok') throw invitationRefusal(result.status);
      return { email: result.email };
    },
  }),

  /** Revokes an invitation: its link stops working. */
  revokeInvitation: defineAdminAction({
    accept: 'form',
    input: z.object({ invitationId }),
    failure: inv.errors.failure,
    handler: async (input, context, actor) => {
      const result = await context.locals.runtime.team.revokeInvitation(input.invitationId, actor);
      if (result.status !== 'ok') throw invitationRefusal(result.status);
      return { email: result.email };
    },
  }),

  /** Turns the automatic round-robin of new leads on (`ligar=1`) or off. */
  setRoundRobin: defineAdminAction({
    accept: 'form',
    input: z.object({ ligar: z.enum(['0', '1']).transform((value) => value === '1') }),
    failure: ownershipMessages.roundRobinFalha,
    handler: async (input, context, actor) => {
      await context.locals.runtime.inbox.setRoundRobin(input.ligar, actor);
      return { on: input.ligar };
    },
  }),

  /** The list of discard reasons the sales team chooses from, one a line (`motivos`). */
  setDiscardReasons: defineAdminAction({
    accept: 'form',
    input: discardReasonsSchema,
    failure: discardReasonsMessages.falha,
    handler: async (input, context, actor) => {
      await context.locals.runtime.inbox.setDiscardReasons(input.motivos, actor);
      return { count: input.motivos.length };
    },
  }),
};
