/**
 * What the inbox's pipeline actions accept, for the browser form and the
 * server alike: a status change names the status the person saw (`de`), so a change someone
 * else made first is caught instead of overwritten, and a discard carries its reason — one
 * of the admins' list, or "outro" with a few words (`motivoOutro`); whether the choice is in
 * the current list is the server's to say (src/server/inbox/pipeline.ts). A note is
 * non-empty text. Messages are pt-BR, from src/messages/inbox/leads-list.ts.
 */
import {
  discardReasonsMessages as r,
  leadFilterMessages,
  pipelineMessages as m,
} from '~/messages/inbox/leads-list';
import {
  MAX_DISCARD_REASONS,
  MAX_OTHER_REASON_LENGTH,
  MAX_REASON_LABEL_LENGTH,
  OTHER_REASON,
  reasonLines,
} from '../discard-reasons';
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
    motivoOutro: plainText(z.string()).trim().max(MAX_OTHER_REASON_LENGTH, { error: m.outroLongo }).optional(),
  })
  .refine((change) => change.de !== change.para, { error: m.mesmoStatus, path: ['para'] })
  .refine((change) => change.para !== STATUS_NEEDING_REASON || (change.motivo ?? '').length > 0, {
    error: m.motivoObrigatorio,
    path: ['motivo'],
  })
  .refine(
    (change) =>
      change.para !== STATUS_NEEDING_REASON || change.motivo !== OTHER_REASON || (change.motivoOutro ?? '').length > 0,
    { error: m.outroObrigatorio, path: ['motivoOutro'] },
  );

/**
 * The admins' list of discard reasons, typed one a line: 1 to 12 distinct labels of up to
 * 80 characters, none of them "Outro" (always offered last, with its text box).
 */
export const discardReasonsSchema = z.object({
  // An empty textarea reaches an action as null: the same "write one" as blank lines.
  motivos: z
    .string()
    .nullish()
    .transform((text) => text ?? '')
    .pipe(plainText(z.string()))
    .refine((text) => text.length <= MAX_DISCARD_REASONS * (MAX_REASON_LABEL_LENGTH + 2), { error: r.muitos })
    .transform(reasonLines)
    .pipe(
      z
        .array(z.string().max(MAX_REASON_LABEL_LENGTH, { error: r.longo }))
        .min(1, { error: r.vazia })
        .max(MAX_DISCARD_REASONS, { error: r.muitos })
        .refine((labels) => new Set(labels.map((label) => label.toLocaleLowerCase('pt-BR'))).size === labels.length, {
          error: r.repetido,
        })
        .refine(
          (labels) => !labels.some((label) => label.toLocaleLowerCase('pt-BR').replace(/:$/, '') === OTHER_REASON),
          {
            error: r.outro,
          },
        ),
    ),
});

export const leadNoteSchema = z.object({
  leadId,
  texto: plainText(z.string()).trim().min(1, { error: m.notaVazia }).max(MAX_NOTE_LENGTH, { error: m.notaLonga }),
});

export type StatusChangeInput = z.output<typeof statusChangeSchema>;
export type LeadNoteInput = z.output<typeof leadNoteSchema>;
export type DiscardReasonsInput = z.output<typeof discardReasonsSchema>;

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
