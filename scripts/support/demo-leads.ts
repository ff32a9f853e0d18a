/*
 * Realistic demo leads for trying and measuring the sales inbox at scale: Brazilian
 * names, phones with real area codes, companies for the types that have one, the site's
 * own pages, buttons, partners and plausible UTMs, arrival times weighted towards business
 * hours over the last months, and a pipeline history (older leads are more often worked).
 *
 * Used by `npm run db:seed-demo -- <N> [--yes]` (scripts/db-seed-demo.ts), `npm run
 * bench:inbox` (scripts/bench-inbox.ts) and the integration tests; it lives outside src/
 * because the running site never seeds demo data. Rows come from a seeded generator (the
 * same N and seed give the same leads) and are written in batches through bulkInsert, one
 * JSON parameter per batch, so large counts stay quick on the embedded database.
 * The word lists are ./demo-lead-words.ts.
 * Every demo lead is marked by its submission key (`demo-…`) and an `@exemplo` address,
 * and has no deliveries: seeding sends no e-mail and calls no webhook.
 */
import { consentNotices } from '../../src/copy/consent-notices';
import { partners } from '../../src/lib/content-data';
import { LEAD_TIPOS, requiresEmpresa, type LeadTipo } from '../../src/lib/validation/lead';
import type { LeadStatus } from '../../src/lib/lead-pipeline';
import { bulkInsert } from '../../src/server/db/bulk';
import type { Db } from '../../src/server/db/client';
import { contatos, leadStatusChanges, type NewContato } from '../../src/server/db/schema';
import {
  FIRST_NAMES,
  LAST_NAMES,
  COMPANY_WORDS,
  COMPANY_PLACES,
  EMAIL_DOMAINS,
  AREA_CODES,
  PAGES,
  CTAS,
  UTMS,
  MESSAGES,
  SELLERS,
  DISCARD_REASONS,
} from './demo-lead-words';

export const DEMO_SUBMISSION_PREFIX = 'demo-';
const BATCH = 2000;
const DAY_MS = 86_400_000;

function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const digits = (count: number) => Array.from({ length: count }, () => Math.floor(next() * 10)).join('');
  return { next, pick, digits };
}

const slugify = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.');

export interface DemoLeadOptions {
  count: number;
  /** Arrival times spread over this many days before `now`. */
  days?: number;
  now?: Date;
  seed?: number;
}

interface DemoLead {
  row: NewContato & { id: string; createdAt: Date; status: LeadStatus };
  changes: (typeof leadStatusChanges.$inferInsert)[];
}

/** An arrival time: days back, then an hour weighted towards business hours (São Paulo, UTC−3). */
function arrival(random: ReturnType<typeof generator>, now: number, days: number): Date {
  const dayStart = now - Math.floor(random.next() * days) * DAY_MS;
  const businessHour = random.next() < 0.8;
  const hour = businessHour ? 9 + random.next() * 9 : random.next() * 24;
  const local = new Date(dayStart);
  local.setUTCHours(0, 0, 0, 0);
  const at = local.getTime() + (hour + 3) * 3_600_000 + Math.floor(random.next() * 60_000);
  return new Date(Math.min(at, now - 60_000));
}

