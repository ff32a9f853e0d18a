/*
 * The sales inbox's implementation-request actions: move a request
 * through recebida → em implantação → concluída / cancelada from its detail page.
 * `implantacoes` is an admin namespace open to the sales team (src/server/auth/access-policy.ts);
 * the action is a defineAdminAction (./admin-only.ts), so the role is asked again here and
 * the signed-in member is recorded as who made the change. It accepts a form, so the page
 * works without JavaScript (`<form method="post" action="?_action=implantacoes.changeStatus">`).
 *
 * The service's refusals become pt-BR ActionErrors (./refusals.ts): a request that does not exist
 * (NOT_FOUND, 404) and a change someone else made first (CONFLICT, 409, naming the status
 * it has now); an unknown status is the schema's (400).
 */
import { implementationInboxMessages as m } from '~/messages/inbox/implementation-requests';
import { implementationStatusLabels } from '~/messages/inbox/labels';
import { implementationStatusChangeSchema } from '~/lib/validation/implementation-inbox';
import { defineAdminAction } from './admin-only';
import { refuseWith } from './refusals';

export const implantacoes = {
  changeStatus: defineAdminAction({
    accept: 'form',
    input: implementationStatusChangeSchema,
    failure: m.falha,
    handler: async (input, context, actor) => {
      const result = await context.locals.runtime.inbox.changeImplementationStatus(input, actor);
      refuseWith(result, {
        not_found: () => m.solicitacaoInexistente,
        stale: (refusal) => m.desatualizado(implementationStatusLabels[refusal.current]),
      });
      return { id: input.id, status: input.para, changedAt: result.changedAt.toISOString() };
    },
  }),
};
