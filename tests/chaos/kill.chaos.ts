/*
 * Chaos (a): the production server is killed with SIGKILL in the middle of a lead burst and
 * started again on the same data. Visitors keep submitting through the real lead endpoints
 * (a post cut off by the kill is sent again with its submission key), webhooks and e-mails go
 * out meanwhile. Afterwards every accepted lead is one row, and every lead reached both
 * receivers and the mailbox — the calls in flight at the kill or sent but not yet recorded are
 * re-sent by the restarted server once their jobs expire (DELIVERY_PROFILE), with the same
 * delivery id. Every lead also goes to Pipedrive (the CRM connector, on its stand-in), whose
 * API takes no idempotency key: a call cut off by the kill is made again, and the stand-in must
 * still hold one person per e-mail and one Pipedrive lead per lead.
 */
import { describe, it } from 'vitest';
import { startLeadLoad } from './load';
import { killHard, reportVerdict, runScenario } from './scenario';
import { DELIVERY_PROFILE, chaosEngines, until } from './stack';
import { healthy } from './receiver';

const LEADS = 200;
const CLIENTS = 10;
/** Killed once this share of the leads was accepted and deliveries are under way. */
const KILL_AT = 0.4;
const RECEIVERS = { A: healthy, B: healthy };
const NAMES = Object.keys(RECEIVERS);
/**
 * A job in flight at the kill (or sent and not yet recorded) stays active until it expires
 * (DELIVERY_PROFILE.expireSeconds); the restarted server's supervision fails it one expiry
 * after its start (two, if the pass loses its claim to the dead server's last one), and pg-boss
 * retries it one to two retry delays later (polled every 2 s). By then every such delivery was
 * sent again, and the rows say so. The suite goes on as soon as they do (read from the database
 * on PostgreSQL, from the server's /metrics on the embedded one); this is the bound.
 */
const RESENT_AFTER_RESTART_MS = (2 * DELIVERY_PROFILE.expireSeconds + 2 * DELIVERY_PROFILE.retrySeconds) * 1000 + 8_000;

describe('kill -9 of the server mid-load, then a restart on the same data', () => {
  it.concurrent.for(chaosEngines)(
    '%s: no accepted lead lost or stored twice, each delivered to every target',
    async (engine, { expect }) => {
      await runScenario(
        engine,
        RECEIVERS,
        async (stack) => {
          let server = await stack.startInstance();
          let up = [server.url];
          const started = Date.now();
          const load = startLeadLoad({
            runId: stack.runId,
            total: LEADS,
            concurrency: CLIENTS,
            instances: () => up,
            timeoutMs: 120_000,
          });
          const firstHook = stack.receivers.get('A')!;
          const midLoad = await Promise.race([
            until(
              () =>
                load.accepted.size >= LEADS * KILL_AT &&
                firstHook.requests.length > 0 &&
                stack.mailbox.messages.length > 0,
              120_000,
            ),
            load.done.then(() => false),
          ]);
          expect(midLoad, 'the kill came before the load ended, with deliveries under way').toBe(true);
          const acceptedBeforeKill = load.accepted.size;
          up = [];
          await killHard(server);
          const killedAt = Date.now();
          stack.mark('killed');
          server = await stack.startInstance();
          const restartedAt = Date.now();
          up = [server.url];
          await load.done;
          stack.mark('leads accepted');
          const loadSeconds = (Date.now() - started) / 1000;
          const deliveredIn = await stack.waitForDeliveries(load.accepted.keys(), RESENT_AFTER_RESTART_MS + 30_000);
          const deliveredSecondsAfterKill = deliveredIn === null ? null : (Date.now() - killedAt) / 1000;
          stack.mark('delivered');
          const allSent = await stack.waitForAllSent(restartedAt + RESENT_AFTER_RESTART_MS + 30_000 - Date.now());
          const settledSecondsAfterKill = (Date.now() - killedAt) / 1000;
          stack.mark('re-sends recorded');
          await server.stop();
          stack.mark('stopped');
          const verdict = await stack.judge(load);
          stack.mark('judged');
          reportVerdict(
            'kill -9 mid-load',
            engine,
            stack,
            load,
            verdict,
            {
              acceptedBeforeKill,
              restartSeconds: (restartedAt - killedAt) / 1000,
              loadSeconds,
              deliveredSecondsAfterKill,
              settledSecondsAfterKill,
              allSent,
              pipedriveCalls: stack.pipedrive?.requests.length,
            },
            { webhookNames: NAMES, leads: LEADS },
          );
          // Nothing left to send: the deliveries interrupted by the kill were sent again and recorded.
          expect(verdict.deliveryStatuses).toEqual({
            'email sent': LEADS,
            'webhook sent': LEADS * NAMES.length,
            'pipedrive sent': LEADS,
          });
          // Pipedrive: one person per e-mail and one lead per accepted lead, whatever the kill cut off.
          const crm = stack.pipedrive!;
          const emails = [...load.accepted.keys()];
          expect(crm.persons).toHaveLength(new Set(emails).size);
          expect(crm.persons.flatMap((person) => person.emails).sort()).toEqual([...new Set(emails)].sort());
          expect(crm.leads).toHaveLength(LEADS);
          expect(new Set(crm.leads.map((lead) => lead['origin_id'])).size).toBe(LEADS);
        },
        { pipedrive: true },
      );
    },
  );
});
