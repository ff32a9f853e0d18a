/*
 * Follow-ups on every engine (src/server/inbox/follow-ups.ts, ./follow-up-digest.ts), with
 * the real delivery path and a real SMTP server: a next step set, replaced and done; "Hoje"
 * lists one's own steps due today and overdue first, then the team's, never tomorrow's; the
 * morning digest puts one e-mail per opted-in person with steps into the outbox (none for
 * one who turned it off, none on a weekend or holiday, nothing more on a second run the same
 * day) and it reaches the SMTP server; the LGPD tools find and erase a lead's next step. Who
 * may call the actions is the authorization matrix's (tests/integration/auth-matrix.int.test.ts).
 * On Netlify the scheduled function writes the same deliveries for the scheduled drain.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { authUser, contatos, deliveries, leadFollowUps } from '~/server/db/schema';
import { digestPass } from '~/server/inbox/feature';
import { createInboxService, type InboxService } from '~/server/inbox/inbox.service';
import { followUpsPersonalData } from '~/server/inbox/personal-data';
import { runScheduledDigest } from '~/server/inbox/scheduled-digest';
import digestFunction, { config as digestFunctionConfig } from '../../netlify/jobs/follow-up-digest.mts';
import { engines, isPostgres, useTestDatabase } from '../support/db';
import { captureLog, logCapture, quietLog } from '../support/log';
import { useMailDelivery } from '../support/mail-delivery';

const SITE = 'http://localhost:4321';
/** Monday 23/11/2026, 07:30 in São Paulo: when the digest runs. */
const MONDAY_0730 = new Date('2026-11-23T10:30:00Z');
const SATURDAY_0730 = new Date('2026-11-21T10:30:00Z');

const TEAM = [
  { id: 'v-1', name: 'Vera Vendas', email: 'vera@pilota.example', role: 'vendas' },
  { id: 'v-2', name: 'Vitor Vendas', email: 'vitor@pilota.example', role: 'vendas' },
  { id: 'a-1', name: 'Alice Admin', email: 'alice@pilota.example', role: 'admin' },
] as const;
const vera = { id: 'v-1', name: 'Vera Vendas' };
const vitor = { id: 'v-2', name: 'Vitor Vendas' };

