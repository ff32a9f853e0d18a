/*
 * The personal data of the LGPD feature's own tables (src/server/db/personal-data.ts has the
 * shape): a data-subject request names its requester by name, e-mail and CPF; the audit
 * trail keeps a subject only as a hash. Either way of erasing, a request keeps its type,
 * dates and e-mail hash, and the audit rows stay: they are the anonymous record of what was done.
 */
import { inArray, or } from 'drizzle-orm';
import { newestFirst, noteIdentifier, type Identifiers, type PersonalDataPart } from '../db/personal-data';
import { dsrRequests, lgpdAudit, type DsrRequest, type LgpdAuditRow } from '../db/schema/lgpd';
import { sha256Hex } from './dsr.service';

export type RequestRow = Omit<DsrRequest, 'tokenHash' | 'submissionKey' | 'ipHash'>;

export interface LgpdFound {
  requests: RequestRow[];
  /** Past exports, erasures and answers about this subject (anonymous). */
  audit: LgpdAuditRow[];
}

function requestMatch(ids: Identifiers) {
  return or(
    inArray(dsrRequests.email, [...ids.emails]),
    inArray(dsrRequests.emailHash, [...ids.emails].map(sha256Hex)),
    inArray(dsrRequests.cpf, [...ids.cpfs]),
  );
}

export const lgpdPersonalData: PersonalDataPart<LgpdFound, DsrRequest> = {
  tables: {
    lgpd_requests: { holds: 'subject', part: 'requests' },
    lgpd_audit: { holds: 'subject', part: 'audit' },
  },
  subject: {
    records: {
      type: 'lgpd',
      matching: (db, ids) => db.select().from(dsrRequests).where(requestMatch(ids)),
      learn(rows, ids) {
        for (const request of rows) {
          noteIdentifier(ids.emails, request.email);
          noteIdentifier(ids.cpfs, request.cpf);
        }
      },
      summary: (row) => ({ createdAt: row.createdAt, nome: row.nome, email: row.email, celular: null, cpf: row.cpf }),
    },
    async find(db, scope, requests) {
      const audit = await db
        .select()
        .from(lgpdAudit)
        .where(inArray(lgpdAudit.subjectHash, [...scope.auditHashes]));
      return {
        requests: newestFirst(requests.map(({ tokenHash: _t, submissionKey: _s, ipHash: _i, ...row }) => row)),
        audit: audit.sort((a, b) => b.at.getTime() - a.at.getTime()),
      };
    },
    exportFields: async (_db, found) => ({ solicitacoesLgpd: found.requests }),
    async erase(tx, found, _mode, now) {
      const requestIds = found.requests.map((row) => row.id);
      if (requestIds.length === 0) return;
      await tx
        .update(dsrRequests)
        .set({ nome: '', email: '', cpf: null, detalhes: '', anonymizedAt: now })
        .where(inArray(dsrRequests.id, requestIds));
    },
    counts: (found) => ({ requests: found.requests.length }),
    namesSomeone: (found) => found.requests.some((request) => request.anonymizedAt === null),
  },
};
