/*
 * User management (src/server/auth/team-members.ts, src/actions/usuarios.ts,
 * /admin/usuarios) and the sales team's home (src/server/inbox/inbox-counts.ts on /blog/admin).
 *
 * On every engine, the service: the list with roles and live sessions; a role change, which
 * ends the person's sessions when a team role is lost or swapped; ending sessions; an admin's
 * own role and sessions refused; the last admin kept, also when two admins demote each other
 * at the same moment; an admin demoted mid-request changes nothing; an unknown account; each
 * change a security event. The inbox's counts at a fixed clock.
 *
 * Through the built server, as people use it: the page lists the accounts; the actions change
 * a role and end sessions (the person's cookie stops working); the refusals answer pt-BR with
 * their status; the sales team and editors get 403 on the page and the actions; a form post
 * without JavaScript shows the result; the dashboard shows the sales team its counts.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inboxHomeCopy } from '~/messages/inbox/home';
import { teamMembersCopy as copy } from '~/messages/inbox/team-members';
import { assignmentEmail, roundRobinCopy } from '~/messages/lead-ownership';
import { discardReasonsMessages } from '~/messages/inbox/leads-list';
import { discardReasonsCopy } from '~/messages/lead-work';
import { DEFAULT_DISCARD_REASONS } from '~/lib/discard-reasons';
import { listTeamMembers, revokeMemberSessions, setMemberRole, type TeamMemberDeps } from '~/server/auth/team-members';
import {
  authSession,
  authUser,
  contatos,
  deliveries,
  securityEvents,
  solicitacoesImplementacao,
  type UserRole,
} from '~/server/db/schema';
import { inboxCounts } from '~/server/inbox/inbox-counts';
import { createSecurityLogger } from '~/server/security';
import { callAction } from '../support/actions';
import { adminCookie, newAccount, signIn, signUp, teamCookie, type Account } from '../../scripts/support/blog-accounts';
import { engines, isPostgres, useTestDatabase } from '../support/db';
import { ensureBuild } from '../support/ensure-build';
import { rawRequest } from '../../scripts/support/raw-http';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';
import { until } from '../support/until';
import { openDatabase } from '~/server/db/client';

/** São Paulo wall time as an instant. */
const sp = (local: string) => new Date(`${local}-03:00`);
/** Monday 23/11/2026 14h00 in São Paulo: leads created up to 12h00 today are past the 2-hour promise. */
const NOW = sp('2026-11-23T14:00:00');
const HOUR = 3_600_000;

