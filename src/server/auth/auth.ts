/*
 * Better Auth for the admin area (DESIGN "Auth"): e-mail + password, sessions in the
 * database, e-mail verification through the outbox, roles via the admin plugin.
 *
 * What Better Auth does not do by itself is added with its hooks (auth-hooks.ts):
 * - before sign-in: refuse a locked e-mail (lockout.ts), even with the right password;
 * - after sign-in: count failures (5 in 5 min lock for 15 min), log the security events;
 * - before sign-up: the name's shape (lib/validation/auth), SPEC §5 password strength and
 *   input check, the same rules as the card; the name's shape again on update-user;
 * - sign-up with an address that has an account answers exactly like a new sign-up (no
 *   account enumeration), changes nothing, and tells the owner by e-mail instead.
 *
 * Whoever holds the mailbox ends up holding the account, whatever anyone typed first. A
 * plain confirmation link cannot promise that: anyone may sign up with someone else's
 * address, and the owner's click would then confirm the stranger's password (and a later
 * sign-up by the owner, or a race of sign-ups, cannot tell the owner which link is theirs).
 * So no e-mail confirms an account by itself: every account e-mail (confirmation and
 * "Esqueci minha senha" alike) carries a Better Auth password-reset link, and the page it
 * opens has the clicker choose the password. Saving it confirms the address (only the
 * mailbox could have opened the link) and ends every session of the account; until then an
 * unconfirmed account cannot sign in at all. A later sign-up for an unconfirmed address mails
 * such a link again. Better Auth's own /verify-email stays closed (http.ts).
 *
 * Sessions: 24 h expiry that slides on every read (updateAge 0), so a session dies after
 * 24 h without a request. Better Auth reads the clock itself (`new Date()`); tests move it
 * with a fake Date. Our own code uses `deps.now`.
 */
import { eq } from 'drizzle-orm';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins';
import { MIN_PASSWORD_LENGTH } from '../../lib/password-strength';
import type { Db } from '../db/client';
import { safeLogLine } from '../describe-error';
import { componentLogger } from '../log/logger';
import { authAccount, authSession, authUser, authVerification } from '../db/schema/auth';
import type { MailMessage } from '../mail';
import type { DeliveryMeta } from '../outbox/outbox';
import type { SecurityLogger } from '../security';
import { accountMailAllowance, asOperator } from './account-mail';
import { authHooks, CLIENT_IP_HEADER, clientIp } from './auth-hooks';
import { authRateLimitStorage, counterPath, TOKEN_PATH_PREFIXES } from './auth-rate-limit-storage';
import { existingAccountMail, passwordResetMail, verificationMail } from './emails';
import { clearFailedSignIns } from './lockout';
import { COOKIE_PREFIX } from './wire-names';
import { IDLE_LOGOUT_MS } from '~/lib/session-idle';
import type { Clock } from '../clock';

export { COOKIE_PREFIX };

const authLog = componentLogger('auth');

/**
 * A session's life without activity (SPEC §9): the browser's idle watch reads the same rule from
 * src/lib/session-idle.ts, so the two cannot drift apart.
 */
export const SESSION_TTL_SECONDS = IDLE_LOGOUT_MS / 1000;
/** How long a sign-up's confirmation link works: a day, as a session does, by its own rule. */
const CONFIRMATION_LINK_TTL_SECONDS = 24 * 60 * 60;
/** Where an old confirmation link (Better Auth's /verify-email, closed) lands: the card says it is invalid. */
export const VERIFIED_CALLBACK = '/auth?verificado=1';
/** The page an e-mailed link opens (through Better Auth's /reset-password/:token, which checks the token). */
export const NEW_PASSWORD_PAGE = '/auth/nova-senha';
/** Where the password page sends a visitor once the password is saved. */
export const PASSWORD_SET_PAGE = '/auth?senha=definida';
/** How long an e-mailed link to set the password stays valid. */
export const PASSWORD_LINK_TTL_SECONDS = 60 * 60;
/** Role of every new account (Better Auth's admin plugin); `npm run admin:grant` makes admins. */
export const DEFAULT_ROLE = 'user';
/*
 * Rate limits per client IP, stored in the database so every instance shares them.
 * Sign-in allows about what Better Auth's default does (3 per 10 s) but over a minute,
 * so a burst of typos is not punished: the per-e-mail lockout is the brute-force defence
 * for one account, this limit the one against trying many accounts from one address.
 */
