/*
 * Which records an LGPD export or erasure is about: the one place that decides it, for the
 * admin's search and for a data-subject request alike.
 *
 * Only the identifier the export is about counts: the one the admin searched, or, for a
 * data-subject request, the e-mail whose mailbox confirmed the request (whatever identifier
 * was posted alongside). Records carrying it are the subject's. Records that merely share a
 * phone, a CPF or another e-mail with them — the CPF typed on a request included — are
 * "possible matches": anyone can type someone else's phone or CPF on a form, and the site
 * verifies neither (not even an implementation request's access e-mail, which is never
 * mailed). The admin sees the possible matches and, having checked one with the person,
 * includes it by reference; the export and the erasure record who included which record and
 * when. An unconfirmed request proves nothing and reaches nothing.
 */
import { eq } from 'drizzle-orm';
import type { IdentifierKind, SubjectIdentifier } from '~/lib/lgpd-identifier';
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

/**
 * What the admin chose beyond the identifier: the data-subject request being answered (its
 * confirmed e-mail then replaces the identifier), and the possible matches checked and included.
 */
export interface ScopeChoice {
  requestId?: string | undefined;
  /** `type:id` references of possible matches; any other reference is ignored. */
  include?: readonly string[] | undefined;
}

/** A record that shares an identifier with the subject's records without carrying the subject's own. */
export interface PossibleMatch extends MatchSummary {
  /** `type:id`, what the admin posts to include it. */
  ref: string;
  type: RecordType;
}

/** What an export or erasure was about, for the audit row and the record of included matches. */
export interface ScopeBasis {
  /** The data-subject request answered; null for the admin's own search. */
  requestId: string | null;
  identifierKind: IdentifierKind;
  /** SHA-256 of the identifier (of the request's e-mail, kept after anonymisation): all the audit keeps of the person. */
  subjectHash: string;
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
  basis: ScopeBasis;
}

const refOf = (type: RecordType, id: string) => `${type}:${id}`;

/** `identifier` as the identifiers records are matched by. */
function identifiersOf(identifier: SubjectIdentifier | null): Identifiers {
  const ids = noIdentifiers();
  if (identifier) ({ email: ids.emails, phone: ids.phones, cpf: ids.cpfs })[identifier.kind].add(identifier.value);
  return ids;
}

function possibleMatches(wide: CoreRecords, own: CoreRecords): PossibleMatch[] {
  const known = new Set(
    RECORD_SOURCES.flatMap((source) => recordsOf(own, source.type).map((row) => refOf(source.type, row.id))),
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
 * The records carrying `identifier`, plus the possible matches in `include`; the other
 * records reached by following the identifiers found from `linkedFrom` are listed as
 * possible matches, not included.
 */
async function scopeOf(
  db: DbOrTx,
  identifier: SubjectIdentifier | null,
  linkedFrom: Identifiers,
  include: readonly string[],
): Promise<Pick<ScopedRecords, 'records' | 'ids' | 'possibleMatches'> & { included: string[] }> {
  const ids = identifiersOf(identifier);
  const own = await findRecords(db, ids, false);
  const wide = await findRecords(db, linkedFrom, true);
  const candidates = possibleMatches(wide, own);
  const chosen = new Set(include);
  const included = candidates.filter((match) => chosen.has(match.ref)).map((match) => match.ref);
  const records = new Map<RecordType, RecordRow[]>();
  for (const { type } of RECORD_SOURCES) {
    const picked = recordsOf(wide, type).filter((row) => included.includes(refOf(type, row.id)));
    records.set(type, [...recordsOf(own, type), ...picked]);
  }
  return { records, ids, possibleMatches: candidates.filter((match) => !chosen.has(match.ref)), included };
}

/** The records of the admin's own search: those carrying the identifier typed, and the possible matches included. */
async function searchScope(
  db: DbOrTx,
  identifier: SubjectIdentifier,
  include: readonly string[] = [],
): Promise<ScopedRecords> {
  const scoped = await scopeOf(db, identifier, identifiersOf(identifier), include);
  // SHA-256 of the identifier's normalised value: all an audit row keeps of the person.
  const subjectHash = sha256Hex(identifier.value);
  return {
    ...scoped,
    identifier,
    auditHashes: [subjectHash],
    basis: { requestId: null, identifierKind: identifier.kind, subjectHash, included: scoped.included },
  };
}

/**
 * The records of a data-subject request: those carrying its confirmed e-mail, plus the
 * possible matches the admin included. The CPF typed on the request only widens what is
 * listed as possible matches.
 */
async function requestScope(db: DbOrTx, requestId: string, include: readonly string[] = []): Promise<ScopedRecords> {
  const [request] = await db.select().from(dsrRequests).where(eq(dsrRequests.id, requestId));
  const proven: SubjectIdentifier | null =
    request?.confirmedAt && request.email ? { kind: 'email', value: request.email } : null;
  const linkedFrom = identifiersOf(proven);
  if (proven && request?.cpf) linkedFrom.cpfs.add(request.cpf);
  const scoped = await scopeOf(db, proven, linkedFrom, include);
  return {
    ...scoped,
    identifier: { kind: 'email', value: request?.email ?? '' },
    auditHashes: request ? [request.emailHash] : [],
    basis: {
      requestId,
      identifierKind: 'email',
      subjectHash: request?.emailHash ?? '',
      included: scoped.included,
    },
  };
}

/** The scope an export or erasure covers: the request's when one is answered, the search's otherwise. */
export const scopeFor = (db: DbOrTx, identifier: SubjectIdentifier, choice: ScopeChoice = {}) =>
  choice.requestId ? requestScope(db, choice.requestId, choice.include) : searchScope(db, identifier, choice.include);
