/*
 * Better Auth's before/after hooks: the rules it does not apply by itself and the security
 * events it does not record (auth.ts's header lists them). They run around every auth
 * endpoint, so each branch checks the path first and leaves other calls alone.
 */
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { authErrors } from '../../messages/auth';
import { isPasswordValid } from '../../lib/password-strength';
import { signUpNameError } from '../../lib/validation/auth';
import type { Db } from '../db/client';
import { checkTextFields, type SecurityLogger } from '../security';
import { clearFailedSignIns, lockedUntil, recordFailedSignIn } from './lockout';
import { CLIENT_IP_HEADER } from './wire-names';
import type { Clock } from '../clock';

export { CLIENT_IP_HEADER };

/** Error code of a refused account name; its message is already the pt-BR one (http.ts keeps it). */
export const INVALID_NAME_CODE = 'INVALID_NAME';

export interface AuthHookDeps {
  db: Db;
  security: SecurityLogger;
  now: Clock;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

export function clientIp(ctx: { request?: Request | undefined; headers?: Headers | undefined } | null | undefined) {
  return ctx?.request?.headers.get(CLIENT_IP_HEADER) ?? ctx?.headers?.get(CLIENT_IP_HEADER) ?? null;
}

function bodyEmail(ctx: HookContext): string {
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/** The hooks Better Auth runs before and after each of its endpoints. */
export function authHooks(deps: AuthHookDeps) {
  const { db, security, now } = deps;
  const before = createAuthMiddleware(async (ctx) => {
    const ip = clientIp(ctx);
    if (ctx.path === '/sign-in/email') {
      const email = bodyEmail(ctx);
      if (email && (await lockedUntil(db, email, now()))) {
        await security.log({
          type: 'login_failed',
          source: 'auth:sign-in',
          email,
          ip,
          details: { reason: 'account_locked' },
        });
        throw new APIError('LOCKED', { code: 'ACCOUNT_LOCKED', message: authErrors.locked });
      }
    }
    const renames = ctx.path === '/update-user' && (ctx.body as { name?: unknown } | undefined)?.name !== undefined;
    if (ctx.path === '/sign-up/email' || renames) {
      // First: a 1 MB name is refused before anything else reads it.
      const nameError = signUpNameError((ctx.body as { name?: unknown } | undefined)?.name);
      if (nameError) {
        await security.log({
          type: 'signup_failed',
          source: ctx.path === '/sign-up/email' ? 'auth:sign-up' : 'auth:update-user',
          email: bodyEmail(ctx),
          ip,
          details: { reason: 'invalid_name' },
        });
        throw new APIError('BAD_REQUEST', { code: INVALID_NAME_CODE, message: nameError });
      }
    }
    if (ctx.path === '/sign-up/email') {
      const body = (ctx.body ?? {}) as { name?: unknown; email?: unknown; password?: unknown };
      const email = bodyEmail(ctx);
      const fields = { name: typeof body.name === 'string' ? body.name : '', email };
      const check = await checkTextFields(fields, security, { source: 'auth:sign-up', ip, email });
      if (!check.valid) {
        await security.log({
          type: 'signup_failed',
          source: 'auth:sign-up',
          email,
          ip,
          details: { reason: 'invalid_input' },
        });
        throw new APIError('BAD_REQUEST', { code: 'INVALID_INPUT', message: authErrors.invalidInput });
      }
      if (typeof body.password !== 'string' || !isPasswordValid(body.password)) {
        await security.log({
          type: 'signup_failed',
          source: 'auth:sign-up',
          email,
          ip,
          details: { reason: 'weak_password' },
        });
        throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message: authErrors.weakPassword });
      }
    }
    if (ctx.path === '/reset-password') {
      // The same rules as a sign-up's password (SPEC §5), not only Better Auth's length.
      const password = (ctx.body as { newPassword?: unknown } | undefined)?.newPassword;
      if (typeof password !== 'string' || !isPasswordValid(password)) {
        throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message: authErrors.weakPassword });
      }
    }
    if (ctx.path === '/request-password-reset' && ctx.request) {
      // Logged for every address alike, known or not: what the dashboard shows is the asking.
      await security.log({
        type: 'password_reset_requested',
        source: 'auth:request-password-reset',
        email: bodyEmail(ctx),
        ip,
      });
    }
    if (ctx.path === '/sign-out') {
      // Read before the sign-out deletes the session, so the event names who left.
      const session = await getSessionFromCtx(ctx, { disableRefresh: true });
      if (session) {
        await security.log({
          type: 'logout',
          source: 'auth:sign-out',
          userId: session.user.id,
          email: session.user.email,
          ip,
        });
      }
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    const ip = clientIp(ctx);
    const returned = ctx.context.returned;
    if (ctx.path === '/sign-in/email') {
      const email = bodyEmail(ctx);
      if (isAPIError(returned)) {
        const code = (returned.body as { code?: string } | undefined)?.code;
        if (code === 'ACCOUNT_LOCKED') return;
        const wrongPassword = returned.statusCode === 401;
        await security.log({
          type: 'login_failed',
          source: 'auth:sign-in',
          email,
          ip,
          details: { reason: wrongPassword ? 'invalid_credentials' : (code ?? 'error').toLowerCase() },
        });
        if (!wrongPassword || !email) return;
        const until = await recordFailedSignIn(db, email, now());
        if (until) {
          await security.log({
            type: 'account_locked',
            source: 'auth:sign-in',
            email,
            ip,
            details: { reason: 'too_many_failed_attempts', locked_until: until.toISOString() },
          });
          throw new APIError('LOCKED', { code: 'ACCOUNT_LOCKED', message: authErrors.locked });
        }
        return;
      }
      const signedIn = ctx.context.newSession;
      if (signedIn) {
        await clearFailedSignIns(db, email || signedIn.user.email);
        const user = signedIn.user as typeof signedIn.user & { role?: string | null };
        await security.log({ type: 'login_success', source: 'auth:sign-in', userId: user.id, email: user.email, ip });
        if (user.role === 'admin') {
          await security.log({ type: 'admin_login', source: 'auth:sign-in', userId: user.id, email: user.email, ip });
        }
      }
    }
    if (ctx.path === '/sign-up/email' && isAPIError(returned)) {
      const code = (returned.body as { code?: string } | undefined)?.code;
      await security.log({
        type: 'signup_failed',
        source: 'auth:sign-up',
        email: bodyEmail(ctx),
        ip,
        details: { reason: (code ?? 'error').toLowerCase() },
      });
    }
  });

  return { before, after };
}
