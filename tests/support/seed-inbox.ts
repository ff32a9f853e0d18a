/*
 * `tsx tests/support/seed-inbox.ts <dataDir> <webhookUrl>`: fills a fresh embedded database
 * with the sales inbox's e2e cast, before a server is started on it (tests/e2e/inbox.e2e.ts).
 * A browser test cannot reach into a running server's PGlite, and some of what the inbox
 * shows only exists with time: a lead past the 2-hour reply promise, a webhook the receiver
 * refused until its retries ran out.
 *
 * Leads go in through the real lead service (row, consent record, e-mail and webhook
 * deliveries to `webhookUrl`); afterwards only their age and delivery outcome are set by
 * hand, as days of waiting and a failing receiver would have left them. Then 300 demo leads
 * (scripts/support/demo-leads.ts), nobody's yet, so the pages are tried at a real day's volume. Prints the cast's
 * ids as JSON on stdout.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { openDatabase, pgliteDirFor, type Db } from '../../src/server/db/client';
import { contatos, deliveries } from '../../src/server/db/schema';
import { createLeadService } from '../../src/server/leads/lead.service';
import { insertDeliveries } from '../../src/server/outbox/outbox';
import { useOwnerOnlyUmask } from '../../src/server/owner-only';
import { FAILED_WEBHOOK_ERROR, INBOX_CAST, type InboxCastIds } from './inbox-cast';
import { seedDemoLeads } from '../../scripts/support/demo-leads';
import { sharedDeps } from '../../scripts/support/service-deps';
import { quietLog } from './log';

const MIGRATIONS = 'src/server/db/migrations';
const DAY = 24 * 60 * 60 * 1000;
const DEMO_LEADS = 300;
const CAST_AGE_DAYS = Math.max(...Object.values(INBOX_CAST).map((person) => person.age));

async function migrate(db: Db): Promise<void> {
  const internals = db as unknown as { dialect: PgDialect; session: PgSession };
  await internals.dialect.migrate(readMigrationFiles({ migrationsFolder: MIGRATIONS }), internals.session, {
    migrationsFolder: MIGRATIONS,
  });
}

async function main(): Promise<void> {
  const [dataDir, webhookUrl] = process.argv.slice(2);
  if (!dataDir || !webhookUrl) throw new Error('usage: seed-inbox.ts <dataDir> <webhookUrl>');
  useOwnerOnlyUmask();
  const handle = await openDatabase({ pgliteDir: pgliteDirFor(dataDir), maxConnections: 1 });
  try {
    const db = handle.db;
    await migrate(db);
    const now = new Date();
    const leads = createLeadService({
      db,
      outbox: { enqueueDeliveries: (tx, items) => insertDeliveries(tx, items, now) },
      sendMail: async () => ({ transport: 'log' as const }),
      config: {
        dataDir,
        leadNotifyTo: 'comercial@pilota.example',
        leadWebhookUrls: [webhookUrl],
        webhookSecret: undefined,
      },
      log: quietLog,
      ...sharedDeps({ db, config: { authSecret: 'e2e-seed' } }),
    });
    const ids: Partial<InboxCastIds> = {};
    for (const [key, person] of Object.entries(INBOX_CAST) as [
      keyof typeof INBOX_CAST,
      (typeof INBOX_CAST)[keyof typeof INBOX_CAST],
    ][]) {
      const result = await leads.create(
        {
          nome: person.nome,
          email: person.email,
          celular: person.celular,
          tipo: person.tipo,
          empresa: person.empresa,
          submission_key: randomUUID(),
          pagina_origem: 'http://localhost/planos',
          ...person.utm,
        },
        {},
      );
      if (result.status !== 'saved') throw new Error(`lead ${key} not saved: ${result.status}`);
      const [row] = await db.select({ id: contatos.id }).from(contatos).where(eq(contatos.email, person.email));
      ids[key] = row!.id;
      await db
        .update(contatos)
        .set({ createdAt: new Date(now.getTime() - person.age * DAY) })
        .where(eq(contatos.id, row!.id));
    }
    // Every delivery went out long ago, except Caio's webhook, which the receiver kept refusing.
    const all = await db.select().from(deliveries);
    const failed = all.find((row) => row.kind === 'webhook' && row.subjectId === ids.caio);
    if (!failed) throw new Error('no webhook delivery for caio');
    await db
      .update(deliveries)
      .set({ status: 'sent', attempts: 1, dispatchedAt: now, deliveredAt: now })
      .where(
        inArray(
          deliveries.id,
          all.filter((row) => row.id !== failed.id).map((row) => row.id),
        ),
      );
    await db
      .update(deliveries)
      .set({ status: 'failed', attempts: 11, dispatchedAt: now, lastError: FAILED_WEBHOOK_ERROR })
      .where(eq(deliveries.id, failed.id));
    ids.failedWebhook = failed.id;
    // A real day's volume around the cast: the team's pages are tried with this many leads.
    // They arrived before the cast's oldest, so the cast heads every newest-first view.
    await seedDemoLeads(db, { count: DEMO_LEADS, now: new Date(now.getTime() - (CAST_AGE_DAYS + 1) * DAY) });
    // The e2e finds the cast's rows by name: no demo lead may contain one.
    const castNames = Object.values(INBOX_CAST).map((person) => person.nome);
    const namesakes = (await db.select({ nome: contatos.nome }).from(contatos))
      .map((row) => row.nome)
      .filter((nome) => !castNames.includes(nome as (typeof castNames)[number]))
      .filter((nome) => castNames.some((cast) => nome.includes(cast)));
    if (namesakes.length) throw new Error(`demo leads named like the cast: ${namesakes.join(', ')}`);
    process.stdout.write(`${JSON.stringify(ids)}\n`);
  } finally {
    await handle.close();
  }
}

await main();
