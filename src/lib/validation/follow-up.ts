/**
 * What the follow-up actions accept, for the browser form and the server alike: a lead's next
 * step (`quando` is a `datetime-local` value read in São Paulo, its type one of four, a short
 * optional note), marking it done, and one's own morning digest on or off. Messages are
 * pt-BR, from content/messages/inbox/follow-ups.ts. How far ahead a date may be is the
 * service's to check, with its clock.
 */
import { followUpMessages as m } from '~/messages/inbox/follow-ups';
import { FOLLOW_UP_KINDS, localDateTimeInstant, MAX_FOLLOW_UP_NOTE_LENGTH } from '../follow-up';
import { plainText, singleLine } from './text';
import { z } from './zod';

const leadId = z.uuid({ error: 'Contato inválido.' });

export const followUpSchema = z.object({
  leadId,
  quando: z
    .string({ error: m.quando })
    .trim()
    .refine((value) => localDateTimeInstant(value) !== undefined, { error: m.quando }),
  tipo: z.enum(FOLLOW_UP_KINDS, { error: m.tipo }),
  nota: singleLine(plainText(z.string()))
    .trim()
    .max(MAX_FOLLOW_UP_NOTE_LENGTH, { error: m.notaLonga(MAX_FOLLOW_UP_NOTE_LENGTH) })
    .nullish()
    .transform((value) => value ?? ''),
});

export const followUpDoneSchema = z.object({ leadId });

/** The digest switch: `receber` is 'sim' or 'nao' (a form's button value). */
export const digestChoiceSchema = z.object({ receber: z.enum(['sim', 'nao']) });

export type FollowUpInput = z.output<typeof followUpSchema>;
export type FollowUpDoneInput = z.output<typeof followUpDoneSchema>;
