/*
 * Accounts for the blog's HTTP and browser tests, made the way a person makes them:
 * sign up through Better Auth's endpoint, confirm through the link in the captured e-mail
 * by choosing the password on the page it opens, get a team role with `npm run admin:grant`
 * (through the running server's socket) when the test needs one, then sign in and keep the cookie.
 *
 * Auth endpoints are rate-limited per address: each account talks from a loopback address of
 * its own (addressOf), and a 429 is still waited out (X-Retry-After) rather than failing the run.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { waitForMail } from './captured';
import { rawRequest } from './raw-http';

/** Where a test reads what the server mailed: a CaptureSmtp of its own, or the e2e server's (e2eMailbox). */
export interface Mailbox {
  waitFor(
    predicate: (mail: { envelopeTo: string[]; text?: string | undefined }) => boolean,
    timeoutMs?: number,
  ): Promise<{ text?: string | undefined }>;
}

/** The e-mails of the e2e server (tests/e2e/global-setup.ts), read from E2E_MAIL_DIR. */
export const e2eMailbox: Mailbox = { waitFor: (predicate, timeoutMs) => waitForMail(predicate, timeoutMs) };

const run = promisify(execFile);

/** Meets every criterion of the strength meter and is no common word. */
export const TEST_PASSWORD = 'Qz7#mPw2$vLx9!';

export interface Account {
  email: string;
  password: string;
  name: string;
}

export function newAccount(prefix: string): Account {
  return {
    email: `${prefix}-${randomBytes(4).toString('hex')}@pilota.example`,
    password: TEST_PASSWORD,
    name:
      prefix === 'admin'
        ? 'Ana Administradora'
        : prefix === 'vendas'
          ? 'Vera Vendedora'
          : prefix === 'editor'
            ? 'Edu Editor'
            : 'Bruno Leitor',
  };
}

/**
 * The loopback address an account talks from (127.x.y.z, never 127.0.0.1): each test person
 * signs up and in from a machine of their own, as real people do, so the server's per-address
 * limits count them apart and a run never waits out a window another file used up.
 */
function addressOf(email: string): string {
  const [a, b, c] = createHash('sha256').update(email).digest();
  return `127.${a}.${b}.${Math.max(c!, 2)}`;
}

async function authPost(baseUrl: string, path: string, body: unknown, from: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const raw = await rawRequest(
      baseUrl,
      'POST',
      `/api/auth${path}`,
      { 'content-type': 'application/json', origin: baseUrl },
      JSON.stringify(body),
      { localAddress: addressOf(from) },
    );
    const headers = new Headers();
    for (const [name, value] of Object.entries(raw.headers)) {
      for (const item of [value ?? []].flat()) headers.append(name, item);
    }
    const response = new Response(raw.body, { status: raw.status, headers });
    if (response.status !== 429 || attempt >= 3) return response;
    const wait = Number(response.headers.get('x-retry-after') ?? '10');
    await new Promise((resolve) => setTimeout(resolve, (Math.min(Math.max(wait, 1), 61) + 1) * 1000));
  }
}

export async function signUp(baseUrl: string, account: Account): Promise<void> {
  const response = await authPost(baseUrl, '/sign-up/email', account, account.email);
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
}

/** Signs in and returns the Cookie header that carries the session. */
export async function signIn(baseUrl: string, account: Account): Promise<string> {
  const response = await authPost(
    baseUrl,
    '/sign-in/email',
    { email: account.email, password: account.password },
    account.email,
  );
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  if (cookies.length === 0) throw new Error('sign-in set no cookie');
  return cookies.join('; ');
}

/** `npm run admin:grant -- <email> --role <role>` against the server that owns `dataDir`. */
export async function grantAdmin(dataDir: string, email: string, role = 'admin'): Promise<void> {
  await run(join('node_modules', '.bin', 'tsx'), ['scripts/admin-grant.ts', email, '--role', role], {
    env: { ...process.env, DATA_DIR: dataDir },
    timeout: 60_000,
  });
}

/**
 * Confirms `email` as its owner does: opens the link of the e-mail sent to it (Better Auth's
 * token check sends the browser on to /auth/nova-senha with the token) and chooses `password` there.
 */
export async function verifyFromMail(
  smtp: Mailbox,
  baseUrl: string,
  email: string,
  password = TEST_PASSWORD,
): Promise<void> {
  // The mail goes through the job queue; on a busy machine that can take a while.
  const mail = await smtp.waitFor((message) => message.envelopeTo.includes(email), 90_000);
  const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no confirmation link in:\n${mail.text}`);
  // The link names SITE_URL's host (localhost); the server listens on 127.0.0.1. Opened from the
  // person's own address: the link's limit counts every token from one address together.
  const url = new URL(link);
  const opened = await rawRequest(baseUrl, 'GET', url.pathname + url.search, {}, undefined, {
    localAddress: addressOf(email),
  });
  const location = [opened.headers.location ?? ''].flat()[0] ?? '';
  const token = new URL(location, baseUrl).searchParams.get('token');
  if (!token) throw new Error(`confirmation link refused: ${opened.status} ${location}`);
  const response = await authPost(baseUrl, '/reset-password', { token, newPassword: password }, email);
  if (!response.ok) throw new Error(`setting the password failed: ${response.status} ${await response.text()}`);
}

/** A signed-in admin: sign-up, the e-mailed link, admin:grant, sign-in. */
export async function adminCookie(
  baseUrl: string,
  dataDir: string,
  mailbox: Mailbox,
): Promise<{ account: Account; cookie: string }> {
  return teamCookie(baseUrl, dataDir, 'admin', mailbox);
}

export type TeamRole = 'vendas' | 'editor' | 'admin';

/** A confirmed team member (sales, blog editor, admin): sign-up, the e-mailed link, admin:grant --role. */
export async function teamAccount(
  baseUrl: string,
  dataDir: string,
  role: TeamRole,
  mailbox: Mailbox,
): Promise<Account> {
  const account = newAccount(role);
  await signUp(baseUrl, account);
  await verifyFromMail(mailbox, baseUrl, account.email, account.password);
  await grantAdmin(dataDir, account.email, role);
  return account;
}

/** A signed-in team member: teamAccount, then sign-in. */
export async function teamCookie(
  baseUrl: string,
  dataDir: string,
  role: TeamRole,
  mailbox: Mailbox,
): Promise<{ account: Account; cookie: string }> {
  const account = await teamAccount(baseUrl, dataDir, role, mailbox);
  return { account, cookie: await signIn(baseUrl, account) };
}

/** A signed-in plain user (role "user"), verified through the e-mail link. */
export async function userCookie(baseUrl: string, smtp: Mailbox): Promise<{ account: Account; cookie: string }> {
  const account = newAccount('leitor');
  await signUp(baseUrl, account);
  await verifyFromMail(smtp, baseUrl, account.email);
  return { account, cookie: await signIn(baseUrl, account) };
}
