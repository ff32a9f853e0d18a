/*
 * `npm run admin:grant -- <email> --role <role>` (src/server/auth/admin-grant.ts) on every
 * engine: the team's roles (admin, vendas, editor) are set, an unknown role is refused, taking a
 * role away or swapping it ends the account's sessions, a promotion keeps them; and the CLI
 * itself reads `--role` in both spellings, and mails an unconfirmed account its link.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { grantAdmin, UnknownRoleError } from '~/server/auth/admin-grant';
import { authSession, authUser, deliveries, securityEvents, type UserRole } from '~/server/db/schema';
import { createSecurityLogger } from '~/server/security';
import { engines, useTestDatabase } from '../support/db';

const run = promisify(execFile);

describe.each(engines)('admin:grant roles on %s', (engine) => {
  const t = useTestDatabase(engine);
  const security = () => createSecurityLogger({ db: t.db, secret: 'segredo-de-teste' });

  beforeEach(async () => {
    await t.db.insert(authUser).values({
      id: 'u1',
      name: 'Vera',
      email: 'vera@exemplo.com',
      emailVerified: true,
      role: 'user',
    });
    await t.db
      .insert(authSession)
      .values({ id: 's1', token: 't1', userId: 'u1', expiresAt: new Date(Date.now() + 3_600_000) });
  });

  const state = async () => {
    const [user] = await t.db.select({ role: authUser.role }).from(authUser).where(eq(authUser.id, 'u1'));
    const sessions = await t.db.select().from(authSession).where(eq(authSession.userId, 'u1'));
    return { role: user!.role, sessions: sessions.length };
  };
  const grant = (role?: UserRole) =>
    grantAdmin(t.db, 'Vera@Exemplo.com', security(), 'test', role === undefined ? {} : { role });

  it('sets each team role; a promotion keeps the sessions (the next request reads the role)', async () => {
    expect(await grant('vendas')).toMatchObject({ role: 'vendas', changed: true, email: 'vera@exemplo.com' });
    expect(await state()).toEqual({ role: 'vendas', sessions: 1 });
    expect(await grant('vendas')).toMatchObject({ changed: false });
  });

  it('is admin when no role is given, as before', async () => {
    expect(await grant()).toMatchObject({ role: 'admin', changed: true });
    expect(await state()).toEqual({ role: 'admin', sessions: 1 });
  });

  it.each([
    ['admin', 'vendas'],
    ['vendas', 'editor'],
    ['editor', 'user'],
    ['admin', 'user'],
  ] as const)('%s → %s ends the sessions, so nobody keeps rights just lost', async (from, to) => {
    await grant(from);
    await t.db
      .insert(authSession)
      .values({ id: 's2', token: 't2', userId: 'u1', expiresAt: new Date(Date.now() + 3_600_000) });
    await grant(to);
    expect(await state()).toEqual({ role: to, sessions: 0 });
    const [event] = await t.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.eventType, 'admin_granted'))
      .orderBy(securityEvents.createdAt)
      .limit(1)
      .offset(1);
    expect(event?.details).toMatchObject({ role: to, previousRole: from });
  });

  it('refuses an unknown role and changes nothing', async () => {
    const refusal = await grant('dono' as UserRole).catch((error: Error) => error);
    expect(refusal).toBeInstanceOf(UnknownRoleError);
    expect((refusal as Error).message).toContain('Papel desconhecido: dono');
    expect(await state()).toEqual({ role: 'user', sessions: 1 });
  });

  if (engine === 'postgres')
    it('the CLI reads --role and --role=, and refuses an unknown one', async () => {
      const cli = (...args: string[]) =>
        run(join('node_modules', '.bin', 'tsx'), ['scripts/admin-grant.ts', ...args], {
          env: { ...process.env, DATABASE_URL: t.url!, DATA_DIR: mkdtempSync(join(tmpdir(), 'pilota-grant-')) },
          timeout: 60_000,
        }).then(
          (result) => ({ code: 0, output: result.stdout + result.stderr }),
          (error: { code?: number; stdout?: string; stderr?: string }) => ({
            code: error.code ?? 1,
            output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
          }),
        );
      const vendas = await cli('--role', 'vendas', 'vera@exemplo.com');
      expect(vendas.output).toContain('vera@exemplo.com agora tem o papel vendas');
      expect(await state()).toEqual({ role: 'vendas', sessions: 1 });
      const editor = await cli('vera@exemplo.com', '--role=editor');
      expect(editor.output).toContain('vera@exemplo.com agora tem o papel editor');
      expect(await state()).toEqual({ role: 'editor', sessions: 0 });
      const unknown = await cli('vera@exemplo.com', '--role', 'chefe');
      expect(unknown.code).toBe(2);
      expect(unknown.output).toContain('Papel desconhecido');
      expect(await state()).toMatchObject({ role: 'editor' });

      // An unconfirmed account: the role is recorded, the address confirmed by nobody, and the
      // link to choose the password waits in the outbox for the running server to send.
      await t.db.insert(authUser).values({ id: 'u2', name: 'Nova', email: 'nova@exemplo.com', role: 'user' });
      const pending = await cli('nova@exemplo.com', '--role', 'vendas');
      expect(pending.code).toBe(0);
      expect(pending.output).toContain('o papel vale quando a pessoa definir a senha');
      const [nova] = await t.db.select().from(authUser).where(eq(authUser.id, 'u2'));
      expect(nova).toMatchObject({ role: 'vendas', emailVerified: false });
      const [link] = await t.db.select().from(deliveries).where(eq(deliveries.target, 'nova@exemplo.com'));
      expect(link).toMatchObject({ kind: 'email', subjectType: 'auth-verification' });
      expect(JSON.stringify(link!.payload)).toContain('/api/auth/reset-password/');
    });
});
