/*
 * Data-subject requests (LGPD art. 18/19).
 *
 * Filing: the "Exercer meus direitos" form's input, with the lead form's protections (honeypot,
 * per-address rate limit, the input check, a submission key so a retry never files twice), is
 * stored with a random single-use token — only its SHA-256 is kept — and the link carrying the
 * token is e-mailed to the address given, through the outbox, in the same transaction. So
 * nobody can file in someone else's name: the request counts once that mailbox confirms it.
 *
 * Confirming: one conditional UPDATE takes the token (unknown, used or expired tokens change
 * nothing and say which), the team is notified through the outbox, and the stored copy of the
 * confirmation e-mail loses its link. The art. 19 deadline (15 days) counts from the filing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { DSR_ANSWER_DAYS } from '~/lib/dsr-deadline';
import { HONEYPOT_FIELD, type DsrInput } from '~/lib/validation/dsr';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { dsrRequests, lgpdAudit, type DsrRequest } from '../db/schema/lgpd';
import { rewriteSentMail, type DeliveryMeta } from '../outbox/outbox';
import type { MailMessage } from '../mail';
import { checkTextFields } from '../security';
import type { ServiceDeps } from '../service-deps';
import type { Actor } from '../actor';
import { buildConfirmationEmail, buildTeamNotice, confirmationLink, withoutLink } from './dsr-email';

/** `deliveries.subject_type` of both e-mails of a request. */
export const DSR_SUBJECT = 'lgpd';
/** How long the confirmation link works. */
export const CONFIRM_TTL_MS = 48 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
/** The e-mail as every LGPD table compares and hashes it. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
/** What remains of an e-mail in anonymous records. */
export const emailHash = (email: string) => sha256Hex(normalizeEmail(email));

export interface DsrDeps extends Pick<ServiceDeps, 'db' | 'security' | 'rateLimits' | 'now'> {
  outbox: { enqueueMail: (tx: DbOrTx, message: MailMessage, meta: DeliveryMeta) => Promise<string> };
  /** SITE_URL for the links in the e-mails; LEAD_NOTIFY_TO, the team inbox. */
  config: Pick<Config, 'siteUrl' | 'leadNotifyTo'>;
  /** A fixed token, for tests; random otherwise. */
  token?: () => string;
}

/** The data-subject requests of one runtime (built in src/server/compose.ts). */
export interface DsrService {
  file(input: DsrInput, request: { ip?: string | undefined }): Promise<FileResult>;
  /** What a confirmation link would do now, without using it. */
  tokenState(token: string | null | undefined): Promise<TokenState>;
  confirm(token: string | null | undefined): Promise<ConfirmResult>;
  /** The admin list (/admin/lgpd). */
  list(): Promise<{ requests: RequestRow[]; unconfirmed: number }>;
  complete(id: string, actor: Actor): Promise<boolean>;
}

export function createDsrService(deps: DsrDeps): DsrService {
  return {
    file: (input, request) => fileRequest(input, request, deps),
    tokenState: (token) => tokenState(deps.db, token, deps.now()),
    confirm: (token) => confirmRequest(token, deps),
    list: () => listRequests(deps.db, deps.now()),
    complete: (id, actor) => completeRequest(deps.db, id, actor, deps.now()),
  };
}

export type FileResult =
  | { status: 'filed'; id: string; duplicate: boolean }
  | { status: 'rate_limited' }
  /** The honeypot was filled: answered like a success, nothing stored or sent. */
  | { status: 'ignored' };

/** Files a request and e-mails its confirmation link; a repeated submission key files nothing new. */
export async function fileRequest(
  input: DsrInput,
  request: { ip?: string | undefined },
  deps: DsrDeps,
): Promise<FileResult> {
  if (input[HONEYPOT_FIELD]?.trim()) return { status: 'ignored' };
  if (!(await deps.rateLimits.allow('lgpd', request.ip))) return { status: 'rate_limited' };
  const now = deps.now();
  const ipHash = request.ip ? deps.rateLimits.hashIp(request.ip) : null;
  // SPEC §5's input check, as on the lead form: markup stripped and recorded, the request kept.
  const checked = await checkTextFields({ nome: input.nome, detalhes: input.detalhes }, deps.security, {
    source: 'lgpd-form',
    ip: request.ip,
    email: input.email,
  });
  const fields = checked.valid ? input : { ...input, ...checked.cleaned };

  const token = deps.token?.() ?? randomBytes(32).toString('base64url');
  const email = normalizeEmail(fields.email);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dsrRequests)
      .values({
        createdAt: now,
        tipo: fields.tipo,
        nome: fields.nome,
        email,
        emailHash: sha256Hex(email),
        cpf: fields.cpf ?? null,
        detalhes: fields.detalhes ?? '',
        submissionKey: fields.submission_key || randomBytes(16).toString('hex'),
        tokenHash: sha256Hex(token),
        tokenExpiresAt: new Date(now.getTime() + CONFIRM_TTL_MS),
        dueAt: new Date(now.getTime() + DSR_ANSWER_DAYS * DAY_MS),
        ipHash,
      })
      .onConflictDoNothing({ target: dsrRequests.submissionKey })
      .returning();
    if (!row) {
      const [existing] = await tx
        .select({ id: dsrRequests.id })
        .from(dsrRequests)
        .where(eq(dsrRequests.submissionKey, fields.submission_key!));
      return { status: 'filed' as const, id: existing!.id, duplicate: true };
    }
    await deps.outbox.enqueueMail(tx, buildConfirmationEmail(row, confirmationLink(deps.config.siteUrl, token)), {
      subjectType: DSR_SUBJECT,
      subjectId: row.id,
    });
    return { status: 'filed' as const, id: row.id, duplicate: false };
  });
}

