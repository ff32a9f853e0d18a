/*
 * Implementation requests in the sales inbox: the filtered list, one
 * request's detail, its status change, and the record of every identity-document download.
 *
 * The list's filters and search are SQL conditions of ./implementation-filters.ts.
 *
 * A status change is one conditional UPDATE on the status the person saw and its history
 * row in one transaction, as the leads' (./pipeline.ts): the second of two people gets
 * `stale` with the status it has now. Nothing here logs a filter (a search holds personal data).
 */
import { and, count, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import { storedPhoneForms } from '~/lib/phone';
import type { ImplementationStatus } from '~/lib/lead-pipeline';
import {
  IMPLEMENTATIONS_PAGE_SIZE,
  type ImplementationFilters,
  type ImplementationStatusChangeInput,
} from '~/lib/validation/implementation-inbox';
import type { DbOrTx } from '../db/client';
import {
  documentDownloads,
  implementationStatusChanges,
  privateFiles,
  solicitacoesImplementacao as requests,
  type SolicitacaoImplementacao,
} from '../db/schema/implementation';
import { contatos } from '../db/schema/leads';
import { implementationFilterConditions } from './implementation-filters';
import type { Clock } from '../clock';

export interface ImplementationInboxDeps {
  db: DbOrTx;
  now: Clock;
}

/** Who acts: the signed-in team member (AdminActor's id and name). */
export interface InboxActor {
  id: string;
  name: string;
}

export interface ImplementationListRow {
  id: string;
  createdAt: Date;
  tipoDocumento: 'cpf' | 'cnpj';
  /** The person's name (CPF) or the company's razão social (CNPJ). */
  nome: string;
  /** CPF or CNPJ, unmasked as stored. */
  documento: string;
  email: string;
  celular: string;
  status: ImplementationStatus;
  statusChangedAt: Date | null;
}

export interface ImplementationListPage {
  rows: ImplementationListRow[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

/** One page of requests, newest first; a page past the last answers empty with the real total. */
export async function listImplementationRequests(
  deps: Pick<ImplementationInboxDeps, 'db'>,
  filters: ImplementationFilters,
): Promise<ImplementationListPage> {
  const where = and(...implementationFilterConditions(filters));
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select({
        id: requests.id,
        createdAt: requests.createdAt,
        tipoDocumento: requests.tipoDocumento,
        nomeCompleto: requests.nomeCompleto,
        razaoSocial: requests.razaoSocial,
        cpf: requests.cpf,
        cnpj: requests.cnpj,
        email: requests.email,
        responsavelEmail: requests.responsavelEmail,
        celular: requests.celular,
        responsavelCelular: requests.responsavelCelular,
        status: requests.status,
        statusChangedAt: requests.statusChangedAt,
      })
      .from(requests)
      .where(where)
      .orderBy(desc(requests.createdAt), desc(requests.id))
      .limit(IMPLEMENTATIONS_PAGE_SIZE)
      .offset((filters.pagina - 1) * IMPLEMENTATIONS_PAGE_SIZE),
    deps.db.select({ total: count() }).from(requests).where(where),
  ]);
  const total = counted?.total ?? 0;
  return {
    rows: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      tipoDocumento: row.tipoDocumento,
      nome: row.razaoSocial ?? row.nomeCompleto ?? '',
      documento: row.cnpj ?? row.cpf ?? '',
      email: row.email ?? row.responsavelEmail ?? '',
      celular: row.celular ?? row.responsavelCelular ?? '',
      status: row.status,
      statusChangedAt: row.statusChangedAt,
    })),
    total,
    page: filters.pagina,
    pageSize: IMPLEMENTATIONS_PAGE_SIZE,
    pageCount: Math.max(1, Math.ceil(total / IMPLEMENTATIONS_PAGE_SIZE)),
  };
}

/** A request as the team sees it: every field but the password hash. */
export type ImplementationRequestView = Omit<SolicitacaoImplementacao, 'senhaHash'>;

export interface DocumentMetadata {
  /** Which field of the request holds it. */
  role: 'cnh' | 'responsavelCnh';
  fileId: string;
  /** Null when the file is gone (retention) but the request still names it. */
  file: { kind: string; mimeType: string; originalName: string; size: number; createdAt: Date } | null;
}

export interface ImplementationDetail {
  request: ImplementationRequestView;
  documents: DocumentMetadata[];
  /** Status changes, oldest first. */
  history: (typeof implementationStatusChanges.$inferSelect)[];
  /** Document downloads, newest first. */
  downloads: (typeof documentDownloads.$inferSelect)[];
  /** Leads with the same e-mail (any case) or phone as the request's person. */
  leads: { id: string; createdAt: Date; nome: string; email: string; celular: string; status: string }[];
}

