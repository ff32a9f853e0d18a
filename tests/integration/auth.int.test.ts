/*
 * Sign-in end to end on the server side: Better Auth with our hooks, the real
 * job queue and a real SMTP server, on PGlite and on PostgreSQL. Requests go through the
 * same HTTP wrapper the Astro route uses (handleAuthRequest). Time is moved with a fake
 * Date (Better Auth and our lockout both read it), never by sleeping.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authErrors, NAME_MAX_LENGTH } from '~/messages/auth';
import { existingAccountEmail, passwordResetEmail } from '~/messages/auth-emails';
import { INVALID_CHARACTERS_MESSAGE } from '~/lib/validation/text';
import { handleAuthRequest } from '~/server/auth';
import { ACCOUNT_MAIL_LIMITS } from '~/server/auth/account-mail';
import { grantAdmin } from '~/server/auth/admin-grant';
import {
  AUTH_RATE_LIMITS,
  authCustomRules,
  createAuth,
  mailPasswordLinkAsOperator,
  PASSWORD_LINK_TTL_SECONDS,
  type Auth,
} from '~/server/auth/auth';
import { startAdminSocket } from '~/server/auth/admin-socket';
import { guardRequest } from '~/server/auth/guard';
import { LOCKOUT_DURATION_MS } from '~/server/auth/lockout';
import { openDatabase, pgliteDirFor } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import { authAccount, authSession, authUser, deliveries, securityEvents } from '~/server/db/schema';
import { deliveryStack, type DeliveryStack } from '../../scripts/support/deliveries';
import { lockDataDir } from '~/server/lock';
import { createMailer } from '~/server/mail';
import { checkTextFields, createSecurityLogger, type SecurityLogger } from '~/server/security';
import { engines, isPostgres, tablesHolding, useTestDatabase, type TestDatabase } from '../support/db';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';
import { quietLog } from '../support/log';

const SITE = 'http://localhost:4321';
const PASSWORD = 'Pilota#2026';
const HOUR = 60 * 60 * 1000;
/** A fake "now" a day ahead of the real clock, so rows written in real time count as past. */
const fakeStart = () => Math.ceil((Date.now() + 24 * HOUR) / HOUR) * HOUR;
/** The link every account e-mail carries: Better Auth's token check, then the page that sets the password. */
const PASSWORD_LINK = /https?:\/\/\S+\/api\/auth\/reset-password\/[\w-]+\?callbackURL=%2Fauth%2Fnova-senha/;

interface Reply {
  status: number;
  body: Record<string, unknown> | null;
  location: string | null;
  cookie: string | undefined;
}

/** The `name=value` of the session cookie Better Auth set, ready for a Cookie header. */
function sessionCookie(response: Response): string | undefined {
  const raw = response.headers.getSetCookie().find((c) => c.startsWith('pilota.session_token='));
  const pair = raw?.split(';')[0];
  return pair && !pair.endsWith('=') ? pair : undefined;
}

/** Runs the admin:grant CLI as a user would (`npm run admin:grant -- <email>`). */
function runAdminGrant(
  email: string,
  env: Record<string, string>,
  flags: string[] = [],
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(join('node_modules', '.bin', 'tsx'), ['scripts/admin-grant.ts', email, ...flags], {
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code: code ?? -1, output }));
  });
}

