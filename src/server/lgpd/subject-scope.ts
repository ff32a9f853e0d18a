/*
 * Which records an LGPD export or erasure is about: the one place that decides it.
 *
 * For a data-subject request, only what the requester proved counts: the e-mail whose
 * mailbox confirmed the request. Records carrying that e-mail are the person's. Records
 * that merely share a phone, a CPF or another e-mail with them — the CPF typed on the
 * request included — are "possible matches": anyone can type someone else's phone or CPF
 * on a form, and the site verifies neither (not even an implementation request's access
 * e-mail, which is never mailed). The admin sees the possible matches and, having checked
 * one with the person, includes it by reference; the export and the erasure record who
 * included which record and when. An unconfirmed request proves nothing and reaches nothing.
 *
 * The admin's own search (no request) starts from the identifier the admin typed and
 * follows the identifiers found on the way: the admin is investigating, sees every record
 * listed before acting, and answers for the choice in the audit trail. A request is always
 * answered from the request ("Ver dados do titular" on /admin/lgpd), never from a search.
 */
import { eq } from 'drizzle-orm';
import type { SubjectIdentifier } from '~/lib/lgpd-identifier';
import type { DbOrTx } from '../db/client';
import {
  noIdentifiers,
  type Identifiers,
  type MatchSummary,
  type RecordRow,
  type RecordType,
} from '../db/personal-data';
import { dsrRequests } from '../db/schema/lgpd';
import { sha256Hex } from './dsr.service';
import { RECORD_SOURCES } from './personal-data';
import { findRecords, recordsOf, type CoreRecords } from './subject-records';

/** An export or erasure made for a data-subject request; `include`: possible matches the admin checked. */
export interface RequestScope {
  id: string;
  include?: readonly string[] | undefined;
}

/** A record that shares an identifier with the requester's records without carrying the proven e-mail. */
export interface PossibleMatch extends MatchSummary {
  /** `type:id`, what the admin posts to include it. */
  ref: string;
  type: RecordType;
}

/** What a request proved, for the audit row and the record of included matches. */
export interface RequestProof {
  requestId: string;
  /** SHA-256 of the request's e-mail (kept after anonymisation). */
  emailHash: string;
  /** References of the possible matches the admin included. */
  included: string[];
}

export interface ScopedRecords {
  records: CoreRecords;
  identifier: SubjectIdentifier;
  /** The identifiers other tables (messages, security events) are matched by. */
  ids: Identifiers;
  /** SHA-256 hashes the audit rows about this subject are kept under. */
  auditHashes: string[];
  possibleMatches: PossibleMatch[];
  proof: RequestProof | null;
}

/** The records of the admin's own search: the identifier typed, and the identifiers found on the way. */
export async function searchScope(db: DbOrTx, identifier: SubjectIdentifier): Promise<ScopedRecords> {
  const ids = noIdentifiers();
  ({ email: ids.emails, phone: ids.phones, cpf: ids.cpfs })[identifier.kind].add(identifier.value);
  const records = await findRecords(db, ids, true);
  const auditHashes = [identifier.value, ...ids.emails, ...ids.phones, ...ids.cpfs].map(sha256Hex);
  return { records, identifier, ids, auditHashes: [...new Set(auditHashes)], possibleMatches: [], proof: null };
}

const refOf = (type: RecordType, id: string) => `${type}:${id}`;

function possibleMatches(wide: CoreRecords, proven: CoreRecords): PossibleMatch[] {
  const known = new Set(
    RECORD_SOURCES.flatMap((source) => recordsOf(proven, source.type).map((row) => refOf(source.type, row.id))),
  );
  const matches: PossibleMatch[] = RECORD_SOURCES.flatMap((source) =>
    recordsOf(wide, source.type).map((row) => ({
      ref: refOf(source.type, row.id),
      type: source.type,
      ...source.summary(row),
    })),
  );
  return matches.filter((match) => !known.has(match.ref));
}

/**
 * The records of a data-subject request: those carrying its confirmed e-mail, plus the
 * possible matches the admin included (any other reference is ignored); the rest of the
 * possible matches are listed, not included.
 */
export async function requestScope(db: DbOrTx, scope: RequestScope): Promise<ScopedRecords> {
  const [request] = await db.select().from(dsrRequests).where(eq(dsrRequests.id, scope.id));
  const provenEmail = request?.confirmedAt && request.email ? request.email : null;
  const ids = noIdentifiers();
  if (provenEmail) ids.emails.add(provenEmail);
  const proven = await findRecords(db, ids, false);
  const wideIds = noIdentifiers();
  if (provenEmail) {
    wideIds.emails.add(provenEmail);
    if (request?.cpf) wideIds.cpfs.add(request.cpf);
  }
  const wide = await findRecords(db, wideIds, true);
  const candidates = possibleMatches(wide, proven);
  const chosen = new Set(scope.include ?? []);
  const included = candidates.filter((match) => chosen.has(match.ref)).map((match) => match.ref);
  const records = new Map<RecordType, RecordRow[]>();
  for (const { type } of RECORD_SOURCES) {
    const picked = recordsOf(wide, type).filter((row) => included.includes(refOf(type, row.id)));
    records.set(type, [...recordsOf(proven, type), ...picked]);
  }
  return {
    records,
    identifier: { kind: 'email', value: request?.email ?? '' },
    ids,
    auditHashes: request ? [request.emailHash] : [],
    possibleMatches: candidates.filter((match) => !chosen.has(match.ref)),
    proof: request ? { requestId: request.id, emailHash: request.emailHash, included } : null,
  };
}
