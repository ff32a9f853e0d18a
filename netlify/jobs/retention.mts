/*
 * Netlify scheduled function: the daily retention pass (docs/privacy.md, "Retention"): identity
 * documents, old leads, delivery payloads and security events past their periods. A thin
 * wrapper around src/server/lgpd/scheduled-retention.ts; logs counts only. A missing
 * variable fails the run with its name.
 */
import { ConfigError } from '../../src/server/config';
import { describeError } from '../../src/server/describe-error';
import { runScheduledRetention } from '../../src/server/lgpd/scheduled-retention';
import { componentLogger } from '../../src/server/log/logger';

const log = componentLogger('retention');

export default async (): Promise<Response> => {
  try {
    return Response.json(await runScheduledRetention(process.env));
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : `retention run failed: ${describeError(error)}`;
    log.error(message);
    return new Response(message, { status: 500 });
  }
};

// 06:30 UTC is 03:30 in São Paulo, the hour the Node target's cron uses.
export const config = { schedule: '30 6 * * *' };
