/*
 * Netlify scheduled function: the follow-ups' morning digest (docs/working-the-leads.md),
 * one e-mail per salesperson with next steps due today, queued for the scheduled drain. A
 * thin wrapper around src/server/inbox/scheduled-digest.ts; logs counts only. A missing
 * variable fails the run with its name.
 */
import { ConfigError } from '../../src/server/config';
import { describeError } from '../../src/server/describe-error';
import { runScheduledDigest } from '../../src/server/inbox/scheduled-digest';
import { componentLogger } from '../../src/server/log/logger';

const log = componentLogger('follow-up-digest');

export default async (): Promise<Response> => {
  try {
    return Response.json(await runScheduledDigest(process.env));
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : `digest run failed: ${describeError(error)}`;
    log.error(message);
    return new Response(message, { status: 500 });
  }
};

// 10:30 UTC is 07:30 in São Paulo (no daylight saving since 2019), Monday to Friday, as the Node target's cron.
export const config = { schedule: '30 10 * * 1-5' };
