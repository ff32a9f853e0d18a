/*
 * Who works a lead: assigning it to a salesperson by hand (the lead page's "Responsável",
 * src/actions/leads.ts), the optional round-robin of new leads (called by the lead service
 * in the transaction that inserts them) and the switch that turns it on.
 *
 * - A salesperson is an account with the role `vendas` or `admin` that is not banned: the
 *   only people a lead can be given to by hand. The round-robin deals to `vendas` only, so
 *   the admins who manage the team are not handed leads they did not ask for.
 * - A change is one conditional UPDATE (`… where assigned_to is not distinct from $de`) with
 *   its timeline row, as the status change is: two people assigning the same lead at once,
 *   the second is told who has it now instead of overwriting it.
 * - The person a lead goes to gets an e-mail through the outbox, in the same transaction
 *   (retried like every delivery): not when they took it themselves.
 * - The round-robin's fairness and its safety across instances come from one counter row:
 *   `update sales_settings set round_robin_turn = round_robin_turn + n … returning` hands a
 *   group of n leads the turns [turn - n, turn) and holds the row's lock until commit, so two
 *   instances' groups take consecutive turns. Lead k of all time goes to salesperson
 *   k mod (number of salespeople), in id order: 6 leads among 3 are 2-2-2.
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { tipoLabels } from '~/copy/messages/lead';
import { assignmentEmail } from '~/messages/lead-ownership';
import { escapeHtml } from '~/lib/escape';
import type { DbOrTx } from '../db/client';
import { authUser, type UserRole } from '../db/schema/auth';
import { contatos, leadAssignments, salesSettings, type LeadTipo } from '../db/schema/leads';
import type { MailMessage } from '../mail';
import type { DeliveryMeta } from '../outbox/outbox';
import type { Clock } from '../clock';

/** Roles a lead can be assigned to by hand; the round-robin deals to ROUND_ROBIN_ROLES only. */
export const ASSIGNABLE_ROLES: readonly UserRole[] = ['vendas', 'admin'];
export const ROUND_ROBIN_ROLES: readonly UserRole[] = ['vendas'];

export interface Salesperson {
  id: string;
  name: string;
  email: string;
}

type Mailer = { enqueueMail: (tx: DbOrTx, message: MailMessage, meta: DeliveryMeta) => Promise<string> };

export interface AssignmentDeps {
  db: DbOrTx;
  now: Clock;
  outbox: Mailer;
  config: { siteUrl: string };
}

/** Not banned, or banned until a moment already past. */
const notBanned = (now: Date) =>
  or(
    isNull(authUser.banned),
    eq(authUser.banned, false),
    sql`${authUser.banExpires} is not null and ${authUser.banExpires} <= ${now}`,
  );

/** The active accounts of `roles`, by name (then id): the lead page's choices. */
export async function salespeople(
  db: DbOrTx,
  now: Date,
  roles: readonly UserRole[] = ASSIGNABLE_ROLES,
): Promise<Salesperson[]> {
  return db
    .select({ id: authUser.id, name: authUser.name, email: authUser.email })
    .from(authUser)
    .where(and(inArray(authUser.role, roles), notBanned(now)))
    .orderBy(asc(authUser.name), asc(authUser.id));
}

/** The lead page's link, for the assignee's e-mail. */
export function leadLink(siteUrl: string, leadId: string): string {
  return `${siteUrl}/admin/leads/${leadId}`;
}

/**
 * The assignee's e-mail: the lead's name and type (both already in the team's new-lead
 * e-mail) and the link to its page; the rest stays behind sign-in.
 */
