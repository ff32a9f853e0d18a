/*
 * The team accounts the e2e files share. Sign-ups are rate-limited per address and every
 * test talks from 127.0.0.1, so an account per file would make the run wait out the limit's
 * window again and again: global-setup makes one admin and one seller, and each test signs
 * in for a session of its own (signing out or an expired session never reaches another file).
 * A test that changes an account itself (its role, its password, a lockout) makes its own.
 */
import { signIn, teamAccount, type Account, type Mailbox } from '../../scripts/support/blog-accounts';

const TEAM_ENV = 'E2E_TEAM';
type SharedRole = 'admin' | 'vendas';

/** Makes the shared accounts on the e2e server and hands them to the workers through the environment. */
export async function createTeam(baseUrl: string, dataDir: string, mailbox: Mailbox): Promise<void> {
  const team: Record<SharedRole, Account> = {
    admin: await teamAccount(baseUrl, dataDir, 'admin', mailbox),
    vendas: await teamAccount(baseUrl, dataDir, 'vendas', mailbox),
  };
  process.env[TEAM_ENV] = JSON.stringify(team);
}

/** A new session of the shared `role` account on the e2e server. */
export async function teamSession(role: SharedRole): Promise<{ account: Account; cookie: string }> {
  const team = JSON.parse(process.env[TEAM_ENV] ?? '{}') as Partial<Record<SharedRole, Account>>;
  const account = team[role];
  if (!account) throw new Error(`no shared ${role} account: tests/e2e/global-setup.ts makes them`);
  return { account, cookie: await signIn(process.env['E2E_BASE_URL']!, account) };
}
