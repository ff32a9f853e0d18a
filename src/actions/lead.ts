/*
 * The lead action: validate (the shared schema), call the service, turn outcomes
 * into the spec's texts. Used by the island through `actions.lead` and by plain
 * form posts (`?_action=lead`, answered by src/pages/contato/enviar.astro) when JavaScript is off.
 */
import { ActionError, defineAction } from 'astro:actions';
import { inputMessages } from '~/messages/input';
import { rateLimitMessage, toasts } from '~/copy/messages/lead';
import { leadSchema } from '~/lib/validation/lead';
import { hasForbiddenCharacters } from '~/lib/validation/text';
import { clientAddressOf, componentLogger, describeError } from '~/server/http';
import type { LeadResult } from '~/server/leads';

export interface LeadActionResult {
  /** 'saved': the usual success; 'warning': kept or e-mailed but not saved yet (SPEC §8 'Aviso'). */
  outcome: 'saved' | 'warning';
}

export const lead = defineAction({
  accept: 'form',
  input: leadSchema,
  handler: async (input, context): Promise<LeadActionResult> => {
    // A plain post (JavaScript off) has no script to fill the page and UTM fields: take them from the Referer.
    const referer = URL.canParse(context.request.headers.get('referer') ?? '')
      ? new URL(context.request.headers.get('referer')!)
      : undefined;
    const fromReferer = (key: 'utm_source' | 'utm_medium' | 'utm_campaign') => {
      if (input[key]) return input[key];
      const value = referer?.searchParams.get(key)?.slice(0, 200);
      // Decoded from the query string, so "%00" would be a NUL: such a value is dropped, not refused.
      return value && !hasForbiddenCharacters(value) ? value : undefined;
    };
    let result: LeadResult;
    try {
      result = await context.locals.runtime.leads.create(
        {
          ...input,
          pagina_origem: input.pagina_origem || referer?.href.slice(0, 500),
          utm_source: fromReferer('utm_source'),
          utm_medium: fromReferer('utm_medium'),
          utm_campaign: fromReferer('utm_campaign'),
        },
        { ip: clientAddressOf(context), userAgent: context.request.headers.get('user-agent') ?? undefined },
      );
    } catch (error) {
      // Not even the spool took it. Astro would send the raw error message to the client: log it safely instead.
      componentLogger('leads').error(`lead action failed: ${describeError(error)}`);
      throw new ActionError({ code: 'INTERNAL_SERVER_ERROR', message: toasts.failure.description });
    }
    if (result.status === 'saved') {
      const { locals } = context;
      locals.runtime.deliveries.deliverAfterResponse(locals.netlify?.context?.waitUntil);
    }
    switch (result.status) {
      case 'saved':
      case 'ignored':
        return { outcome: 'saved' };
      case 'spooled':
        // Kept for the replay, or at least e-mailed to the team: the message got through ('Aviso').
        if (result.kept || result.mailed) return { outcome: 'warning' };
        throw new ActionError({ code: 'SERVICE_UNAVAILABLE', message: toasts.failure.description });
      case 'spool_full':
        // Not kept: the visitor must send it again later, or call (SPEC's failure text).
        throw new ActionError({ code: 'SERVICE_UNAVAILABLE', message: toasts.failure.description });
      case 'rate_limited':
        throw new ActionError({ code: 'TOO_MANY_REQUESTS', message: rateLimitMessage });
      case 'rejected':
        throw new ActionError({ code: 'BAD_REQUEST', message: inputMessages.dataRejected });
    }
  },
});
