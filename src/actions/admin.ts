/*
 * Admin-only LGPD tools (names start with `admin.`, an admin namespace of
 * src/server/auth/access-policy.ts: the middleware refuses anyone else before these run).
 * Each is a defineAdminAction (./admin-only.ts): the role is asked again where the data is
 * read, the admin is recorded as the actor, and unexpected failures answer the pt-BR
 * failure message. tests/integration/auth-matrix.int.test.ts lists every admin action.
 */
import { ActionError } from 'astro:actions';
import { lgpdAdminCopy } from '~/messages/lgpd-admin';
import { IDENTIFIER_KINDS, MAX_INCLUDED, parseIdentifier } from '~/lib/lgpd-identifier';
import { z } from '~/lib/validation/zod';
import { componentLogger } from '~/server/http';
import { CRM_TOOLS } from '~/server/lgpd';
import { defineAdminAction } from './admin-only';

const log = componentLogger('lgpd');

export const admin = {
  lgpd: {
    /** Marks a confirmed data-subject request answered. */
    complete: defineAdminAction({
      accept: 'form',
      input: z.object({ id: z.uuid() }),
      failure: lgpdAdminCopy.subject.failure,
      handler: async ({ id }, context, actor) => {
        const done = await context.locals.runtime.dsr.complete(id, actor);
        if (!done) throw new ActionError({ code: 'NOT_FOUND', message: lgpdAdminCopy.subject.failure });
        return { done };
      },
    }),

    /**
     * Anonymises or deletes a person's data (documents included), with an audit record: the
     * records carrying the identifier, plus the possible matches the admin included (`include`,
     * src/server/lgpd/subject-scope.ts). With `requestId`, the request's confirmed e-mail stands
     * for the identifier, which is then not used.
     */
    erase: defineAdminAction({
      accept: 'form',
      input: z.object({
        por: z.enum(IDENTIFIER_KINDS),
        valor: z.string().max(254),
        modo: z.enum(['anonymize', 'delete']),
        confirmar: z.literal('on', { error: lgpdAdminCopy.subject.confirmRequired }),
        requestId: z.uuid().optional(),
        include: z.array(z.string().max(100)).max(MAX_INCLUDED).optional(),
      }),
      failure: lgpdAdminCopy.subject.failure,
      handler: async (input, context, actor) => {
        const identifier = parseIdentifier(input.por, input.valor);
        if (!identifier) throw new ActionError({ code: 'BAD_REQUEST', message: lgpdAdminCopy.search.invalid });
        const choice = { requestId: input.requestId, include: input.include };
        const { counts, crm, crmSteps } = await context.locals.runtime.lgpd.eraseSubject(
          identifier,
          input.modo,
          actor,
          choice,
        );
        const crmStatus = Object.entries(crm).map(([tool, outcome]) => `${tool} ${outcome.status}`);
        log.info(
          `${input.modo} by admin ${actor.id}: ${JSON.stringify(counts)}; CRMs: ${crmStatus.join(', ') || 'none'}`,
        );
        return { mode: input.modo, counts, crm, crmSteps };
      },
    }),

    /**
     * The admin's word that the person was deleted by hand in a CRM an erasure could not reach
     * (src/server/lgpd/crm-steps.ts): named by the erasure's anonymous audit row, never by the person.
     */
    crmDone: defineAdminAction({
      accept: 'form',
      input: z.object({ auditId: z.uuid(), tool: z.enum(CRM_TOOLS) }),
      failure: lgpdAdminCopy.subject.failure,
      handler: async ({ auditId, tool }, context, actor) => {
        const done = await context.locals.runtime.lgpd.markCrmStepDone(auditId, tool, actor);
        if (!done) throw new ActionError({ code: 'NOT_FOUND', message: lgpdAdminCopy.subject.crm.stepUnknown });
        return { tool };
      },
    }),
  },
};
