/*
 * Everything the site holds about one data subject, for the admin area (LGPD art. 18): the
 * records that name the person (./subject-scope.ts decides which), and what hangs off them —
 * the team's notes and status history, identity documents, consent records, e-mails and
 * webhooks about them, security events naming the e-mail, and the anonymous audit trail.
 * Each feature finds its own part (./personal-data.ts gathers them), in the registry's order.
 */
import type { SubjectIdentifier } from '~/lib/lgpd-identifier';
import type { ConsentFound } from '../consent/personal-data';
import type { DbOrTx } from '../db/client';
import { newestFirst, type RecordType, type SubjectScope } from '../db/personal-data';
import type { DeliveriesFound } from '../delivery/personal-data';
import type { ImplementationFound } from '../implementation/personal-data';
import type { LeadsFound } from '../leads/personal-data';
import type { SecurityEventsFound } from '../security/personal-data';
import { sha256Hex } from './dsr.service';
import type { LgpdFound } from './lgpd-personal-data';
import { SUBJECT_HANDLERS } from './personal-data';
import { recordsOf } from './subject-records';
import { requestScope, searchScope, type PossibleMatch, type RequestProof, type RequestScope } from './subject-scope';

export type { DocumentRow, ImplementationRow } from '../implementation/personal-data';
export type { RequestRow } from './lgpd-personal-data';
export type { PossibleMatch, RequestScope } from './subject-scope';

/** What the features find about the person, one key per part their tables declare. */
type FoundParts = LeadsFound & ImplementationFound & ConsentFound & DeliveriesFound & LgpdFound & SecurityEventsFound;

export type SubjectData = { identifier: SubjectIdentifier } & FoundParts & {
    /** For a data-subject request: records sharing an identifier, for the admin to check (./subject-scope.ts). */
    possibleMatches: PossibleMatch[];
    /** For a data-subject request: what it proved and which possible matches the admin included. */
    proof: RequestProof | null;
  };

/** The parts of a data subject's record that come from tables (each some table's `part`). */
export type SubjectPart = Exclude<keyof SubjectData, 'identifier' | 'possibleMatches' | 'proof'>;

/** SHA-256 of an identifier's normalised value: all an audit row keeps of the person. */
export const subjectHash = (identifier: SubjectIdentifier) => sha256Hex(identifier.value);

/**
 * Everything about the person, newest first within each kind: for the admin's search, from
 * `identifier`; for a data-subject request, from what the request proved (./subject-scope.ts).
 */
export async function findSubject(
  db: DbOrTx,
  identifier: SubjectIdentifier,
  request?: RequestScope,
): Promise<SubjectData> {
  const scoped = request ? await requestScope(db, request) : await searchScope(db, identifier);
  const idsOf = (type: RecordType) => recordsOf(scoped.records, type).map((row) => row.id);
  const scope: SubjectScope = {
    ids: { lead: idsOf('lead'), implementacao: idsOf('implementacao'), lgpd: idsOf('lgpd') },
    emails: [...scoped.ids.emails],
    auditHashes: scoped.auditHashes,
  };
  const found = {};
  for (const handlers of SUBJECT_HANDLERS) {
    const own = handlers.records ? recordsOf(scoped.records, handlers.records.type) : [];
    Object.assign(found, await handlers.find(db, scope, own));
  }
  return {
    identifier: scoped.identifier,
    // Each feature filled its part: its tables' `part`s are keys of what its `find` returns (typed),
    // and tests/unit/personal-data.test.ts checks that every key of FoundParts is some table's part.
    ...(found as FoundParts),
    possibleMatches: newestFirst(scoped.possibleMatches),
    proof: scoped.proof,
  };
}

/** Whether anything personal was found (the audit trail alone is anonymous). */
export const hasPersonalData = (data: SubjectData) => SUBJECT_HANDLERS.some((handlers) => handlers.namesSomeone(data));
