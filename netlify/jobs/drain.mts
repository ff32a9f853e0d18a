/*
 * Netlify scheduled function: delivers the e-mails and webhooks waiting in the database,
 * every minute (docs/deploying.md, "How it runs there" → "Deliveries"). A thin wrapper:
 * the run itself is src/server/delivery/scheduled-drain.ts, bounded well inside Netlify's
 * 30 s limit for scheduled functions. A missing variable fails the run with its name.
 */
import { ConfigError } from '../../src/server/config';
import { runScheduledDrain } from '../../src/server/delivery/scheduled-drain';
import { describeError } from '../../src/server/describe-error';
import { componentLogger } from '../../src/server/log/logger';

const log = componentLogger('drain');

/** Netlify's scheduler POSTs `{ "next_run": "<ISO date>" }`; only that date is read, for the log. */
async function nextRun(request: Request): Promise<string | undefined> {
  const body: unknown = await request.json().catch(() => undefined);
  const value = (body as { next_run?: unknown } | undefined)?.next_run;
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : undefined;
}

export default async (request: Request): Promise<Response> => {
  try {
    // Work left at the deadline goes on in drain-background.mts (one run at a time).
    const result = await runScheduledDrain(process.env, { continueInBackground: true });
    const next = await nextRun(request);
    if (next) log.info(`next run at ${next}`);
    return Response.json(result);
  } catch (error) {
    // A ConfigError names the missing variables; anything else is described without its values.
    const message = error instanceof ConfigError ? error.message : `delivery run failed: ${describeError(error)}`;
    log.error(message);
    return new Response(message, { status: 500 });
  }
};

export const config = { schedule: '* * * * *' };
