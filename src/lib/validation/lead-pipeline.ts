/**
 * What the inbox's pipeline actions accept, for the browser form and the
 * server alike: a status change names the status the person saw (`de`), so a change someone
 * else made first is caught instead of overwritten, and a discard carries its reason; a
 * note is non-empty text. Messages are pt-BR, from src/messages/inbox/leads-list.ts.
 */
import { leadFilterMessages, pipelineMessages as m } from '~/messages/inbox/leads-list';
import { LEAD_STATUSES, MAX_NOTE_LENGTH, MAX_REASON_LENGTH, STATUS_NEEDING_REASON } from '../lead-pipeline';
import { ownershipMessages } from '~/messages/lead-ownership';
import { plainText } from './text';
import { z } from './zod';

const leadId = z.uuid({ error: 'Contato inválido.' });

export const statusChangeSchema = z
  .object({
    leadId,
    de: z.enum(LEAD_STATUSES, { error: leadFilterMessages.status }),
    para: z.enum(LEAD_STATUSES, { error: leadFilterMessages.status }),
    motivo: plainText(z.string()).trim().max(MAX_REASON_LENGTH, { error: m.motivoLongo }).optional(),
  })
  .refine((change) => change.de !== change.para, { error: m.mesmoStatus, path: ['para'] })
  .refine((change) => change.para !== STATUS_NEEDING_REASON || (change.motivo ?? '').length > 0, {
    error: m.motivoObrigatorio,
    path: ['motivo'],
  });

export const leadNoteSchema = z.object({
  leadId,
  texto: plainText(z.string()).trim().min(1, { error: m.notaVazia }).max(MAX_NOTE_LENGTH, { error: m.notaLonga }),
});

export type StatusChangeInput = z.output<typeof statusChangeSchema>;
export type LeadNoteInput = z.output<typeof leadNoteSchema>;

/**
 * An account id as Better Auth writes them (letters, digits, `_` and `-`), or '' for nobody
 * (an empty form field reaches an action as null).
 */
const accountId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{0,100}$/, { error: ownershipMessages.responsavel })
  .nullish()
  .transform((value) => value ?? '');

/** The lead page's "Responsável": who the form showed (`de`) and who it should be (`para`). */
export const assignmentSchema = z.object({ leadId, de: accountId, para: accountId });

export type AssignmentInput = z.output<typeof assignmentSchema>;
