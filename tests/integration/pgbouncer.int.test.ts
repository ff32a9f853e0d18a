/*
 * Supabase's pooler profile (transaction mode, port 6543), which Netlify functions use:
 * the test pooler is as strict as the real one, the app's own statements pass through
 * it, and the delivery queue does not rely on LISTEN/NOTIFY there. The whole integration
 * suite also runs on the 'pgbouncer' engine (tests/support/db.ts).
 */
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { contatos } from '~/server/db/schema';
import { deliveryStack } from '../../scripts/support/deliveries';
import { useTestDatabase } from '../support/db';
import { logCapture } from '../support/log';
import { pgBouncerMissingReason } from '../../scripts/support/pgbouncer';
import { aLeadRow } from '../support/leads';

const missing = pgBouncerMissingReason();

describe.skipIf(missing)(`transaction-mode pooler${missing ? ` — skipped: ${missing}` : ''}`, () => {
  const t = useTestDatabase('pgbouncer');

  async function withClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }

  it('is as strict as Supabase: a named statement and session settings do not outlive their transaction', async () => {
    await withClient(async (client) => {
      const named = { name: 'pilota_probe', text: 'select $1::int as n', values: [1] };
      expect((await client.query(named)).rows).toEqual([{ n: 1 }]);
      await expect(client.query(named)).rejects.toThrow(/prepared statement "pilota_probe" does not exist/);

      await client.query("set statement_timeout = '1234ms'");
      const { rows } = await client.query<{ statement_timeout: string }>('show statement_timeout');
      expect(rows[0]!.statement_timeout).not.toBe('1234ms');

      // Inside one transaction the server connection is the client's: that is what the app relies on.
      await client.query('begin');
      await client.query("set local statement_timeout = '1234ms'");
      const inside = await client.query<{ statement_timeout: string }>('show statement_timeout');
      await client.query('commit');
      expect(inside.rows[0]!.statement_timeout).toBe('1234ms');
    });
  });

  it("the app's Drizzle queries and transactions run through it, repeatedly, on a pool of two", async () => {
    expect(t.handle.transactionPooler).toBe(true);
    // Run the same statements more times than there are server connections: a named statement would break here.
    for (let round = 0; round < 12; round++) {
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
        await tx.insert(contatos).values(aLeadRow({ nome: `Pessoa ${round}`, email: `p${round}@exemplo.com` }));
      });
      const [row] = await t.db.select({ n: count() }).from(contatos);
      expect(row!.n).toBe(round + 1);
    }
  });

  it('the delivery queue polls instead of listening: it never sends LISTEN through the pooler', async () => {
    // A LISTEN through a transaction-mode pooler is lost with its transaction (pg-boss's
    // heartbeat reports it 10 s later). pg-boss sends it, on a client of its own, while it
    // starts: every statement a pg client sends on is watched from before the start.
    const query = vi.spyOn(pg.Client.prototype, 'query');
    const { log, lines } = logCapture();
    const stack = deliveryStack(t.handle, {
      sendMail: () => Promise.reject(new Error('no mail in this test')),
      log,
    });
    let calls: unknown[][];
    try {
      await stack.start();
    } finally {
      await stack.stop(1_000);
      calls = [...query.mock.calls];
      query.mockRestore();
    }
    const sent = calls.map(([statement]) =>
      typeof statement === 'string' ? statement : ((statement as { text?: string } | undefined)?.text ?? ''),
    );
    // The queue did talk to the database through a pg client, but never asked to listen.
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((text) => /^\s*(UN)?LISTEN\b/i.test(text))).toEqual([]);
    expect(lines.filter((line) => /LISTEN|NOTIFY/.test(line))).toEqual([]);
  });
});
