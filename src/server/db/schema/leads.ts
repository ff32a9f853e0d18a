/*
 * The lead (SPEC §3 "contatos"): the spec's fields keep their Portuguese column
 * names; the rest is what DESIGN.md adds so a lead is never lost or duplicated
 * and can be worked by sales — its pipeline status with every change and note
 * in the sales inbox, and what the inbox's list, search and reports read through indexes.
 *
 * Search reads `search_text`, a column the database generates from
 * name, e-mail, empresa and the phone's digits, folded with the table of
 * src/lib/search-text.ts (accents and case off), so every way a lead is written —
 * the form, the spool's replay, retention's anonymisation — keeps it right. A substring
 * search on it is served by a pg_trgm GIN index where the extension is available
 * (PostgreSQL, where pg_trgm is a trusted extension; PGlite, which loads it in
 * db/client.ts); elsewhere the same query scans. That index is created by migration
 * 0009's hand-written block, not declared here: drizzle-kit cannot express "only if
 * the extension is available".
 */
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { LEAD_STATUSES, MAX_NOTE_LENGTH, MAX_REASON_LENGTH, type LeadStatus } from '../../../lib/lead-pipeline';
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from '../../../lib/search-text';
import { DEFAULT_DISCARD_REASONS } from '../../../lib/discard-reasons';

/** Lead types of SPEC §5, in form order. */
export const LEAD_TIPOS = ['proprietario', 'corretor', 'administrador', 'imobiliaria'] as const;
export type LeadTipo = (typeof LEAD_TIPOS)[number];

export { LEAD_STATUSES, type LeadStatus };

const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * SQL folding text for search exactly as src/lib/search-text.ts `foldSearchText` does
 * (NFC first, then the shared table), for the generated column and for queries.
 */
export function foldSearchSql(expression: SQL): SQL {
  return sql`translate(normalize(${expression}, NFC), ${sql.raw(`'${SEARCH_FOLD_FROM}'`)}, ${sql.raw(`'${SEARCH_FOLD_TO}'`)})`;
}

/**
 * The digits of a phone column, in SQL: `celular` holds national digits (src/lib/phone.ts
 * `phoneDigits`), and this reads the masked "(11) 98765-4321" that rows written before
 * migration 0023 kept the same way. It is the one phone rule SQL needs, because the database
 * computes `search_text` itself; the generated column keeps this expression unchanged, so the
 * column and its trigram index are not rebuilt. Everything else about phones is phone.ts.
 */
export function phoneDigitsSql(column: SQL | AnyPgColumn): SQL {
  return sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;
}

export const contatos = pgTable(
  'contatos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    nome: text('nome').notNull(),
    email: text('email').notNull(),
    celular: text('celular').notNull(),
    tipo: text('tipo').$type<LeadTipo>().notNull(),
    /** Empty text when absent (SPEC §3), never null. */
    empresa: text('empresa').notNull().default(''),
    /** Free text from the /contato form; empty elsewhere. */
    mensagem: text('mensagem').notNull().default(''),
    paginaOrigem: text('pagina_origem').notNull().default(''),
    utmSource: text('utm_source').notNull().default(''),
    utmMedium: text('utm_medium').notNull().default(''),
    utmCampaign: text('utm_campaign').notNull().default(''),
    /** Which button opened the form (LeadTrigger's `source`), e.g. "hero". */
    ctaSource: text('cta_source').notNull().default(''),
    /** Set when the lead came from a partner landing page. */
    partnerSlug: text('partner_slug'),
    /** Version of the LGPD notice shown under the button, and when the visitor submitted. */
    consentVersion: text('consent_version').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    /**
     * The published version of the marketing box (content/consent-notices.json "marketing") the
     * form showed; null when the form sent none or one the site never published.
     */
    marketingVersion: text('marketing_version'),
    /** Whether the visitor ticked that box: consent to marketing e-mail. Never true without a known version. */
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    /** Generated with the form: a double submit or a retry carries the same key (idempotency). */
    submissionKey: text('submission_key').notNull().unique(),
    status: text('status').$type<LeadStatus>().notNull().default('novo'),
    /** When the status last changed (null: never, still as it arrived). */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /**
     * The first time the lead left `novo` (first contact), kept here as well as in its history
     * so the reports' median reads one table: joining every lead of a year to its status
     * changes took seconds on the embedded database (the reports' budget is 500 ms).
     */
    firstContactAt: timestamp('first_contact_at', { withTimezone: true }),
    /**
     * The salesperson working the lead (an auth_user id; null: nobody yet). No foreign key,
     * like the history's: an account that goes away leaves its leads to be reassigned.
     */
    assignedTo: text('assigned_to'),
    /** HMAC of the client IP with the server secret: enough to spot abuse, not to identify anyone. */
    ipHash: text('ip_hash'),
    userAgent: text('user_agent'),
    /** Written by the database: folded name, e-mail and empresa, then the phone's digits (see the header). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`${foldSearchSql(sql`${contatos.nome} || ' ' || ${contatos.email} || ' ' || ${contatos.empresa}`)} || ' ' || ${phoneDigitsSql(contatos.celular)}`,
      ),
  },
  (table) => [
    index('contatos_created_at_idx').on(table.createdAt),
    // The list's filters, each with the default order (newest first) so a page is a short index walk.
    index('contatos_status_created_at_idx').on(table.status, table.createdAt),
    index('contatos_tipo_created_at_idx').on(table.tipo, table.createdAt),
    index('contatos_utm_source_created_at_idx').on(table.utmSource, table.createdAt),
    index('contatos_utm_campaign_created_at_idx').on(table.utmCampaign, table.createdAt),
    index('contatos_partner_created_at_idx').on(table.partnerSlug, table.createdAt),
    index('contatos_cta_created_at_idx').on(table.ctaSource, table.createdAt),
    index('contatos_pagina_origem_created_at_idx').on(table.paginaOrigem, table.createdAt),
    index('contatos_nome_idx').on(table.nome),
    // "Meus leads" and the filter by salesperson, newest first.
    index('contatos_assigned_to_created_at_idx').on(table.assignedTo, table.createdAt),
    // Duplicates (same e-mail or phone) on the lead's page.
    index('contatos_email_lower_idx').on(sql`lower(${table.email})`),
    index('contatos_celular_idx').on(table.celular),
    check('contatos_tipo_check', sql`${table.tipo} in ('proprietario', 'corretor', 'administrador', 'imobiliaria')`),
    check('contatos_status_check', sql.raw(`status in (${quoted(LEAD_STATUSES)})`)),
  ],
);

/** Every status change of a lead: who, when, from and to (and why, for a discard). */
export const leadStatusChanges = pgTable(
  'lead_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => contatos.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<LeadStatus>().notNull(),
    toStatus: text('to_status').$type<LeadStatus>().notNull(),
    /** Required when the lead is discarded. */
    reason: text('reason'),
    /** The account that changed it; no foreign key: the history outlives accounts. */
    userId: text('user_id').notNull(),
    /** The person's name at the time, so the timeline still reads after the account is gone. */
    userName: text('user_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('lead_status_changes_lead_idx').on(table.leadId, table.createdAt),
    // Reports: first contact and conversions over a period.
    index('lead_status_changes_created_at_idx').on(table.createdAt),
    check('lead_status_changes_from_check', sql.raw(`from_status in (${quoted(LEAD_STATUSES)})`)),
    check('lead_status_changes_to_check', sql.raw(`to_status in (${quoted(LEAD_STATUSES)})`)),
    check(
      'lead_status_changes_reason_check',
      sql.raw(
        `(to_status <> 'descartado' or length(btrim(coalesce(reason, ''))) > 0) and length(coalesce(reason, '')) <= ${MAX_REASON_LENGTH}`,
      ),
    ),
  ],
);

/** Notes the team writes on a lead, shown in its timeline. */
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => contatos.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('lead_notes_lead_idx').on(table.leadId, table.createdAt),
    check('lead_notes_body_check', sql.raw(`length(btrim(body)) > 0 and length(body) <= ${MAX_NOTE_LENGTH}`)),
  ],
);

