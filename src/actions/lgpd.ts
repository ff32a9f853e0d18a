/*
 * The public data-subject request actions (LGPD art. 18): validate with the
 * schema the browser used, call the service, turn outcomes into pt-BR answers. The island on
 * /lgpd calls `actions.lgpd.request`; with JavaScript off the same form posts to
 * /lgpd/solicitacao?_action=lgpd.request, and the link's page posts `lgpd.confirm`.
 */
import { ActionError, defineAction } from 'astro:actions';
import { dsrAnswers } from '~/copy/messages/lgpd';
import { dsrSchema } from '~/lib/validation/dsr';
import { z } from '~/lib/validation/zod';
import { clientAddressOf } from '~/server/http';
import type { FileResult } from '~/server/lgpd';
import { failSafely } from './safe-failure';

/** Any failure the service did not name: logged safely, never Astro's raw error (./safe-failure.ts). */
const unavailable = { code: 'SERVICE_UNAVAILABLE', message: dsrAnswers.failure } as const;

export const lgpd = {
  request: defineAction({
    accept: 'form',
    input: dsrSchema,
    handler: async (input, context): Promise<{ outcome: 'filed' }> => {
      let result: FileResult;
      try {
        result = await context.locals.runtime.dsr.file(input, { ip: clientAddressOf(context) });
      } catch (error) {
        throw failSafely(error, context, unavailable);
      }
      if (result.status === 'rate_limited') {
        throw new ActionError({ code: 'TOO_MANY_REQUESTS', message: dsrAnswers.rateLimited });
      }
      // A filled honeypot reads like a success, as on the lead form.
      return { outcome: 'filed' };
    },
  }),

  confirm: defineAction({
    accept: 'form',
    input: z.object({ token: z.string().max(200).optional() }),
    handler: async ({ token }, context) => {
      try {
        const result = await context.locals.runtime.dsr.confirm(token);
        return result.status === 'confirmed'
          ? { status: result.status, dueAt: result.dueAt.toISOString() }
          : { status: result.status };
      } catch (error) {
        throw failSafely(error, context, unavailable);
      }
    },
  }),
};
