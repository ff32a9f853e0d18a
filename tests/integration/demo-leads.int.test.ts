/*
 * Demo leads for the sales inbox (scripts/support/demo-leads.ts, `npm run db:seed-demo`):
 * every row is one the lead form could have saved, marked as demo, with a status history
 * that ends at its status; the same seed gives the same leads.
 */
import { asc, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contatos, leadStatusChanges } from '~/server/db/schema';
import { DEMO_SUBMISSION_PREFIX, seedDemoLeads } from '../../scripts/support/demo-leads';
import { formatPhone, phoneDigits } from '~/lib/phone';
import { leadSchema } from '~/lib/validation/lead';
import { engines, useTestDatabase } from '../support/db';

/** Rows of a raw `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

describe.each(engines)('demo leads on %s', (engine) => {
  const t = useTestDatabase(engine);
  const now = new Date('2026-11-23T15:00:00Z');

  it('seeds N leads the form could have saved, with a consistent history', async () => {
    const progress: number[] = [];
    const result = await seedDemoLeads(t.db, { count: 2500, now, seed: 7 }, (written) => progress.push(written));
    expect(result.leads).toBe(2500);
    expect(progress).toEqual([2000, 2500]);

    const rows = await t.db.select().from(contatos);
    expect(rows).toHaveLength(2500);
    for (const row of rows) {
      const parsed = leadSchema.safeParse({
        nome: row.nome,
        email: row.email,
        // Stored as digits, as a saved lead is; the form took them masked.
        celular: formatPhone(row.celular),
        tipo: row.tipo,
        empresa: row.empresa || undefined,
      });
      expect(parsed.success, `${row.nome} ${row.email} ${row.celular}`).toBe(true);
      expect(row.celular).toBe(phoneDigits(row.celular));
      expect(row.submissionKey.startsWith(DEMO_SUBMISSION_PREFIX)).toBe(true);
      expect(row.email).toMatch(/@exemplo\./);
      expect(row.createdAt.getTime()).toBeLessThan(now.getTime());
    }
    const statuses = new Set(rows.map((row) => row.status));
    expect([...statuses].sort()).toEqual(['convertido', 'descartado', 'em_contato', 'novo', 'qualificado']);
    expect(new Set(rows.map((row) => row.utmSource)).size).toBeGreaterThan(4);
    expect(rows.some((row) => row.partnerSlug)).toBe(true);

    // The last change of each worked lead leads to its status; a discard has its reason.
    const mismatched = rowsOf(
      await t.db.execute(sql`
      select c.id from contatos c
        join lateral (select to_status from lead_status_changes s where s.lead_id = c.id order by created_at desc limit 1) last on true
       where last.to_status <> c.status`),
    );
    expect(mismatched).toEqual([]);
    const novos = await t.db
      .select({ id: contatos.id })
      .from(contatos)
      .innerJoin(leadStatusChanges, eq(leadStatusChanges.leadId, contatos.id))
      .where(eq(contatos.status, 'novo'));
    expect(novos).toEqual([]);
    const discards = await t.db.select().from(leadStatusChanges).where(eq(leadStatusChanges.toStatus, 'descartado'));
    expect(discards.every((change) => (change.reason ?? '').length > 0)).toBe(true);
  });

  it('gives the same leads for the same seed', async () => {
    await seedDemoLeads(t.db, { count: 50, now, seed: 3 });
    const first = await t.db
      .select({ nome: contatos.nome, celular: contatos.celular })
      .from(contatos)
      .orderBy(asc(contatos.submissionKey));
    await t.truncate();
    await seedDemoLeads(t.db, { count: 50, now, seed: 3 });
    const second = await t.db
      .select({ nome: contatos.nome, celular: contatos.celular })
      .from(contatos)
      .orderBy(asc(contatos.submissionKey));
    expect(second.map((row) => row.nome).sort()).toEqual(first.map((row) => row.nome).sort());
    expect(await t.db.select().from(contatos).where(like(contatos.email, '%@exemplo.%'))).toHaveLength(50);
  });
});
