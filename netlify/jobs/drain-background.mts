/*
 * Netlify background function (the "-background" name makes it one: Netlify answers the caller
 * 202 at once and lets it run up to 15 minutes): drains a backlog larger than one scheduled run.
 * Started only by the scheduled drain (src/server/delivery/backlog-drain.ts), with a token
 * derived from AUTH_SECRET; any other caller is refused before the database is touched.
 */
import { ConfigError } from '../../src/server/config';
import { BACKLOG_DRAIN_BUDGET_MS, BACKLOG_TOKEN_HEADER, isBacklogToken } from '../../src/server/delivery/backlog-drain';
import { runScheduledDrain } from '../../src/server/delivery/scheduled-drain';
import { describeError } from '../../src/server/describe-error';
import { componentLogger } from '../../src/server/log/logger';

const log = componentLogger('drain-background');

export default async (request: Request): Promise<Response> => {
  const secret = process.env['AUTH_SECRET'];
  if (!secret || !isBacklogToken(secret, request.headers.get(BACKLOG_TOKEN_HEADER))) {
    log.warn('refused a request without the drain token');
    return new Response('forbidden', { status: 403 });
  }
  try {
    const result = await runScheduledDrain(process.env, { deadlineMs: BACKLOG_DRAIN_BUDGET_MS });
    return Response.json(result);
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : `background drain failed: ${describeError(error)}`;
    log.error(message);
    return new Response(message, { status: 500 });
  }
};
