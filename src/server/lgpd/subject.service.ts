/*
 * What the admin does with one data subject's data (LGPD art. 18): export it as JSON
 * (access, portability), anonymise it or delete it, documents included, with an audit record
 * of who did it and when. What "the subject's data" is comes from ./subject-find.ts: the
 * records carrying the identifier searched (for a data-subject request, its confirmed
 * e-mail) and the possible matches the admin included (./subject-scope.ts).
 *
 * Each feature exports and erases its own part (its `personal-data.ts`, gathered in
 * ./personal-data.ts). Anonymising keeps rows (dates, counts, types, pages, campaigns) and
 * empties every personal field; deleting removes the rows. Either way documents leave
 * storage, queued e-mails and webhooks about the person are dropped, security events lose the
 * e-mail, and the person's data-subject requests keep only their type, dates and e-mail hash —
 * with the audit row, the anonymous record of what was done. The audit row names the admin
 * and keeps the subject only as the SHA-256 of the identifier searched (of the request's
 * e-mail, for a request); each possible match the admin included is recorded as a security
 * event naming the admin, the request or the kind of identifier searched, the record and the action.
 */
import { eq } from 'drizzle-orm';
import type { SubjectIdentifier } from '~/lib/lgpd-identifier';
import type { Db, DbOrTx } from '../db/client';
import type { EraseMode } from '../db/personal-data';
import { dsrRequests, lgpdAudit, type LgpdAuditAction } from '../db/schema/lgpd';
import type { Actor } from '../actor';
import { recordInTransaction } from '../security/events';
import { SUBJECT_HANDLERS } from './personal-data';
import { findSubject, type RequestRow, type SubjectData } from './subject-find';
import type { ScopeChoice } from './subject-scope';

export type { EraseMode } from '../db/personal-data';
export {
  findSubject,
  hasPersonalData,
  type DocumentRow,
  type ImplementationRow,
  type PossibleMatch,
  type RequestRow,
  type ScopeChoice,
  type SubjectData,
} from './subject-find';

/**
 * The audit row of an export or erasure, and the record of each possible match the admin
 * included in it: written together, in the caller's transaction.
 */
async function audit(
  db: DbOrTx,
  data: SubjectData,
  action: Exclude<LgpdAuditAction, 'complete'>,
  actor: Actor,
  now: Date,
) {
  const { basis } = data;
  await db.insert(lgpdAudit).values({
    at: now,
    action,
    actorId: actor.id,
    actorEmail: actor.email,
    identifierKind: basis.identifierKind,
    subjectHash: basis.subjectHash,
    requestId: basis.requestId,
    counts: counts(data),
  });
  if (basis.included.length === 0) return;
  await recordInTransaction(
    db,
    basis.included.map((record) => ({
      userId: actor.id,
      eventType: 'lgpd_match_included' as const,
      createdAt: now,
      details: {
        source: 'admin:lgpd',
        severity: 'info',
        admin: actor.email,
        // A request by id; a search by the kind and hash of the identifier, never its value.
        ...(basis.requestId
          ? { request: basis.requestId }
          : { searchedBy: basis.identifierKind, subjectHash: basis.subjectHash }),
        record,
        action,
      },
    })),
  );
}

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
  choice: ScopeChoice = {},
): Promise<{ file: object; data: SubjectData }> {
  const data = await findSubject(db, identifier, choice);
  // Each feature's fields, in the registry's order; a field two features fill (the status
  // history of leads and of implementation requests) is one list, the first feature's rows first.
  const fields: Record<string, unknown[]> = {};
  for (const handlers of SUBJECT_HANDLERS) {
    for (const [name, rows] of Object.entries(await handlers.exportFields(db, data))) {
      fields[name] = [...(fields[name] ?? []), ...rows];
    }
  }
  const file = {
    formato: 'pilota-lgpd-export/1',
    geradoEm: now.toISOString(),
    controlador: {
      nome: controller.legalName,
      registro: controller.registration,
      encarregado: controller.encarregado,
    },
    identificador: { tipo: data.identifier.kind, valor: data.identifier.value },
    ...fields,
  };
  await db.transaction((tx) => audit(tx, data, 'export', actor, now));
  return { file, data };
}

function counts(data: SubjectData): Record<string, number> {
  return Object.assign({}, ...SUBJECT_HANDLERS.map((handlers) => handlers.counts(data)), {
    possibleMatchesIncluded: data.basis.included.length,
  }) as Record<string, number>;
}

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
  choice: ScopeChoice = {},
): Promise<Record<string, number>> {
  return db.transaction(async (tx) => {
    const data = await findSubject(tx, identifier, choice);
    for (const handlers of SUBJECT_HANDLERS) await handlers.erase(tx, data, mode, now);
    await audit(tx, data, mode, actor, now);
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
