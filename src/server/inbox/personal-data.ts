/*
 * The personal data of the sales inbox's own tables (src/server/db/personal-data.ts has the
 * shape): daily counts of leads, where a salesperson's rows name their account; a lead's
 * next step, whose short note is free text about the person (found, exported and deleted
 * with the lead's record; deleting the lead deletes it too, ON DELETE CASCADE); and who
 * turned the morning digest off (the team's own).
 */
import { inArray } from 'drizzle-orm';
import type { PersonalDataPart } from '../db/personal-data';
import { leadFollowUps, type LeadFollowUp } from '../db/schema/follow-ups';

export const leadReportsPersonalData: PersonalDataPart = {
  tables: {
    lead_daily: { holds: 'team', kept: 'rebuilt from the leads it counts' },
    lead_daily_stale: { holds: 'none' },
  },
};

export interface FollowUpsFound {
  followUps: LeadFollowUp[];
}

export const followUpsPersonalData: PersonalDataPart<FollowUpsFound> = {
  tables: {
    lead_follow_ups: { holds: 'subject', part: 'followUps' },
    follow_up_digest_opt_outs: { holds: 'team', kept: 'while the account exists (deleted with it)' },
  },
  subject: {
    async find(db, scope) {
      const leadIds = [...scope.ids.lead];
      if (leadIds.length === 0) return { followUps: [] };
      return { followUps: await db.select().from(leadFollowUps).where(inArray(leadFollowUps.leadId, leadIds)) };
    },
    exportFields: async (_db, found) => ({
      proximosPassos: found.followUps.map((step) => ({
        contato: step.leadId,
        quando: step.dueAt,
        tipo: step.kind,
        observacao: step.note,
        por: step.userName,
      })),
    }),
    // A next step is about contacting the person: nothing of it is kept, whichever the mode.
    async erase(tx, found) {
      const leadIds = found.followUps.map((step) => step.leadId);
      if (leadIds.length > 0) await tx.delete(leadFollowUps).where(inArray(leadFollowUps.leadId, leadIds));
    },
    counts: (found) => ({ followUps: found.followUps.length }),
    namesSomeone: (found) => found.followUps.length > 0,
  },
};