export const AUTH_RATE_LIMITS = {
  default: { window: 60, max: 100 },
  '/sign-in/email': { window: 60, max: 20 },
  '/sign-up/email': { window: 60, max: 5 },
  '/send-verification-email': { window: 60, max: 3 },
  // Each accepted request may mail a stranger's address: as tight as sign-up's resend.
  '/request-password-reset': { window: 60, max: 3 },
  '/reset-password': { window: 60, max: 10 },
} as const;

/**
 * Better Auth's `customRules`: every rule above but the default, matched by Better Auth on the
 * exact path, plus the e-mailed link (`/reset-password/<token>`, a wildcard rule) under its
 * form's rule. Built from the table so no declared rule can be left out of what is enforced.
 */
export function authCustomRules(): Record<string, { window: number; max: number }> {
  const { default: _default, ...rules } = AUTH_RATE_LIMITS;
  const tokenRules = TOKEN_PATH_PREFIXES.map((prefix) => [
    counterPath(prefix),
    AUTH_RATE_LIMITS[prefix.slice(0, -1) as keyof typeof AUTH_RATE_LIMITS],
  ]);
  return { ...rules, ...Object.fromEntries(tokenRules) };
}

/** Mails `email` a link to choose its password, as the operator asks it (admin:grant): never held back by ACCOUNT_MAIL_LIMITS. */
export async function mailPasswordLinkAsOperator(auth: Auth, email: string): Promise<void> {
  await asOperator(() => auth.api.requestPasswordReset({ body: { email } }));
}

export interface AuthDeps {
  db: Db;
  outbox: { enqueueMail: (tx: Db, message: MailMessage, meta: DeliveryMeta) => Promise<string> };
  config: { siteUrl: string; authSecret: string | undefined };
  security: SecurityLogger;
  now: Clock;
  /** Rate limiting on (default). Only unit-style tests turn it off. */
  rateLimit?: boolean;
}

/**
 * Origins allowed to call the auth endpoints: SITE_URL, and when that is a loopback
 * address, its other loopback spelling (localhost ⇄ 127.0.0.1) on the same port.
 */
export function trustedOriginsFor(siteUrl: string): string[] {
  const origins = new Set([new URL(siteUrl).origin]);
  const url = new URL(siteUrl);
  const aliases: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };
  const alias = aliases[url.hostname];
  if (alias) {
    url.hostname = alias;
    origins.add(url.origin);
  }
  return [...origins];
}

/**
 * The e-mailed link to set the password: Better Auth's token check, then NEW_PASSWORD_PAGE.
 * The e-mail goes to any address typed in, so no part of the link comes from the request
 * (a `redirectTo` sent with it is ignored).
 */
function passwordLink(siteUrl: string, token: string): string {
  return `${siteUrl}/api/auth/reset-password/${encodeURIComponent(token)}?callbackURL=${encodeURIComponent(NEW_PASSWORD_PAGE)}`;
}

