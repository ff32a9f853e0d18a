/*
 * Admin-only actions (names start with `admin.`, which src/server/auth/access-policy.ts puts
 * in the admin zone: the middleware refuses anyone else before these run). Each handler asks
 * again with the guard's own rule — the second lock — and records the admin as the actor.
 * tests/integration/auth-matrix.int.test.ts lists every action of this file.
 */
import { ActionError, defineAction, type ActionAPIContext } from 'astro:actions';
import { lgpdAdminCopy } from '@content/messages/lgpd';
import { IDENTIFIER_KINDS, parseIdentifier } from '~/lib/lgpd-identifier';
import { z } from '~/lib/validation/zod';
import { isAdminSession } from '~/server/auth/require-admin';
import { describeError } from '~/server/describe-error';
import { completeRequest, type Actor } from '~/server/lgpd/dsr.service';
import { eraseSubject } from '~/server/lgpd/subject.service';
import { componentLogger } from '~/server/log/logger';

const log = componentLogger('lgpd');

function adminActor(context: ActionAPIContext): Actor {
  if (!isAdminSession(context.locals.session)) {
    throw new ActionError({ code: context.locals.session ? 'FORBIDDEN' : 'UNAUTHORIZED' });
  }
  const { id, email } = context.locals.session!.user;
  return { id, email };
}

export const admin = {
  lgpd: {
    /** Marks a confirmed data-subject request answered. */
    complete: defineAction({
      accept: 'form',
      input: z.object({ id: z.uuid() }),
      handler: async ({ id }, context) => {
        const actor = adminActor(context);
        const runtime = context.locals.runtime;
        const done = await completeRequest(runtime.db, id, actor, runtime.now());
        if (!done) throw new ActionError({ code: 'NOT_FOUND', message: lgpdAdminCopy.subject.failure });
        return { done };
      },
    }),

    /** Anonymises or deletes everything about a person (documents included), with an audit record. */
    erase: defineAction({
      accept: 'form',
      input: z.object({
        por: z.enum(IDENTIFIER_KINDS),
        valor: z.string().max(254),
        modo: z.enum(['anonymize', 'delete']),
        confirmar: z.literal('on', { error: lgpdAdminCopy.subject.confirmRequired }),
        requestId: z.uuid().optional(),
      }),
      handler: async (input, context) => {
        const actor = adminActor(context);
        const identifier = parseIdentifier(input.por, input.valor);
        if (!identifier) throw new ActionError({ code: 'BAD_REQUEST', message: lgpdAdminCopy.search.invalid });
        const runtime = context.locals.runtime;
        try {
          const counts = await eraseSubject(runtime.db, identifier, input.modo, actor, runtime.now(), input.requestId);
          log.info(`${input.modo} by admin ${actor.id}: ${JSON.stringify(counts)}`);
          return { mode: input.modo, counts };
        } catch (error) {
          log.error(`${input.modo} failed: ${describeError(error)}`);
          throw new ActionError({ code: 'INTERNAL_SERVER_ERROR', message: lgpdAdminCopy.subject.failure });
        }
      },
    }),
  },
};
