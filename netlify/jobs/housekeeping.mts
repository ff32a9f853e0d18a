/*
 * Netlify scheduled function: every ten minutes, deletes the document uploads never submitted
 * (past their hour) and the rate-limit and sign-in counters nobody touched for a day, so
 * anonymous visitors cannot make the database hold them (src/server/housekeeping.ts). A thin
 * wrapper around src/server/scheduled-housekeeping.ts; logs counts only. A missing variable
 * fails the run with its name.
 */
import { ConfigError } from '../../src/server/config';
import { describeError } from '../../src/server/describe-error';
import { componentLogger } from '../../src/server/log/logger';
import { runScheduledHousekeeping } from '../../src/server/scheduled-housekeeping';

const log = componentLogger('housekeeping');

export default async (): Promise<Response> => {
  try {
    return Response.json(await runScheduledHousekeeping(process.env));
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : `housekeeping run failed: ${describeError(error)}`;
    log.error(message);
    return new Response(message, { status: 500 });
  }
};

export const config = { schedule: '*/10 * * * *' };