describe.each(engines)('auth on %s', (engine) => {
  const t: TestDatabase = useTestDatabase(engine);
  let smtp: CaptureSmtp;
  let stack: DeliveryStack;
  let security: SecurityLogger;
  let auth: Auth;

  beforeAll(async () => {
    smtp = await startCaptureSmtp();
    stack = deliveryStack(t.handle, {
      sendMail: createMailer({ smtpUrl: smtp.url, mailFrom: 'Pilota <nao-responda@pilota.example>' }),
      // No job pacing: it keeps time with Date, which these tests move back and forth.
      settings: {
        jobSpacingMs: 0,
        retryLimit: 2,
        retryDelaySeconds: 0,
        retryBackoff: false,
        pollingIntervalSeconds: 0.5,
        expireInSeconds: 30,
      },
      log: quietLog,
    });
    await stack.start();
    security = createSecurityLogger({ db: t.db, secret: 'segredo-de-teste' });
    auth = createAuth({
      db: t.db,
      outbox: stack.outbox,
      config: { siteUrl: SITE, authSecret: 'segredo-de-teste-com-32-caracteres!!' },
      security,
      now: () => new Date(),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    smtp.messages.length = 0;
  });
  afterAll(async () => {
    await stack.stop(2_000);
    await smtp.stop();
  });

  async function call(
    path: string,
    options: {
      body?: object;
      cookie?: string | undefined;
      ip?: string;
      method?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { origin: SITE, ...options.headers };
    if (options.body) headers['content-type'] = 'application/json';
    if (options.cookie) headers['cookie'] = options.cookie;
    const request = new Request(new URL(path, SITE), {
      method: options.method ?? (options.body ? 'POST' : 'GET'),
      headers,
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    });
    const response = await handleAuthRequest(auth, request, options.ip ?? '198.51.100.7', security);
    const text = await response.text();
    return {
      status: response.status,
      body:
        text && response.headers.get('content-type')?.includes('json')
          ? (JSON.parse(text) as Record<string, unknown>)
          : null,
      location: response.headers.get('location'),
      cookie: sessionCookie(response),
    };
  }

  const signUp = (email: string, password = PASSWORD, name = 'Ana Souza', ip?: string) =>
    call('/api/auth/sign-up/email', {
      body: { name, email, password, callbackURL: '/auth?verificado=1' },
      ...(ip ? { ip } : {}),
    });
  const signIn = (email: string, password = PASSWORD, ip?: string) =>
    call('/api/auth/sign-in/email', { body: { email, password }, ...(ip ? { ip } : {}) });

  /** The link of the latest account e-mail sent to `email` (Better Auth's reset-password link, see auth.ts). */
  async function verificationLink(email: string, nth = 0): Promise<string> {
    const mail = await smtp.waitFor(
      (m) =>
        m.envelopeTo.includes(email) && smtp.messages.filter((x) => x.envelopeTo.includes(email)).indexOf(m) === nth,
    );
    const link = PASSWORD_LINK.exec(mail.text ?? '')?.[0];
    if (!link) throw new Error(`no link in:\n${mail.text}`);
    return link;
  }

  /** Opens an e-mailed link: Better Auth checks the token and sends the browser on with it. */
  async function tokenOf(link: string): Promise<string> {
    const opened = await call(link);
    expect(opened.status).toBe(302);
    // Relative: the browser stays on the host it used.
    expect(opened.location).toMatch(/^\/auth\/nova-senha\?token=[\w-]+$/);
    const location = new URL(opened.location!, SITE);
    return location.searchParams.get('token')!;
  }

  const setPassword = (token: string, newPassword = PASSWORD, ip?: string) =>
    call('/api/auth/reset-password', { body: { token, newPassword }, ...(ip ? { ip } : {}) });

  /** Signs up, opens the e-mailed link, chooses the password there and signs in: the session cookie. */
  async function verifiedSession(email: string): Promise<string> {
    expect((await signUp(email)).status).toBe(200);
    expect((await setPassword(await tokenOf(await verificationLink(email)))).status).toBe(200);
    const signedIn = await signIn(email);
    expect(signedIn.status).toBe(200);
    return signedIn.cookie!;
  }

  const events = async (type: string) => t.db.select().from(securityEvents).where(eq(securityEvents.eventType, type));

  it('sign-up sends a verification e-mail over SMTP and creates an unverified account', async () => {
    const reply = await signUp('ana@exemplo.com');
    expect(reply.status).toBe(200);
    expect(reply.cookie).toBeUndefined();

    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('ana@exemplo.com'));
    expect(mail.subject).toBe('Confirme seu e-mail na Pilota');
    // Nothing the person typed is mailed, not even the name (see the name tests below).
    expect(mail.text?.startsWith('Olá!\n')).toBe(true);
    expect(mail.text).not.toContain('Ana Souza');
    expect(mail.text).toMatch(PASSWORD_LINK);
    expect(mail.text).toContain(`${SITE}/api/auth/reset-password/`);

    const [user] = await t.db.select().from(authUser).where(eq(authUser.email, 'ana@exemplo.com'));
    expect(user).toMatchObject({ name: 'Ana Souza', emailVerified: false, role: 'user' });
    const [created] = await events('account_created');
    expect(created?.userId).toBe(user!.id);
    expect(created?.details).toMatchObject({ email: 'ana@exemplo.com', severity: 'info', source: 'auth:sign-up' });
    // The IP is kept only as a keyed hash.
    expect(created?.details['ip_hash']).toBe(security.hashIp('198.51.100.7'));
    expect(JSON.stringify(created?.details)).not.toContain('198.51.100.7');
  });

  it('refuses sign-in before verification with a pt-BR message, then accepts it after the link', async () => {
    await signUp('bia@exemplo.com');
    const link = await verificationLink('bia@exemplo.com');

    const early = await signIn('bia@exemplo.com');
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: authErrors.emailNotVerified });
    expect(early.cookie).toBeUndefined();
    // A fresh link is sent, and it leads to the page that sets the password too.
    expect(await verificationLink('bia@exemplo.com', 1)).toMatch(PASSWORD_LINK);
    const [failed] = await events('login_failed');
    expect(failed?.details).toMatchObject({
      email: 'bia@exemplo.com',
      severity: 'warning',
      reason: 'email_not_verified',
    });

    expect((await setPassword(await tokenOf(link))).status).toBe(200);
    const [verified] = await t.db.select().from(authUser).where(eq(authUser.email, 'bia@exemplo.com'));
    expect(verified?.emailVerified).toBe(true);

    const late = await signIn('bia@exemplo.com');
    expect(late.status).toBe(200);
    expect(late.cookie).toBeDefined();
    expect((await events('login_success')).map((e) => e.details['email'])).toEqual(['bia@exemplo.com']);
    const session = await call('/api/auth/get-session', { cookie: late.cookie });
    expect((session.body?.['user'] as { email: string }).email).toBe('bia@exemplo.com');
  });

  /** The raw answer to a sign-up, for comparing bodies and headers byte for byte. */
  async function rawSignUp(email: string, password: string, name: string, ip: string) {
    const request = new Request(new URL('/api/auth/sign-up/email', SITE), {
      method: 'POST',
      headers: { origin: SITE, 'content-type': 'application/json' },
      body: JSON.stringify({ name, email, password, callbackURL: '/auth?verificado=1' }),
    });
    const response = await handleAuthRequest(auth, request, ip, security);
    const headers = [...response.headers].filter(([name]) => name !== 'date');
    return { status: response.status, headers, text: await response.text() };
  }

  /** What differs between two accounts anyway: the address typed, the random id and the clock. */
  function comparable(text: string, email: string): string {
    const { user } = JSON.parse(text) as { user: { id: string; createdAt: string; updatedAt: string } };
    return text
      .replaceAll(email, '<email>')
      .replaceAll(user.id, '<id>')
      .replaceAll(user.createdAt, '<date>')
      .replaceAll(user.updatedAt, '<date>');
  }

  it('answers a sign-up with an existing address exactly as a new one, changes nothing and tells the owner', async () => {
    const cookie = await verifiedSession('gil@exemplo.com');
    const accountBefore = await t.db.select().from(authAccount);
    const [userBefore] = await t.db.select().from(authUser).where(eq(authUser.email, 'gil@exemplo.com'));
    smtp.messages.length = 0;

    // Same-length addresses, same name: any remaining difference would tell the two apart.
    const fresh = await rawSignUp('ivo@exemplo.com', PASSWORD, 'Mesmo Nome', '198.51.100.21');
    const taken = await rawSignUp('GIL@exemplo.com', 'Outra#Senha2026', 'Mesmo Nome', '198.51.100.22');
    expect(fresh.status).toBe(200);
    expect(taken.status).toBe(fresh.status);
    expect(comparable(taken.text, 'gil@exemplo.com')).toBe(comparable(fresh.text, 'ivo@exemplo.com'));
    expect(JSON.parse(fresh.text)).toMatchObject({ token: null, user: { role: 'user', emailVerified: false } });
    expect(taken.headers).toEqual(fresh.headers);
    expect(fresh.headers.some(([name]) => name === 'set-cookie')).toBe(false);

    // The account is untouched: same row, same password, still signs in with it and only it.
    const [userAfter] = await t.db.select().from(authUser).where(eq(authUser.email, 'gil@exemplo.com'));
    expect(userAfter).toEqual(userBefore);
    expect(userAfter!.name).not.toBe('Mesmo Nome');
    expect((await t.db.select().from(authAccount)).filter((a) => a.userId === userBefore!.id)).toEqual(
      accountBefore.filter((a) => a.userId === userBefore!.id),
    );
    expect((await signIn('gil@exemplo.com', 'Outra#Senha2026', '198.51.100.23')).status).toBe(401);
    expect((await signIn('gil@exemplo.com', PASSWORD, '198.51.100.23')).status).toBe(200);
    expect((await call('/api/auth/get-session', { cookie })).status).toBe(200);

    // The owner hears of it, through the queue; nothing the other person typed is in it.
    const notice = await smtp.waitFor((m) => m.envelopeTo.includes('gil@exemplo.com'));
    expect(notice.subject).toBe(existingAccountEmail.subject);
    expect(notice.text).toContain(`${SITE}/auth`);
    for (const typed of ['Mesmo Nome', 'Outra#Senha2026']) {
      expect(notice.text).not.toContain(typed);
      expect(notice.html).not.toContain(typed);
    }
    const queued = await t.db.select().from(deliveries).where(eq(deliveries.subjectType, 'auth-existing-account'));
    expect(queued).toMatchObject([{ kind: 'email', target: 'gil@exemplo.com', subjectId: userBefore!.id }]);
    await smtp.waitFor((m) => m.envelopeTo.includes('ivo@exemplo.com'));
  });

  it('caps the sign-up name at NAME_MAX_LENGTH, one line, no control characters: 400, no account, no e-mail', async () => {
    const refused = [
      ['a'.repeat(10_000), authErrors.nameTooLong],
      ['a'.repeat(NAME_MAX_LENGTH + 1), authErrors.nameTooLong],
      ['Ana\u0000Souza', INVALID_CHARACTERS_MESSAGE],
      ['Ana\u001b[31mSouza', INVALID_CHARACTERS_MESSAGE],
      ['Ana\nVisite www.evil.com', authErrors.nameOneLine],
      ['   ', authErrors.nameRequired],
    ] as const;
    for (const [index, [name, message]] of refused.entries()) {
      const reply = await signUp(`nome${index}@exemplo.com`, PASSWORD, name, `198.51.100.${40 + index}`);
      expect(reply.status, JSON.stringify(name.slice(0, 20))).toBe(400);
      expect(reply.body).toMatchObject({ code: 'INVALID_NAME', message });
    }
    expect(await t.db.select().from(authUser)).toHaveLength(0);
    expect(await t.db.select().from(deliveries)).toHaveLength(0);
    const failed = await events('signup_failed');
    expect(failed.map((e) => e.details['reason'])).toEqual(refused.map(() => 'invalid_name'));
    // The 10,000 characters are not copied into the security log either.
    expect(JSON.stringify(failed).length).toBeLessThan(10_000);

    const longest = 'Á'.repeat(NAME_MAX_LENGTH);
    expect((await signUp('nome-ok@exemplo.com', PASSWORD, longest, '198.51.100.60')).status).toBe(200);
    const [user] = await t.db.select().from(authUser);
    expect(user!.name).toBe(longest);

    // Nor can a signed-in account rename itself: the site does not serve Better Auth's update-user.
    const cookie = await verifiedSession('renomeia@exemplo.com');
    const rename = await call('/api/auth/update-user', { body: { name: 'b'.repeat(10_000) }, cookie });
    expect(rename.status).toBe(404);
    expect(rename.body).toMatchObject({ code: 'NOT_FOUND', message: authErrors.notFound });
    const [renamed] = await t.db.select().from(authUser).where(eq(authUser.email, 'renomeia@exemplo.com'));
    expect(renamed!.name).toBe('Ana Souza');
  });

  it('mails no link, and no text, from what was typed: a name like www.evil.com never reaches the e-mail', async () => {
    const reply = await signUp('hugo@exemplo.com', PASSWORD, 'www.evil.com', '198.51.100.70');
    expect(reply.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('hugo@exemplo.com'));
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain('evil');
    const hrefs = [...(mail.html ?? '').matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href.startsWith(`${SITE}/api/auth/reset-password/`)).toBe(true);

    // Nor can the sign-up choose where the link leads. (Better Auth's origin check, which
    // refuses such a callbackURL with 403 in production, is off under a test runner: this
    // shows the e-mail's own rule.)
    const elsewhere = await call('/api/auth/sign-up/email', {
      body: { name: 'Hugo', email: 'hugo2@exemplo.com', password: PASSWORD, callbackURL: 'https://www.evil.com/' },
      ip: '198.51.100.71',
    });
    expect(elsewhere.status).toBe(200);
    const second = await smtp.waitFor((m) => m.envelopeTo.includes('hugo2@exemplo.com'));
    expect(`${second.text}\n${second.html}`).not.toContain('evil');
    expect(second.text).toMatch(PASSWORD_LINK);
  });

  it('refuses a weak password on the server too', async () => {
    const reply = await signUp('carla@exemplo.com', 'password123');
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'WEAK_PASSWORD', message: authErrors.weakPassword });
    expect(await t.db.select().from(authUser)).toHaveLength(0);
    expect((await events('signup_failed'))[0]?.details).toMatchObject({ reason: 'weak_password', severity: 'warning' });
  });

  it('refuses markup and SQL in the sign-up name and logs input_validation_failed', async () => {
    const markup = await signUp('dani@exemplo.com', PASSWORD, '<script>alert(1)</script>Dani');
    expect(markup.status).toBe(400);
    expect(markup.body).toMatchObject({ code: 'INVALID_INPUT', message: authErrors.invalidInput });
    // Longer than the 100 characters the log keeps, within the name's cap.
    const sqlName = `x' OR 1=1 -- ${'a'.repeat(100)}`;
    const sqlLike = await signUp('edu@exemplo.com', PASSWORD, sqlName);
    expect(sqlLike.status).toBe(400);
    expect(await t.db.select().from(authUser)).toHaveLength(0);

    const logged = await events('input_validation_failed');
    expect(logged.map((e) => e.details['severity']).sort()).toEqual(['critical', 'warning']);
    const critical = logged.find((e) => e.details['severity'] === 'critical')!;
    expect(critical.details).toMatchObject({ field: 'name', sql_like: true, email: 'edu@exemplo.com' });
    expect(critical.details['sample']).toBe(sqlName.slice(0, 100));
  });

  it('locks an e-mail after 5 failures in 5 minutes, even for the right password, until 15 minutes pass', async () => {
    await verifiedSession('fabi@exemplo.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = fakeStart();
    vi.setSystemTime(start);

    for (let i = 1; i <= 4; i++) {
      const wrong = await signIn('fabi@exemplo.com', 'Errada#2026');
      expect(wrong.status).toBe(401);
      expect(wrong.body?.['message']).toBe(authErrors.invalidCredentials);
      vi.setSystemTime(start + i * 30_000);
    }
    const fifth = await signIn('fabi@exemplo.com', 'Errada#2026');
    expect(fifth.status).toBe(423);
    expect(fifth.body).toMatchObject({ code: 'ACCOUNT_LOCKED', message: authErrors.locked });

    const rightButLocked = await signIn('fabi@exemplo.com');
    expect(rightButLocked.status).toBe(423);
    expect(rightButLocked.cookie).toBeUndefined();
    const locked = await events('account_locked');
    expect(locked).toHaveLength(1);
    expect(locked[0]?.details).toMatchObject({
      email: 'fabi@exemplo.com',
      reason: 'too_many_failed_attempts',
      severity: 'warning',
    });

    const lockedAt = start + 4 * 30_000;
    vi.setSystemTime(lockedAt + LOCKOUT_DURATION_MS - 1_000);
    expect((await signIn('fabi@exemplo.com')).status).toBe(423);
    vi.setSystemTime(lockedAt + LOCKOUT_DURATION_MS + 1_000);
    const after = await signIn('fabi@exemplo.com');
    expect(after.status).toBe(200);
    expect(after.cookie).toBeDefined();
  });

  it('does not lock for failures spread over more than 5 minutes', async () => {
    await verifiedSession('gabi@exemplo.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = fakeStart();
    vi.setSystemTime(start);
    for (let i = 0; i < 4; i++) expect((await signIn('gabi@exemplo.com', 'Errada#2026')).status).toBe(401);
    vi.setSystemTime(start + 5 * 60_000 + 1_000);
    expect((await signIn('gabi@exemplo.com', 'Errada#2026')).status).toBe(401);
    expect((await signIn('gabi@exemplo.com')).status).toBe(200);
    expect(await events('account_locked')).toHaveLength(0);
  });

  it('ends a session after 24 h without activity, and slides it while it is used', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = fakeStart();
    vi.setSystemTime(start);
    const cookie = await verifiedSession('hugo@exemplo.com');

    // Used after 23 h: still alive, and the 24 h start again from here.
    vi.setSystemTime(start + 23 * HOUR);
    const used = await call('/api/auth/get-session', { cookie });
    expect((used.body?.['user'] as { email: string }).email).toBe('hugo@exemplo.com');

    vi.setSystemTime(start + 23 * HOUR + 24 * HOUR - 60_000);
    const page = { pathname: '/blog/admin', method: 'GET', headers: new Headers({ cookie, accept: 'text/html' }) };
    const stillUser = await guardRequest({ auth, security }, page, '198.51.100.7');
    expect(stillUser.session?.user.email).toBe('hugo@exemplo.com');

    // That read was activity too; now 24 h of silence.
    vi.setSystemTime(start + 23 * HOUR + 48 * HOUR);
    const idle = await guardRequest({ auth, security }, page, '198.51.100.7');
    expect(idle.session).toBeUndefined();
    expect(idle.outcome).toEqual({ action: 'redirect', location: '/auth?sessao=expirada' });
    expect((await call('/api/auth/get-session', { cookie })).body).toBeNull();
    expect(await t.db.select().from(authSession)).toHaveLength(0);
  });

  it('guards the admin area: anonymous, user and admin', async () => {
    const userCookie = await verifiedSession('iara@exemplo.com');
    const page = (cookie?: string) => ({
      pathname: '/blog/admin',
      method: 'GET',
      headers: new Headers({ accept: 'text/html', ...(cookie ? { cookie } : {}) }),
    });
    const endpoint = (cookie?: string) => ({
      pathname: '/admin/documentos/00000000-0000-0000-0000-000000000000',
      method: 'GET',
      headers: new Headers(cookie ? { cookie } : {}),
    });
    const decide = async (request: ReturnType<typeof page>) =>
      (await guardRequest({ auth, security }, request, '::1')).outcome;

    expect(await decide(page())).toEqual({ action: 'redirect', location: '/auth' });
    expect(await decide(endpoint())).toEqual({ action: 'status', status: 401 });
    expect(await decide(page(userCookie))).toEqual({ action: 'forbidden-page' });
    expect(await decide(endpoint(userCookie))).toEqual({ action: 'status', status: 403 });
    expect((await events('access_denied')).length).toBe(2);

    await t.db.update(authUser).set({ role: 'admin' }).where(eq(authUser.email, 'iara@exemplo.com'));
    expect(await decide(page(userCookie))).toEqual({ action: 'next' });
    expect(await decide(endpoint(userCookie))).toEqual({ action: 'next' });
    // A signed-in visitor of /auth goes on to the admin area.
    const authPage = {
      pathname: '/auth',
      method: 'GET',
      headers: new Headers({ cookie: userCookie, accept: 'text/html' }),
    };
    expect(await decide(authPage)).toEqual({ action: 'redirect', location: '/blog/admin' });
  });

  it('logs admin_login for an admin and logout on sign-out', async () => {
    const cookie = await verifiedSession('joao@exemplo.com');
    await t.db.update(authUser).set({ role: 'admin' }).where(eq(authUser.email, 'joao@exemplo.com'));
    const again = await signIn('joao@exemplo.com');
    expect((await events('admin_login')).map((e) => e.details['email'])).toEqual(['joao@exemplo.com']);

    const out = await call('/api/auth/sign-out', { body: {}, cookie: again.cookie });
    expect(out.status).toBe(200);
    const [logout] = await events('logout');
    expect(logout?.details['email']).toBe('joao@exemplo.com');
    expect((await call('/api/auth/get-session', { cookie: again.cookie })).body).toBeNull();
    // The other session is untouched.
    expect((await call('/api/auth/get-session', { cookie })).body).not.toBeNull();
  });

  it('rate-limits sign-in per connection IP, ignores client-sent IP headers, and records the 429s once a minute', async () => {
    const statuses: number[] = [];
    const max = AUTH_RATE_LIMITS['/sign-in/email'].max;
    for (let i = 0; i <= max; i++) {
      const reply = await call('/api/auth/sign-in/email', {
        body: { email: `ninguem${i}@exemplo.com`, password: 'Errada#2026' },
        ip: '203.0.113.9',
        headers: { 'x-forwarded-for': `10.0.0.${i}`, 'x-pilota-client-ip': `10.0.1.${i}` },
      });
      statuses.push(reply.status);
      if (reply.status === 429)
        expect(reply.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: authErrors.tooManyRequests });
    }
    expect(statuses.slice(0, max).every((s) => s === 401)).toBe(true);
    expect(statuses[max]).toBe(429);
    // More refused requests from the address add no rows: a flood of 429s cannot fill the table.
    for (let i = 0; i < 3; i++) {
      const reply = await call('/api/auth/sign-in/email', {
        body: { email: 'ninguem@exemplo.com', password: 'Errada#2026' },
        ip: '203.0.113.9',
      });
      expect(reply.status).toBe(429);
    }
    const limited = await events('rate_limited');
    expect(limited).toHaveLength(1);
    expect(limited[0]?.details).toMatchObject({
      ip_hash: security.hashIp('203.0.113.9'),
      path: '/api/auth/sign-in/email',
    });
    // Another connection is not affected.
    expect((await signIn('ninguem@exemplo.com', 'Errada#2026', '203.0.113.10')).status).toBe(401);
    // The counters know each address by a keyed hash only: no table keeps an address.
    expect(await tablesHolding(t.db, '203.0.113.')).toEqual([]);
  });

  it('checkTextFields cleans a public form record and logs each offending field', async () => {
    const result = await checkTextFields(
      {
        nome: 'Maria <img src=x onerror=alert(1)>',
        empresa: "'; DROP TABLE contatos; --",
        celular: '(11) 99999-9999',
        n: 3,
      },
      security,
      { source: 'lead-form', ip: '192.0.2.1', email: 'maria@exemplo.com' },
    );
    expect(result.valid).toBe(false);
    expect(result.invalidFields).toEqual(['nome', 'empresa']);
    expect(result.cleaned).toEqual({
      nome: 'Maria <img src=x >',
      empresa: "'; DROP TABLE contatos; --",
      celular: '(11) 99999-9999',
      n: 3,
    });
    const logged = await events('input_validation_failed');
    expect(logged.map((e) => [e.details['field'], e.details['severity'], e.details['source']]).sort()).toEqual([
      ['empresa', 'critical', 'lead-form'],
      ['nome', 'warning', 'lead-form'],
    ]);
  });

  it('a confirmation makes whoever opens it choose the password: a stranger who signed up first never gets in', async () => {
    // A stranger takes the address first; its owner signs up afterwards and gets the same answer.
    expect((await signUp('boss@exemplo.com', 'Intruso#2026', 'Intruso', '198.51.100.81')).status).toBe(200);
    expect((await signUp('boss@exemplo.com', PASSWORD, 'Dona Real', '198.51.100.82')).status).toBe(200);
    // Both e-mails reach the mailbox, and either lets its holder choose the password; the owner opens the second.
    await verificationLink('boss@exemplo.com', 0);
    const ownerLink = await verificationLink('boss@exemplo.com', 1);
    expect((await signIn('boss@exemplo.com', 'Intruso#2026', '198.51.100.83')).status).toBe(403);
    expect((await setPassword(await tokenOf(ownerLink), PASSWORD, '198.51.100.84')).status).toBe(200);

    const [user] = await t.db.select().from(authUser).where(eq(authUser.email, 'boss@exemplo.com'));
    expect(user).toMatchObject({ emailVerified: true });
    expect((await signIn('boss@exemplo.com', 'Intruso#2026', '198.51.100.85')).status).toBe(401);
    expect((await signIn('boss@exemplo.com', PASSWORD, '198.51.100.85')).status).toBe(200);
    const [reset] = await events('password_reset');
    expect(reset?.details).toMatchObject({ email: 'boss@exemplo.com', confirmedEmail: true });
  });

  it('"Esqueci minha senha" answers an unknown address exactly as a known one, and mails only the known one', async () => {
    await verifiedSession('rui@exemplo.com');
    smtp.messages.length = 0;
    const ask = async (email: string, ip: string) => {
      const request = new Request(new URL('/api/auth/request-password-reset', SITE), {
        method: 'POST',
        headers: { origin: SITE, 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      const response = await handleAuthRequest(auth, request, ip, security);
      return {
        status: response.status,
        headers: [...response.headers].filter(([n]) => n !== 'date'),
        text: await response.text(),
      };
    };
    const known = await ask('rui@exemplo.com', '198.51.100.91');
    const unknown = await ask('ram@exemplo.com', '198.51.100.92');
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);

    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('rui@exemplo.com'));
    expect(mail.subject).toBe(passwordResetEmail.subject);
    expect(mail.text).toMatch(PASSWORD_LINK);
    const queued = await t.db.select().from(deliveries).where(eq(deliveries.subjectType, 'auth-password-reset'));
    expect(queued.map((d) => d.target)).toEqual(['rui@exemplo.com']);
    expect((await events('password_reset_requested')).map((e) => e.details['email']).sort()).toEqual([
      'ram@exemplo.com',
      'rui@exemplo.com',
    ]);
  });

  it('a link sets the password once, not after an hour, only to a strong password; its page says so in pt-BR', async () => {
    await verifiedSession('sara@exemplo.com');
    smtp.messages.length = 0;
    const request = () =>
      call('/api/auth/request-password-reset', { body: { email: 'sara@exemplo.com' }, ip: '198.51.100.101' });
    expect((await request()).status).toBe(200);
    const link = await verificationLink('sara@exemplo.com');
    const token = await tokenOf(link);

    const weak = await setPassword(token, 'password123');
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ code: 'WEAK_PASSWORD', message: authErrors.weakPassword });
    expect((await setPassword(token, 'Nova#Senha2026')).status).toBe(200);
    // Spent: the API refuses it in pt-BR, and the link now lands on the page's invalid state.
    const again = await setPassword(token, 'Outra#Senha2026');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'INVALID_TOKEN', message: authErrors.invalidResetLink });
    const reopened = await call(link);
    expect(reopened.status).toBe(302);
    expect(reopened.location).toBe('/auth/nova-senha?error=INVALID_TOKEN');
    expect((await signIn('sara@exemplo.com', 'Nova#Senha2026')).status).toBe(200);

    // A link an hour old is refused the same way.
    expect((await request()).status).toBe(200);
    const late = await tokenOf(await verificationLink('sara@exemplo.com', 1));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + PASSWORD_LINK_TTL_SECONDS * 1000 + 60_000);
    const expired = await setPassword(late, 'Tardia#Senha2026');
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ code: 'INVALID_TOKEN', message: authErrors.invalidResetLink });
    vi.useRealTimers();
    expect((await signIn('sara@exemplo.com', 'Nova#Senha2026')).status).toBe(200);
  });

  it('setting the password ends every session of the account and is a security event', async () => {
    const first = await verifiedSession('teo@exemplo.com');
    const second = (await signIn('teo@exemplo.com', PASSWORD, '198.51.100.111')).cookie!;
    const other = await verifiedSession('uli@exemplo.com');
    smtp.messages.length = 0;
    await call('/api/auth/request-password-reset', { body: { email: 'teo@exemplo.com' }, ip: '198.51.100.112' });
    const token = await tokenOf(await verificationLink('teo@exemplo.com'));
    expect((await setPassword(token, 'Nova#Senha2026', '198.51.100.113')).status).toBe(200);

    for (const cookie of [first, second]) expect((await call('/api/auth/get-session', { cookie })).body).toBeNull();
    expect((await call('/api/auth/get-session', { cookie: other })).body).not.toBeNull();
    const [teo] = await t.db.select().from(authUser).where(eq(authUser.email, 'teo@exemplo.com'));
    expect((await t.db.select().from(authSession)).filter((row) => row.userId === teo!.id)).toEqual([]);
    expect((await signIn('teo@exemplo.com', PASSWORD, '198.51.100.114')).status).toBe(401);
    // The sign-up's own confirmation was the first; this one is the reset's.
    const event = (await events('password_reset')).find(
      (e) => e.details['ip_hash'] === security.hashIp('198.51.100.113'),
    );
    expect(event?.userId).toBe(teo!.id);
    expect(event?.details).toMatchObject({
      confirmedEmail: false,
      sessionsEnded: true,
      ip_hash: security.hashIp('198.51.100.113'),
    });
  });

  it('rate-limits "Esqueci minha senha" per connection IP with the pt-BR message', async () => {
    const max = AUTH_RATE_LIMITS['/request-password-reset'].max;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      const reply = await call('/api/auth/request-password-reset', {
        body: { email: `quem${i}@exemplo.com` },
        ip: '203.0.113.50',
      });
      statuses.push(reply.status);
      if (reply.status === 429)
        expect(reply.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: authErrors.tooManyRequests });
    }
    expect(statuses).toEqual([...Array<number>(max).fill(200), 429]);
    expect(
      (await call('/api/auth/request-password-reset', { body: { email: 'x@exemplo.com' }, ip: '203.0.113.51' })).status,
    ).toBe(200);
  });

  it('every declared limit is the one enforced: 10 new passwords a minute per address, and the link counts as one path whatever its token', async () => {
    for (const [path, rule] of Object.entries(AUTH_RATE_LIMITS)) {
      if (path !== 'default') expect(authCustomRules()[path], path).toEqual(rule);
    }
    const max = AUTH_RATE_LIMITS['/reset-password'].max;
    const posts: number[] = [];
    for (let i = 0; i <= max; i++)
      posts.push((await setPassword(`token-inexistente-${i}`, PASSWORD, '203.0.113.70')).status);
    expect(posts.slice(0, max)).not.toContain(429);
    expect(posts[max]).toBe(429);
    expect((await setPassword('token-inexistente', PASSWORD, '203.0.113.72')).status).not.toBe(429);
    // Each guess at the link is a new path: counted together all the same.
    const opens: number[] = [];
    for (let i = 0; i <= max; i++) {
      opens.push(
        (await call(`/api/auth/reset-password/chute${i}?callbackURL=%2Fauth%2Fnova-senha`, { ip: '203.0.113.71' }))
          .status,
      );
    }
    expect(opens.slice(0, max)).not.toContain(429);
    expect(opens[max]).toBe(429);
  });

  it("no Better Auth endpoint the site does not use answers, the admin plugin's included: an admin session changes nothing", async () => {
    const adminCookie = await verifiedSession('chefe@exemplo.com');
    await t.db.update(authUser).set({ role: 'admin' }).where(eq(authUser.email, 'chefe@exemplo.com'));
    await verifiedSession('vendedora@exemplo.com');
    const [seller] = await t.db.select().from(authUser).where(eq(authUser.email, 'vendedora@exemplo.com'));
    const [chief] = await t.db.select().from(authUser).where(eq(authUser.email, 'chefe@exemplo.com'));
    const snapshot = async () => ({
      users: await t.db.select().from(authUser).orderBy(authUser.email),
      sessions: (await t.db.select().from(authSession).orderBy(authSession.id)).map(
        ({ updatedAt: _u, expiresAt: _e, ...row }) => row,
      ),
      accounts: await t.db.select().from(authAccount).orderBy(authAccount.id),
    });
    const before = await snapshot();
    // Every endpoint of the configured Better Auth, from its own list: a new one is covered the day it appears.
    const used = [
      '/get-session',
      '/sign-in/email',
      '/sign-up/email',
      '/sign-out',
      '/request-password-reset',
      '/reset-password',
      '/reset-password/:token',
    ];
    const paths = Object.values(auth.api)
      .map((endpoint) => (endpoint as { path?: string }).path)
      .filter((path): path is string => typeof path === 'string' && !used.includes(path));
    expect(paths).toEqual(
      expect.arrayContaining([
        '/admin/set-role',
        '/admin/impersonate-user',
        '/admin/remove-user',
        '/update-user',
        '/change-email',
        '/verify-email',
      ]),
    );
    const body = {
      userId: chief!.id,
      role: 'user',
      newPassword: 'Trocada#2026',
      email: 'tomada@exemplo.com',
      name: 'Outro Nome',
      data: { role: 'admin' },
      sessionToken: 'x',
    };
    const answers: string[] = [];
    for (const path of paths) {
      const concrete = path.replace(/:\w+/g, 'x');
      for (const method of ['GET', 'POST']) {
        const reply = await call(`/api/auth${concrete}?userId=${seller!.id}&id=${seller!.id}`, {
          method,
          cookie: adminCookie,
          ...(method === 'POST'
            ? { body: { ...body, userId: path.includes('impersonate') ? seller!.id : chief!.id } }
            : {}),
        });
        if (!(reply.status === 404 || (path === '/verify-email' && reply.status === 302)))
          answers.push(`${method} ${path} → ${reply.status}`);
        if (reply.cookie) answers.push(`${method} ${path} set a session`);
      }
    }
    expect(answers).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect((await call('/api/auth/get-session', { cookie: adminCookie })).body).not.toBeNull();
  });

  // Engine-specific paths of admin:grant, registered only where they apply.
  if (isPostgres(engine))
    it('admin:grant on PostgreSQL updates the database directly', async () => {
      await verifiedSession('kaue@exemplo.com');
      const dataDir = mkdtempSync(join(tmpdir(), 'pilota-grant-'));
      const { code, output } = await runAdminGrant('KAUE@exemplo.com', { DATABASE_URL: t.url!, DATA_DIR: dataDir });
      expect(output).toContain('kaue@exemplo.com agora é administrador(a)');
      expect(code).toBe(0);
      const [user] = await t.db.select().from(authUser).where(eq(authUser.email, 'kaue@exemplo.com'));
      expect(user).toMatchObject({ role: 'admin', emailVerified: true });
      const missing = await runAdminGrant('ninguem@exemplo.com', { DATABASE_URL: t.url!, DATA_DIR: dataDir });
      expect(missing.code).toBe(1);
      expect(missing.output).toContain('Nenhuma conta com o e-mail ninguem@exemplo.com');
    });

  it("admin:grant never confirms an account: a squatter's password stays refused, the mailbox's holder gets the role", async () => {
    // Someone signs up with the future admin's address first; the operator then grants it blindly.
    expect((await signUp('dona@exemplo.com', 'Intruso#2026', 'Squatter', '198.51.100.121')).status).toBe(200);
    await verificationLink('dona@exemplo.com', 0);
    const granted = await grantAdmin(t.db, 'dona@exemplo.com', security, 'test', {
      mailPasswordLink: (email) => mailPasswordLinkAsOperator(auth, email),
    });
    expect(granted).toMatchObject({ role: 'admin', changed: true, awaitsConfirmation: true, accountName: 'Squatter' });
    const [pending] = await t.db.select().from(authUser).where(eq(authUser.email, 'dona@exemplo.com'));
    expect(pending).toMatchObject({ role: 'admin', emailVerified: false });
    expect((await signIn('dona@exemplo.com', 'Intruso#2026', '198.51.100.122')).status).toBe(403);
    expect(await t.db.select().from(authSession)).toEqual([]);

    // The owner reads the grant's link from the mailbox, chooses a password and signs in as admin.
    const link = await verificationLink('dona@exemplo.com', 1);
    expect((await setPassword(await tokenOf(link), PASSWORD, '198.51.100.123')).status).toBe(200);
    expect((await signIn('dona@exemplo.com', 'Intruso#2026', '198.51.100.124')).status).toBe(401);
    const owner = await signIn('dona@exemplo.com', PASSWORD, '198.51.100.124');
    expect(owner.status).toBe(200);
    expect((await call('/api/auth/get-session', { cookie: owner.cookie })).body).toMatchObject({
      user: { email: 'dona@exemplo.com', role: 'admin', emailVerified: true },
    });
    expect((await events('admin_granted'))[0]?.details).toMatchObject({ awaitsConfirmation: true, role: 'admin' });
  });

  /** The account e-mails queued for `email` of one kind (the outbox's subject type), oldest first. */
  const queuedFor = async (email: string, subjectType: string) =>
    (await t.db.select().from(deliveries).where(eq(deliveries.subjectType, subjectType)))
      .filter((row) => row.target === email)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  it('mails one address at most ACCOUNT_MAIL_LIMITS.link links per window, answering as usual; a working link is always in the mailbox; the operator is never held back', async () => {
    const { link } = ACCOUNT_MAIL_LIMITS;
    await verifiedSession('vivi@exemplo.com');
    await verificationLink('vivi@exemplo.com', 0);
    const ask = (ip: string) => call('/api/auth/request-password-reset', { body: { email: 'VIVI@exemplo.com' }, ip });
    // Each request from its own address: only the per-recipient limit can hold them back.
    const statuses: number[] = [];
    for (let i = 0; i < link.count + 2; i++) statuses.push((await ask(`198.51.100.${130 + i}`)).status);
    expect(statuses).toEqual(Array<number>(link.count + 2).fill(200));
    const links = async () =>
      (await queuedFor('vivi@exemplo.com', 'auth-verification')).length +
      (await queuedFor('vivi@exemplo.com', 'auth-password-reset')).length;
    // The sign-up's confirmation was the first; the window holds link.count in all.
    expect(await links()).toBe(link.count);
    // Whoever spent the budget, the latest link mailed still sets the password (it lasts an hour).
    const resets = await queuedFor('vivi@exemplo.com', 'auth-password-reset');
    const latest = PASSWORD_LINK.exec((resets.at(-1)!.payload as { text: string }).text)![0];
    expect((await setPassword(await tokenOf(latest), 'Nova#Senha2026', '198.51.100.139')).status).toBe(200);
    await mailPasswordLinkAsOperator(auth, 'vivi@exemplo.com');
    expect(await links()).toBe(link.count + 1);

    // Sliding: once the window has passed, the address gets links again.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + link.windowMs + 60_000);
    expect((await ask('198.51.100.141')).status).toBe(200);
    vi.useRealTimers();
    expect(await links()).toBe(link.count + 2);
  });

  it("strangers' sign-ups with a taken address spend only the notices' budget, never the owner's password link", async () => {
    await verifiedSession('rita@exemplo.com');
    // Sign-ups with the owner's address from three clients: the answer is a new sign-up's each time.
    for (const ip of ['198.51.100.150', '198.51.100.151', '198.51.100.152']) {
      expect((await signUp('rita@exemplo.com', 'Outra#Senha2026', 'Estranho', ip)).status).toBe(200);
    }
    expect(await queuedFor('rita@exemplo.com', 'auth-existing-account')).toHaveLength(ACCOUNT_MAIL_LIMITS.notice.count);
    // The owner's own "Esqueci minha senha" still goes out, and its link works.
    expect(
      (await call('/api/auth/request-password-reset', { body: { email: 'rita@exemplo.com' }, ip: '198.51.100.153' }))
        .status,
    ).toBe(200);
    const [reset] = await queuedFor('rita@exemplo.com', 'auth-password-reset');
    expect((reset!.payload as { subject: string }).subject).toBe(passwordResetEmail.subject);
    const url = PASSWORD_LINK.exec((reset!.payload as { text: string }).text)![0];
    expect((await setPassword(await tokenOf(url), 'Nova#Senha2026', '198.51.100.154')).status).toBe(200);
  });

  if (engine === 'pglite')
    it('admin:grant goes through the server socket while a server holds DATA_DIR', async () => {
      await signUp('lia@exemplo.com');
      await verificationLink('lia@exemplo.com', 0);
      const dataDir = mkdtempSync(join(tmpdir(), 'pilota-grant-'));
      const lock = await lockDataDir(dataDir, () => {});
      const socket = await startAdminSocket({
        dataDir,
        db: t.db,
        security,
        mailPasswordLink: (email) => mailPasswordLinkAsOperator(auth, email),
      });
      try {
        // --verify would confirm without the mailbox: refused, with what to do instead.
        const refused = await runAdminGrant('lia@exemplo.com', { DATA_DIR: dataDir }, ['--verify']);
        expect(refused.output).toContain('admin:grant nunca confirma um e-mail');
        expect(refused.code).toBe(2);
        // The server records the role and mails the link; the CLI says the role waits for it.
        const { code, output } = await runAdminGrant('lia@exemplo.com', { DATA_DIR: dataDir });
        expect(output).toContain('ainda não confirmou o e-mail');
        expect(output).toContain('o papel vale quando a pessoa definir a senha');
        expect(output).toMatch(/criada em \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
        expect(code).toBe(0);
      } finally {
        await socket.close();
      }
      const [user] = await t.db.select().from(authUser).where(eq(authUser.email, 'lia@exemplo.com'));
      expect(user).toMatchObject({ role: 'admin', emailVerified: false });
      expect((await setPassword(await tokenOf(await verificationLink('lia@exemplo.com', 1)))).status).toBe(200);
      expect((await signIn('lia@exemplo.com')).status).toBe(200);
      expect((await events('admin_granted'))[0]?.details['source']).toBe('cli:admin-grant (server socket)');

      // Lock held but no socket (a server still starting): the CLI refuses to open the folder.
      const refused = await runAdminGrant('lia@exemplo.com', { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('já está em uso por outro servidor');
      await lock.release();
    });
});

describe('admin:grant on an embedded database with no server running', () => {
  it('opens the database itself under the DATA_DIR lock', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pilota-grant-'));
    const handle = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
    await migrateDatabase(handle.db);
    const now = new Date();
    await handle.db
      .insert(authUser)
      .values({ id: 'u1', name: 'Mia', email: 'mia@exemplo.com', createdAt: now, updatedAt: now });
    await handle.close();

    const { code, output } = await runAdminGrant('mia@exemplo.com', { DATA_DIR: dataDir });
    expect(output).toContain('o papel vale quando a pessoa definir a senha');
    expect(output).toContain('O e-mail sai quando o servidor iniciar');
    expect(code).toBe(0);

    const reopened = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
    try {
      const [user] = await reopened.db.select().from(authUser).where(eq(authUser.id, 'u1'));
      expect(user).toMatchObject({ role: 'admin', emailVerified: false });
      // The link waits in the outbox for the server.
      const [queued] = await reopened.db.select().from(deliveries);
      expect(queued).toMatchObject({ target: 'mia@exemplo.com', subjectType: 'auth-verification' });
      const [event] = await reopened.db
        .select()
        .from(securityEvents)
        .where(sql`${securityEvents.eventType} = 'admin_granted'`);
      expect(event?.details['source']).toBe('cli:admin-grant (embedded, no server)');
    } finally {
      await reopened.close();
    }
    // Three embedded-database opens (one migrating) and a script run: ~8 s quiet, seen at 28 s on a busy 2-core machine.
  }, 90_000);
});
