/*
 * The personal data of leads (src/server/db/personal-data.ts has the shape): a lead names its
 * visitor by e-mail and phone; the team's notes and the status history hang off it.
 * Anonymising empties the lead's personal fields and keeps the row (dates, type, page,
 * campaign) for the reports; the notes are deleted and discard reasons replaced, being free
 * text about the person, while the status history stays. Deleting removes the lead, and its
 * notes, history and assignments with it (ON DELETE CASCADE).
 */
import { and, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { REMOVED_REASON } from '~/lib/lead-pipeline';
import { formatPhone, phoneDigits, storedPhoneForms } from '~/lib/phone';
import { newestFirst, noteIdentifier, type Identifiers, type PersonalDataPart } from '../db/personal-data';
import {
  contatos,
  leadNotes,
  leadStatusChanges,
  type Contato,
  type LeadNote,
  type LeadStatusChange,
} from '../db/schema/leads';

export type { Contato, LeadNote, LeadStatusChange };

export interface LeadsFound {
  leads: Contato[];
  /** The team's notes on those leads, and how each lead moved through the pipeline. */
  notes: LeadNote[];
  leadHistory: LeadStatusChange[];
}

function leadMatch(ids: Identifiers) {
  return or(
    inArray(sql`lower(${contatos.email})`, [...ids.emails]),
    inArray(contatos.celular, [...ids.phones].flatMap(storedPhoneForms)),
  );
}

export const leadsPersonalData: PersonalDataPart<LeadsFound, Contato> = {
  tables: {
    contatos: { holds: 'subject', part: 'leads' },
    lead_notes: { holds: 'subject', part: 'notes' },
    lead_status_changes: { holds: 'subject', part: 'leadHistory' },
    lead_assignments: { holds: 'team', kept: 'with its lead (deleted with it)' },
    sales_settings: { holds: 'none' },
  },
  subject: {
    records: {
      type: 'lead',
      matching: (db, ids) => db.select().from(contatos).where(leadMatch(ids)),
      learn(rows, ids) {
        for (const lead of rows) {
          noteIdentifier(ids.emails, lead.email.toLowerCase());
          noteIdentifier(ids.phones, phoneDigits(lead.celular));
        }
      },
      summary: (row) => ({
        createdAt: row.createdAt,
        nome: row.nome,
        email: row.email,
        celular: formatPhone(row.celular),
        cpf: null,
      }),
    },
    async find(db, _scope, leads) {
      const leadIds = leads.map((row) => row.id);
      const notes = await db.select().from(leadNotes).where(inArray(leadNotes.leadId, leadIds));
      const leadHistory = await db.select().from(leadStatusChanges).where(inArray(leadStatusChanges.leadId, leadIds));
      return { leads: newestFirst(leads), notes: newestFirst(notes), leadHistory: newestFirst(leadHistory) };
    },
    exportFields: async (_db, found) => ({
      contatos: found.leads.map(({ submissionKey: _k, ipHash: _i, searchText: _s, ...lead }) => lead),
      notasDaEquipe: found.notes.map((note) => ({
        contato: note.leadId,
        texto: note.body,
        autor: note.userName,
        criadaEm: note.createdAt,
      })),
      historicoDeStatus: found.leadHistory.map((change) => ({
        contato: change.leadId,
        de: change.fromStatus,
        para: change.toStatus,
        motivo: change.reason,
        por: change.userName,
        em: change.createdAt,
      })),
    }),
    async erase(tx, found, mode) {
      const leadIds = found.leads.map((row) => row.id);
      if (leadIds.length === 0) return;
      if (mode === 'delete') {
        await tx.delete(contatos).where(inArray(contatos.id, leadIds));
        return;
      }
      await tx
        .update(contatos)
        .set({ nome: '', email: '', celular: '', empresa: '', mensagem: '', ipHash: null, userAgent: null })
        .where(inArray(contatos.id, leadIds));
      await tx.delete(leadNotes).where(inArray(leadNotes.leadId, leadIds));
      await tx
        .update(leadStatusChanges)
        .set({ reason: REMOVED_REASON })
        .where(and(inArray(leadStatusChanges.leadId, leadIds), isNotNull(leadStatusChanges.reason)));
    },
    counts: (found) => ({ leads: found.leads.length, notes: found.notes.length }),
    namesSomeone: (found) => found.leads.length > 0,
  },
};
