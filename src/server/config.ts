/*
 * The environment contract of DESIGN.md, parsed once with zod.
 *
 * `parseConfig` is pure (tests call it with a plain object); `loadConfig` reads
 * process.env and, when AUTH_SECRET is unset, creates one random secret in
 * DATA_DIR on first start and reuses it afterwards, so sessions survive restarts
 * without anyone having to invent a secret. Services never read process.env:
 * they receive the parts of this object they need as arguments.
 *
 * On the Netlify target (src/server/deploy-target.ts) functions have no lasting disk:
 * DATABASE_URL and AUTH_SECRET are required (nothing can be generated and kept), the
 * embedded database, the DATA_DIR lock and the spool are not used, and SITE_URL falls
 * back to the site URL Netlify provides (URL).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { parseConnectors, type ConnectorsConfig } from './connectors/config';
import { parseZapWebhook, type ZapWebhookConfig } from './webhooks/zap';
import { deployTargetFromEnv, DeployTargetError, type DeployTarget } from './deploy-target';
import { targetUrlProblem } from './webhooks/target-url';

/** Where the team's lead notices go and who sends them, when the environment does not say. */
export const DEFAULT_MAIL_FROM = 'Pilota <nao-responda@pilota.example>';
export const DEFAULT_LEAD_NOTIFY_TO = 'comercial@pilota.example';

/** Retention periods in days (LGPD art. 15/16: data is eliminated once its purpose ends). */
export interface RetentionPeriods {
  /** Identity documents, counted from the implementation request. */
  documentDays: number;
  /** Leads are anonymised after this. */
  leadDays: number;
  /** Sent or given-up deliveries lose their payload (the message or webhook body) after this. */
  deliveryPayloadDays: number;
  securityEventDays: number;
}

/** Submissions per window per client IP; `null` means the limit is off. */
export interface RateLimit {
  count: number;
  windowMs: number;
}

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().trim().optional());

const urlList = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const urls = (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      urls.forEach((url, index) => {
        const problem = targetUrlProblem(url, urls.length > 1 ? `URL ${index + 1} of ${urls.length}` : 'the URL');
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      });
      return urls;
    }),
);

const rateLimit = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .default('10/60')
    .transform((value, ctx): RateLimit | null => {
      if (value.trim().toLowerCase() === 'off') return null;
      const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
      if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
        ctx.addIssue({ code: 'custom', message: 'expected COUNT/SECONDS (e.g. 10/60) or "off"' });
        return z.NEVER;
      }
      return { count: Number(match[1]), windowMs: Number(match[2]) * 1000 };
    }),
);

/** A retention period in whole days (at least 1). */
const retentionDays = (days: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(36_500).default(days));

const envSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(4321)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  SITE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATABASE_MIGRATION_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  SMTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  RESEND_API_KEY: optionalString,
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default(DEFAULT_MAIL_FROM)),
  LEAD_NOTIFY_TO: z.preprocess(emptyToUndefined, z.string().default(DEFAULT_LEAD_NOTIFY_TO)),
  LEAD_WEBHOOK_URLS: urlList,
  LEAD_WEBHOOK_ZAP_URLS: urlList,
  WEBHOOK_SECRET: optionalString,
  LEAD_RATE_LIMIT: rateLimit,
  AUTH_SECRET: optionalString,
  // Retention (src/server/lgpd/retention.ts): whole days, each with the default docs/privacy.md "Retention" explains.
  RETENTION_DOCUMENT_DAYS: retentionDays(90),
  RETENTION_LEAD_DAYS: retentionDays(1826),
  RETENTION_DELIVERY_PAYLOAD_DAYS: retentionDays(30),
  RETENTION_SECURITY_EVENT_DAYS: retentionDays(365),
  RETENTION_ANALYTICS_EVENT_DAYS: retentionDays(30),
  METRICS_TOKEN: optionalString,
  ALERT_BACKLOG_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().positive().default(15)),
  ALERT_REPEAT_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().positive().default(60)),
  // Delivery timing (src/server/delivery/settings.ts): the production policy unless an operator shortens it.
  DELIVERY_RETRY_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3600).default(30)),
  // Above the webhook call's 10 s timeout, so an attempt still running is never counted as dead.
  DELIVERY_EXPIRE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(15).max(3600).default(60)),
  DELIVERY_BREAKER_PAUSE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(900).default(30)),
  /** Netlify's own name for the site's main address; only read on the Netlify target. */
  URL: optionalString,
});

/** What the Netlify target cannot run without, and why: said in the error that names it. */
const REQUIRED_ON_NETLIFY = {
  DATABASE_URL: 'required on Netlify: the PostgreSQL URL functions use (Supabase pooler, transaction mode, port 6543)',
  AUTH_SECRET: 'required on Netlify: functions keep no files, so a generated secret would differ per instance',
} as const;

