/*
 * What the admin does with one data subject's data (LGPD art. 18): export it as JSON
 * (access, portability), anonymise it or delete it, documents included, with an audit record
 * of who did it and when. What "the subject's data" is comes from ./subject-find.ts, and
 * for a data-subject request from what the request proved (./subject-scope.ts).
 *
 * Anonymising keeps rows (dates, counts, types, pages, campaigns) and empties every personal
 * field — the team's notes on the person's leads are deleted and discard reasons replaced,
 * being free text about them, while the status history stays; deleting removes the rows
 * (notes and history go with their lead). Either way documents leave storage, queued e-mails and
 * webhooks about the person are dropped (finished ones lose their content when anonymising),
 * security events lose the e-mail, and the person's data-subject requests keep only their type,
 * dates and e-mail hash — with the audit row, the anonymous record of what was done. The audit
 * row names the admin and keeps the subject only as the SHA-256 of the identifier searched (of
 * the request's e-mail, for a request); each possible match the admin included is recorded as
 * a security event naming the admin, the request, the record and the action.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { REMOVED_REASON } from '~/lib/lead-pipeline';
import type { SubjectIdentifier } from '~/lib/lgpd-identifier';
import type { Db, DbOrTx } from '../db/client';
import { securityEvents } from '../db/schema/auth';
import { deliveries } from '../db/schema/deliveries';
import { privateFiles, solicitacoesImplementacao } from '../db/schema/implementation';
import { contatos, leadNotes, leadStatusChanges } from '../db/schema/leads';
import { dsrRequests, formConsents, lgpdAudit, type LgpdAuditAction } from '../db/schema/lgpd';
import type { Actor } from '../actor';
import { recordInTransaction } from '../security/events';
import { findSubject, subjectHash, type RequestRow, type SubjectData } from './subject-find';
import type { RequestScope } from './subject-scope';

export {
  findSubject,
  hasPersonalData,
  subjectHash,
  type DocumentRow,
  type ImplementationRow,
  type PossibleMatch,
  type RequestRow,
  type RequestScope,
  type SubjectData,
} from './subject-find';

/** The audit row of an export or erasure, and the record of each possible match the admin included in it. */
async function audit(
  db: DbOrTx,
  data: SubjectData,
  action: Exclude<LgpdAuditAction, 'complete'>,
  identifier: SubjectIdentifier,
  actor: Actor,
  now: Date,
) {
  const proof = data.proof;
  await db.insert(lgpdAudit).values({
    at: now,
    action,
    actorId: actor.id,
    actorEmail: actor.email,
    identifierKind: proof ? 'email' : identifier.kind,
    subjectHash: proof ? proof.emailHash : subjectHash(identifier),
    requestId: proof?.requestId ?? null,
    counts: counts(data),
  });
  if (!proof || proof.included.length === 0) return;
  await recordInTransaction(
    db,
    proof.included.map((record) => ({
      userId: actor.id,
      eventType: 'lgpd_match_included' as const,
      createdAt: now,
      details: {
        source: 'admin:lgpd',
        severity: 'info',
        admin: actor.email,
        request: proof.requestId,
        record,
        action,
      },
    })),
  );
}

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
  request?: RequestScope,
): Promise<{ file: object; data: SubjectData }> {
  const data = await findSubject(db, identifier, request);
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
    identificador: { tipo: data.identifier.kind, valor: data.identifier.value },
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
      // A webhook or connector by its origin (its path may carry a token or an account id).
      destino: delivery.kind === 'email' ? delivery.target : webhookOrigin(delivery.target),
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
  await audit(db, data, 'export', identifier, actor, now);
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
    ...(data.proof ? { possibleMatchesIncluded: data.proof.included.length } : {}),
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
  request?: RequestScope,
): Promise<Record<string, number>> {
  return db.transaction(async (tx) => {
    const data = await findSubject(tx, identifier, request);
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
    await audit(tx, data, mode, identifier, actor, now);
    return counts(data);
  });
}

/** One data-subject request by id (for the admin's "see this person's data" link). */
export async function requestById(db: DbOrTx, id: string): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(dsrRequests).where(eq(dsrRequests.id, id));
  if (!row) return undefined;
  const { tokenHash: _t, submissionKey: _s, ipHash: _i, ...rest } = row;
  return rest;
}
