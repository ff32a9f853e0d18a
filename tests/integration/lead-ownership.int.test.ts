/*
 * Who works a lead (src/server/inbox/assignment.ts) on every engine, with the real delivery
 * path and a real SMTP server: an assignment by hand lands in the lead's timeline and mails
 * the assignee (name, type and link only); only active salespeople can be given a lead; a
 * change someone made first is stale, never overwritten; "Meus leads" and the filter by
 * salesperson list the right leads; the round-robin, off by default, deals 6 new leads to 3
 * salespeople 2-2-2 (admins left out) also when two lead services write at once, and the
 * per-salesperson report counts them. Who may call the action is the authorization
 * matrix's (tests/integration/auth-matrix.int.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { businessSecondsBetween } from '~/lib/reply-deadline';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LEAD_FILTERS } from '~/lib/validation/lead-filters';
import type { LeadInput } from '~/lib/validation/lead';
import { authUser, contatos, deliveries, leadAssignments } from '~/server/db/schema';
import { assignLead, readSalesSettings, salespeople, setRoundRobin } from '~/server/inbox/assignment';
import { listLeads } from '~/server/inbox/lead-list';
import { changeLeadStatus, leadTimeline } from '~/server/inbox/pipeline';
import { salespersonReport } from '~/server/inbox/reports';
import { createLeadService } from '~/server/leads/lead.service';
import { engines, useTestDatabase } from '../support/db';
import { sharedDeps } from '../../scripts/support/service-deps';
import { until } from '../support/until';
import { quietLog } from '../support/log';

import { useMailDelivery } from '../support/mail-delivery';
import { aLeadInput, aLeadRow } from '../support/leads';

const SITE = 'http://localhost:4321';
const NOTIFY_TO = 'comercial@pilota.example';
const NOW = new Date('2026-11-25T15:00:00Z');

const TEAM = [
  { id: 'v-1', name: 'Vera Vendas', email: 'vera@pilota.example', role: 'vendas' },
  { id: 'v-2', name: 'Vitor Vendas', email: 'vitor@pilota.example', role: 'vendas' },
  { id: 'v-3', name: 'Viviane Vendas', email: 'viviane@pilota.example', role: 'vendas' },
  { id: 'a-1', name: 'Alice Admin', email: 'alice@pilota.example', role: 'admin' },
  { id: 'e-1', name: 'Edu Editor', email: 'edu@pilota.example', role: 'editor' },
  { id: 'v-x', name: 'Bruno Banido', email: 'bruno@pilota.example', role: 'vendas', banned: true },
] as const;
const alice = { id: 'a-1', name: 'Alice Admin' };
const vera = { id: 'v-1', name: 'Vera Vendas' };

const lead = (n: number): LeadInput =>
  aLeadInput({ nome: `Lead ${n}`, email: `lead${n}@cliente.example`, tipo: 'corretor' });

describe.each(engines)('lead ownership on %s', (engine) => {
  const t = useTestDatabase(engine);
  const sending = useMailDelivery(t);
  beforeEach(async () => {
    await t.db.insert(authUser).values(TEAM.map((member) => ({ ...member, emailVerified: true })));
  });

  const deps = () => ({ db: t.db, now: () => NOW, outbox: sending.stack.outbox, config: { siteUrl: SITE } });
  const leadService = () =>
    createLeadService({
      db: t.db,
      outbox: sending.stack.outbox,
      sendMail: sending.sendMail,
      config: {
        dataDir: mkdtempSync(join(tmpdir(), 'pilota-owner-')),
        leadNotifyTo: NOTIFY_TO,
        leadWebhookUrls: [],
        webhookSecret: undefined,
        siteUrl: SITE,
      },
      log: quietLog,
      ...sharedDeps({ db: t.db, config: { leadRateLimit: null, authSecret: 'segredo' } }),
    });
  const newLead = async (n: number) => {
    const [row] = await t.db
      .insert(contatos)
      .values(aLeadRow({ nome: `Lia ${n}`, email: `lia${n}@cliente.example`, createdAt: NOW }))
      .returning();
    return row!.id;
  };
  const assignedCounts = async () => {
    const rows = await t.db.select({ to: contatos.assignedTo }).from(contatos);
    const counts: Record<string, number> = {};
    for (const row of rows) counts[row.to ?? 'ninguém'] = (counts[row.to ?? 'ninguém'] ?? 0) + 1;
    return counts;
  };

  it('assigns by hand: the timeline says who and the assignee is mailed name, type and link only', async () => {
    const leadId = await newLead(1);
    expect(await assignLead(deps(), { leadId, de: '', para: 'v-1' }, alice)).toMatchObject({
      status: 'assigned',
      to: { id: 'v-1', name: 'Vera Vendas' },
    });
    const mail = await sending.smtp.waitFor((m) => m.envelopeTo.includes('vera@pilota.example'), 15_000);
    expect(mail.subject).toBe('Lead atribuído a você: Lia 1');
    expect(mail.text).toContain(`${SITE}/admin/leads/${leadId}`);
    expect(mail.text).toContain('Proprietário');
    // Nothing the team e-mail does not carry, and not even the lead's e-mail or phone.
    expect(mail.text).not.toContain('lia1@cliente.example');
    expect(mail.text).not.toContain('90000');

    // Re-assigned by Vera to Alice, then back to nobody: every change is in the timeline.
    expect(await assignLead(deps(), { leadId, de: 'v-1', para: 'a-1' }, vera)).toMatchObject({ status: 'assigned' });
    expect(await assignLead(deps(), { leadId, de: 'a-1', para: '' }, alice)).toEqual({ status: 'assigned', to: null });
    const timeline = (await leadTimeline(t, leadId)).flatMap((entry) =>
      entry.kind === 'assignment'
        ? [[entry.assignment.userName, entry.assignment.fromUserName, entry.assignment.toUserName]]
        : [],
    );
    expect(timeline).toEqual([
      ['Alice Admin', null, 'Vera Vendas'],
      ['Vera Vendas', 'Vera Vendas', 'Alice Admin'],
      ['Alice Admin', 'Alice Admin', null],
    ]);
    // Alice gave the lead to nobody but Vera and Vera to Alice: two e-mails (nobody mails themself).
    await sending.smtp.waitFor((m) => m.envelopeTo.includes('alice@pilota.example'), 15_000);
    const [row] = await t.db.select().from(contatos).where(eq(contatos.id, leadId));
    expect(row!.assignedTo).toBeNull();
    expect(
      (await t.db.select().from(deliveries).where(eq(deliveries.subjectId, leadId))).map((d) => d.target).sort(),
    ).toEqual(['alice@pilota.example', 'vera@pilota.example']);
  });

  it('only an active salesperson can be given a lead; a change made first is reported, not overwritten', async () => {
    const leadId = await newLead(2);
    for (const para of ['e-1', 'v-x', 'ninguem']) {
      expect(await assignLead(deps(), { leadId, de: '', para }, alice)).toEqual({ status: 'not_salesperson' });
    }
    expect((await salespeople(t.db, NOW)).map((p) => p.id)).toEqual(['a-1', 'v-1', 'v-2', 'v-3']);

    // Two people assign at once from the same page: one wins, the other is told who has it.
    const results = await Promise.all([
      assignLead(deps(), { leadId, de: '', para: 'v-2' }, alice),
      assignLead(deps(), { leadId, de: '', para: 'v-3' }, vera),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['assigned', 'stale']);
    const [row] = await t.db.select().from(contatos).where(eq(contatos.id, leadId));
    const stale = results.find((r) => r.status === 'stale');
    expect(stale).toEqual({ status: 'stale', current: row!.assignedTo === 'v-2' ? 'Vitor Vendas' : 'Viviane Vendas' });
    expect(await t.db.select().from(leadAssignments)).toHaveLength(1);
    expect(await assignLead(deps(), { leadId: randomUUID(), de: '', para: 'v-1' }, alice)).toEqual({
      status: 'not_found',
    });
  });

  it('"Meus leads", the filter by salesperson and "sem responsável" list the right leads', async () => {
    const [a, b, c] = [await newLead(3), await newLead(4), await newLead(5)];
    await assignLead(deps(), { leadId: a, de: '', para: 'v-1' }, alice);
    await assignLead(deps(), { leadId: b, de: '', para: 'v-2' }, alice);
    const names = async (responsavel: string, viewerId?: string) =>
      (await listLeads({ db: t.db, now: () => NOW, viewerId }, { ...DEFAULT_LEAD_FILTERS, responsavel })).rows.map(
        (row) => row.id,
      );
    expect(await names('eu', 'v-1')).toEqual([a]);
    expect(await names('eu', 'v-3')).toEqual([]);
    // Without a viewer, "mine" is nobody's.
    expect(await names('eu')).toEqual([]);
    expect(await names('v-2')).toEqual([b]);
    expect(await names('nenhum')).toEqual([c]);
  });

  it('round-robin: off by default; on, 6 new leads from two instances at once go 2-2-2 to the 3 salespeople', async () => {
    expect(await readSalesSettings(t.db)).toEqual({ roundRobin: false });
    await leadService().create(lead(0), {});
    expect(await assignedCounts()).toEqual({ ninguém: 1 });

    await setRoundRobin({ db: t.db, now: () => NOW }, true, alice);
    expect(await readSalesSettings(t.db)).toEqual({ roundRobin: true });
    // Two lead services stand for two server instances: each groups its own leads, both race for the turn.
    const [one, two] = [leadService(), leadService()];
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => (n % 2 ? one : two).create(lead(n), {})));
    expect(results.every((r) => r.status === 'saved')).toBe(true);
    expect(await assignedCounts()).toEqual({ ninguém: 1, 'v-1': 2, 'v-2': 2, 'v-3': 2 });

    // Each assignee is mailed each lead, through the outbox, alongside the team's e-mail.
    await until(async () => (sending.smtp.messages.length >= 13 ? true : undefined), 20_000);
    const to = (address: string) => sending.smtp.messages.filter((m) => m.envelopeTo.includes(address)).length;
    expect([to('vera@pilota.example'), to('vitor@pilota.example'), to('viviane@pilota.example')]).toEqual([2, 2, 2]);
    expect(to(NOTIFY_TO)).toBe(7);
    expect(to('alice@pilota.example')).toBe(0);
    // The timeline names the round-robin (no person did it).
    const dealt = await t.db.select().from(leadAssignments);
    expect(dealt).toHaveLength(6);
    expect(dealt.every((row) => row.userId === null && row.toUserId !== null)).toBe(true);

    // The per-salesperson report of the day: 2 each (one converted by Vera), 1 nobody's.
    const [veraLead] = await t.db.select().from(contatos).where(eq(contatos.assignedTo, 'v-1'));
    const later = new Date(veraLead!.createdAt.getTime() + 600_000);
    await changeLeadStatus(
      { db: t.db, now: () => later },
      { leadId: veraLead!.id, de: 'novo', para: 'convertido' },
      vera,
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(veraLead!.createdAt);
    const report = await salespersonReport({ db: t.db }, { de: today, ate: today });
    expect(report.map((row) => [row.userId, row.name, row.leads, row.conversions, row.contacted])).toEqual([
      ['v-1', 'Vera Vendas', 2, 1, 1],
      ['v-2', 'Vitor Vendas', 2, 0, 0],
      ['v-3', 'Viviane Vendas', 2, 0, 0],
      [null, null, 1, 0, 0],
    ]);
    // In business hours: 10 minutes, or less when the clock sits outside them.
    expect(report[0]!.medianSeconds).toBeCloseTo(businessSecondsBetween(veraLead!.createdAt, later), 0);

    // Off again: the next lead is nobody's.
    await setRoundRobin({ db: t.db, now: () => NOW }, false, alice);
    await leadService().create(lead(7), {});
    expect((await assignedCounts())['ninguém']).toBe(2);
  });
});
