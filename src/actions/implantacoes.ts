/*
 * The sales inbox's implementation-request actions: move a request
 * through recebida → em implantação → concluída / cancelada from its detail page.
 * `implantacoes` is an admin namespace open to the sales team (src/server/auth/access-policy.ts);
 * the action is a defineAdminAction (./admin-only.ts), so the role is asked again here and
 * the signed-in member is recorded as who made the change. It accepts a form, so the page
 * works without JavaScript (`<form method="post" action="?_action=implantacoes.changeStatus">`).
 *
 * The service's refusals become pt-BR ActionErrors: a request that does not exist
 * (NOT_FOUND, 404) and a change someone else made first (CONFLICT, 409, naming the status
 * it has now); an unknown status is the schema's (400).
 */
import { ActionError } from 'astro:actions';
import { implementationInboxMessages as m, implementationStatusLabels } from '@content/messages/inbox';
import { implementationStatusChangeSchema } from '~/lib/validation/implementation-inbox';
import { changeImplementationStatus } from '~/server/inbox/implementation-requests';
import { defineAdminAction } from './admin-only';

export const implantacoes = {
  changeStatus: defineAdminAction({
    accept: 'form',
    input: implementationStatusChangeSchema,
    failure: m.falha,
    handler: async (input, context, actor) => {
      const { db, now } = context.locals.runtime;
      const result = await changeImplementationStatus({ db, now }, input, actor);
      if (result.status === 'not_found') {
        throw new ActionError({ code: 'NOT_FOUND', message: m.solicitacaoInexistente });
      }
      if (result.status === 'stale') {
        throw new ActionError({
          code: 'CONFLICT',
          message: m.desatualizado(implementationStatusLabels[result.current]),
        });
      }
      return { id: input.id, status: input.para, changedAt: result.changedAt.toISOString() };
    },
  }),
};
