/*
 * The personal data of implementation requests (src/server/db/personal-data.ts has the
 * shape): the requester's or the company's responsible person's name, CPF, phone and
 * e-mails, their identity documents, and the request's status history. The access e-mail is
 * matched but not followed by the admin's search: for a company it may be a shared address.
 * Either way of erasing, documents leave storage and the requests' references become null
 * (ON DELETE SET NULL); anonymising keeps the company's own data (CNPJ, razão social), which
 * is not personal data, and deleting removes the request with its history.
 */
import { getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { newestFirst, noteIdentifier, type Identifiers, type PersonalDataPart } from '../db/personal-data';
import {
  implementationStatusChanges,
  privateFiles,
  solicitacoesImplementacao,
  type ImplementationStatusChange,
  type SolicitacaoImplementacao,
} from '../db/schema/implementation';

export type ImplementationRow = Omit<SolicitacaoImplementacao, 'senhaHash'>;

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

export interface ImplementationFound {
  implementationHistory: ImplementationStatusChange[];
  implementations: ImplementationRow[];
  documents: DocumentRow[];
}

function implementationMatch(ids: Identifiers) {
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

/** Every column but the password hash, which no admin screen or export ever shows. */
const IMPLEMENTATION_COLUMNS = (() => {
  const { senhaHash: _omit, ...columns } = getTableColumns(solicitacoesImplementacao);
  return columns;
})();

function documentRefs(implementations: ImplementationRow[]): { fileId: string; requestId: string }[] {
  return implementations.flatMap((request) =>
    [request.cnhFileId, request.responsavelCnhFileId]
      .filter((id): id is string => typeof id === 'string')
      .map((fileId) => ({ fileId, requestId: request.id })),
  );
}

async function documentsOf(db: DbOrTx, implementations: ImplementationRow[]): Promise<DocumentRow[]> {
  const refs = documentRefs(implementations);
  if (refs.length === 0) return [];
  const files = await db
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
  return files.map((file) => ({ ...file, requestId: refs.find((ref) => ref.fileId === file.id)!.requestId }));
}

export const implementationPersonalData: PersonalDataPart<ImplementationFound, ImplementationRow> = {
  tables: {
    solicitacoes_implementacao: { holds: 'subject', part: 'implementations' },
    implementation_status_changes: { holds: 'subject', part: 'implementationHistory' },
    private_files: { holds: 'subject', part: 'documents' },
    document_downloads: { holds: 'team', kept: 'for good: the record of who opened which document' },
    document_uploads: { holds: 'transient', kept: 'an hour, unless submitted (housekeeping)' },
    document_upload_chunks: { holds: 'transient', kept: 'an hour, unless submitted (housekeeping)' },
  },
  subject: {
    records: {
      type: 'implementacao',
      matching: (db, ids) =>
        db.select(IMPLEMENTATION_COLUMNS).from(solicitacoesImplementacao).where(implementationMatch(ids)),
      learn(rows, ids) {
        for (const request of rows) {
          if (request.tipoDocumento === 'cpf') {
            noteIdentifier(ids.emails, request.email?.toLowerCase());
            noteIdentifier(ids.phones, request.celular);
            noteIdentifier(ids.cpfs, request.cpf);
          } else {
            noteIdentifier(ids.emails, request.responsavelEmail?.toLowerCase());
            noteIdentifier(ids.phones, request.responsavelCelular);
            noteIdentifier(ids.cpfs, request.responsavelCpf);
          }
        }
      },
      summary: (row) => ({
        createdAt: row.createdAt,
        nome: row.nomeCompleto ?? row.responsavelNome,
        email: row.email ?? row.responsavelEmail,
        celular: row.celular ?? row.responsavelCelular,
        cpf: row.cpf ?? row.responsavelCpf,
      }),
    },
    async find(db, _scope, implementations) {
      const documents = await documentsOf(db, implementations);
      const implementationHistory = await db
        .select()
        .from(implementationStatusChanges)
        .where(
          inArray(
            implementationStatusChanges.requestId,
            implementations.map((row) => row.id),
          ),
        );
      return {
        implementationHistory: newestFirst(implementationHistory),
        implementations: newestFirst(implementations),
        documents: newestFirst(documents),
      };
    },
    async exportFields(db, found) {
      const contents =
        found.documents.length === 0
          ? []
          : await db
              .select({ id: privateFiles.id, content: privateFiles.content })
              .from(privateFiles)
              .where(
                inArray(
                  privateFiles.id,
                  found.documents.map((document) => document.id),
                ),
              );
      return {
        historicoDeStatus: found.implementationHistory.map((change) => ({
          solicitacaoImplementacao: change.requestId,
          de: change.fromStatus,
          para: change.toStatus,
          por: change.userName,
          em: change.createdAt,
        })),
        solicitacoesImplementacao: found.implementations,
        documentos: found.documents.map((document) => ({
          ...document,
          conteudoBase64: Buffer.from(contents.find((row) => row.id === document.id)?.content ?? []).toString('base64'),
        })),
      };
    },
    async erase(tx, found, mode) {
      const fileIds = found.documents.map((row) => row.id);
      const requestIds = found.implementations.map((row) => row.id);
      if (fileIds.length > 0) await tx.delete(privateFiles).where(inArray(privateFiles.id, fileIds));
      if (requestIds.length === 0) return;
      if (mode === 'delete') {
        await tx.delete(solicitacoesImplementacao).where(inArray(solicitacoesImplementacao.id, requestIds));
        return;
      }
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
        .where(inArray(solicitacoesImplementacao.id, requestIds));
    },
    counts: (found) => ({ implementations: found.implementations.length, documents: found.documents.length }),
    namesSomeone: (found) => found.implementations.length + found.documents.length > 0,
  },
};