describe.each(engines)('follow-ups on %s', (engine) => {
  const t = useTestDatabase(engine);
  const mail = useMailDelivery(t);
  let clock = MONDAY_0730;

  beforeEach(async () => {
    clock = MONDAY_0730;
    await t.db.insert(authUser).values(TEAM.map((member) => ({ ...member, emailVerified: true })));
  });

  const inbox = (): InboxService =>
    createInboxService({ db: t.db, now: () => clock, outbox: mail.stack.outbox, config: { siteUrl: SITE } });
  const newLead = async (nome: string) => {
    const [row] = await t.db
      .insert(contatos)
      .values({
        nome,
        email: `${randomUUID()}@cliente.example`,
        celular: '(11) 90000-0000',
        tipo: 'proprietario',
        consentVersion: '1',
        consentAt: MONDAY_0730,
        createdAt: MONDAY_0730,
        submissionKey: randomUUID(),
      })
      .returning();
    return row!.id;
  };
  const step = (leadId: string, quando: string, nota = '') => ({ leadId, quando, tipo: 'ligar' as const, nota });
  const digest = () =>
    digestPass({ db: t.db, config: { siteUrl: SITE } as never, now: () => clock, outbox: mail.stack.outbox }, quietLog);
  const digestRows = () => t.db.select().from(deliveries).where(eq(deliveries.subjectType, 'follow-up-digest'));

  it('sets, replaces and completes a next step; refuses an unknown lead and a date over a year away', async () => {
    const leadId = await newLead('Carla Prado');
    expect(await inbox().setFollowUp(step(leadId, '2026-11-23T15:00', 'Ligar depois do almoço'), vera)).toEqual({
      status: 'saved',
      dueAt: new Date('2026-11-23T18:00:00Z'),
    });
    expect(await inbox().nextStep(leadId)).toMatchObject({
      kind: 'ligar',
      note: 'Ligar depois do almoço',
      state: 'hoje',
    });
    // Set again (by someone else): replaced, now theirs.
    await inbox().setFollowUp({ ...step(leadId, '2026-11-24T09:00'), tipo: 'whatsapp' }, vitor);
    expect(await inbox().nextStep(leadId)).toMatchObject({
      kind: 'whatsapp',
      userId: 'v-2',
      note: '',
      state: 'depois',
    });
    expect(await t.db.select().from(leadFollowUps)).toHaveLength(1);
    await inbox().clearFollowUp(leadId);
    expect(await inbox().nextStep(leadId)).toBeNull();

    expect(await inbox().setFollowUp(step(randomUUID(), '2026-11-23T15:00'), vera)).toEqual({ status: 'not_found' });
    expect(await inbox().setFollowUp(step(leadId, '2027-12-01T10:00'), vera)).toEqual({ status: 'out_of_range' });
  });

  it('"Hoje" lists mine due today and overdue first, then the team\'s, never tomorrow\'s', async () => {
    const [late, today, tomorrow, theirs] = await Promise.all(
      ['Ana Atrasada', 'Bia Hoje', 'Caio Amanhã', 'Dora Equipe'].map(newLead),
    );
    await inbox().setFollowUp(step(today!, '2026-11-23T23:59'), vera);
    await inbox().setFollowUp(step(late!, '2026-11-20T10:00'), vera);
    await inbox().setFollowUp(step(tomorrow!, '2026-11-24T00:00'), vera);
    await inbox().setFollowUp(step(theirs!, '2026-11-23T09:00'), vitor);
    const { mine, team } = await inbox().today('v-1');
    expect(mine.map((row) => [row.leadName, row.state])).toEqual([
      ['Ana Atrasada', 'atrasado'],
      ['Bia Hoje', 'hoje'],
    ]);
    expect(team.map((row) => [row.leadName, row.userName])).toEqual([['Dora Equipe', 'Vitor Vendas']]);
  });

  it('the morning digest mails each opted-in person their day, once, and reaches the SMTP server', async () => {
    const [late, today, tomorrow, vitors] = await Promise.all(
      ['Ana Atrasada', 'Bia Hoje', 'Caio Amanhã', 'Dora Equipe'].map(newLead),
    );
    await inbox().setFollowUp(step(late!, '2026-11-20T10:00'), vera);
    await inbox().setFollowUp({ ...step(today!, '2026-11-23T14:30', 'Enviar proposta'), tipo: 'reuniao' }, vera);
    await inbox().setFollowUp(step(tomorrow!, '2026-11-24T10:00'), vera);
    await inbox().setFollowUp(step(vitors!, '2026-11-23T11:00'), vitor);
    // Vitor turned the digest off; Alice has nothing due.
    await inbox().setDigest('v-2', false);
    expect(await inbox().receivesDigest('v-2')).toBe(false);
    expect(await inbox().receivesDigest('v-1')).toBe(true);

    expect(await digest()).toEqual({ businessDay: true, emails: 1, optedOut: 1 });
    const rows = await digestRows();
    expect(rows.map((row) => row.target)).toEqual(['vera@pilota.example']);

    const sent = await mail.smtp.waitFor((m) => m.envelopeTo.includes('vera@pilota.example'), 15_000);
    expect(sent.subject).toBe('2 próximos passos para hoje (23/11/2026)');
    expect(sent.text).toContain('Bom dia, Vera!');
    expect(sent.text).toContain('20/11/2026 10:00 (atrasado) · Ligar · Ana Atrasada');
    expect(sent.text).toContain('23/11/2026 14:30 · Reunião · Bia Hoje — Enviar proposta');
    expect(sent.text).not.toContain('Caio Amanhã');
    expect(sent.text).not.toContain('Dora Equipe');
    expect(sent.text).toContain(`${SITE}/admin/hoje`);

    // A second run the same day (a retried job, a second host) queues nothing more.
    await digest();
    expect(await digestRows()).toHaveLength(1);
    // Turned back on, Vitor gets his the same morning.
    await inbox().setDigest('v-2', true);
    expect(await digest()).toEqual({ businessDay: true, emails: 2, optedOut: 0 });
    await mail.smtp.waitFor((m) => m.envelopeTo.includes('vitor@pilota.example'), 15_000);
    expect(mail.smtp.messages.filter((m) => m.envelopeTo.includes('vera@pilota.example'))).toHaveLength(1);
  });

  it('sends nothing on a weekend', async () => {
    clock = SATURDAY_0730;
    await inbox().setFollowUp(step(await newLead('Eva Sábado'), '2026-11-21T10:00'), vera);
    expect(await digest()).toEqual({ businessDay: false, emails: 0, optedOut: 0 });
    expect(await digestRows()).toHaveLength(0);
  });

  it("the LGPD tools find a lead's next step, export it and erase it", async () => {
    const leadId = await newLead('Fabi Titular');
    await inbox().setFollowUp(step(leadId, '2026-11-23T15:00', 'Prefere à tarde'), vera);
    const handlers = followUpsPersonalData.subject!;
    const scope = { ids: { lead: [leadId], implementacao: [], lgpd: [] }, emails: [], auditHashes: [] };
    const found = await handlers.find(t.db, scope, []);
    expect(found.followUps).toHaveLength(1);
    expect(await handlers.exportFields(t.db, found)).toMatchObject({
      proximosPassos: [{ contato: leadId, tipo: 'ligar', observacao: 'Prefere à tarde', por: 'Vera Vendas' }],
    });
    await t.db.transaction((tx) => handlers.erase(tx, found, 'anonymize', clock));
    expect(await inbox().nextStep(leadId)).toBeNull();
  });
});

