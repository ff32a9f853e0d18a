/*
 * Chaos (b): while a lead burst comes in, one webhook receiver fails half of the deliveries
 * it is offered (500), another leaves some calls unanswered past the sender's 10 s timeout,
 * and the mail server goes away for a few seconds and comes back on the same port. Each
 * receiver misbehaves on a delivery's first call only (./receiver.ts), so every delivery is
 * due again within one retry delay (DELIVERY_PROFILE) and the scenario converges in bounded time.
 * Every lead must still be one row and reach both receivers and the mailbox, every re-sent
 * call carrying the delivery id of the first, and in the end every delivery is recorded as sent.
 */
import { describe, it } from 'vitest';
import { startLeadLoad } from './load';
import { failingFirstCalls, hangingFirstCalls } from './receiver';
import { reportVerdict, runScenario } from './scenario';
import { DELIVERY_PROFILE, chaosEngines, until } from './stack';

const LEADS = 200;
const CLIENTS = 10;
const RECEIVERS = { flaky: failingFirstCalls(0.5), hanging: hangingFirstCalls(0.04) };
const NAMES = Object.keys(RECEIVERS);
/** The mail server is down this long, from when a quarter of the leads was accepted. */
const SMTP_OUTAGE_MS = 5_000;
/**
 * A delivery's last failure is at most 10 s (a call left hanging) after its first call, and its
 * retry is due one to two retry delays later (polled every 2 s); mail that failed in the outage
 * likewise, a second failure doubling the delay, while the breaker pauses all mail and then
 * probes. First calls go out within seconds of the last lead on an idle machine; the last 40 s
 * are slack for a busy one.
 */
const RETRY_MS = DELIVERY_PROFILE.retrySeconds * 1000;
const DELIVERED_AFTER_LOAD_MS =
  10_000 + 2 * RETRY_MS + 4 * RETRY_MS + DELIVERY_PROFILE.breakerPauseSeconds * 1000 + 40_000;

describe('flaky and hanging webhook receivers and an SMTP outage during a lead burst', () => {
  it.concurrent.for(chaosEngines)(
    '%s: every lead one row, delivered to every target, re-sends with the same id',
    async (engine, { expect }) => {
      await runScenario(engine, RECEIVERS, async (stack) => {
        const server = await stack.startInstance();
        const started = Date.now();
        const load = startLeadLoad({
          runId: stack.runId,
          total: LEADS,
          concurrency: CLIENTS,
          instances: () => [server.url],
          timeoutMs: 120_000,
        });
        const outage = until(() => load.accepted.size >= LEADS / 4, 120_000).then(async (reached) => {
          const mailsBefore = stack.mailbox.messages.length;
          await stack.mailbox.outage(SMTP_OUTAGE_MS);
          return { reached, mailsBefore, mailsAfter: stack.mailbox.messages.length };
        });
        await load.done;
        stack.mark('leads accepted');
        const loadSeconds = (Date.now() - started) / 1000;
        const { reached, mailsBefore, mailsAfter } = await outage;
        expect(reached, 'the SMTP outage came during the burst').toBe(true);
        const deliveredIn = await stack.waitForDeliveries(load.accepted.keys(), DELIVERED_AFTER_LOAD_MS);
        const deliveredSecondsAfterStart = deliveredIn === null ? null : (Date.now() - started) / 1000;
        stack.mark('delivered');
        // Every delivery was acknowledged by now, so its row says sent (once its attempt is recorded).
        const allSent = await stack.waitForAllSent(10_000);
        await server.stop();
        stack.mark('stopped');
        const verdict = await stack.judge(load);
        stack.mark('judged');
        const answered = (name: string, reply: number | 'hang') =>
          stack.receivers.get(name)!.requests.filter((call) => call.reply === reply).length;
        reportVerdict(
          'flaky receivers + SMTP outage',
          engine,
          stack,
          load,
          verdict,
          {
            loadSeconds,
            deliveredSecondsAfterStart,
            allSent,
            mailsBeforeOutage: mailsBefore,
            mailsDuringOutage: mailsAfter - mailsBefore,
            refused: { flaky500: answered('flaky', 500), hangingUnanswered: answered('hanging', 'hang') },
          },
          { webhookNames: NAMES, leads: LEADS },
        );
        expect(verdict.deliveryStatuses).toEqual({ 'email sent': LEADS, 'webhook sent': LEADS * NAMES.length });
      });
    },
  );
});