function demoLead(random: ReturnType<typeof generator>, index: number, now: number, days: number): DemoLead {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const middle = random.next() < 0.4 ? ` ${random.pick(LAST_NAMES)}` : '';
  const nome = `${first}${middle} ${last}`;
  const tipo: LeadTipo = random.pick(LEAD_TIPOS);
  const empresa = requiresEmpresa(tipo)
    ? `${random.pick(random.next() < 0.5 ? [last, first] : COMPANY_PLACES)} ${random.pick(COMPANY_WORDS)}`
    : '';
  const email = `${slugify(`${first} ${last}`)}${random.next() < 0.6 ? Math.floor(random.next() * 1000) : ''}@${random.pick(EMAIL_DOMAINS)}`;
  // Stored as every lead is: the national digits (src/lib/phone.ts); pages mask them.
  const celular = `${random.pick(AREA_CODES)}9${random.digits(4)}${random.digits(4)}`;
  const createdAt = arrival(random, now, days);
  const partner = random.next() < 0.12 ? random.pick(partners) : undefined;
  const page = partner ? `/parceiro/${partner.id}` : random.pick(PAGES);
  const [utmSource, utmMedium, campaigns] = partner
    ? (['parceria', 'landing-parceiro', [partner.id]] as const)
    : random.pick(UTMS);
  const cta = partner
    ? random.pick(['parceiro-hero', 'parceiro-hero-consultor', 'parceiro-final'])
    : random.pick(CTAS[page] ?? ['nav']);

  // Older leads are more often worked; a lead of the last hours is usually still new.
  const ageDays = (now - createdAt.getTime()) / DAY_MS;
  const worked = random.next() < Math.min(0.95, 0.15 + ageDays / 3);
  let status: LeadStatus = 'novo';
  const changes: DemoLead['changes'] = [];
  const id = crypto.randomUUID();
  if (worked) {
    const seller = random.pick(SELLERS);
    let at = createdAt.getTime() + (10 + random.next() * 60 * 30) * 60_000;
    const step = (to: LeadStatus, reason?: string) => {
      if (at > now) return false;
      changes.push({
        leadId: id,
        fromStatus: status,
        toStatus: to,
        reason: reason ?? null,
        userId: seller.id,
        userName: seller.name,
        createdAt: new Date(at),
      });
      status = to;
      at += (1 + random.next() * 72) * 3_600_000;
      return true;
    };
    step('em_contato');
    const outcome = random.next();
    if (outcome < 0.25) step('descartado', random.pick(DISCARD_REASONS));
    else if (outcome < 0.6 && step('qualificado') && random.next() < 0.55) step('convertido');
  }
  return {
    row: {
      id,
      createdAt,
      nome,
      email,
      celular,
      tipo,
      empresa,
      mensagem: page === '/contato' ? random.pick(MESSAGES) : '',
      paginaOrigem: page,
      utmSource,
      utmMedium,
      utmCampaign: random.pick(campaigns),
      ctaSource: cta,
      partnerSlug: partner?.id ?? null,
      consentVersion: consentNotices.lead.version,
      consentAt: createdAt,
      submissionKey: `${DEMO_SUBMISSION_PREFIX}${index}-${id}`,
      status,
      statusChangedAt: changes.at(-1)?.createdAt ?? null,
      firstContactAt: changes[0]?.createdAt ?? null,
      ipHash: null,
      userAgent: 'demo',
    },
    changes,
  };
}

export interface SeedResult {
  leads: number;
  statusChanges: number;
  ms: number;
}

/**
 * Inserts `count` demo leads (with their status history) in batches, each batch in one
 * transaction. `onProgress` is called after each batch with the leads written so far.
 */
export async function seedDemoLeads(
  db: Db,
  options: DemoLeadOptions,
  onProgress?: (written: number) => void,
): Promise<SeedResult> {
  const started = performance.now();
  const now = (options.now ?? new Date()).getTime();
  const days = options.days ?? 180;
  const random = generator(options.seed ?? 14);
  let written = 0;
  let statusChanges = 0;
  while (written < options.count) {
    const size = Math.min(BATCH, options.count - written);
    const batch = Array.from({ length: size }, (_, i) => demoLead(random, written + i, now, days));
    const changes = batch.flatMap((lead) => lead.changes);
    await db.transaction(async (tx) => {
      await bulkInsert(
        tx,
        contatos,
        batch.map((lead) => lead.row),
      );
      if (changes.length) await bulkInsert(tx, leadStatusChanges, changes);
    });
    written += size;
    statusChanges += changes.length;
    onProgress?.(written);
  }
  return { leads: written, statusChanges, ms: Math.round(performance.now() - started) };
}