/* Netlify's functions reach PostgreSQL only (through the pooler), so these run on the PostgreSQL engines. */
describe.each(engines.filter(isPostgres))('the digest on Netlify, %s', (engine) => {
  const t = useTestDatabase(engine);

  it('the scheduled function queues the same e-mail for the drain, once a day, and logs counts only', async () => {
    expect(digestFunctionConfig.schedule).toBe('30 10 * * 1-5');
    await t.db.insert(authUser).values({ ...TEAM[0], emailVerified: true });
    const [lead] = await t.db
      .insert(contatos)
      .values({
        nome: 'Gil Netlify',
        email: 'gil@cliente.example',
        celular: '(11) 90000-0000',
        tipo: 'proprietario',
        consentVersion: '1',
        consentAt: MONDAY_0730,
        submissionKey: randomUUID(),
      })
      .returning();
    await t.db
      .insert(leadFollowUps)
      .values({
        leadId: lead!.id,
        dueAt: new Date('2026-11-23T17:00:00Z'),
        kind: 'ligar',
        userId: 'v-1',
        userName: 'Vera',
      });
    const env = { DATABASE_URL: t.url!, AUTH_SECRET: 'segredo', SITE_URL: SITE };
    const { log, lines } = logCapture('follow-up-digest');
    expect(await runScheduledDigest(env, { now: MONDAY_0730, log })).toEqual({
      businessDay: true,
      emails: 1,
      optedOut: 0,
    });
    await runScheduledDigest(env, { now: MONDAY_0730, log });
    const rows = await t.db.select().from(deliveries).where(eq(deliveries.subjectType, 'follow-up-digest'));
    expect(rows.map((row) => [row.target, row.status])).toEqual([['vera@pilota.example', 'pending']]);
    expect(lines[0]).toMatch(/^\[follow-up-digest\] 1 digest e-mails queued, 0 opted out, in \d+ ms$/);
    expect(lines.join('\n')).not.toContain('Gil');
    // Without its database the function fails, naming the variable.
    const saved = process.env['DATABASE_URL'];
    delete process.env['DATABASE_URL'];
    const captured = captureLog();
    try {
      const refused = await digestFunction();
      expect(refused.status).toBe(500);
      expect(await refused.text()).toMatch(/DATABASE_URL/);
    } finally {
      captured.stop();
      if (saved !== undefined) process.env['DATABASE_URL'] = saved;
    }
  });
});
