/*
 * Follow-ups: a lead's "Próximo passo" (set or replace it, mark it done) from the lead page,
 * and one's own morning digest on or off from /admin/hoje. `agenda` is an admin namespace
 * open to the sales team (src/server/auth/access-policy.ts); each action is a
 * defineAdminAction (./admin-only.ts), so the role is asked again and the signed-in member
 * owns the step. All accept forms, so they work without JavaScript; the request pipeline
 * answers a saved post with a 303 back to the page (src/server/http/post-redirect-get.ts).
 */
import { followUpMessages } from '~/messages/inbox/follow-ups';
import { digestChoiceSchema, followUpDoneSchema, followUpSchema } from '~/lib/validation/follow-up';
import { defineAdminAction } from './admin-only';
import { refuseWith } from './refusals';

export const agenda = {
  /** When and how to get back to the lead (replaces its previous next step). */
  set: defineAdminAction({
    accept: 'form',
    input: followUpSchema,
    failure: followUpMessages.falha,
    handler: async (input, context, actor) => {
      const result = await context.locals.runtime.inbox.setFollowUp(input, actor);
      refuseWith(result, {
        not_found: () => followUpMessages.contatoInexistente,
        out_of_range: () => followUpMessages.longe,
      });
      return { leadId: input.leadId, dueAt: result.dueAt.toISOString() };
    },
  }),

  /** "Concluído": the lead's next step is done. */
  done: defineAdminAction({
    accept: 'form',
    input: followUpDoneSchema,
    failure: followUpMessages.falha,
    handler: async (input, context) => {
      await context.locals.runtime.inbox.clearFollowUp(input.leadId);
      return { leadId: input.leadId };
    },
  }),

  /** One's own morning digest, on or off. */
  digest: defineAdminAction({
    accept: 'form',
    input: digestChoiceSchema,
    failure: followUpMessages.resumo,
    handler: async (input, context, actor) => {
      const on = input.receber === 'sim';
      await context.locals.runtime.inbox.setDigest(actor.id, on);
      return { on };
    },
  }),
};
