/*
 * Everything the site holds about one data subject, for the admin area (LGPD art. 18):
 * find it by e-mail, phone or CPF; export it as JSON (access, portability); anonymise or
 * delete it, documents included, with an audit record of who did it and when.
 *
 * Finding starts from the identifier and follows the person's other identifiers found on the
 * way (a CPF leads to the implementation request, whose e-mail leads to the person's leads),
 * a few rounds at most. The access e-mail of an implementation request is matched but not
 * followed: for a company it may be a shared address.
 *
 * Anonymising keeps rows (dates, counts, types, pages, campaigns) and empties every personal
 * field — the team's notes on the person's leads are deleted and discard reasons replaced,
 * being free text about them, while the status history stays; deleting removes the rows
 * (notes and history go with their lead). Either way documents leave storage, queued e-mails and
 * webhooks about the person are dropped (finished ones lose their content when anonymising),
 * security events lose the e-mail, and the person's data-subject requests keep only their type,
 * dates and e-mail hash — with the audit row, the anonymous record of what was done. The audit
 * row names the admin and keeps the subject only as the SHA-256 of the identifier searched.
 */
import { and, eq, getTableColumns, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { REMOVED_REASON } from '~/lib/lead-pipeline';
import type { SubjectIdentifier } from '~/lib/lgpd-identifier';
import type { Db, DbOrTx } from '../db/client';
import {
  contatos,
  deliveries,
  dsrRequests,
  formConsents,
  implementationStatusChanges,
  leadNotes,
  leadStatusChanges,
  lgpdAudit,
  privateFiles,
  securityEvents,
  solicitacoesImplementacao,
  type Contato,
  type Delivery,
  type DsrRequest,
  type FormConsent,
  type ImplementationStatusChange,
  type LeadNote,
  type LeadStatusChange,
  type LgpdAuditRow,
  type SecurityEvent,
  type SolicitacaoImplementacao,
} from '../db/schema';
import { DSR_SUBJECT, sha256Hex, type Actor } from './dsr.service';

const MAX_ROUNDS = 3;
const LEAD_SUBJECT = 'lead';
const IMPLEMENTATION_SUBJECT = 'implementacao';

export type ImplementationRow = Omit<SolicitacaoImplementacao, 'senhaHash'>;
export type RequestRow = Omit<DsrRequest, 'tokenHash' | 'submissionKey' | 'ipHash'>;

export interface DocumentRow {
  id: string;
  createdAt: Date;
  kind: string;
  originalName: string;
  size: number;
  sha256: string;
  /** The implementation request it came with. */
  requestId: string;
}

export interface SubjectData {
  identifier: SubjectIdentifier;
  leads: Contato[];
  /** The team's notes on those leads, and how each lead and request moved through its pipeline. */
  notes: LeadNote[];
  leadHistory: LeadStatusChange[];
  implementationHistory: ImplementationStatusChange[];
  implementations: ImplementationRow[];
  documents: DocumentRow[];
  consents: FormConsent[];
  deliveries: Delivery[];
  requests: RequestRow[];
  securityEvents: SecurityEvent[];
  /** Past exports, erasures and answers about this identifier (anonymous). */
  audit: LgpdAuditRow[];
}

interface Identifiers {
  emails: Set<string>;
  phones: Set<string>;
  cpfs: Set<string>;
}

const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');
const add = (set: Set<string>, value: string | null | undefined) => {
  if (value) set.add(value);
};

/** SHA-256 of an identifier's normalised value: all an audit row keeps of the person. */
export const subjectHash = (identifier: SubjectIdentifier) => sha256Hex(identifier.value);

const lower = (column: SQL | typeof contatos.email) => sql`lower(${column})`;

function leadMatch(ids: Identifiers): SQL | undefined {
  return or(
    inArray(lower(contatos.email), [...ids.emails]),
    inArray(sql`regexp_replace(${contatos.celular}, '\\D', '', 'g')`, [...ids.phones]),
  );
}

function implementationMatch(ids: Identifiers): SQL | undefined {
  const s = solicitacoesImplementacao;
  const emails = [...ids.emails];
  const phones = [...ids.phones];
  const cpfs = [...ids.cpfs];
  return or(
    inArray(sql`lower(${s.email})`, emails),
    inArray(sql`lower(${s.responsavelEmail})`, emails),
    inArray(sql`lower(${s.emailAcesso})`, emails),
    inArray(s.celular, phones),
    inArray(s.responsavelCelular, phones),
    inArray(s.cpf, cpfs),
    inArray(s.responsavelCpf, cpfs),
  );
}

function requestMatch(ids: Identifiers): SQL | undefined {
  return or(
    inArray(dsrRequests.email, [...ids.emails]),
    inArray(dsrRequests.emailHash, [...ids.emails].map(sha256Hex)),
    inArray(dsrRequests.cpf, [...ids.cpfs]),
  );
}

/** Every column but the password hash, which no admin screen or export ever shows. */
const IMPLEMENTATION_COLUMNS = (() => {
  const { senhaHash: _omit, ...columns } = getTableColumns(solicitacoesImplementacao);
  return columns;
})();

/** Leads, implementation requests and data-subject requests of the person, following their identifiers. */
async function findCore(db: DbOrTx, identifier: SubjectIdentifier) {
  const ids: Identifiers = { emails: new Set(), phones: new Set(), cpfs: new Set() };
  const start = { email: ids.emails, phone: ids.phones, cpf: ids.cpfs }[identifier.kind];
  start.add(identifier.value);
  let leads: Contato[] = [];
  let implementations: ImplementationRow[] = [];
  let requests: DsrRequest[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const before = ids.emails.size + ids.phones.size + ids.cpfs.size;
    // One after the other: inside a transaction they share one connection.
    leads = await db.select().from(contatos).where(leadMatch(ids));
    implementations = await db
      .select(IMPLEMENTATION_COLUMNS)
      .from(solicitacoesImplementacao)
      .where(implementationMatch(ids));
    requests = await db.select().from(dsrRequests).where(requestMatch(ids));
    for (const lead of leads) {
      add(ids.emails, lead.email.toLowerCase());
      add(ids.phones, digits(lead.celular));
    }
    for (const request of implementations) {
      if (request.tipoDocumento === 'cpf') {
        add(ids.emails, request.email?.toLowerCase());
        add(ids.phones, request.celular);
        add(ids.cpfs, request.cpf);
      } else {
        add(ids.emails, request.responsavelEmail?.toLowerCase());
        add(ids.phones, request.responsavelCelular);
        add(ids.cpfs, request.responsavelCpf);
      }
    }
    for (const request of requests) {
      add(ids.emails, request.email);
      add(ids.cpfs, request.cpf);
    }
    if (ids.emails.size + ids.phones.size + ids.cpfs.size === before) break;
  }
  return { ids, leads, implementations, requests };
}

function deliveryMatch(ids: Identifiers, leadIds: string[], implementationIds: string[], requestIds: string[]) {
  const emails = [...ids.emails];
  return or(
    and(eq(deliveries.subjectType, LEAD_SUBJECT), inArray(deliveries.subjectId, leadIds)),
    and(eq(deliveries.subjectType, IMPLEMENTATION_SUBJECT), inArray(deliveries.subjectId, implementationIds)),
    and(eq(deliveries.subjectType, DSR_SUBJECT), inArray(deliveries.subjectId, requestIds)),
    inArray(sql`lower(${deliveries.target})`, emails),
    // Any other message that names the person (e.g. an account e-mail): the payload mentions the address.
    ...emails.map((email) => sql`position(${email} in lower(${deliveries.payload}::text)) > 0`),
  );
}

function consentMatch(leadIds: string[], implementationIds: string[]) {
  return or(
    and(eq(formConsents.subjectType, 'lead'), inArray(formConsents.subjectId, leadIds)),
    and(eq(formConsents.subjectType, 'implementacao'), inArray(formConsents.subjectId, implementationIds)),
  );
}

const eventMatch = (ids: Identifiers) => inArray(sql`lower(${securityEvents.details}->>'email')`, [...ids.emails]);

function documentRefs(implementations: ImplementationRow[]): { fileId: string; requestId: string }[] {
  return implementations.flatMap((request) =>
    [request.cnhFileId, request.responsavelCnhFileId]
      .filter((id): id is string => typeof id === 'string')
      .map((fileId) => ({ fileId, requestId: request.id })),
  );
}

/** Everything about the person, newest first within each kind. */
export async function findSubject(db: DbOrTx, identifier: SubjectIdentifier): Promise<SubjectData> {
  const { ids, leads, implementations, requests } = await findCore(db, identifier);
  const leadIds = leads.map((row) => row.id);
  const implementationIds = implementations.map((row) => row.id);
  const requestIds = requests.map((row) => row.id);
  const refs = documentRefs(implementations);
  const hashes = [identifier.value, ...ids.emails, ...ids.phones, ...ids.cpfs].map(sha256Hex);
  const files =
    refs.length === 0
      ? []
      : await db
          .select({
            id: privateFiles.id,
            createdAt: privateFiles.createdAt,
            kind: privateFiles.kind,
            originalName: privateFiles.originalName,
            size: privateFiles.size,
            sha256: privateFiles.sha256,
          })
          .from(privateFiles)
          .where(
            inArray(
              privateFiles.id,
              refs.map((ref) => ref.fileId),
            ),
          );
  const consents = await db.select().from(formConsents).where(consentMatch(leadIds, implementationIds));
  const notes = await db.select().from(leadNotes).where(inArray(leadNotes.leadId, leadIds));
  const leadHistory = await db.select().from(leadStatusChanges).where(inArray(leadStatusChanges.leadId, leadIds));
  const implementationHistory = await db
    .select()
    .from(implementationStatusChanges)
    .where(inArray(implementationStatusChanges.requestId, implementationIds));
  const messages = await db
    .select()
    .from(deliveries)
    .where(deliveryMatch(ids, leadIds, implementationIds, requestIds));
  const events = await db.select().from(securityEvents).where(eventMatch(ids));
  const audit = await db
    .select()
    .from(lgpdAudit)
    .where(inArray(lgpdAudit.subjectHash, [...new Set(hashes)]));
  const newest = <T extends { createdAt: Date }>(rows: T[]) =>
    rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return {
    identifier,
    leads: newest(leads),
    notes: newest(notes),
    leadHistory: newest(leadHistory),
    implementationHistory: newest(implementationHistory),
    implementations: newest(implementations),
    documents: newest(
      files.map((file) => ({ ...file, requestId: refs.find((ref) => ref.fileId === file.id)!.requestId })),
    ),
    consents: consents.sort((a, b) => b.consentedAt.getTime() - a.consentedAt.getTime()),
    deliveries: newest(messages),
    requests: newest(requests.map(({ tokenHash: _t, submissionKey: _s, ipHash: _i, ...row }) => row)),
    securityEvents: newest(events),
    audit: audit.sort((a, b) => b.at.getTime() - a.at.getTime()),
  };
}

/** Whether anything personal was found (the audit trail alone is anonymous). */
export const hasPersonalData = (data: SubjectData) =>
  data.leads.length + data.implementations.length + data.documents.length + data.deliveries.length > 0 ||
  data.securityEvents.length > 0 ||
  data.requests.some((request) => request.anonymizedAt === null);

/** Where a webhook went, without its path or token. */
const webhookOrigin = (url: string) => (URL.canParse(url) ? new URL(url).origin : '');

/**
 * The machine-readable file for access and portability (art. 18, II and V): every record
 * about the person, documents included (base64), the password hash and internal keys left
 * out. Records an 'export' audit row.
 */
export async function exportSubject(
  db: Db,
  identifier: SubjectIdentifier,
  actor: Actor,
  now: Date,
  controller: { legalName: string; registration: string; encarregado: { nome: string; email: string } },
): Promise<{ file: object; data: SubjectData }> {
  const data = await findSubject(db, identifier);
  const contents =
    data.documents.length === 0
      ? []
      : await db
          .select({ id: privateFiles.id, content: privateFiles.content })
          .from(privateFiles)
          .where(
            inArray(
              privateFiles.id,
              data.documents.map((document) => document.id),
            ),
          );
  const file = {
    formato: 'pilota-lgpd-export/1',
    geradoEm: now.toISOString(),
    controlador: {
      nome: controller.legalName,
      registro: controller.registration,
      encarregado: controller.encarregado,
    },
    identificador: { tipo: identifier.kind, valor: identifier.value },
    contatos: data.leads.map(({ submissionKey: _k, ipHash: _i, searchText: _s, ...lead }) => lead),
    notasDaEquipe: data.notes.map((note) => ({
      contato: note.leadId,
      texto: note.body,
      autor: note.userName,
      criadaEm: note.createdAt,
    })),
    historicoDeStatus: [
      ...data.leadHistory.map((change) => ({
        contato: change.leadId,
        de: change.fromStatus,
        para: change.toStatus,
        motivo: change.reason,
        por: change.userName,
        em: change.createdAt,
      })),
      ...data.implementationHistory.map((change) => ({
        solicitacaoImplementacao: change.requestId,
        de: change.fromStatus,
        para: change.toStatus,
        por: change.userName,
        em: change.createdAt,
      })),
    ],
    solicitacoesImplementacao: data.implementations,
    documentos: data.documents.map((document) => ({
      ...document,
      conteudoBase64: Buffer.from(contents.find((row) => row.id === document.id)?.content ?? []).toString('base64'),
    })),
    consentimentos: data.consents,
    comunicacoes: data.deliveries.map((delivery) => ({
      id: delivery.id,
      tipo: delivery.kind,
      destino: delivery.kind === 'webhook' ? webhookOrigin(delivery.target) : delivery.target,
      assunto: delivery.kind === 'email' ? ((delivery.payload as { subject?: string } | null)?.subject ?? null) : null,
      sobre: { tipo: delivery.subjectType, id: delivery.subjectId },
      situacao: delivery.status,
      criadaEm: delivery.createdAt,
      entregueEm: delivery.deliveredAt,
    })),
    solicitacoesLgpd: data.requests,
    eventosSeguranca: data.securityEvents.map((event) => ({
      tipo: event.eventType,
      criadoEm: event.createdAt,
      origem: event.details['source'] ?? null,
    })),
  };
  await db.insert(lgpdAudit).values({
    at: now,
    action: 'export',
    actorId: actor.id,
    actorEmail: actor.email,
    identifierKind: identifier.kind,
    subjectHash: subjectHash(identifier),
    counts: counts(data),
  });
  return { file, data };
}

function counts(data: SubjectData): Record<string, number> {
  return {
    leads: data.leads.length,
    notes: data.notes.length,
    implementations: data.implementations.length,
    documents: data.documents.length,
    consents: data.consents.length,
    deliveries: data.deliveries.length,
    requests: data.requests.length,
    securityEvents: data.securityEvents.length,
  };
}

export type EraseMode = 'anonymize' | 'delete';

/**
 * Anonymises or deletes everything about the person (see the module comment), in one
 * transaction, and records who did it. Returns how many rows of each kind it touched.
 */
export async function eraseSubject(
  db: Db,
  identifier: SubjectIdentifier,
  mode: EraseMode,
  actor: Actor,
  now: Date,
  requestId?: string,
): Promise<Record<string, number>> {
  return db.transaction(async (tx) => {
    const data = await findSubject(tx, identifier);
    const leadIds = data.leads.map((row) => row.id);
    const implementationIds = data.implementations.map((row) => row.id);
    const deliveryIds = data.deliveries.map((row) => row.id);
    const eventIds = data.securityEvents.map((row) => row.id);
    const requestIds = data.requests.map((row) => row.id);
    const fileIds = data.documents.map((row) => row.id);
    const consentIds = data.consents.map((row) => row.id);

    // Documents leave storage either way; the requests' references become null (ON DELETE SET NULL).
    if (fileIds.length > 0) await tx.delete(privateFiles).where(inArray(privateFiles.id, fileIds));

    if (mode === 'delete') {
      if (leadIds.length > 0) await tx.delete(contatos).where(inArray(contatos.id, leadIds));
      if (implementationIds.length > 0)
        await tx.delete(solicitacoesImplementacao).where(inArray(solicitacoesImplementacao.id, implementationIds));
      if (consentIds.length > 0) await tx.delete(formConsents).where(inArray(formConsents.id, consentIds));
      if (deliveryIds.length > 0) await tx.delete(deliveries).where(inArray(deliveries.id, deliveryIds));
    } else {
      if (leadIds.length > 0) {
        await tx
          .update(contatos)
          .set({ nome: '', email: '', celular: '', empresa: '', mensagem: '', ipHash: null, userAgent: null })
          .where(inArray(contatos.id, leadIds));
        await tx.delete(leadNotes).where(inArray(leadNotes.leadId, leadIds));
        await tx
          .update(leadStatusChanges)
          .set({ reason: REMOVED_REASON })
          .where(and(inArray(leadStatusChanges.leadId, leadIds), isNotNull(leadStatusChanges.reason)));
      }
      if (implementationIds.length > 0) {
        // The company's own data (CNPJ, razão social) is not personal data and stays.
        await tx
          .update(solicitacoesImplementacao)
          .set({
            emailAcesso: '',
            senhaHash: '',
            cpf: null,
            nomeCompleto: null,
            celular: null,
            email: null,
            responsavelCpf: null,
            responsavelNome: null,
            responsavelCelular: null,
            responsavelEmail: null,
          })
          .where(inArray(solicitacoesImplementacao.id, implementationIds));
      }
      if (deliveryIds.length > 0) {
        // Nothing about the person is to be sent any more; what was sent keeps its date and status only.
        await tx
          .delete(deliveries)
          .where(and(inArray(deliveries.id, deliveryIds), inArray(deliveries.status, ['pending', 'retrying'])));
        await tx
          .update(deliveries)
          .set({
            payload: {},
            lastError: null,
            target: sql`case when ${deliveries.kind} = 'email' then '' else ${deliveries.target} end`,
          })
          .where(inArray(deliveries.id, deliveryIds));
      }
    }
    if (eventIds.length > 0) {
      await tx
        .update(securityEvents)
        .set({ details: sql`${securityEvents.details} - 'email'` })
        .where(inArray(securityEvents.id, eventIds));
    }
    if (requestIds.length > 0) {
      await tx
        .update(dsrRequests)
        .set({ nome: '', email: '', cpf: null, detalhes: '', anonymizedAt: now })
        .where(inArray(dsrRequests.id, requestIds));
    }
    const touched = counts(data);
    await tx.insert(lgpdAudit).values({
      at: now,
      action: mode,
      actorId: actor.id,
      actorEmail: actor.email,
      identifierKind: identifier.kind,
      subjectHash: subjectHash(identifier),
      requestId: requestId && requestIds.includes(requestId) ? requestId : null,
      counts: touched,
    });
    return touched;
  });
}

/** One data-subject request by id (for the admin's "see this person's data" link). */
export async function requestById(db: DbOrTx, id: string): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(dsrRequests).where(eq(dsrRequests.id, id));
  if (!row) return undefined;
  const { tokenHash: _t, submissionKey: _s, ipHash: _i, ...rest } = row;
  return rest;
}
