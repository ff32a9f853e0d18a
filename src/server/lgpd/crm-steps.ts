/*
 * The CRM deletions an admin does by hand after an erasure (where a CRM's API cannot delete,
 * has no credentials for it, or failed: src/server/connectors/erasure.ts), kept in the audit
 * trail so it shows what is still owed and when each was done. A `crm_manual` row names the
 * tools owed (its counts, one per tool), under the erasure's anonymous subject hash; a
 * `crm_done` row is the admin's word that one tool is done, pointing back at it by the same
 * hash. Nothing here holds the person's identifier.
 */
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { lgpdAudit, type LgpdAuditRow } from '../db/schema/lgpd';
import type { CrmErasure } from '../connectors/erasure';
import type { Actor } from '../actor';
import type { ScopeBasis } from './subject-scope';

export const CRM_TOOLS = ['rdstation', 'hubspot', 'pipedrive'] as const;
export type CrmTool = (typeof CRM_TOOLS)[number];

/** One deletion owed in a CRM: since when (the erasure), and when it was done, if it was. */
export interface CrmStep {
  /** The `crm_manual` row, which a "done" answer names. */
  auditId: string;
  tool: CrmTool;
  since: Date;
  done: { at: Date; by: string } | undefined;
}

/** The tools an erasure left to the admin's hands: those whose API could not delete. */
export function manualTools(crm: CrmErasure): CrmTool[] {
  return CRM_TOOLS.filter((tool) => crm[tool]?.status === 'manual' || crm[tool]?.status === 'failed');
}

/**
 * The steps an audit trail holds, newest erasure first: each tool of a `crm_manual` row, done
 * by the first `crm_done` row for that tool at or after it (the same subject's rows).
 */
export function crmSteps(audit: readonly LgpdAuditRow[]): CrmStep[] {
  const done = audit.filter((row) => row.action === 'crm_done').sort((a, b) => a.at.getTime() - b.at.getTime());
  return audit
    .filter((row) => row.action === 'crm_manual')
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .flatMap((row) =>
      CRM_TOOLS.filter((tool) => row.counts[tool]).map((tool) => {
        const answer = done.find(
          (d) => d.subjectHash === row.subjectHash && d.counts[tool] && d.at.getTime() >= row.at.getTime(),
        );
        return {
          auditId: row.id,
          tool,
          since: row.at,
          done: answer ? { at: answer.at, by: answer.actorEmail } : undefined,
        };
      }),
    );
}

/** Records the tools owed after an erasure; the row's id, or undefined when none is owed. */
export async function recordManualTools(
  db: DbOrTx,
  basis: Pick<ScopeBasis, 'identifierKind' | 'subjectHash' | 'requestId'>,
  tools: readonly CrmTool[],
  actor: Actor,
  now: Date,
): Promise<string | undefined> {
  if (tools.length === 0) return undefined;
  const [row] = await db
    .insert(lgpdAudit)
    .values({
      at: now,
      action: 'crm_manual',
      actorId: actor.id,
      actorEmail: actor.email,
      identifierKind: basis.identifierKind,
      subjectHash: basis.subjectHash,
      requestId: basis.requestId,
      counts: Object.fromEntries(tools.map((tool) => [tool, 1])),
    })
    .returning({ id: lgpdAudit.id });
  return row!.id;
}

/**
 * Records that `tool`, owed by the `crm_manual` row `auditId`, was done by hand. False when
 * that row does not owe it; a second answer for a step already done changes nothing.
 */
export async function recordToolDone(
  db: Db,
  auditId: string,
  tool: CrmTool,
  actor: Actor,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [owed] = await tx
      .select()
      .from(lgpdAudit)
      .where(and(eq(lgpdAudit.id, auditId), eq(lgpdAudit.action, 'crm_manual')))
      .for('update');
    if (!owed?.counts[tool]) return false;
    const trail = await tx.select().from(lgpdAudit).where(eq(lgpdAudit.subjectHash, owed.subjectHash));
    if (crmSteps(trail).some((step) => step.auditId === auditId && step.tool === tool && step.done)) return true;
    await tx.insert(lgpdAudit).values({
      at: now,
      action: 'crm_done',
      actorId: actor.id,
      actorEmail: actor.email,
      identifierKind: owed.identifierKind,
      subjectHash: owed.subjectHash,
      requestId: owed.requestId,
      counts: { [tool]: 1 },
    });
    return true;
  });
}
