/*
 * The admins' list of discard reasons, kept in the sales settings row (one jsonb column),
 * so /admin/usuarios changes it without a deploy. A discard's reason is checked against the
 * list as it is when the discard is saved (src/server/inbox/pipeline.ts); history keeps the
 * words chosen then, so renaming a reason never rewrites past discards.
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_DISCARD_REASONS } from '~/lib/discard-reasons';
import type { DbOrTx } from '../db/client';
import { salesSettings } from '../db/schema/leads';
import type { Clock } from '../clock';

/** The current list, in the admins' order (the default one while the row is missing). */
export async function readDiscardReasons(db: DbOrTx): Promise<string[]> {
  const [row] = await db
    .select({ reasons: salesSettings.discardReasons })
    .from(salesSettings)
    .where(eq(salesSettings.id, 1));
  return row?.reasons ?? [...DEFAULT_DISCARD_REASONS];
}

/** Replaces the list (validated by discardReasonsSchema: 1–12 distinct short labels). */
export async function setDiscardReasons(
  deps: { db: DbOrTx; now: Clock },
  reasons: string[],
  actor: { id: string },
): Promise<void> {
  const at = deps.now();
  await deps.db
    .insert(salesSettings)
    .values({ id: 1, discardReasons: reasons, updatedAt: at, updatedBy: actor.id })
    .onConflictDoUpdate({
      target: salesSettings.id,
      set: { discardReasons: reasons, updatedAt: at, updatedBy: actor.id },
    });
}
