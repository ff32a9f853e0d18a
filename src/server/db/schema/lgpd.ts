/*
 * LGPD in the product: proof of consent given on the forms, data-subject
 * requests (art. 18/19) and the audit trail of what the team did with someone's data.
 *
 * None of these tables references the lead or request tables by foreign key: a form
 * consent names its subject by type and id (leads and implementation requests live in
 * different tables), and the audit trail must outlive the data it is about.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
// Type only (erased at run time): drizzle-kit loads the schema without the app's modules.
import type { DsrTipo } from '../../../lib/validation/dsr';

/** Which form a consent was given on; also the key of its notice in content/consent-notices.json. */
export const CONSENT_SUBJECTS = ['lead', 'implementacao'] as const;
export type ConsentSubject = (typeof CONSENT_SUBJECTS)[number];

/**
 * One row per submission of a form with an LGPD notice (art. 8: consent must be demonstrable):
 * which notice version was shown, the SHA-256 of its exact text, when and on which page.
 * No personal data of its own: it points at the lead or request it belongs to.
 */
export const formConsents = pgTable(
  'form_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectType: text('subject_type').$type<ConsentSubject>().notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** The notice's version as published in content/consent-notices.json. */
    version: text('version').notNull(),
    /** SHA-256 (hex) of the notice's canonical text for that version (content/consent-notices.manifest.json). */
    textSha256: text('text_sha256').notNull(),
    /** Address of the page the form was on (empty when unknown). */
    page: text('page').notNull().default(''),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    /** A lead's answer to the optional marketing box: the version shown (null: none known) and its text's hash. */
    marketingVersion: text('marketing_version'),
    marketingTextSha256: text('marketing_text_sha256'),
    /** Whether the box was ticked (false also when no known box was shown). */
    marketingConsent: boolean('marketing_consent').notNull().default(false),
  },
  (table) => [
    uniqueIndex('form_consents_subject_idx').on(table.subjectType, table.subjectId),
    check('form_consents_subject_type_check', sql`${table.subjectType} in ('lead', 'implementacao')`),
  ],
);

/**
 * A data-subject request filed on /lgpd. It counts once the person confirmed it through the
 * single-use link e-mailed to them (only the link's SHA-256 is kept). `dueAt` is art. 19's
 * 15 days, counted from the filing. Once the team erased the person's data the request keeps
 * only its type, dates and `emailHash` (anonymisedAt set): the anonymous record of the request.
 */
export const dsrRequests = pgTable(
  'lgpd_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    tipo: text('tipo').$type<DsrTipo>().notNull(),
    /** Empty once anonymised. */
    nome: text('nome').notNull(),
    /** Lower-cased; empty once anonymised. */
    email: text('email').notNull(),
    /** SHA-256 (hex) of the lower-cased e-mail: what remains after anonymisation. */
    emailHash: text('email_hash').notNull(),
    /** Digits only; null when not given or anonymised. */
    cpf: text('cpf'),
    detalhes: text('detalhes').notNull().default(''),
    /** Generated with the form: a double submit or a retry returns the first request (idempotency). */
    submissionKey: text('submission_key').notNull().unique(),
    /** SHA-256 (hex) of the confirmation token; kept after use so a second click reads "already used". */
    tokenHash: text('token_hash').unique(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Admin user id who marked it answered. */
    completedBy: text('completed_by'),
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    ipHash: text('ip_hash'),
  },
  (table) => [
    index('lgpd_requests_due_idx').on(table.dueAt),
    index('lgpd_requests_email_hash_idx').on(table.emailHash),
    check(
      'lgpd_requests_tipo_check',
      sql`${table.tipo} in ('confirmacao_acesso', 'correcao', 'anonimizacao_eliminacao', 'portabilidade', 'compartilhamento', 'revogacao_consentimento', 'oposicao', 'revisao_decisao_automatizada')`,
    ),
  ],
);

/**
 * `crm_manual`: after an erasure, the CRMs where the admin must delete the person by hand
 * (counts name each tool); `crm_done`: the admin's word that one of them is done.
 */
export const LGPD_AUDIT_ACTIONS = ['export', 'anonymize', 'delete', 'complete', 'crm_manual', 'crm_done'] as const;
export type LgpdAuditAction = (typeof LGPD_AUDIT_ACTIONS)[number];

/** How the person was looked up: the identifier whose hash the audit row keeps. */
export const LGPD_IDENTIFIER_KINDS = ['email', 'phone', 'cpf'] as const;
export type LgpdIdentifierKind = (typeof LGPD_IDENTIFIER_KINDS)[number];

/**
 * Who did what with a data subject's data, and when (accountability, art. 37). The subject is
 * kept only as the SHA-256 of the identifier searched for; the actor is the admin account.
 * `counts` says how many rows of each kind were exported, anonymised or deleted.
 */
export const lgpdAudit = pgTable(
  'lgpd_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    action: text('action').$type<LgpdAuditAction>().notNull(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    identifierKind: text('identifier_kind').$type<LgpdIdentifierKind>().notNull(),
    subjectHash: text('subject_hash').notNull(),
    requestId: uuid('request_id'),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
  },
  (table) => [
    index('lgpd_audit_at_idx').on(table.at),
    index('lgpd_audit_subject_idx').on(table.subjectHash),
    check(
      'lgpd_audit_action_check',
      sql`${table.action} in ('export', 'anonymize', 'delete', 'complete', 'crm_manual', 'crm_done')`,
    ),
  ],
);

export type FormConsent = typeof formConsents.$inferSelect;
export type DsrRequest = typeof dsrRequests.$inferSelect;
export type LgpdAuditRow = typeof lgpdAudit.$inferSelect;
