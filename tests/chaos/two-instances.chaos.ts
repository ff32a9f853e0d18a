/*
 * Chaos (c): two server instances on one PostgreSQL database share a lead burst, the
 * visitors' posts alternating between them. Each lead must be one row and reach both
 * receivers and the mailbox exactly once: the instances deliver from one queue, and no job
 * may be taken by both. Needs PostgreSQL (TEST_DATABASE_URL): the embedded database has one
 * owner by design.
 */
import { describe, it } from 'vitest';
import { startLeadLoad } from './load';
import { reportVerdict, runScenario } from './scenario';
import { chaosEngines, sleep } from './stack';
import { healthy } from './receiver';

const LEADS = 300;
const CLIENTS = 12;
const RECEIVERS = { A: healthy, B: healthy };
const NAMES = Object.keys(RECEIVERS);

describe('two server instances on one PostgreSQL database', () => {
  it.skipIf(!chaosEngines.includes('postgres'))(
    'postgres: share the load, every lead one row, each delivery made exactly once (skipped without TEST_DATABASE_URL)',
    async ({ expect }) => {
      await runScenario('postgres', RECEIVERS, async (stack) => {
        const servers = await Promise.all([stack.startInstance(), stack.startInstance()]);
        const started = Date.now();
        const load = startLeadLoad({
          runId: stack.runId,
          total: LEADS,
          concurrency: CLIENTS,
          instances: () => servers.map((server) => server.url),
          timeoutMs: 120_000,
        });
        await load.done;
        stack.mark('leads accepted');
        const loadSeconds = (Date.now() - started) / 1000;
        const deliveredIn = await stack.waitForDeliveries(load.accepted.keys(), 90_000);
        const allSent = await stack.waitForAllSent(30_000);
        // A job taken by both instances would arrive twice within moments: give it those.
        await sleep(3_000);
        await Promise.all(servers.map((server) => server.stop()));
        stack.mark('stopped');
        const verdict = await stack.judge(load);
        const acceptedBy = servers.map(
          (server) => [...load.accepted.values()].filter((lead) => lead.instance === server.url).length,
        );
        reportVerdict(
          'two instances, one PostgreSQL',
          'postgres',
          stack,
          load,
          verdict,
          {
            loadSeconds,
            deliveredSecondsAfterLoad: deliveredIn,
            allSent,
            acceptedByInstance: acceptedBy,
          },
          { webhookNames: NAMES, leads: LEADS },
        );
        for (const count of acceptedBy) expect(count).toBeGreaterThan(LEADS / 4);
        // Healthy targets: nothing is sent twice.
        for (const name of NAMES) expect(verdict.figures.webhooks[name]).toMatchObject({ requests: LEADS, resends: 0 });
        expect(verdict.figures.mail).toMatchObject({ messages: LEADS, resends: 0 });
        expect(verdict.deliveryStatuses).toEqual({ 'email sent': LEADS, 'webhook sent': LEADS * NAMES.length });
      });
    },
  );
});