/** A token as it can arrive in a URL: base64url, about 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

export type TokenState = 'valid' | 'invalid' | 'used' | 'expired';

/** What a confirmation link would do now, without using it (the page the link opens shows this). */
export async function tokenState(db: DbOrTx, token: string | null | undefined, now: Date): Promise<TokenState> {
  if (!token || !TOKEN_SHAPE.test(token)) return 'invalid';
  const [row] = await db
    .select({ confirmedAt: dsrRequests.confirmedAt, tokenExpiresAt: dsrRequests.tokenExpiresAt })
    .from(dsrRequests)
    .where(eq(dsrRequests.tokenHash, sha256Hex(token)));
  if (!row) return 'invalid';
  if (row.confirmedAt) return 'used';
  return row.tokenExpiresAt.getTime() <= now.getTime() ? 'expired' : 'valid';
}

export type ConfirmResult = { status: 'confirmed'; id: string; dueAt: Date } | { status: Exclude<TokenState, 'valid'> };

/** Uses a confirmation token: once, before it expires. Notifies the team on success. */
export async function confirmRequest(
  token: string | null | undefined,
  deps: Pick<DsrDeps, 'db' | 'outbox' | 'config' | 'now'>,
): Promise<ConfirmResult> {
  const now = deps.now();
  if (!token || !TOKEN_SHAPE.test(token)) return { status: 'invalid' };
  const hash = sha256Hex(token);
  const confirmed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(dsrRequests)
      .set({ confirmedAt: now })
      .where(and(eq(dsrRequests.tokenHash, hash), isNull(dsrRequests.confirmedAt), gt(dsrRequests.tokenExpiresAt, now)))
      .returning();
    if (!row) return undefined;
    await deps.outbox.enqueueMail(
      tx,
      buildTeamNotice(row, { siteUrl: deps.config.siteUrl, to: deps.config.leadNotifyTo }),
      {
        subjectType: DSR_SUBJECT,
        subjectId: row.id,
      },
    );
    // The token is used: the stored copy of the e-mail that carried it keeps everything but the link.
    // A copy still waiting to be sent keeps it; the retention job prunes it with the other payloads.
    await rewriteSentMail(tx, { subjectType: DSR_SUBJECT, subjectId: row.id }, row.email, withoutLink);
    return row;
  });
  if (confirmed) return { status: 'confirmed', id: confirmed.id, dueAt: confirmed.dueAt };
  const state = await tokenState(deps.db, token, now);
  return { status: state === 'valid' ? 'invalid' : state };
}

export interface RequestRow extends Omit<DsrRequest, 'tokenHash' | 'submissionKey' | 'ipHash'> {
  /** Confirmed, not answered, and past its deadline. */
  overdue: boolean;
}

/** Confirmed requests for the admin list: open ones first, overdue first among them, then by deadline. */
export async function listRequests(db: DbOrTx, now: Date): Promise<{ requests: RequestRow[]; unconfirmed: number }> {
  const rows = await db
    .select()
    .from(dsrRequests)
    .where(isNotNull(dsrRequests.confirmedAt))
    .orderBy(sql`${dsrRequests.completedAt} is not null`, asc(dsrRequests.dueAt))
    .limit(200);
  const [pending] = await db
    .select({ n: count() })
    .from(dsrRequests)
    .where(and(isNull(dsrRequests.confirmedAt), gt(dsrRequests.tokenExpiresAt, now)));
  return {
    requests: rows.map(({ tokenHash: _t, submissionKey: _s, ipHash: _i, ...row }) => ({
      ...row,
      overdue: row.completedAt === null && row.dueAt.getTime() < now.getTime(),
    })),
    unconfirmed: pending?.n ?? 0,
  };
}

/** Marks a confirmed request answered, with an audit record of who did it and when. */
export async function completeRequest(db: Db, id: string, actor: Actor, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(dsrRequests)
      .set({ completedAt: now, completedBy: actor.id })
      .where(and(eq(dsrRequests.id, id), isNotNull(dsrRequests.confirmedAt), isNull(dsrRequests.completedAt)))
      .returning({ id: dsrRequests.id, emailHash: dsrRequests.emailHash });
    if (!row) return false;
    await tx.insert(lgpdAudit).values({
      at: now,
      action: 'complete',
      actorId: actor.id,
      actorEmail: actor.email,
      identifierKind: 'email',
      subjectHash: row.emailHash,
      requestId: row.id,
      counts: {},
    });
    return true;
  });
}
