/*
 * "Reenviar": the sales team sends a lead's failed delivery again,
 * one (`entregas.reenviar`, from the deliveries page and a lead's page) or every failed one
 * (`entregas.reenviarFalhas`); "Tentar agora" (`entregas.tentarAgora`) attempts one whose
 * retry is scheduled now instead of after its back-off (src/server/delivery/run-now.ts). `entregas` is an admin namespace open to the sales team
 * (src/server/auth/access-policy.ts); both accept forms, so they work without JavaScript
 * (`<form method="post" action="?_action=entregas.reenviar">`, see
 * src/components/admin/DeliveryRetryForm.astro).
 *
 * The service (src/server/delivery/delivery-retry.ts) decides; its refusals become pt-BR
 * ActionErrors: an unknown delivery (NOT_FOUND), one that is not failed — someone re-sent
 * it first, or it is still on its way — and one whose content retention already erased
 * (CONFLICT).
 */
import { ActionError } from 'astro:actions';
import { deliveryRetryMessages as m } from '~/messages/inbox/deliveries';
import { deliveryStatusLabels } from '~/messages/inbox/labels';
import { deliveryRetrySchema } from '~/lib/validation/delivery-retry';
import { defineAdminAction } from './admin-only';

const count = new Intl.NumberFormat('pt-BR');

export const entregas = {
  /** One failed delivery back to the outbox: same id, one more attempt. */
  reenviar: defineAdminAction({
    accept: 'form',
    input: deliveryRetrySchema,
    failure: m.falha,
    handler: async (input, context) => {
      const result = await context.locals.runtime.deliveries.retry(input.id);
      if (result.status === 'not_found') throw new ActionError({ code: 'NOT_FOUND', message: m.naoEncontrada });
      if (result.status === 'not_failed') {
        throw new ActionError({ code: 'CONFLICT', message: m.naoFalhou(deliveryStatusLabels[result.current]) });
      }
      if (result.status === 'pruned') throw new ActionError({ code: 'CONFLICT', message: m.conteudoApagado });
      return { id: input.id, message: m.reenviada };
    },
  }),

  /** "Tentar agora": a delivery waiting for its scheduled retry is attempted now. */
  tentarAgora: defineAdminAction({
    accept: 'form',
    input: deliveryRetrySchema,
    failure: m.falha,
    handler: async (input, context) => {
      const result = await context.locals.runtime.deliveries.runNow(input.id);
      if (result.status === 'not_found') throw new ActionError({ code: 'NOT_FOUND', message: m.naoEncontrada });
      if (result.status === 'not_retrying') {
        throw new ActionError({
          code: 'CONFLICT',
          message: m.semTentativaAgendada(deliveryStatusLabels[result.current]),
        });
      }
      if (result.status === 'running') throw new ActionError({ code: 'CONFLICT', message: m.emAndamento });
      return { id: input.id, message: m.tentando };
    },
  }),

  /** Every failed delivery of the leads back to the outbox. */
  reenviarFalhas: defineAdminAction({
    accept: 'form',
    failure: m.falha,
    handler: async (_input, context) => {
      const { count: retried } = await context.locals.runtime.deliveries.retryFailed();
      return { count: retried, message: m.reenviadas(retried, count.format(retried)) };
    },
  }),
};
