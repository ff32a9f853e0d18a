/*
 * The sales inbox's lead actions: move a lead through the pipeline and
 * write a note on it, from the leads list and from a lead's page. `leads` is an admin
 * namespace open to the sales team (src/server/auth/access-policy.ts); each action is a
 * defineAdminAction (./admin-only.ts), so the role is asked again here and the signed-in
 * member is recorded as who made the change. Both accept forms, so they work without
 * JavaScript (`<form method="post" action="?_action=leads.changeStatus">`).
 *
 * The pipeline service's refusals become pt-BR ActionErrors (./refusals.ts): a lead that does
 * not exist (NOT_FOUND) and a change someone else made first (CONFLICT, naming who made it
 * and the status it has now — or saying it was you, from another tab).
 * `assign` sets the lead's salesperson (an active `vendas` or `admin` account, checked by
 * src/server/inbox/assignment.ts) or none; the whole sales team may, as with the status.
 */
import { leadStatusLabels } from '~/messages/inbox/labels';
import { pipelineMessages } from '~/messages/inbox/leads-list';
import { ownershipMessages } from '~/messages/lead-ownership';
import { assignmentSchema, leadNoteSchema, statusChangeSchema } from '~/lib/validation/lead-pipeline';
import { defineAdminAction } from './admin-only';
import { refuseWith } from './refusals';

export const leads = {
  /** novo → em contato → qualificado → convertido / descartado (a discard carries a reason of the admins' list, or "outro" and words). */
  changeStatus: defineAdminAction({
    accept: 'form',
    input: statusChangeSchema,
    failure: pipelineMessages.falha,
    handler: async (input, context, actor) => {
      const result = await context.locals.runtime.inbox.changeStatus(input, actor);
      refuseWith(result, {
        not_found: () => pipelineMessages.contatoInexistente,
        unknown_reason: () => pipelineMessages.motivoForaDaLista,
        stale: ({ current, by }) =>
          pipelineMessages.desatualizado(leadStatusLabels[current], by && { name: by.name, you: by.id === actor.id }),
      });
      return { leadId: input.leadId, status: input.para, changedAt: result.changedAt.toISOString() };
    },
  }),

  /** A note on a lead's timeline, signed by who wrote it. */
  addNote: defineAdminAction({
    accept: 'form',
    input: leadNoteSchema,
    failure: pipelineMessages.falha,
    handler: async (input, context, actor) => {
      const result = await context.locals.runtime.inbox.addNote(input, actor);
      refuseWith(result, { not_found: () => pipelineMessages.contatoInexistente });
      return { leadId: input.leadId, noteId: result.id };
    },
  }),

  /** The lead's "Responsável": an active salesperson, or nobody (`para` empty). */
  assign: defineAdminAction({
    accept: 'form',
    input: assignmentSchema,
    failure: ownershipMessages.falha,
    handler: async (input, context, actor) => {
      const result = await context.locals.runtime.inbox.assign(input, actor);
      refuseWith(result, {
        not_found: () => ownershipMessages.contatoInexistente,
        not_salesperson: () => ownershipMessages.naoVendedor,
        stale: (refusal) => ownershipMessages.desatualizado(refusal.current),
      });
      return { leadId: input.leadId, to: result.to ? { id: result.to.id, name: result.to.name } : null };
    },
  }),
};