export interface Config {
  /** Where this build runs: one Node process, or Netlify's functions. */
  deployTarget: DeployTarget;
  port: number;
  host: string;
  siteUrl: string;
  /** Absolute path. On Netlify a per-instance scratch folder: nothing kept there survives. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** A direct (session) PostgreSQL URL for migrations at deploy time; DATABASE_URL when unset. */
  databaseMigrationUrl: string | undefined;
  smtpUrl: string | undefined;
  resendApiKey: string | undefined;
  mailFrom: string;
  leadNotifyTo: string;
  leadWebhookUrls: string[];
  /** Webhooks that take the lead in Grupo ZAP's JSON shape (real-estate CRMs), signed and retried like the others. */
  leadWebhookZapUrls: string[];
  /** Their contract's settings (./webhooks/zap.ts); undefined when there is no ZAP URL. */
  leadWebhookZap?: ZapWebhookConfig | undefined;
  webhookSecret: string | undefined;
  leadRateLimit: RateLimit | null;
  /** Undefined only from `parseConfig`; `loadConfig` always fills it. */
  authSecret: string | undefined;
  /** Days after which the retention job deletes, anonymises or prunes each kind of data. */
  retention: RetentionPeriods;
  /** Days raw visit events (src/server/analytics) are kept; their daily roll-ups stay. */
  analyticsEventDays: number;
  /** Bearer token of GET /metrics; without one the route answers 404. */
  metricsToken: string | undefined;
  /** Alert mail (src/server/ops/alerts.ts): a pending delivery older than this is a stuck backlog… */
  alertBacklogMs: number;
  /** …and each kind of alert is sent at most once per this period. */
  alertRepeatMs: number;
  /** The delivery queue's timing (README "Environment"); the production policy by default. */
  deliveryTiming: DeliveryTiming;
  /** CRM and marketing connectors (docs/connectors.md); each absent unless its variables are set. */
  connectors: ConnectorsConfig;
}

export interface DeliveryTiming {
  /** Base delay before an e-mail or webhook call is tried again (doubled per attempt, up to 1 h). */
  retrySeconds: number;
  /** An attempt still running after this is counted as dead (its server was killed) and tried again. */
  expireSeconds: number;
  /** How long a target that kept failing is paused before one probe. */
  breakerPauseSeconds: number;
}

/** Thrown with every problem listed, one per line, naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses an environment object (pure: no file is read or written). */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const problems: string[] = [];
  let deployTarget: DeployTarget = 'node';
  try {
    deployTarget = deployTargetFromEnv(env);
  } catch (error) {
    if (!(error instanceof DeployTargetError)) throw error;
    problems.push(error.message);
  }
  const netlify = deployTarget === 'netlify';
  // Netlify's URL stands in for SITE_URL there; elsewhere an unrelated URL variable is ignored.
  const result = envSchema.safeParse(netlify ? { ...env, SITE_URL: env['SITE_URL'] || env['URL'] } : env);
  if (!result.success) {
    problems.push(...result.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`));
  } else if (netlify) {
    for (const [name, why] of Object.entries(REQUIRED_ON_NETLIFY)) {
      if (result.data[name as keyof typeof REQUIRED_ON_NETLIFY] === undefined) problems.push(`${name}: ${why}`);
    }
  }
  const connectors = parseConnectors(env, problems);
  const leadWebhookZap = result.success ? parseZapWebhook(env, result.data.LEAD_WEBHOOK_ZAP_URLS, problems) : undefined;
  if (problems.length > 0 || !result.success) {
    const lines = problems.map((line) => `  ${line}`);
    throw new ConfigError(`Configuração inválida / invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  return {
    deployTarget,
    port: e.PORT,
    host: e.HOST,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: netlify ? join(tmpdir(), 'pilota') : resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseMigrationUrl: e.DATABASE_MIGRATION_URL,
    smtpUrl: e.SMTP_URL,
    resendApiKey: e.RESEND_API_KEY,
    mailFrom: e.MAIL_FROM,
    leadNotifyTo: e.LEAD_NOTIFY_TO,
    leadWebhookUrls: e.LEAD_WEBHOOK_URLS,
    leadWebhookZapUrls: e.LEAD_WEBHOOK_ZAP_URLS,
    leadWebhookZap,
    webhookSecret: e.WEBHOOK_SECRET,
    leadRateLimit: e.LEAD_RATE_LIMIT,
    authSecret: e.AUTH_SECRET,
    retention: {
      documentDays: e.RETENTION_DOCUMENT_DAYS,
      leadDays: e.RETENTION_LEAD_DAYS,
      deliveryPayloadDays: e.RETENTION_DELIVERY_PAYLOAD_DAYS,
      securityEventDays: e.RETENTION_SECURITY_EVENT_DAYS,
    },
    analyticsEventDays: e.RETENTION_ANALYTICS_EVENT_DAYS,
    metricsToken: e.METRICS_TOKEN,
    alertBacklogMs: e.ALERT_BACKLOG_MINUTES * 60_000,
    alertRepeatMs: e.ALERT_REPEAT_MINUTES * 60_000,
    deliveryTiming: {
      retrySeconds: e.DELIVERY_RETRY_SECONDS,
      expireSeconds: e.DELIVERY_EXPIRE_SECONDS,
      breakerPauseSeconds: e.DELIVERY_BREAKER_PAUSE_SECONDS,
    },
    connectors,
  };
}

const AUTH_SECRET_FILE = 'auth-secret';

/** Reads `$DATA_DIR/auth-secret`, creating it (32 random bytes, owner-only) on first use. */
export function ensureAuthSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, AUTH_SECRET_FILE);
  try {
    const existing = readFileSync(path, 'utf8').trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx' fails if another process created it in the meantime; then its secret wins.
    writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(path, 'utf8').trim();
    throw error;
  }
}

/**
 * The process configuration, with AUTH_SECRET filled from DATA_DIR when unset (the Netlify
 * target requires it instead). Read once per runtime, by its boot (src/server/runtime.ts),
 * which hands it to every service; no service reads process.env itself.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const config = parseConfig(env);
  if (config.deployTarget === 'node') config.authSecret ??= ensureAuthSecret(config.dataDir);
  return config;
}
