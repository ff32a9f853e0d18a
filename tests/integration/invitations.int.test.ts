/*
 * Invitations to the team (src/server/auth/invitations.ts) on every engine: an invitation and
 * its e-mail are written together (a row in the outbox, carrying the link); the link's token
 * is never stored; accepting creates the account with the role and a password Better Auth
 * signs in with; a used link is refused, also when two clicks race; an expired one; a revoked
 * one; a re-send replaces the token (the old link opens nothing); an address with an account
 * or an open invitation is refused without any e-mail, also when two invites race (a unique
 * index keeps one open invitation per address); each step is a security event; housekeeping
 * deletes an invitation a month after it closed. An inviter who loses the admin role (the team
 * page, admin:grant) takes their open invitations along, and accepting checks the inviter
 * again (demoted by any path, or gone); accepting takes over an unconfirmed account with the
 * address (its password, sessions, links and lockout gone), while a confirmed one refuses it.
 * Who may invite is the actions' and the guard's (tests/integration/auth-matrix.int.test.ts).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INVITATION_TTL_MS } from '~/lib/invitation';
import { createAuth, type Auth } from '~/server/auth/auth';
import { CLOSED_INVITATION_KEEP_MS } from '~/server/auth/invitation-retention';
import { UNCONFIRMED_ACCOUNT_KEEP_MS } from '~/server/auth/unconfirmed-accounts';
import { acceptInvitation, lookupInvitation } from '~/server/auth/invitation-accept';
import {
  hashInvitationToken,
  inviteMember,
  listInvitations,
  resendInvitation,
  revokeInvitation,
  type InvitationDeps,
} from '~/server/auth/invitations';
import { grantAdmin } from '~/server/auth/admin-grant';
import { lockedUntil, LOCKOUT_MAX_FAILURES, recordFailedSignIn } from '~/server/auth/lockout';
import { setMemberRole } from '~/server/auth/team-members';
import {
  authAccount,
  authSession,
  authUser,
  authVerification,
  deliveries,
  securityEvents,
  teamInvitations,
} from '~/server/db/schema';
import { createMailer } from '~/server/mail';
import { runHousekeeping } from '~/server/housekeeping';
import { createSecurityLogger } from '~/server/security';
import { engines, useTestDatabase } from '../support/db';
import { deliveryStack, type DeliveryStack } from '../../scripts/support/deliveries';
import { quietLog } from '../support/log';

const SITE = 'http://localhost:4321';
const PASSWORD = 'Pilota#2026';
const ADMIN = { id: 'admin-1' };
const ADMIN_2 = { id: 'admin-2' };
const LINK = /http:\/\/localhost:4321\/auth\/convite\?token=([A-Za-z0-9_-]{43})/;

describe.each(engines)('invitations on %s', (engine) => {
  const t = useTestDatabase(engine);
  let stack: DeliveryStack;
  let auth: Auth;
  let clock = new Date('2026-11-25T12:00:00Z');
  const deps = (): InvitationDeps => ({
    db: t.db,
    security: createSecurityLogger({ db: t.db, secret: 'segredo' }),
    outbox: stack.outbox,
    config: { siteUrl: SITE },
    now: () => clock,
  });
  /** The links mailed so far to `email`, oldest first, read from the outbox's rows. */
  const mailedLinks = async (email: string) => {
    const rows = await t.db.select().from(deliveries).where(eq(deliveries.subjectType, 'auth-invitation'));
    return rows
      .filter((row) => row.target === email)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((row) => {
        const { text, subject } = row.payload as { text: string; subject: string };
        expect(subject).toBe('Convite para a área administrativa da Pilota');
        return LINK.exec(text)![1]!;
      });
  };
  const events = async (type: string) =>
    (await t.db.select().from(securityEvents).where(eq(securityEvents.eventType, type))).map((row) => row.details);

  /** The accounts but the admins who invite. */
  const invitees = async () =>
    (await t.db.select().from(authUser)).filter((user) => ![ADMIN.id, ADMIN_2.id].includes(user.id));

  beforeEach(async () => {
    // The admins who invite: an invitation is only as good as its inviter's role.
    await t.db.insert(authUser).values(
      [ADMIN, ADMIN_2].map(({ id }) => ({
        id,
        name: id,
        email: `${id}@pilota.example`,
        emailVerified: true,
        role: 'admin' as const,
      })),
    );
  });

  beforeAll(() => {
    // The outbox as the server builds it; its queue is not started: the rows are what is checked here.
    stack = deliveryStack(t.handle, {
      sendMail: createMailer({ mailFrom: 'Pilota <nao-responda@pilota.example>' }),
      now: () => clock,
      log: quietLog,
    });
    auth = createAuth({
      db: t.db,
      outbox: stack.outbox,
      config: { siteUrl: SITE, authSecret: 'segredo-de-teste-com-32-caracteres!!' },
      security: createSecurityLogger({ db: t.db, secret: 'segredo' }),
      now: () => new Date(),
      rateLimit: false,
    });
  });

  it('invite → e-mail in the outbox → accept sets name, password and role → the link is used up', async () => {
    clock = new Date('2026-11-25T12:00:00Z');
    const invited = await inviteMember(deps(), { email: ' Nova.Vendedora@Exemplo.com ', role: 'vendas' }, ADMIN);
    expect(invited.status).toBe('ok');
    const [token] = await mailedLinks('nova.vendedora@exemplo.com');
    // Only the hash is kept: the token appears nowhere in the table.
    const [row] = await t.db.select().from(teamInvitations);
    expect(row!.tokenHash).toBe(hashInvitationToken(token!));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expiresAt.getTime() - clock.getTime()).toBe(INVITATION_TTL_MS);
    expect((await listInvitations(t.db, clock)).map((i) => [i.email, i.role, i.status])).toEqual([
      ['nova.vendedora@exemplo.com', 'vendas', 'pendente'],
    ]);
    expect(await lookupInvitation(t.db, token!, clock)).toEqual({
      status: 'valid',
      email: 'nova.vendedora@exemplo.com',
      role: 'vendas',
    });

    // Two clicks at once: one account, the other told the link was used.
    const results = await Promise.all([
      acceptInvitation(deps(), { token: token!, name: 'Nova Vendedora', password: PASSWORD }, '203.0.113.9'),
      acceptInvitation(deps(), { token: token!, name: 'Outra', password: PASSWORD }, '203.0.113.9'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['aceito', 'ok']);
    // Either click may win the race; the account carries the winner's name.
    const winner = results[0]!.status === 'ok' ? 'Nova Vendedora' : 'Outra';
    const users = await invitees();
    expect(users.map((u) => [u.email, u.name, u.role, u.emailVerified])).toEqual([
      ['nova.vendedora@exemplo.com', winner, 'vendas', true],
    ]);
    // Better Auth signs in with the chosen password: the session is the invited role's.
    const signIn = await auth.api.signInEmail({
      body: { email: 'nova.vendedora@exemplo.com', password: PASSWORD },
      returnHeaders: true,
    });
    expect(signIn.headers.getSetCookie().some((c) => c.startsWith('pilota.session_token='))).toBe(true);
    expect((signIn.response.user as { role?: string }).role).toBe('vendas');

    expect(await lookupInvitation(t.db, token!, clock)).toEqual({ status: 'aceito' });
    expect(
      (await acceptInvitation(deps(), { token: token!, name: 'De Novo', password: PASSWORD }, undefined)).status,
    ).toBe('aceito');
    expect((await listInvitations(t.db, clock))[0]!.status).toBe('aceito');
    // Accepted is final: neither re-sent nor revoked.
    expect((await resendInvitation(deps(), row!.id, ADMIN)).status).toBe('closed');
    expect((await revokeInvitation(deps(), row!.id, ADMIN)).status).toBe('closed');

    expect(await events('invitation_created')).toMatchObject([{ by: ADMIN.id, role: 'vendas' }]);
    expect(await events('invitation_accepted')).toMatchObject([{ role: 'vendas' }]);
    expect((await events('invitation_refused')).map((d) => d['reason'])).toEqual(['aceito', 'aceito']);
  });

  it('an expired link opens nothing; re-sending an expired invitation mails a fresh one', async () => {
    clock = new Date('2026-11-25T12:00:00Z');
    await inviteMember(deps(), { email: 'editora@exemplo.com', role: 'editor' }, ADMIN);
    const [old] = await mailedLinks('editora@exemplo.com');
    clock = new Date(clock.getTime() + INVITATION_TTL_MS);
    expect(await lookupInvitation(t.db, old!, clock)).toEqual({ status: 'expirado' });
    expect(
      (await acceptInvitation(deps(), { token: old!, name: 'Editora', password: PASSWORD }, undefined)).status,
    ).toBe('expirado');
    const [row] = await listInvitations(t.db, clock);
    expect(row!.status).toBe('expirado');
    expect(await invitees()).toEqual([]);

    // Re-send: a new token and 72 h from now; the old link names no invitation any more.
    expect((await resendInvitation(deps(), row!.id, ADMIN)).status).toBe('ok');
    const [, fresh] = await mailedLinks('editora@exemplo.com');
    expect(fresh).not.toBe(old);
    expect(await lookupInvitation(t.db, old!, clock)).toEqual({ status: 'desconhecido' });
    expect(
      (await acceptInvitation(deps(), { token: fresh!, name: 'Editora', password: PASSWORD }, undefined)).status,
    ).toBe('ok');
    expect((await invitees())[0]!.role).toBe('editor');
    expect(await events('invitation_resent')).toMatchObject([{ by: ADMIN.id, invitation: row!.id }]);
  });

  it('a re-send invalidates the pending link; a revoked link opens nothing', async () => {
    clock = new Date('2026-11-25T12:00:00Z');
    await inviteMember(deps(), { email: 'admin2@exemplo.com', role: 'admin' }, ADMIN);
    const id = (await listInvitations(t.db, clock))[0]!.id;
    clock = new Date(clock.getTime() + 60_000);
    await resendInvitation(deps(), id, ADMIN);
    const [first, second] = await mailedLinks('admin2@exemplo.com');
    expect(await lookupInvitation(t.db, first!, clock)).toEqual({ status: 'desconhecido' });
    expect(await lookupInvitation(t.db, second!, clock)).toMatchObject({ status: 'valid', role: 'admin' });

    expect(await revokeInvitation(deps(), id, ADMIN)).toEqual({ status: 'ok', email: 'admin2@exemplo.com' });
    expect(await lookupInvitation(t.db, second!, clock)).toEqual({ status: 'revogado' });
    expect(
      (await acceptInvitation(deps(), { token: second!, name: 'Admin Dois', password: PASSWORD }, undefined)).status,
    ).toBe('revogado');
    expect((await listInvitations(t.db, clock))[0]!.status).toBe('revogado');
    expect((await resendInvitation(deps(), id, ADMIN)).status).toBe('closed');
    expect(await invitees()).toEqual([]);
    expect(await events('invitation_revoked')).toMatchObject([{ by: ADMIN.id, invitation: id }]);
  });

  it('refuses, without an e-mail, an address that has an account or a pending invitation', async () => {
    clock = new Date('2026-11-25T12:00:00Z');
    await t.db.insert(authUser).values({ id: 'u1', name: 'Já Tem', email: 'ja.tem@exemplo.com', emailVerified: true });
    expect(await inviteMember(deps(), { email: 'Ja.Tem@exemplo.com', role: 'vendas' }, ADMIN)).toEqual({
      status: 'account_exists',
    });
    await inviteMember(deps(), { email: 'duas@exemplo.com', role: 'vendas' }, ADMIN);
    expect(await inviteMember(deps(), { email: 'duas@exemplo.com', role: 'editor' }, ADMIN)).toEqual({
      status: 'already_invited',
    });
    expect(await mailedLinks('ja.tem@exemplo.com')).toEqual([]);
    expect(await mailedLinks('duas@exemplo.com')).toHaveLength(1);
    expect((await events('invitation_refused')).map((d) => d['reason']).sort()).toEqual([
      'account_exists',
      'already_invited',
    ]);
    // A token of the wrong shape is not even looked up.
    expect(await lookupInvitation(t.db, 'abc', clock)).toEqual({ status: 'desconhecido' });
  });

  it('one open invitation per address: two invites racing leave one link, and a new invite supersedes an expired one', async () => {
    clock = new Date('2026-11-25T12:00:00Z');
    const raced = await Promise.all([
      inviteMember(deps(), { email: 'corrida@exemplo.com', role: 'vendas' }, ADMIN),
      inviteMember(deps(), { email: 'Corrida@exemplo.com', role: 'editor' }, ADMIN_2),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual(['already_invited', 'ok']);
    expect(await mailedLinks('corrida@exemplo.com')).toHaveLength(1);
    // The database holds the rule even for a write that skips the service's check.
    const [open] = await t.db.select().from(teamInvitations).where(eq(teamInvitations.email, 'corrida@exemplo.com'));
    await expect(
      t.db.insert(teamInvitations).values({ ...open!, id: crypto.randomUUID(), tokenHash: 'outro-hash' }),
    ).rejects.toThrow();

    // Once its link expired, inviting the address again revokes the old row and opens a new one.
    clock = new Date(clock.getTime() + INVITATION_TTL_MS);
    expect((await inviteMember(deps(), { email: 'corrida@exemplo.com', role: 'vendas' }, ADMIN)).status).toBe('ok');
    expect((await listInvitations(t.db, clock)).map((i) => i.status).sort()).toEqual(['pendente', 'revogado']);
  });

  it('housekeeping deletes an invitation a month after it was accepted, revoked or expired, and keeps the rest', async () => {
    const start = new Date('2027-01-10T12:00:00Z');
    clock = start;
    const invite = async (email: string) => {
      await inviteMember(deps(), { email, role: 'vendas' }, ADMIN);
      return (await listInvitations(t.db, clock)).find((row) => row.email === email)!.id;
    };
    const left = async () =>
      (await t.db.select({ email: teamInvitations.email }).from(teamInvitations)).map((r) => r.email);

    await revokeInvitation(deps(), await invite('revogado.antes@exemplo.com'), ADMIN);
    await invite('aceito.antes@exemplo.com');
    const [token] = await mailedLinks('aceito.antes@exemplo.com');
    await acceptInvitation(deps(), { token: token!, name: 'Aceito Antes', password: PASSWORD }, undefined);
    await invite('expirou.antes@exemplo.com');

    clock = new Date(start.getTime() + CLOSED_INVITATION_KEEP_MS);
    await invite('pendente.agora@exemplo.com');
    await revokeInvitation(deps(), await invite('revogado.agora@exemplo.com'), ADMIN);
    await runHousekeeping(t.db, undefined, clock);
    // Accepted and revoked a month ago: gone. Expired only 27 days ago, pending, revoked today: kept.
    expect((await left()).filter((email) => email.endsWith('.antes@exemplo.com'))).toEqual([
      'expirou.antes@exemplo.com',
    ]);
    expect(await left()).toEqual(expect.arrayContaining(['pendente.agora@exemplo.com', 'revogado.agora@exemplo.com']));

    clock = new Date(start.getTime() + INVITATION_TTL_MS + CLOSED_INVITATION_KEEP_MS);
    await runHousekeeping(t.db, undefined, clock);
    expect(await left()).not.toContain('expirou.antes@exemplo.com');
    expect(await left()).toEqual(expect.arrayContaining(['pendente.agora@exemplo.com', 'revogado.agora@exemplo.com']));
    // The account made from the accepted invitation stays.
    expect((await t.db.select().from(authUser)).map((user) => user.email)).toContain('aceito.antes@exemplo.com');
  });

  it('housekeeping deletes sign-ups never confirmed a week on; confirmed and team accounts stay', async () => {
    const signedUp = new Date('2026-11-01T12:00:00Z');
    const account = (id: string, emailVerified: boolean, role: 'user' | 'vendas', createdAt = signedUp) => ({
      id,
      name: id,
      email: `${id}@exemplo.com`,
      emailVerified,
      role,
      createdAt,
      updatedAt: createdAt,
    });
    await t.db
      .insert(authUser)
      .values([
        account('nunca-confirmou', false, 'user'),
        account('confirmou', true, 'user'),
        account('equipe-sem-confirmar', false, 'vendas'),
        account('recente', false, 'user', new Date(signedUp.getTime() + 60_000)),
      ]);
    const left = async () => (await invitees()).map((row) => row.id).sort();

    const counts = await runHousekeeping(t.db, undefined, new Date(signedUp.getTime() + UNCONFIRMED_ACCOUNT_KEEP_MS));
    expect(counts.unconfirmedAccounts).toBe(1);
    expect(await left()).toEqual(['confirmou', 'equipe-sem-confirmar', 'recente']);
  });
  it('an admin who loses the role takes their open invitations along: their links open nothing, others stay', async () => {
    clock = new Date('2026-11-25T12:00:00Z');
    const team = { db: t.db, security: deps().security };
    await inviteMember(deps(), { email: 'por.admin2@exemplo.com', role: 'admin' }, ADMIN_2);
    await inviteMember(deps(), { email: 'por.admin1@exemplo.com', role: 'vendas' }, ADMIN);
    const [demotedLink] = await mailedLinks('por.admin2@exemplo.com');
    const [keptLink] = await mailedLinks('por.admin1@exemplo.com');

    const demoted = await setMemberRole(team, { userId: ADMIN_2.id, role: 'vendas' }, ADMIN);
    expect(demoted).toMatchObject({ status: 'ok', invitationsRevoked: 1 });
    expect(await lookupInvitation(t.db, demotedLink!, clock)).toEqual({ status: 'revogado' });
    expect(
      (await acceptInvitation(deps(), { token: demotedLink!, name: 'Admin Tres', password: PASSWORD }, undefined))
        .status,
    ).toBe('revogado');
    expect(await invitees()).toEqual([]);
    const byEmail = async (email: string) => (await listInvitations(t.db, clock)).find((i) => i.email === email)!;
    expect((await byEmail('por.admin2@exemplo.com')).status).toBe('revogado');
    // Another admin's invitation is not theirs to lose.
    expect(await lookupInvitation(t.db, keptLink!, clock)).toMatchObject({ status: 'valid' });
    expect(await events('invitation_revoked_role_lost')).toMatchObject([
      { inviter: ADMIN_2.id, by: ADMIN.id, invitation: (await byEmail('por.admin2@exemplo.com')).id },
    ]);

    // admin:grant taking the role away does the same.
    await t.db.update(authUser).set({ role: 'admin' }).where(eq(authUser.id, ADMIN_2.id));
    await inviteMember(deps(), { email: 'outra.vez@exemplo.com', role: 'editor' }, ADMIN_2);
    await grantAdmin(t.db, `${ADMIN_2.id}@pilota.example`, deps().security, 'test', { role: 'user' });
    expect((await byEmail('outra.vez@exemplo.com')).status).toBe('revogado');
    expect(await lookupInvitation(t.db, keptLink!, clock)).toMatchObject({ status: 'valid' });
    expect((await events('invitation_revoked_role_lost')).map((d) => d['inviter'])).toEqual([ADMIN_2.id, ADMIN_2.id]);
  });

  it('accepting checks the inviter again: one no longer an admin, or gone, leaves a link that opens nothing', async () => {
    clock = new Date('2026-11-25T12:00:00Z');
    // A role taken away by a path that revokes nothing (a direct update), then an inviter deleted.
    await inviteMember(deps(), { email: 'editor.agora@exemplo.com', role: 'admin' }, ADMIN_2);
    await inviteMember(deps(), { email: 'sem.convidante@exemplo.com', role: 'vendas' }, ADMIN);
    await t.db.update(authUser).set({ role: 'editor' }).where(eq(authUser.id, ADMIN_2.id));
    await t.db.delete(authUser).where(eq(authUser.id, ADMIN.id));
    for (const email of ['editor.agora@exemplo.com', 'sem.convidante@exemplo.com']) {
      const [token] = await mailedLinks(email);
      expect(await lookupInvitation(t.db, token!, clock)).toEqual({ status: 'revogado' });
      expect(
        (await acceptInvitation(deps(), { token: token!, name: 'Quem Aceita', password: PASSWORD }, undefined)).status,
      ).toBe('revogado');
    }
    expect(await invitees()).toEqual([]);
    expect((await listInvitations(t.db, clock)).map((i) => i.status)).toEqual(['revogado', 'revogado']);
    expect((await events('invitation_revoked_role_lost')).map((d) => [d['inviter'], d['source']]).sort()).toEqual([
      [ADMIN.id, 'auth:convite'],
      [ADMIN_2.id, 'auth:convite'],
    ]);
    expect((await events('invitation_refused')).map((d) => d['reason'])).toEqual(['revogado', 'revogado']);
  });

  it("accepting takes over an unconfirmed sign-up with the address: the squatter's password, sessions and lock are gone", async () => {
    clock = new Date('2026-11-25T12:00:00Z');
    const email = 'dona@exemplo.com';
    await inviteMember(deps(), { email, role: 'vendas' }, ADMIN);
    const [token] = await mailedLinks(email);
    // A stranger signs up with the invited address, holds a session somehow, and locks the address with typos.
    await auth.api.signUpEmail({ body: { name: 'Intruso', email, password: 'Intruso#2026' } });
    const [squat] = await invitees();
    expect(squat).toMatchObject({ email, name: 'Intruso', emailVerified: false, role: 'user' });
    await t.db
      .insert(authSession)
      .values({ id: 's-intruso', token: 't-intruso', userId: squat!.id, expiresAt: new Date(Date.now() + 3_600_000) });
    for (let i = 0; i < LOCKOUT_MAX_FAILURES; i++) await recordFailedSignIn(t.db, email, new Date());
    expect(await lockedUntil(t.db, email, new Date())).toBeDefined();

    const accepted = await acceptInvitation(
      deps(),
      { token: token!, name: 'Dona Verdadeira', password: PASSWORD },
      undefined,
    );
    expect(accepted).toEqual({ status: 'ok', userId: squat!.id, email, role: 'vendas' });
    const [owner] = await invitees();
    expect(owner).toMatchObject({ name: 'Dona Verdadeira', emailVerified: true, role: 'vendas' });
    expect(await t.db.select().from(authSession).where(eq(authSession.userId, squat!.id))).toEqual([]);
    expect(await t.db.select().from(authVerification).where(eq(authVerification.value, squat!.id))).toEqual([]);
    expect(await t.db.select().from(authAccount).where(eq(authAccount.userId, squat!.id))).toHaveLength(1);
    expect(await lockedUntil(t.db, email, new Date())).toBeUndefined();
    // The squatter's password opens nothing; the invitee's signs in with the role.
    await expect(auth.api.signInEmail({ body: { email, password: 'Intruso#2026' } })).rejects.toThrow();
    const signIn = await auth.api.signInEmail({ body: { email, password: PASSWORD } });
    expect((signIn.user as { role?: string }).role).toBe('vendas');

    expect(await events('unconfirmed_account_taken_over')).toMatchObject([
      { role: 'vendas', previous_role: 'user', sessions_ended: 1, source: 'auth:convite' },
    ]);
    expect(await events('invitation_accepted')).toMatchObject([{ role: 'vendas', took_over_unconfirmed: true }]);
    expect((await events('account_created')).map((d) => d['source'])).toEqual(['auth:sign-up']);
  });

  it('an unconfirmed account does not block an invitation; a confirmed one refuses the link and keeps the account', async () => {
    clock = new Date('2026-11-25T12:00:00Z');
    await auth.api.signUpEmail({
      body: { name: 'Cadastro Antigo', email: 'antes@exemplo.com', password: 'Antigo#2026' },
    });
    expect(await inviteMember(deps(), { email: 'antes@exemplo.com', role: 'editor' }, ADMIN)).toMatchObject({
      status: 'ok',
    });
    const [first] = await mailedLinks('antes@exemplo.com');
    expect(
      (await acceptInvitation(deps(), { token: first!, name: 'Editora', password: PASSWORD }, undefined)).status,
    ).toBe('ok');

    // Confirmed since the invitation went out: the account is someone's, and stays as it is.
    await inviteMember(deps(), { email: 'confirmada@exemplo.com', role: 'admin' }, ADMIN);
    const [second] = await mailedLinks('confirmada@exemplo.com');
    await t.db
      .insert(authUser)
      .values({ id: 'c1', name: 'Confirmada', email: 'confirmada@exemplo.com', emailVerified: true });
    expect(
      (await acceptInvitation(deps(), { token: second!, name: 'Outra', password: PASSWORD }, undefined)).status,
    ).toBe('account_exists');
    expect((await invitees()).find((u) => u.id === 'c1')).toMatchObject({ name: 'Confirmada', role: 'user' });
    expect(await lookupInvitation(t.db, second!, clock)).toMatchObject({ status: 'valid' });
  });
});
