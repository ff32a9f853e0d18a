/*
 * The environment contract of DESIGN.md, parsed once with zod.
 *
 * `parseConfig` is pure (tests call it with a plain object); `loadConfig` reads
 * process.env and, when AUTH_SECRET is unset, creates one random secret in
 * DATA_DIR on first start and reuses it afterwards, so sessions survive restarts
 * without anyone having to invent a secret. Services never read process.env:
 * they receive the parts of this object they need as arguments.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** Where the team's lead notices go and who sends them, when the environment does not say. */
export const DEFAULT_MAIL_FROM = 'Pilota <nao-responda@pilota.example>';
export const DEFAULT_LEAD_NOTIFY_TO = 'comercial@pilota.example';

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
      for (const url of urls) {
        if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
          ctx.addIssue({ code: 'custom', message: `"${url}" is not an http(s) URL` });
        }
      }
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

const envSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(4321)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  SITE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  SMTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  RESEND_API_KEY: optionalString,
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default(DEFAULT_MAIL_FROM)),
  LEAD_NOTIFY_TO: z.preprocess(emptyToUndefined, z.string().default(DEFAULT_LEAD_NOTIFY_TO)),
  LEAD_WEBHOOK_URLS: urlList,
  WEBHOOK_SECRET: optionalString,
  LEAD_RATE_LIMIT: rateLimit,
  AUTH_SECRET: optionalString,
});

export interface Config {
  port: number;
  host: string;
  siteUrl: string;
  /** Absolute path. */
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  resendApiKey: string | undefined;
  mailFrom: string;
  leadNotifyTo: string;
  leadWebhookUrls: string[];
  webhookSecret: string | undefined;
  leadRateLimit: RateLimit | null;
  /** Undefined only from `parseConfig`; `loadConfig` always fills it. */
  authSecret: string | undefined;
}

/** Thrown with every problem listed, one per line, naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses an environment object (pure: no file is read or written). */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || 'env'}: ${issue.message}`);
    throw new ConfigError(`Configuração inválida / invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  return {
    port: e.PORT,
    host: e.HOST,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    resendApiKey: e.RESEND_API_KEY,
    mailFrom: e.MAIL_FROM,
    leadNotifyTo: e.LEAD_NOTIFY_TO,
    leadWebhookUrls: e.LEAD_WEBHOOK_URLS,
    webhookSecret: e.WEBHOOK_SECRET,
    leadRateLimit: e.LEAD_RATE_LIMIT,
    authSecret: e.AUTH_SECRET,
  };
}

const AUTH_SECRET_FILE = 'auth-secret';

/** Reads `$DATA_DIR/auth-secret`, creating it (32 random bytes, owner-only) on first use. */
export function ensureAuthSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
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

let cached: Config | undefined;

/**
 * The process configuration: parsed from process.env once, with AUTH_SECRET
 * filled from DATA_DIR when unset.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  if (cached && env === process.env) return cached;
  const config = parseConfig(env);
  config.authSecret ??= ensureAuthSecret(config.dataDir);
  if (env === process.env) cached = config;
  return config;
}
