/**
 * The sales pipeline of a lead and of an implementation request:
 * the values stored in the database and accepted by the inbox's filters and actions.
 * Pure and import-free, so the database schema (read by drizzle-kit), the server and the
 * browser share one list; labels are copy, in src/messages/inbox/labels.ts.
 */

/** novo → em contato → qualificado → convertido / descartado; new leads start at `novo`. */
export const LEAD_STATUSES = ['novo', 'em_contato', 'qualificado', 'convertido', 'descartado'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The status every lead starts in, and the only one the reply promise applies to. */
export const INITIAL_LEAD_STATUS: LeadStatus = 'novo';

/** A lead moved here needs a reason (kept with the status change). */
export const STATUS_NEEDING_REASON: LeadStatus = 'descartado';

/**
 * What a discard reason becomes when the lead is anonymised (retention, LGPD erasure): a
 * discard must keep a reason, and free text written about a person may not stay.
 */
export const REMOVED_REASON = 'Motivo removido (LGPD)';

/** Longest discard reason or note kept. */
export const MAX_REASON_LENGTH = 500;
export const MAX_NOTE_LENGTH = 5000;

/** recebida → em implantação → concluída / cancelada; new requests start at `recebida`. */
export const IMPLEMENTATION_STATUSES = ['recebida', 'em_implantacao', 'concluida', 'cancelada'] as const;
export type ImplementationStatus = (typeof IMPLEMENTATION_STATUSES)[number];

/**
 * Whether a value is a lead status.
 * @example isLeadStatus('qualificado') // true
 * @example isLeadStatus('perdido')     // false
 */
export function isLeadStatus(value: unknown): value is LeadStatus {
  return (LEAD_STATUSES as readonly unknown[]).includes(value);
}
