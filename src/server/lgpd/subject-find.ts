/*
 * Everything the site holds about one data subject, for the admin area (LGPD art. 18): the
 * records that name the person (./subject-scope.ts decides which), and what hangs off them —
 * the team's notes, status history and next steps, identity documents, consent records, e-mails and
 * webhooks about them, security events naming the e-mail, and the anonymous audit trail.
 * Each feature finds its own part (./personal-data.ts gathers them), in the registry's order.
 */
import type { SubjectIdentifier } from '~/lib/lgpd-identifier';
import type { ConsentFound } from '../consent/personal-data';
import type { DbOrTx } from '../db/client';
import { newestFirst, type RecordType, type SubjectScope } from '../db/personal-data';
import type { DeliveriesFound } from '../delivery/personal-data';
import type { ImplementationFound } from '../implementation/personal-data';
import type { FollowUpsFound } from '../inbox/personal-data';
import type { LeadsFound } from '../leads/personal-data';
import type { SecurityEventsFound } from '../security/personal-data';
import type { LgpdFound } from './lgpd-personal-data';
import { SUBJECT_HANDLERS } from './personal-data';
import { recordsOf } from './subject-records';
import { scopeFor, type PossibleMatch, type ScopeBasis, type ScopeChoice } from './subject-scope';

export type { DocumentRow, ImplementationRow } from '../implementation/personal-data';
export type { RequestRow } from './lgpd-personal-data';
export type { PossibleMatch, ScopeBasis, ScopeChoice } from './subject-scope';

/** What the features find about the person, one key per part their tables declare. */
type FoundParts = LeadsFound &
  FollowUpsFound &
  ImplementationFound &
  ConsentFound &
  DeliveriesFound &
  LgpdFound &
  SecurityEventsFound;

export type SubjectData = { identifier: SubjectIdentifier } & FoundParts & {
    /** Records sharing another identifier with the subject's, for the admin to check (./subject-scope.ts). */
    possibleMatches: PossibleMatch[];
    /** The request or identifier it is about, and which possible matches the admin included. */
    basis: ScopeBasis;
  };

/** The parts of a data subject's record that come from tables (each some table's `part`). */
export type SubjectPart = Exclude<keyof SubjectData, 'identifier' | 'possibleMatches' | 'basis'>;

/**
 * Everything about the person, newest first within each kind: the records carrying
 * `identifier` (for a data-subject request, its confirmed e-mail) and the possible matches
 * the admin included (./subject-scope.ts).
 */
export async function findSubject(
  db: DbOrTx,
  identifier: SubjectIdentifier,
  choice: ScopeChoice = {},
): Promise<SubjectData> {
  const scoped = await scopeFor(db, identifier, choice);
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
    basis: scoped.basis,
  };
}

/** Whether anything personal was found (the audit trail alone is anonymous). */
export const hasPersonalData = (data: SubjectData) => SUBJECT_HANDLERS.some((handlers) => handlers.namesSomeone(data));
