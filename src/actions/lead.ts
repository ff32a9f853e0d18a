/*
 * The lead action: validate (the shared schema), call the service, turn outcomes
 * into the spec's texts. Used by the island through `actions.lead` and by plain
 * form posts (`?_action=lead`, see src/middleware.ts) when JavaScript is off.
 */
import { ActionError, defineAction } from 'astro:actions';
import { rateLimitMessage, toasts } from '@content/messages/lead';
import { leadSchema } from '~/lib/validation/lead';
import { leadDeps } from '~/server/leads/feature';
import { createLead } from '~/server/leads/lead.service';

export interface LeadActionResult {
  /** 'saved': the usual success; 'warning': e-mailed but not saved yet (SPEC §8 'Aviso'). */
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
    const fromReferer = (key: 'utm_source' | 'utm_medium' | 'utm_campaign') =>
      input[key] || referer?.searchParams.get(key)?.slice(0, 200) || undefined;
    const result = await createLead(
      {
        ...input,
        pagina_origem: input.pagina_origem || referer?.href.slice(0, 500),
        utm_source: fromReferer('utm_source'),
        utm_medium: fromReferer('utm_medium'),
        utm_campaign: fromReferer('utm_campaign'),
      },
      { ip: context.clientAddress, userAgent: context.request.headers.get('user-agent') ?? undefined },
      leadDeps(context.locals.runtime),
    );
    switch (result.status) {
      case 'saved':
      case 'ignored':
        return { outcome: 'saved' };
      case 'spooled':
        if (result.mailed) return { outcome: 'warning' };
        throw new ActionError({ code: 'INTERNAL_SERVER_ERROR', message: toasts.failure.description });
      case 'rate_limited':
        throw new ActionError({ code: 'TOO_MANY_REQUESTS', message: rateLimitMessage });
    }
  },
});