// Every column but senha_hash: the hash never leaves the database through the inbox.
const { senhaHash: _senhaHash, ...viewColumns } = getTableColumns(requests);

/** One request with its documents' metadata (never the bytes), history, downloads and the person's leads. */
export async function implementationRequestDetail(
  deps: Pick<ImplementationInboxDeps, 'db'>,
  id: string,
): Promise<ImplementationDetail | null> {
  const [request] = await deps.db.select(viewColumns).from(requests).where(eq(requests.id, id));
  if (!request) return null;
  const roles = [
    ['cnh', request.cnhFileId],
    ['responsavelCnh', request.responsavelCnhFileId],
  ] as const;
  const fileIds = roles.map(([, fileId]) => fileId).filter((fileId): fileId is string => !!fileId);
  const emails = [request.email, request.responsavelEmail]
    .filter((email): email is string => !!email)
    .map((email) => email.toLowerCase());
  const phones = [request.celular, request.responsavelCelular]
    .filter((phone): phone is string => !!phone)
    .flatMap(storedPhoneForms);
  const sameperson = [
    ...(emails.length ? [inArray(sql`lower(${contatos.email})`, emails)] : []),
    ...(phones.length ? [inArray(contatos.celular, phones)] : []),
  ];
  const [files, history, downloads, leads] = await Promise.all([
    fileIds.length
      ? deps.db
          .select({
            id: privateFiles.id,
            kind: privateFiles.kind,
            mimeType: privateFiles.mimeType,
            originalName: privateFiles.originalName,
            size: privateFiles.size,
            createdAt: privateFiles.createdAt,
          })
          .from(privateFiles)
          .where(inArray(privateFiles.id, fileIds))
      : [],
    deps.db
      .select()
      .from(implementationStatusChanges)
      .where(eq(implementationStatusChanges.requestId, id))
      .orderBy(implementationStatusChanges.createdAt),
    deps.db
      .select()
      .from(documentDownloads)
      .where(eq(documentDownloads.requestId, id))
      .orderBy(desc(documentDownloads.createdAt)),
    sameperson.length
      ? deps.db
          .select({
            id: contatos.id,
            createdAt: contatos.createdAt,
            nome: contatos.nome,
            email: contatos.email,
            celular: contatos.celular,
            status: contatos.status,
          })
          .from(contatos)
          .where(or(...sameperson))
          .orderBy(desc(contatos.createdAt))
          .limit(20)
      : [],
  ]);
  const documents = roles.flatMap(([role, fileId]): DocumentMetadata[] => {
    if (!fileId) return [];
    const file = files.find((row) => row.id === fileId);
    return [{ role, fileId, file: file ? { ...file } : null }];
  });
  return { request, documents, history, downloads, leads };
}

export type ImplementationStatusChangeResult =
  | { status: 'changed'; changedAt: Date }
  | { status: 'not_found' }
  /** Someone changed it first: `current` is the status it has now. */
  | { status: 'stale'; current: ImplementationStatus };

/** Moves a request from the status the person saw (`de`) to `para`, with its history row, or says why not. */
export async function changeImplementationStatus(
  deps: ImplementationInboxDeps,
  input: ImplementationStatusChangeInput,
  actor: InboxActor,
): Promise<ImplementationStatusChangeResult> {
  const changedAt = deps.now();
  return deps.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(requests)
      .set({ status: input.para, statusChangedAt: changedAt })
      .where(and(eq(requests.id, input.id), eq(requests.status, input.de)))
      .returning({ id: requests.id });
    if (!moved) {
      const [row] = await tx.select({ status: requests.status }).from(requests).where(eq(requests.id, input.id));
      return row ? { status: 'stale', current: row.status } : { status: 'not_found' };
    }
    await tx.insert(implementationStatusChanges).values({
      requestId: input.id,
      fromStatus: input.de,
      toStatus: input.para,
      userId: actor.id,
      userName: actor.name,
      createdAt: changedAt,
    });
    return { status: 'changed', changedAt };
  });
}

/**
 * Records that `actor` is downloading the file, naming the request it belongs to (if any).
 * Throws when the row cannot be written: the caller must then refuse the download, so no
 * document ever leaves without its record.
 */
export async function recordDocumentDownload(
  deps: ImplementationInboxDeps,
  fileId: string,
  actor: InboxActor,
): Promise<void> {
  const [owner] = await deps.db
    .select({ id: requests.id })
    .from(requests)
    .where(or(eq(requests.cnhFileId, fileId), eq(requests.responsavelCnhFileId, fileId)))
    .limit(1);
  await deps.db.insert(documentDownloads).values({
    fileId,
    requestId: owner?.id ?? null,
    userId: actor.id,
    userName: actor.name,
    createdAt: deps.now(),
  });
}