describe.each(engines)('team members on %s', (engine) => {
  const t = useTestDatabase(engine);
  const deps = (): TeamMemberDeps => ({ db: t.db, security: createSecurityLogger({ db: t.db, secret: 'segredo' }) });

  const person = async (id: string, role: UserRole, sessions = 1, verified = true) => {
    await t.db.insert(authUser).values({
      id,
      name: `Pessoa ${id}`,
      email: `${id}@exemplo.com`,
      emailVerified: verified,
      role,
      createdAt: new Date(Date.parse('2026-11-01T12:00:00Z') + Number(id.replace(/\D/g, '') || 0) * HOUR),
    });
    for (let i = 0; i < sessions; i++) {
      await t.db.insert(authSession).values({
        id: `${id}-s${i}`,
        token: `${id}-t${i}`,
        userId: id,
        expiresAt: new Date(Date.now() + HOUR),
      });
    }
  };
  const roleOf = async (id: string) =>
    (await t.db.select({ role: authUser.role }).from(authUser).where(eq(authUser.id, id)))[0]?.role;
  const sessionsOf = async (id: string) =>
    (await t.db.select().from(authSession).where(eq(authSession.userId, id))).length;
  const events = (type: string) => t.db.select().from(securityEvents).where(eq(securityEvents.eventType, type));

  beforeEach(async () => {
    await person('a1', 'admin', 1);
    await person('a2', 'admin', 2);
    await person('v3', 'vendas', 2);
    await person('u4', 'user', 1, false);
  });

  it('lists every account, oldest first, with its role, confirmation, creation and unexpired sessions', async () => {
    await t.db
      .insert(authSession)
      .values({ id: 'old', token: 'old', userId: 'v3', expiresAt: new Date(Date.now() - HOUR) });
    const members = await listTeamMembers(t.db, new Date());
    expect(
      members.map(({ id, role, emailVerified, activeSessions }) => ({ id, role, emailVerified, activeSessions })),
    ).toEqual([
      { id: 'a1', role: 'admin', emailVerified: true, activeSessions: 1 },
      { id: 'a2', role: 'admin', emailVerified: true, activeSessions: 2 },
      { id: 'v3', role: 'vendas', emailVerified: true, activeSessions: 2 },
      { id: 'u4', role: 'user', emailVerified: false, activeSessions: 1 },
    ]);
    expect(members[0]).toMatchObject({ name: 'Pessoa a1', email: 'a1@exemplo.com' });
    expect(members[0]!.createdAt).toEqual(new Date('2026-11-01T13:00:00Z'));
  });

  it.each([
    ['v3', 'editor', 0],
    ['v3', 'user', 0],
    ['a2', 'vendas', 0],
    ['v3', 'admin', 0],
    ['u4', 'vendas', 1],
  ] as const)(
    '%s → %s: the role changes; a team role lost or swapped ends the sessions, a promotion keeps them',
    async (id, role, left) => {
      const before = await roleOf(id);
      const result = await setMemberRole(deps(), { userId: id, role }, { id: 'a1' });
      expect(result).toMatchObject({ status: 'ok', previousRole: before, changed: true });
      expect(await roleOf(id)).toBe(role);
      expect(await sessionsOf(id)).toBe(left);
      const [event] = await events('role_changed');
      expect(event).toMatchObject({ userId: id });
      expect(event!.details).toMatchObject({ by: 'a1', role, previous_role: before, source: 'admin:usuarios' });
    },
  );

  it('keeps an admin from taking their own admin role away, and changes nothing', async () => {
    for (const role of ['vendas', 'editor', 'user'] as const) {
      expect(await setMemberRole(deps(), { userId: 'a1', role }, { id: 'a1' })).toEqual({ status: 'self' });
    }
    expect(await roleOf('a1')).toBe('admin');
    expect(await sessionsOf('a1')).toBe(1);
    expect(await events('role_changed')).toHaveLength(0);
    // Giving oneself the role one already has is harmless.
    expect(await setMemberRole(deps(), { userId: 'a1', role: 'admin' }, { id: 'a1' })).toMatchObject({
      status: 'ok',
      changed: false,
      sessionsEnded: 0,
    });
  });

  it('keeps the last admin', async () => {
    await setMemberRole(deps(), { userId: 'a2', role: 'user' }, { id: 'a1' });
    // a1 is now the only admin; someone whose session still says admin (a2, just demoted) cannot demote a1.
    expect(await setMemberRole(deps(), { userId: 'a1', role: 'vendas' }, { id: 'a2' })).toEqual({
      status: 'last_admin',
    });
    expect(await roleOf('a1')).toBe('admin');
  });

  it('an admin demoted while a change of theirs was on its way changes nothing', async () => {
    await setMemberRole(deps(), { userId: 'a2', role: 'vendas' }, { id: 'a1' });
    // a2's request passed the page's gate before the demotion; its write comes after.
    expect(await setMemberRole(deps(), { userId: 'v3', role: 'admin' }, { id: 'a2' })).toEqual({
      status: 'not_admin',
    });
    expect(await roleOf('v3')).toBe('vendas');
    expect(await events('role_changed')).toHaveLength(1);
  });

  it('two admins demoting each other at the same moment leave one admin', async () => {
    const results = await Promise.all([
      setMemberRole(deps(), { userId: 'a2', role: 'vendas' }, { id: 'a1' }),
      setMemberRole(deps(), { userId: 'a1', role: 'vendas' }, { id: 'a2' }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['last_admin', 'ok']);
    const admins = await t.db.select().from(authUser).where(eq(authUser.role, 'admin'));
    expect(admins).toHaveLength(1);
  });

  if (isPostgres(engine)) {
    it('the race at its worst moment: each side already holds the other’s admin row, and no deadlock follows', async () => {
      // A third transaction holds both admin rows, so each demotion waits on its first lock and
      // both are let go at once; locking one's target first would then deadlock on the other's.
      // Its own connection: the pooled client under test holds at most two.
      const other = await openDatabase({ databaseUrl: t.url!, transactionPooler: engine === 'pgbouncer' });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const taken = new Promise<void>((resolve) => (holding = resolve));
      const blocker = other.db.transaction(async (tx) => {
        await tx
          .select()
          .from(authUser)
          .where(inArray(authUser.id, ['a1', 'a2']))
          .for('update');
        holding();
        await held;
      });
      await taken;
      const racing = Promise.all([
        setMemberRole(deps(), { userId: 'a2', role: 'vendas' }, { id: 'a1' }),
        setMemberRole(deps(), { userId: 'a1', role: 'vendas' }, { id: 'a2' }),
      ]);
      const probe = await openDatabase({ databaseUrl: t.url!, transactionPooler: engine === 'pgbouncer' });
      await until(async () => {
        const result = (await probe.db.execute(
          sql`select count(*)::int as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: { waiting: number }[] };
        return Number(result.rows[0]?.waiting) >= 2 || undefined;
      });
      await probe.close();
      release();
      await blocker;
      await other.close();
      const results = await racing;
      expect(results.map((result) => result.status).sort()).toEqual(['last_admin', 'ok']);
      expect(await t.db.select().from(authUser).where(eq(authUser.role, 'admin'))).toHaveLength(1);
    });
  }

  it('answers not_found for an account that does not exist', async () => {
    expect(await setMemberRole(deps(), { userId: 'nada', role: 'vendas' }, { id: 'a1' })).toEqual({
      status: 'not_found',
    });
    expect(await revokeMemberSessions(deps(), 'nada', { id: 'a1' })).toEqual({ status: 'not_found' });
  });

  it('ends every session of a person, never the admin’s own, and records it', async () => {
    expect(await revokeMemberSessions(deps(), 'v3', { id: 'a1' })).toEqual({ status: 'ok', sessionsEnded: 2 });
    expect(await sessionsOf('v3')).toBe(0);
    expect(await roleOf('v3')).toBe('vendas');
    expect(await revokeMemberSessions(deps(), 'a1', { id: 'a1' })).toEqual({ status: 'self' });
    expect(await sessionsOf('a1')).toBe(1);
    const recorded = await events('sessions_revoked');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ userId: 'v3' });
    expect(recorded[0]!.details).toMatchObject({ by: 'a1', sessions_ended: 2 });
  });

  if (isPostgres(engine)) {
    it('lists a thousand accounts in one query', async () => {
      await t.db
        .insert(authUser)
        .values(Array.from({ length: 1000 }, (_, i) => ({ id: `m${i}`, name: `M ${i}`, email: `m${i}@exemplo.com` })));
      expect(await listTeamMembers(t.db, new Date())).toHaveLength(1004);
    });
  }
});

describe.each(engines)('the sales inbox counts on %s', (engine) => {
  const t = useTestDatabase(engine);
  let key = 0;
  const lead = (status: 'novo' | 'em_contato' | 'qualificado', createdAt: Date) => ({
    nome: 'Lia',
    email: 'lia@exemplo.com',
    celular: '(11) 90000-0000',
    tipo: 'proprietario' as const,
    consentVersion: '1',
    consentAt: createdAt,
    submissionKey: `k${key++}`,
    status,
    createdAt,
  });
  const delivery = (status: 'failed' | 'retrying' | 'pending' | 'sent', subjectType: string) => ({
    id: randomUUID(),
    kind: 'webhook' as const,
    target: 'https://crm.exemplo.com/hook',
    subjectType,
    subjectId: randomUUID(),
    payload: {},
    status,
  });
  const request = (status: 'recebida' | 'em_implantacao') => ({
    tipoDocumento: 'cpf' as const,
    emailAcesso: 'acesso@exemplo.com',
    senhaHash: 'scrypt$x',
    status,
  });

  it('counts what waits: new, overdue, in contact, failed lead deliveries, requests received', async () => {
    expect(await inboxCounts({ db: t.db, now: () => NOW })).toEqual({
      novos: 0,
      atrasados: 0,
      emContato: 0,
      entregasFalhas: 0,
      implantacoesRecebidas: 0,
    });
    await t.db.insert(contatos).values([
      lead('novo', sp('2026-11-20T17:00:00')), // Friday: due Monday 10h00, overdue
      lead('novo', sp('2026-11-23T12:00:00')), // due 14h00 sharp: overdue
      lead('novo', sp('2026-11-23T12:01:00')), // due 14h01: not yet
      lead('em_contato', sp('2026-11-19T10:00:00')),
      lead('em_contato', sp('2026-11-19T11:00:00')),
      lead('qualificado', sp('2026-11-19T10:00:00')),
    ]);
    await t.db.insert(deliveries).values([
      delivery('failed', 'lead'),
      // Failing now, its next attempt scheduled: counted (the tile once showed 0 while webhooks kept failing).
      delivery('retrying', 'lead'),
      delivery('pending', 'lead'),
      delivery('sent', 'lead'),
      delivery('failed', 'auth-verification'),
    ]);
    await t.db
      .insert(solicitacoesImplementacao)
      .values([request('recebida'), request('recebida'), request('em_implantacao')]);
    expect(await inboxCounts({ db: t.db, now: () => NOW })).toEqual({
      novos: 3,
      atrasados: 2,
      emContato: 2,
      entregasFalhas: 2,
      implantacoesRecebidas: 2,
    });
  });
});

describe('user management on the built server', () => {
  let smtp: CaptureSmtp;
  let server: RunningServer;
  let admin: { account: Account; cookie: string };
  let vendas: { account: Account; cookie: string };
  let editor: { account: Account; cookie: string };
  const ids: Record<string, string> = {};

  const get = (path: string, cookie: string) => rawRequest(server.url, 'GET', path, { cookie, accept: 'text/html' });
  /** The page a browser shows after a saved form post: the 303's target, with the one-time result cookie. */
  const shown = async (answer: Awaited<ReturnType<typeof rawRequest>>, cookie: string) => {
    expect(answer.status).toBe(303);
    const flash = (answer.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!);
    return (await get(String(answer.headers.location), [cookie, ...flash].join('; '))).body;
  };
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    return data;
  };
  const idOf = async (cookie: string) => {
    const response = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie } });
    return ((await response.json()) as { user: { id: string } }).user.id;
  };
  /** Whether a cookie still opens the dashboard (a dead session is sent to sign in). */
  const signedIn = async (cookie: string) => {
    const response = await get('/blog/admin', cookie);
    return !/\/auth\b/.test(String(response.headers.location ?? ''));
  };

  beforeAll(async () => {
    ensureBuild();
    smtp = await startCaptureSmtp();
    server = await startBuiltServer({ SMTP_URL: smtp.url, LEAD_RATE_LIMIT: 'off' });
    admin = await adminCookie(server.url, server.dataDir, smtp);
    vendas = await teamCookie(server.url, server.dataDir, 'vendas', smtp);
    editor = await teamCookie(server.url, server.dataDir, 'editor', smtp);
    ids['admin'] = await idOf(admin.cookie);
    ids['vendas'] = await idOf(vendas.cookie);
    ids['editor'] = await idOf(editor.cookie);
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('the sales team’s home counts a new lead and links each count to its list', async () => {
    const lead = await fetch(`${server.url}/_actions/lead`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url, Accept: 'application/json' },
      body: new URLSearchParams({
        nome: 'Lia Contagem',
        email: 'lia.contagem@exemplo.com',
        celular: '(11) 98765-4321',
        tipo: 'proprietario',
        submission_key: randomUUID(),
      }).toString(),
    });
    expect(lead.status).toBe(200);
    const page = await get('/blog/admin', vendas.cookie);
    expect(page.status).toBe(200);
    expect(page.body).toContain(inboxHomeCopy.title);
    const card = (key: string) =>
      new RegExp(`href="([^"]+)"[^>]*data-testid="inbox-${key}"[\\s\\S]*?data-count[^>]*>\\s*([^<\\s]+)`).exec(
        page.body,
      );
    expect(card('novos')?.slice(1)).toEqual(['/admin/leads?status=novo', '1']);
    expect(card('atrasados')?.[1]).toBe('/admin/leads?atrasados=1');
    expect(card('em-contato')?.slice(1)).toEqual(['/admin/leads?status=em_contato', '0']);
    expect(card('entregas-falhas')?.slice(1)).toEqual(['/admin/entregas', '0']);
    expect(card('implantacoes-recebidas')?.slice(1)).toEqual(['/admin/implantacoes?status=recebida', '0']);
    // What the dashboard already showed stays.
    expect(page.body).toContain('lia.contagem@exemplo.com');
  });

  it('lists the accounts to an admin, with role labels, confirmation, date and sessions', async () => {
    const page = await get('/admin/usuarios', admin.cookie);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    for (const [who, label] of [
      ['admin', copy.roleLabels.admin],
      ['vendas', copy.roleLabels.vendas],
      ['editor', copy.roleLabels.editor],
    ] as const) {
      const row = new RegExp(`<tr data-user-id="${ids[who]}"[\\s\\S]*?</tr>`).exec(page.body)?.[0] ?? '';
      const account = { admin, vendas, editor }[who].account;
      expect(row).toContain(account.email);
      expect(row).toContain(account.name);
      expect(row).toMatch(new RegExp(`data-role="${who}"[^>]*>\\s*${label}\\s*<`));
      expect(row).toMatch(/<td[^>]*>\s*Sim\s*<\/td>/);
      expect(row).toMatch(/\d{2}\/\d{2}\/\d{4}/);
      expect(row).toMatch(/data-sessions[^>]*>\s*1\s*</);
    }
    expect(page.body).toContain(copy.you);
    expect(page.body).toContain(`href="/admin/usuarios"`);
  });

  it('an admin switches the round-robin on from the page: a new lead goes to the seller, who is mailed and finds it under "Meus leads"', async () => {
    const roundRobin = (ligar: '0' | '1') =>
      rawRequest(
        server.url,
        'POST',
        '/admin/usuarios?_action=usuarios.setRoundRobin',
        {
          cookie: admin.cookie,
          origin: server.url,
          accept: 'text/html',
          'content-type': 'application/x-www-form-urlencoded',
        },
        `ligar=${ligar}`,
      );
    expect((await get('/admin/usuarios', admin.cookie)).body).toContain(roundRobinCopy.status(false));
    const on = await shown(await roundRobin('1'), admin.cookie);
    expect(on).toContain(roundRobinCopy.done(true));
    expect(on).toContain(roundRobinCopy.status(true));

    const nome = 'Rodízio Teste';
    const lead = await fetch(`${server.url}/_actions/lead`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: server.url,
        Accept: 'application/json',
      },
      body: new URLSearchParams({
        nome,
        email: 'rodizio@cliente.example',
        celular: '(11) 98765-4321',
        tipo: 'proprietario',
        submission_key: randomUUID(),
      }).toString(),
    });
    expect(lead.status, await lead.clone().text()).toBe(200);
    // The seller, the only `vendas` account, gets it; admins take no part.
    const mail = await smtp.waitFor((m) => m.subject === assignmentEmail.subject(nome), 20_000);
    expect(mail.envelopeTo).toEqual([vendas.account.email]);
    const mine = await get('/admin/leads?responsavel=eu', vendas.cookie);
    expect(mine.body).toContain(nome);
    expect((await get('/admin/leads?responsavel=eu', admin.cookie)).body).not.toContain(nome);

    expect(await shown(await roundRobin('0'), admin.cookie)).toContain(roundRobinCopy.status(false));
  });

  it('an admin keeps the list of discard reasons on the page: a bad list is refused as typed, a good one is what the sales team chooses from', async () => {
    const save = (motivos: string, cookie = admin.cookie) =>
      rawRequest(
        server.url,
        'POST',
        '/admin/usuarios?_action=usuarios.setDiscardReasons',
        { cookie, origin: server.url, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
        new URLSearchParams({ motivos }).toString(),
      );
    expect((await get('/admin/usuarios', admin.cookie)).body).toContain(DEFAULT_DISCARD_REASONS[0]);
    const refused = await save('Sem verba\nsem verba');
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(discardReasonsMessages.repetido);
    expect(refused.body).toMatch(
      /<textarea id="motivos-descarte-texto"[^>]*aria-invalid="true"[^>]*>Sem verba\nsem verba<\/textarea>/,
    );
    const saved = await shown(await save(' Sem verba \n\nJá é cliente'), admin.cookie);
    expect(saved).toContain(discardReasonsCopy.done(2));
    expect(saved).toContain('>Sem verba\nJá é cliente</textarea>');
    // The list's discard dialog offers it (the round-robin test above left a lead there).
    const list = (await get('/admin/leads?responsavel=todos', vendas.cookie)).body;
    expect(list).toMatch(/<input type="radio" name="discard-dialog-motivo" value="Sem verba"/);
    expect(list).not.toContain(`value="${DEFAULT_DISCARD_REASONS[0]}"`);
    expect((await save('Sem verba', vendas.cookie)).status).toBe(403);
    await shown(await save(DEFAULT_DISCARD_REASONS.join('\n')), admin.cookie);
  });

  it('refuses the sales team and editors the page and both actions', async () => {
    for (const member of [vendas, editor]) {
      expect((await get('/admin/usuarios', member.cookie)).status).toBe(403);
      for (const name of ['usuarios.setRole', 'usuarios.revokeSessions']) {
        const answer = await callAction(server.url, name, form({ userId: ids['admin']!, role: 'user' }), {
          cookie: member.cookie,
        });
        expect(answer.status).toBe(403);
      }
      const post = await rawRequest(
        server.url,
        'POST',
        '/admin/usuarios?_action=usuarios.setRole',
        {
          cookie: member.cookie,
          origin: server.url,
          accept: 'text/html',
          'content-type': 'application/x-www-form-urlencoded',
        },
        `userId=${ids['admin']}&role=user`,
      );
      expect(post.status).toBe(403);
    }
    expect(await signedIn(admin.cookie)).toBe(true);
    const page = await get('/admin/usuarios', admin.cookie);
    expect(page.body).toMatch(new RegExp(`<tr data-user-id="${ids['admin']}"[\\s\\S]*?data-role="admin"`));
  });

  it('refuses an admin’s own demotion and own sessions, an unknown account and an unknown role, in pt-BR', async () => {
    const self = await callAction(server.url, 'usuarios.setRole', form({ userId: ids['admin']!, role: 'vendas' }), {
      cookie: admin.cookie,
    });
    expect(self.status).toBe(403);
    expect(self.error?.message).toBe(copy.errors.selfDemotion);
    const ownSessions = await callAction(server.url, 'usuarios.revokeSessions', form({ userId: ids['admin']! }), {
      cookie: admin.cookie,
    });
    expect(ownSessions.status).toBe(403);
    expect(ownSessions.error?.message).toBe(copy.errors.selfRevoke);
    expect(await signedIn(admin.cookie)).toBe(true);

    for (const name of ['usuarios.setRole', 'usuarios.revokeSessions']) {
      const unknown = await callAction(server.url, name, form({ userId: 'ninguem-aqui', role: 'vendas' }), {
        cookie: admin.cookie,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.error?.message).toBe(copy.errors.notFound);
    }
    const badRole = await callAction(server.url, 'usuarios.setRole', form({ userId: ids['vendas']!, role: 'dono' }), {
      cookie: admin.cookie,
    });
    expect(badRole.status).toBe(400);
    expect(badRole.error?.fields?.['role']).toEqual([copy.errors.unknownRole]);
    expect(await signedIn(vendas.cookie)).toBe(true);
    // The invitation form preselects no role: a post without one is refused, naming the choices.
    const noRole = await callAction(server.url, 'usuarios.invite', form({ email: 'sem.papel@exemplo.com', role: '' }), {
      cookie: admin.cookie,
    });
    expect(noRole.status).toBe(400);
    expect(noRole.error?.fields?.['role']).toEqual([copy.invitations.errors.role]);
  });

  it('ends a person’s sessions: their cookie stops working, and they can sign in again', async () => {
    expect(await signedIn(editor.cookie)).toBe(true);
    const answer = await callAction<{ sessionsEnded: number }>(
      server.url,
      'usuarios.revokeSessions',
      form({ userId: ids['editor']! }),
      { cookie: admin.cookie },
    );
    expect(answer.status).toBe(200);
    expect(answer.data?.sessionsEnded).toBe(1);
    expect(await signedIn(editor.cookie)).toBe(false);
    editor.cookie = await signIn(server.url, editor.account);
    expect(await signedIn(editor.cookie)).toBe(true);
  });

  it('a role swapped from the page without JavaScript ends the person’s sessions and shows the result', async () => {
    expect((await get('/blog/admin', vendas.cookie)).status).toBe(200);
    const post = await rawRequest(
      server.url,
      'POST',
      '/admin/usuarios?_action=usuarios.setRole',
      {
        cookie: admin.cookie,
        origin: server.url,
        accept: 'text/html',
        'content-type': 'application/x-www-form-urlencoded',
      },
      `userId=${ids['vendas']}&role=editor`,
    );
    expect(post.headers.location).toBe('/admin/usuarios');
    const body = await shown(post, admin.cookie);
    expect(body).toContain(copy.roleChanged(vendas.account.name, copy.roleLabels.editor));
    expect(body).toContain(copy.sessionsEnded(1));
    expect(body).toMatch(
      new RegExp(
        `<tr data-user-id="${ids['vendas']}"[\\s\\S]*?data-role="editor"[\\s\\S]*?data-sessions[^>]*>\\s*0\\s*<`,
      ),
    );
    expect(await signedIn(vendas.cookie)).toBe(false);
    // Signed in again, the person has the new role: the posts, not the leads.
    const again = await signIn(server.url, vendas.account);
    const home = await get('/blog/admin', again);
    expect(home.status).toBe(302);
    expect(new URL(String(home.headers.location), server.url).pathname).toBe('/blog/admin/posts');
  });

  it('a refused form post shows its pt-BR message on the page with its status', async () => {
    const post = await rawRequest(
      server.url,
      'POST',
      '/admin/usuarios?_action=usuarios.setRole',
      {
        cookie: admin.cookie,
        origin: server.url,
        accept: 'text/html',
        'content-type': 'application/x-www-form-urlencoded',
      },
      `userId=${ids['admin']}&role=user`,
    );
    expect(post.status).toBe(403);
    expect(post.body).toContain(copy.errors.selfDemotion);
    expect(post.body).toContain('role="alert"');
  });

  it('a second admin can be made, and then demoted by the first', async () => {
    const other = newAccount('admin');
    await signUp(server.url, other);
    const page = await get('/admin/usuarios', admin.cookie);
    const rows = page.body.match(/<tr data-user-id="[^"]+"[\s\S]*?<\/tr>/g) ?? [];
    const row = rows.find((candidate) => candidate.includes(other.email)) ?? '';
    const otherId = /data-user-id="([^"]+)"/.exec(row)?.[1];
    expect(otherId).toBeTruthy();
    // Never confirmed its e-mail, never signed in.
    expect(row).toMatch(/<td[^>]*>\s*Não\s*<\/td>/);
    expect(row).toMatch(/data-sessions[^>]*>\s*0\s*</);
    const promoted = await callAction(server.url, 'usuarios.setRole', form({ userId: otherId!, role: 'admin' }), {
      cookie: admin.cookie,
    });
    expect(promoted.status).toBe(200);
    const demoted = await callAction(server.url, 'usuarios.setRole', form({ userId: otherId!, role: 'user' }), {
      cookie: admin.cookie,
    });
    expect(demoted.status).toBe(200);
  });
});