/**
 * Every change of a lead's salesperson, for its timeline: from whom to whom, and who did it
 * (null: the automatic round-robin). Names are kept as they were, like the status history's.
 */
export const leadAssignments = pgTable(
  'lead_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => contatos.id, { onDelete: 'cascade' }),
    fromUserId: text('from_user_id'),
    fromUserName: text('from_user_name'),
    /** Null: the lead was left without a salesperson. */
    toUserId: text('to_user_id'),
    toUserName: text('to_user_name'),
    userId: text('user_id'),
    userName: text('user_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('lead_assignments_lead_idx').on(table.leadId, table.createdAt)],
);

/**
 * The sales team's settings: one row (id 1, written by the migration). `roundRobin` turns the
 * automatic split of new leads on; `roundRobinTurn` counts the leads it has handed out, so
 * the next one goes to salesperson number turn mod n — one `UPDATE … RETURNING` takes the
 * turn, and the row lock it holds until commit orders two instances' leads.
 * `discardReasons` is the list a discard chooses from (src/lib/discard-reasons.ts), kept
 * here so an admin changes it on /admin/usuarios without a deploy.
 */
export const salesSettings = pgTable(
  'sales_settings',
  {
    id: integer('id').primaryKey().default(1),
    roundRobin: boolean('round_robin').notNull().default(false),
    roundRobinTurn: bigint('round_robin_turn', { mode: 'number' }).notNull().default(0),
    discardReasons: jsonb('discard_reasons')
      .$type<string[]>()
      .notNull()
      .default([...DEFAULT_DISCARD_REASONS]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  () => [check('sales_settings_one_row', sql`id = 1`)],
);

export type Contato = typeof contatos.$inferSelect;
export type NewContato = typeof contatos.$inferInsert;

type LeadRecordKeys =
  | 'id'
  | 'createdAt'
  | 'nome'
  | 'email'
  | 'celular'
  | 'tipo'
  | 'empresa'
  | 'mensagem'
  | 'paginaOrigem'
  | 'utmSource'
  | 'utmMedium'
  | 'utmCampaign'
  | 'ctaSource'
  | 'partnerSlug'
  | 'consentVersion'
  | 'consentAt'
  | 'marketingVersion'
  | 'marketingConsent'
  | 'submissionKey'
  | 'ipHash'
  | 'userAgent';

/**
 * A lead as the leads service stores it, every field present: the row it inserts, and what
 * the spool, the e-mail and the connectors' payloads are made from (src/server/leads/lead-record.ts).
 */
export type LeadRecord = { [K in LeadRecordKeys]-?: Exclude<NewContato[K], undefined> };

export type LeadStatusChange = typeof leadStatusChanges.$inferSelect;
export type LeadNote = typeof leadNotes.$inferSelect;
export type LeadAssignment = typeof leadAssignments.$inferSelect;
