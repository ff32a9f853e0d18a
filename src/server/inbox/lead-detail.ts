/*
 * A lead's page in the sales inbox: everything the team needs to work one
 * lead, read in two round trips — the lead with its consent record (one join), then in
 * parallel its timeline, its deliveries, the other leads of the same person and their
 * implementation requests.
 *
 * - Duplicates are the other leads with the same e-mail (case-insensitive, through the
 *   `lower(email)` index of migration 0009) or the same phone digits however a row
 *   wrote them (src/lib/phone.ts reads the lead's, `phoneDigitsSql` the column). The digits are the tail of the generated `search_text` column, so the
 *   phone side is served by its trigram index where there is one; the exact digit
 *   comparison then rules out a name or empresa that merely ends with those digits.
 *   They are listed, grouped by what they share, never merged.
 * - Implementation requests match on any of their e-mails (the person's, the
 *   responsible's, the access one) or phones. The table has no index for that: it holds
 *   a request per signed-up customer, orders of magnitude fewer rows than the leads.
 * - A delivery leaves here without its payload and, for a webhook, with only the host of
 *   its URL: the path and query of a partner's endpoint can hold a secret token, and an
 *   e-mail's recipients are the team's own addresses. Its last error is masked the way the
 *   deliveries page masks it (src/lib/delivery-display.ts).
 * An anonymised lead (empty e-mail and phone, src/server/lgpd) has no duplicates: empty
 * values are never compared.
 */
import { and, asc, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { deliveryErrorView, webhookHost, type DeliveryErrorView } from '~/lib/delivery-display';
import { phoneDigits } from '~/lib/phone';
import type { DbOrTx } from '../db/client';
import { deliveries, type DeliveryKind, type DeliveryStatus } from '../db/schema/deliveries';
import { solicitacoesImplementacao, type ImplementationStatus } from '../db/schema/implementation';
import { contatos, phoneDigitsSql, type Contato, type LeadStatus } from '../db/schema/leads';
import { formConsents, type FormConsent } from '../db/schema/lgpd';
import { withReplyDeadline } from './lead-list';
import { leadTimeline } from './pipeline';
import type { Clock } from '../clock';

export interface LeadDetailDeps {
  db: DbOrTx;
  now: Clock;
}

/** Any id PostgreSQL reads as a uuid in its canonical form; anything else is no lead at all (never a query error). */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A phone needs this many digits before two leads are taken for the same person (a DDD and a number). */
const MIN_PHONE_DIGITS = 10;

export type LeadTimelineEntry = Awaited<ReturnType<typeof leadTimeline>>[number];

/** One delivery of the lead as the page shows it: no payload, no webhook path. */
export interface LeadDeliveryRow {
  id: string;
  kind: DeliveryKind;
  /** For a webhook or a connector its host only; for an e-mail, null (the page says "E-mail para a equipe"). */
  host: string | null;
  status: DeliveryStatus;
  attempts: number;
  createdAt: Date;
  lastAttemptAt: Date | null;
  /** Its pt-BR reason and the transport's text, masked (src/lib/delivery-display.ts). */
  lastError: DeliveryErrorView | null;
}

export interface DuplicateLead {
  id: string;
  nome: string;
  email: string;
  celular: string;
  status: LeadStatus;
  createdAt: Date;
  sameEmail: boolean;
  samePhone: boolean;
}

export interface RelatedImplementation {
  id: string;
  createdAt: Date;
  status: ImplementationStatus;
  tipoDocumento: 'cpf' | 'cnpj';
  /** The person's or the company's name. */
  nome: string;
}

export type LeadDetail = Contato & {
  replyDueAt: Date | null;
  overdue: boolean;
  consent: Pick<
    FormConsent,
    'version' | 'textSha256' | 'page' | 'consentedAt' | 'marketingVersion' | 'marketingTextSha256' | 'marketingConsent'
  > | null;
  timeline: LeadTimelineEntry[];
  deliveries: LeadDeliveryRow[];
  /** Leads of the same person, newest first: grouped by what they share on the page. */
  duplicates: DuplicateLead[];
  implementations: RelatedImplementation[];
};

async function leadWithConsent(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      lead: contatos,
      consent: {
        version: formConsents.version,
        textSha256: formConsents.textSha256,
        page: formConsents.page,
        consentedAt: formConsents.consentedAt,
        marketingVersion: formConsents.marketingVersion,
        marketingTextSha256: formConsents.marketingTextSha256,
        marketingConsent: formConsents.marketingConsent,
      },
    })
    .from(contatos)
    .leftJoin(formConsents, and(eq(formConsents.subjectType, 'lead'), eq(formConsents.subjectId, contatos.id)))
    .where(eq(contatos.id, id));
  return row;
}

