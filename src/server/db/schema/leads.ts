/*
 * The lead (SPEC §3 "contatos"): the spec's fields keep their Portuguese column
 * names; the rest is what DESIGN.md adds so a lead is never lost or duplicated
 * and can be worked by sales.
 */
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** Lead types of SPEC §5, in form order. */
export const LEAD_TIPOS = ['proprietario', 'corretor', 'administrador', 'imobiliaria'] as const;
export type LeadTipo = (typeof LEAD_TIPOS)[number];

/** Sales pipeline of a lead; new rows start at 'novo'. */
export const LEAD_STATUSES = ['novo', 'em_contato', 'convertido', 'descartado'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

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
    /** Generated with the form: a double submit or a retry carries the same key (idempotency). */
    submissionKey: text('submission_key').notNull().unique(),
    status: text('status').$type<LeadStatus>().notNull().default('novo'),
    /** HMAC of the client IP with the server secret: enough to spot abuse, not to identify anyone. */
    ipHash: text('ip_hash'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('contatos_created_at_idx').on(table.createdAt),
    check('contatos_tipo_check', sql`${table.tipo} in ('proprietario', 'corretor', 'administrador', 'imobiliaria')`),
    check('contatos_status_check', sql`${table.status} in ('novo', 'em_contato', 'convertido', 'descartado')`),
  ],
);

export type Contato = typeof contatos.$inferSelect;
export type NewContato = typeof contatos.$inferInsert;