export function assignmentMail(
  to: Salesperson,
  lead: { id: string; nome: string; tipo: LeadTipo },
  siteUrl: string,
): MailMessage {
  const c = assignmentEmail;
  const url = leadLink(siteUrl, lead.id);
  const greeting = c.greeting(to.name);
  const body = c.body(lead.nome, tipoLabels[lead.tipo]);
  const text = [greeting, '', body, '', `${c.action}: ${url}`, '', c.note].join('\n');
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:system-ui,sans-serif;color:#1e293b">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(url)}">${escapeHtml(c.action)}</a></p>
<p style="font-size:14px;color:#475569">${escapeHtml(c.note)}</p>
</body></html>`;
  return { to: to.email, subject: c.subject(lead.nome), text, html };
}

/** Who assigns: the signed-in team member (AdminActor's id and name). */
export interface AssignmentActor {
  id: string;
  name: string;
}

export interface AssignInput {
  leadId: string;
  /** The assignee the form was showing ('' for nobody): the change applies only if it still is. */
  de: string;
  /** The new assignee's id, '' to leave the lead without one. */
  para: string;
}

export type AssignResult =
  | { status: 'assigned'; to: Salesperson | null }
  | { status: 'not_found' }
  /** `para` is no active salesperson. */
  | { status: 'not_salesperson' }
  /** Someone changed it first: `current` is who has it now (null: nobody). */
  | { status: 'stale'; current: string | null };

export async function assignLead(
  deps: AssignmentDeps,
  input: AssignInput,
  actor: AssignmentActor,
): Promise<AssignResult> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    let to: Salesperson | null = null;
    if (input.para) {
      const [person] = await tx
        .select({ id: authUser.id, name: authUser.name, email: authUser.email })
        .from(authUser)
        .where(and(eq(authUser.id, input.para), inArray(authUser.role, ASSIGNABLE_ROLES), notBanned(at)));
      if (!person) return { status: 'not_salesperson' };
      to = person;
    }
    const from = input.de || null;
    const [moved] = await tx
      .update(contatos)
      .set({ assignedTo: to?.id ?? null })
      .where(and(eq(contatos.id, input.leadId), sql`${contatos.assignedTo} is not distinct from ${from}`))
      .returning({ id: contatos.id, nome: contatos.nome, tipo: contatos.tipo });
    if (!moved) {
      const [lead] = await tx
        .select({ assignedTo: contatos.assignedTo })
        .from(contatos)
        .where(eq(contatos.id, input.leadId));
      if (!lead) return { status: 'not_found' };
      return { status: 'stale', current: await nameOf(tx, lead.assignedTo) };
    }
    if (from === (to?.id ?? null)) return { status: 'assigned', to };
    await tx.insert(leadAssignments).values({
      leadId: input.leadId,
      fromUserId: from,
      fromUserName: from ? await nameOf(tx, from) : null,
      toUserId: to?.id ?? null,
      toUserName: to?.name ?? null,
      userId: actor.id,
      userName: actor.name,
      createdAt: at,
    });
    if (to && to.id !== actor.id) {
      await deps.outbox.enqueueMail(tx, assignmentMail(to, moved, deps.config.siteUrl), {
        subjectType: 'lead',
        subjectId: input.leadId,
      });
    }
    return { status: 'assigned', to };
  });
}

async function nameOf(db: DbOrTx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ name: authUser.name }).from(authUser).where(eq(authUser.id, userId));
  return row?.name ?? null;
}

/**
 * Deals new leads to the active `vendas` people when the round-robin is on (see the header),
 * inside the caller's transaction (the one inserting them): sets each lead's assignee, writes
 * its timeline row and returns the assignee's e-mail for the caller to queue. Nothing when the
 * switch is off or nobody has the role.
 */
export async function dealNewLeads(
  tx: DbOrTx,
  leads: readonly { id: string; nome: string; tipo: LeadTipo; createdAt: Date }[],
  siteUrl: string,
): Promise<{ leadId: string; assigneeEmail: string; message: MailMessage }[]> {
  if (leads.length === 0) return [];
  const [settings] = await tx
    .update(salesSettings)
    .set({ roundRobinTurn: sql`${salesSettings.roundRobinTurn} + ${leads.length}` })
    .where(and(eq(salesSettings.id, 1), eq(salesSettings.roundRobin, true)))
    .returning({ turn: salesSettings.roundRobinTurn });
  if (!settings) return [];
  const at = leads[0]!.createdAt;
  const people = await tx
    .select({ id: authUser.id, name: authUser.name, email: authUser.email })
    .from(authUser)
    .where(and(inArray(authUser.role, ROUND_ROBIN_ROLES), notBanned(at)))
    .orderBy(asc(authUser.id));
  if (people.length === 0) return [];
  const first = Number(settings.turn) - leads.length;
  const dealt = leads.map((lead, index) => ({ lead, to: people[(first + index) % people.length]! }));
  for (const { lead, to } of dealt) {
    await tx.update(contatos).set({ assignedTo: to.id }).where(eq(contatos.id, lead.id));
  }
  await tx.insert(leadAssignments).values(
    dealt.map(({ lead, to }) => ({
      leadId: lead.id,
      toUserId: to.id,
      toUserName: to.name,
      createdAt: lead.createdAt,
    })),
  );
  return dealt.map(({ lead, to }) => ({
    leadId: lead.id,
    assigneeEmail: to.email,
    message: assignmentMail(to, lead, siteUrl),
  }));
}

export interface SalesSettings {
  roundRobin: boolean;
}

export async function readSalesSettings(db: DbOrTx): Promise<SalesSettings> {
  const [row] = await db
    .select({ roundRobin: salesSettings.roundRobin })
    .from(salesSettings)
    .where(eq(salesSettings.id, 1));
  return { roundRobin: row?.roundRobin ?? false };
}

/** Turns the round-robin on or off (admins, from /admin/usuarios). */
export async function setRoundRobin(
  deps: { db: DbOrTx; now: Clock },
  on: boolean,
  actor: { id: string },
): Promise<void> {
  await deps.db
    .insert(salesSettings)
    .values({ id: 1, roundRobin: on, updatedAt: deps.now(), updatedBy: actor.id })
    .onConflictDoUpdate({
      target: salesSettings.id,
      set: { roundRobin: on, updatedAt: deps.now(), updatedBy: actor.id },
    });
}