async function leadDeliveries(db: DbOrTx, id: string): Promise<LeadDeliveryRow[]> {
  const rows = await db
    .select({
      id: deliveries.id,
      kind: deliveries.kind,
      target: deliveries.target,
      status: deliveries.status,
      attempts: deliveries.attempts,
      createdAt: deliveries.createdAt,
      lastAttemptAt: deliveries.lastAttemptAt,
      lastError: deliveries.lastError,
    })
    .from(deliveries)
    .where(and(eq(deliveries.subjectType, 'lead'), eq(deliveries.subjectId, id)))
    .orderBy(asc(deliveries.createdAt), asc(deliveries.kind), asc(deliveries.id));
  return rows.map(({ target, lastError, ...row }) => ({
    ...row,
    host: row.kind === 'email' ? null : (webhookHost(target) ?? '?'),
    // Masked as on the deliveries page: an SMTP error may quote an address, a URL its token.
    lastError: lastError === null ? null : deliveryErrorView(lastError),
  }));
}

async function duplicatesOf(db: DbOrTx, lead: Contato): Promise<DuplicateLead[]> {
  const email = lead.email.trim().toLowerCase();
  const digits = phoneDigits(lead.celular);
  const emailMatch = email ? sql`lower(${contatos.email}) = ${email}` : undefined;
  const phoneMatch =
    digits.length >= MIN_PHONE_DIGITS
      ? and(sql`${contatos.searchText} like ${`% ${digits}`}`, sql`${phoneDigitsSql(contatos.celular)} = ${digits}`)
      : undefined;
  if (!emailMatch && !phoneMatch) return [];
  const rows = await db
    .select({
      id: contatos.id,
      nome: contatos.nome,
      email: contatos.email,
      celular: contatos.celular,
      status: contatos.status,
      createdAt: contatos.createdAt,
    })
    .from(contatos)
    .where(and(ne(contatos.id, lead.id), or(emailMatch, phoneMatch)))
    .orderBy(desc(contatos.createdAt), desc(contatos.id));
  return rows.map((row) => ({
    ...row,
    sameEmail: email !== '' && row.email.trim().toLowerCase() === email,
    samePhone: digits.length >= MIN_PHONE_DIGITS && phoneDigits(row.celular) === digits,
  }));
}

async function implementationsOf(db: DbOrTx, lead: Contato): Promise<RelatedImplementation[]> {
  const email = lead.email.trim().toLowerCase();
  const digits = phoneDigits(lead.celular);
  const t = solicitacoesImplementacao;
  const matches: SQL[] = [];
  if (email) {
    for (const column of [t.email, t.responsavelEmail, t.emailAcesso]) matches.push(sql`lower(${column}) = ${email}`);
  }
  if (digits.length >= MIN_PHONE_DIGITS) {
    for (const column of [t.celular, t.responsavelCelular]) {
      matches.push(sql`${phoneDigitsSql(sql`coalesce(${column}, '')`)} = ${digits}`);
    }
  }
  if (matches.length === 0) return [];
  const rows = await db
    .select({
      id: t.id,
      createdAt: t.createdAt,
      status: t.status,
      tipoDocumento: t.tipoDocumento,
      nomeCompleto: t.nomeCompleto,
      razaoSocial: t.razaoSocial,
    })
    .from(t)
    .where(or(...matches))
    .orderBy(desc(t.createdAt), desc(t.id));
  return rows.map(({ nomeCompleto, razaoSocial, ...row }) => ({ ...row, nome: nomeCompleto ?? razaoSocial ?? '' }));
}

/**
 * Everything about one lead, or null when the id is not a lead's (malformed, never
 * existed, or deleted) — the page answers 404 then.
 */
export async function leadDetail(deps: LeadDetailDeps, id: string): Promise<LeadDetail | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const found = await leadWithConsent(deps.db, id);
  if (!found) return null;
  const { lead, consent } = found;
  const [timeline, leadDeliveryRows, duplicates, implementations] = await Promise.all([
    leadTimeline(deps, lead.id),
    leadDeliveries(deps.db, lead.id),
    duplicatesOf(deps.db, lead),
    implementationsOf(deps.db, lead),
  ]);
  return {
    ...withReplyDeadline(lead, deps.now()),
    consent,
    timeline,
    deliveries: leadDeliveryRows,
    duplicates,
    implementations,
  };
}