export function createAuth(deps: AuthDeps) {
  const { db, security, now } = deps;
  const allowAccountMail = accountMailAllowance(deps);
  const { before, after } = authHooks(deps);
  const https = deps.config.siteUrl.startsWith('https:');
  /** Mails `email` a link to set its password (Better Auth's reset flow); bound once the instance exists. */
  let mailPasswordLink: (email: string) => Promise<void> = () => Promise.reject(new Error('auth not built'));

  const auth = betterAuth({
    appName: 'Pilota',
    baseURL: deps.config.siteUrl,
    basePath: '/api/auth',
    secret: deps.config.authSecret,
    trustedOrigins: trustedOriginsFor(deps.config.siteUrl),
    telemetry: { enabled: false },
    // Failed sign-ins and the like are recorded as security events; Better Auth's own
    // warnings would only repeat them in the log.
    logger: {
      level: 'error',
      // Its errors carry failed queries with their parameters (e-mails, names): logged safely.
      log: (level, message, ...args) => authLog[level === 'error' ? 'error' : 'warn'](safeLogLine(message, args)),
    },
    // An unexpected error (a failed query…) is thrown to handleAuthRequest, which logs it safely:
    // otherwise better-call prints it whole ("# SERVER_ERROR:"), parameters and all.
    onAPIError: { throw: true },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUser,
        session: authSession,
        account: authAccount,
        verification: authVerification,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      /*
       * An address that already has an account gets Better Auth's generic answer: a made-up
       * user and no session. Built field for field like a real new account (the admin
       * plugin's role included), so the two answers differ only in random ids and clocks.
       */
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        role: DEFAULT_ROLE,
        banned: false,
        banReason: null,
        banExpires: null,
        ...additionalFields,
        id,
      }),
      /*
       * The owner hears of it instead, through the outbox like every e-mail. A new sign-up
       * queues its verification e-mail at this point too, so both take about as long.
       */
      onExistingUserSignUp: async ({ user }) => {
        // Not confirmed yet: maybe the mailbox's owner signing up after a stranger took the
        // address. They get a link that lets them choose the password.
        if (!user.emailVerified) return mailPasswordLink(user.email);
        if (!(await allowAccountMail('notice', user.email))) return;
        await deps.outbox.enqueueMail(db, existingAccountMail(user.email, `${deps.config.siteUrl}/auth`), {
          subjectType: 'auth-existing-account',
          subjectId: user.id,
        });
      },
      resetPasswordTokenExpiresIn: PASSWORD_LINK_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      /** An unconfirmed account's link confirms it as it sets the password, so it reads as a confirmation. */
      sendResetPassword: async ({ user, token }) => {
        if (!(await allowAccountMail('link', user.email))) return;
        const url = passwordLink(deps.config.siteUrl, token);
        const message = user.emailVerified ? passwordResetMail(user.email, url) : verificationMail(user.email, url);
        await deps.outbox.enqueueMail(db, message, {
          subjectType: user.emailVerified ? 'auth-password-reset' : 'auth-verification',
          subjectId: user.id,
        });
      },
      onPasswordReset: async ({ user }, request) => {
        // Only the mailbox could have opened the link: the address is confirmed.
        await db.update(authUser).set({ emailVerified: true, updatedAt: now() }).where(eq(authUser.id, user.id));
        await clearFailedSignIns(db, user.email);
        await security.log({
          type: 'password_reset',
          source: 'auth:reset-password',
          userId: user.id,
          email: user.email,
          ip: request?.headers.get(CLIENT_IP_HEADER) ?? null,
          details: { confirmedEmail: !user.emailVerified, sessionsEnded: true },
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // An unverified account that signs in with the right password gets a fresh link.
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: CONFIRMATION_LINK_TTL_SECONDS,
      // Better Auth's own link (it confirms without asking who clicks) is never mailed.
      sendVerificationEmail: async ({ user }) => mailPasswordLink(user.email),
    },
    session: {
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: 0,
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: deps.rateLimit ?? true,
      customStorage: authRateLimitStorage(db, deps.config.authSecret ?? '', now),
      window: AUTH_RATE_LIMITS.default.window,
      max: AUTH_RATE_LIMITS.default.max,
      customRules: authCustomRules(),
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https, path: '/' },
      // An IPv6 /64 is one client for Better Auth's limits too, as for ours (client-address.ts).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: 64 },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user, ctx) => {
            await security.log({
              type: 'account_created',
              source: 'auth:sign-up',
              userId: user.id,
              email: user.email,
              ip: clientIp(ctx),
            });
          },
        },
      },
    },
    hooks: { before, after },
    plugins: [admin({ defaultRole: DEFAULT_ROLE, adminRoles: ['admin'] })],
  });
  mailPasswordLink = async (email) => {
    await auth.api.requestPasswordReset({ body: { email } });
  };
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
