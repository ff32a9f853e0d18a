/*
 * The log keeps no personal data, for Better Auth too: its own logger prints a failed query's
 * error whole, parameters included (the e-mail of a sign-in, the name and e-mail of a
 * sign-up). Here a query fails for real (a NUL byte reaching PostgreSQL/PGlite, which the HTTP
 * pipeline normally refuses before Better Auth) and the log must name the error, not the
 * person.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authErrors } from '~/messages/auth';
import { handleAuthRequest } from '~/server/auth';
import { createAuth, type Auth } from '~/server/auth/auth';
import { deliveryStack, type DeliveryStack } from '../../scripts/support/deliveries';
import { createMailer } from '~/server/mail';
import { createSecurityLogger, type SecurityLogger } from '~/server/security';
import { engines, useTestDatabase, type TestDatabase } from '../support/db';
import { captureLog, logCapture, logLines, quietLog } from '../support/log';

const SITE = 'http://localhost:4321';
const EMAIL = 'rita.reservada@example.com';

describe.each(engines)('Better Auth logging on %s', (engine) => {
  const t: TestDatabase = useTestDatabase(engine);
  let stack: DeliveryStack;
  let auth: Auth;
  let security: SecurityLogger;
  const logged: string[] = [];

  beforeAll(async () => {
    stack = deliveryStack(t.handle, {
      sendMail: createMailer({ mailFrom: 'Pilota <x@pilota.example>' }, quietLog),
      log: quietLog,
    });
    await stack.start();
    security = createSecurityLogger({ db: t.db, secret: 'segredo', log: logCapture('security', logged).log });
    auth = createAuth({
      db: t.db,
      outbox: stack.outbox,
      config: { siteUrl: SITE, authSecret: 'segredo-de-teste-com-32-caracteres!' },
      security,
      now: () => new Date(),
      rateLimit: false,
    });
  });
  afterAll(async () => {
    await stack.stop(2_000);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    logged.length = 0;
  });

  it('a failed query inside Better Auth is a 500 with the pt-BR message, logged by class and code, without the e-mail', async () => {
    for (const level of ['error', 'warn', 'log', 'info'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : String(arg))).join(' '));
      });
    }
    // The server's log (src/server/log/logger.ts) as well as anything a library prints itself.
    const serverLog = captureLog();
    // The route's own path into Better Auth (src/pages/api/auth/[...all].ts).
    const response = await handleAuthRequest(
      auth,
      new Request(`${SITE}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: SITE },
        body: JSON.stringify({ email: `${EMAIL}\u0000`, password: 'qualquer-senha-1' }),
      }),
      '203.0.113.9',
      security,
    );
    serverLog.stop();
    expect(response.status).toBe(500);
    expect(((await response.json()) as { message: string }).message).toBe(authErrors.generic);
    const log = [...logged, ...logLines(serverLog.output())].join('\n');
    expect(log).toMatch(/\[auth\].*(22021|22P05)/);
    expect(log).not.toContain('rita.reservada');
    expect(log).not.toContain('Failed query');
  });
});
