/*
 * The public data-subject request actions (LGPD art. 18; issue 15 item 4): validate with the
 * schema the browser used, call the service, turn outcomes into pt-BR answers. The island on
 * /lgpd calls `actions.lgpd.request`; with JavaScript off the same form posts to
 * /lgpd/solicitacao?_action=lgpd.request, and the link's page posts `lgpd.confirm`.
 */
import { ActionError, defineAction } from 'astro:actions';
import { dsrAnswers } from '@content/messages/lgpd';
import { dsrSchema } from '~/lib/validation/dsr';
import { z } from '~/lib/validation/zod';
import { describeError } from '~/server/describe-error';
import { clientAddressOf } from '~/server/http/client-address';
import { confirmRequest, fileRequest, type FileResult } from '~/server/lgpd/dsr.service';
import { componentLogger } from '~/server/log/logger';
import type { Runtime } from '~/server/runtime';

const log = componentLogger('lgpd');

const dsrDeps = (runtime: Runtime) => ({
  db: runtime.db,
  outbox: runtime.outbox,
  siteUrl: runtime.config.siteUrl,
  notifyTo: runtime.config.leadNotifyTo,
  rateLimit: runtime.config.leadRateLimit,
  secret: runtime.config.authSecret ?? '',
  now: runtime.now,
});

export const lgpd = {
  request: defineAction({
    accept: 'form',
    input: dsrSchema,
    handler: async (input, context): Promise<{ outcome: 'filed' }> => {
      let result: FileResult;
      try {
        result = await fileRequest(input, { ip: clientAddressOf(context) }, dsrDeps(context.locals.runtime));
      } catch (error) {
        // Never Astro's default, which would send the raw error (with the query's values) to the client.
        log.error(`request action failed: ${describeError(error)}`);
        throw new ActionError({ code: 'SERVICE_UNAVAILABLE', message: dsrAnswers.failure });
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
        const result = await confirmRequest(token, dsrDeps(context.locals.runtime));
        return result.status === 'confirmed'
          ? { status: result.status, dueAt: result.dueAt.toISOString() }
          : { status: result.status };
      } catch (error) {
        log.error(`confirm action failed: ${describeError(error)}`);
        throw new ActionError({ code: 'SERVICE_UNAVAILABLE', message: dsrAnswers.failure });
      }
    },
  }),
};
