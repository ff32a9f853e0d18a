/*
 * loadConfig on both deploy targets: the Node target keeps its embedded defaults; the
 * Netlify target fails fast, naming each missing variable, and never touches DATA_DIR.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseConfig } from '~/server/config';
import { zapAuthorization } from '~/server/webhooks/zap';
import { deployTargetFromEnv } from '~/server/deploy-target';
import { configErrorFor } from '../support/config-error';

const NETLIFY_ENV = {
  NETLIFY: 'true',
  DATABASE_URL: 'postgres://postgres.ref:senha@aws-0-sa-east-1.pooler.supabase.com:6543/postgres',
  AUTH_SECRET: 'a-long-random-secret',
};

const configError = (env: Record<string, string | undefined>) => configErrorFor(env, loadConfig);

describe('deploy target', () => {
  it('is node by default, netlify when Netlify builds (NETLIFY) or DEPLOY_TARGET says so', () => {
    expect(deployTargetFromEnv({})).toBe('node');
    expect(deployTargetFromEnv({ NETLIFY: 'true' })).toBe('netlify');
    expect(deployTargetFromEnv({ NETLIFY: 'false' })).toBe('node');
    expect(deployTargetFromEnv({ DEPLOY_TARGET: 'netlify' })).toBe('netlify');
    expect(deployTargetFromEnv({ DEPLOY_TARGET: 'node', NETLIFY: 'true' })).toBe('node');
  });

  it('refuses an unknown DEPLOY_TARGET, naming it', () => {
    expect(configError({ DEPLOY_TARGET: 'vercel' })).toContain(
      'DEPLOY_TARGET: expected "node" or "netlify", got "vercel"',
    );
  });
});

describe('loadConfig on the Node target', () => {
  it('needs nothing: embedded database in DATA_DIR, a secret generated there, localhost URL', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pilota-config-')), 'data');
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      deployTarget: 'node',
      dataDir,
      databaseUrl: undefined,
      databaseMigrationUrl: undefined,
      siteUrl: 'http://localhost:4321',
    });
    expect(config.authSecret).toMatch(/^[\w-]{40,}$/);
    expect(existsSync(join(dataDir, 'auth-secret'))).toBe(true);
    // The same folder gives the same secret: sessions survive a restart.
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(config.authSecret);
  });

  it("ignores Netlify's URL variable (it is not the site's address outside Netlify)", () => {
    expect(parseConfig({ URL: 'https://elsewhere.example' }).siteUrl).toBe('http://localhost:4321');
  });
});

describe('loadConfig on the Netlify target', () => {
  it('takes the pooler URL, the secret and the site URL from Netlify, and no DATA_DIR', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pilota-config-')), 'never');
    const config = loadConfig({
      ...NETLIFY_ENV,
      DATA_DIR: dataDir,
      URL: 'https://pilota.netlify.app/',
      DATABASE_MIGRATION_URL: 'postgres://postgres:senha@db.ref.supabase.co:5432/postgres',
    });
    expect(config).toMatchObject({
      deployTarget: 'netlify',
      databaseUrl: NETLIFY_ENV.DATABASE_URL,
      databaseMigrationUrl: 'postgres://postgres:senha@db.ref.supabase.co:5432/postgres',
      authSecret: 'a-long-random-secret',
      siteUrl: 'https://pilota.netlify.app',
    });
    expect(config.dataDir).not.toBe(dataDir);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('prefers SITE_URL over URL (a custom domain)', () => {
    expect(
      loadConfig({ ...NETLIFY_ENV, SITE_URL: 'https://www.pilota.example', URL: 'https://pilota.netlify.app' }).siteUrl,
    ).toBe('https://www.pilota.example');
  });

  it('stops with a message naming every missing variable', () => {
    const message = configError({ NETLIFY: 'true' });
    expect(message).toMatch(/^Configuração inválida \/ invalid configuration:/);
    expect(message).toContain('DATABASE_URL: required on Netlify');
    expect(message).toContain('AUTH_SECRET: required on Netlify');
    expect(configError({ ...NETLIFY_ENV, DATABASE_URL: '' })).toContain('DATABASE_URL: required on Netlify');
    expect(configError({ ...NETLIFY_ENV, AUTH_SECRET: ' ' })).not.toContain('DATABASE_URL');
  });

  it('still validates the values it is given', () => {
    expect(configError({ ...NETLIFY_ENV, DATABASE_URL: 'mysql://x@y/z' })).toContain('DATABASE_URL');
    expect(configError({ ...NETLIFY_ENV, DATABASE_MIGRATION_URL: 'not a url' })).toContain('DATABASE_MIGRATION_URL');
  });
});

describe('webhook URLs', () => {
  it.each(['LEAD_WEBHOOK_URLS', 'LEAD_WEBHOOK_ZAP_URLS'])(
    'refuses %s with user:password@, naming the variable and the host but not the secret',
    (name) => {
      const message = configError({ [name]: 'https://zap:s3nh4-Secreta@hooks.example/x?t=1' });
      expect(message).toContain(`${name}: the URL (hooks.example) carries a user name or password`);
      expect(message).not.toMatch(/s3nh4|Secreta|zap:/);
      expect(configError({ [name]: 'https://ok.example/a, ftp://files.example' })).toContain(
        `${name}: URL 2 of 2 is not an http(s) URL (it is ftp:)`,
      );
      expect(
        parseConfig({ [name]: 'https://hooks.example/x?token=abc', LEAD_WEBHOOK_ZAP_CLIENT_LISTING_ID: 'PIL-1' }),
      ).toBeDefined();
    },
  );

  it("the ZAP target needs the contract's clientListingId, takes a portal as leadOrigin and Basic credentials", () => {
    const url = 'https://crm.example/grupozap/lead';
    expect(configError({ LEAD_WEBHOOK_ZAP_URLS: url })).toContain(
      'LEAD_WEBHOOK_ZAP_CLIENT_LISTING_ID: required when LEAD_WEBHOOK_ZAP_URLS is set',
    );
    const wrong = configError({
      LEAD_WEBHOOK_ZAP_URLS: url,
      LEAD_WEBHOOK_ZAP_CLIENT_LISTING_ID: 'PIL-1',
      LEAD_WEBHOOK_ZAP_LEAD_ORIGIN: 'Pilota',
      LEAD_WEBHOOK_ZAP_BASIC_AUTH: 'so-a-senha-secreta',
    });
    expect(wrong).toContain('LEAD_WEBHOOK_ZAP_LEAD_ORIGIN: expected one of Zap, VivaReal, got "Pilota"');
    expect(wrong).toContain('LEAD_WEBHOOK_ZAP_BASIC_AUTH: expected user:password');
    expect(wrong).not.toContain('so-a-senha-secreta');
    const config = parseConfig({
      LEAD_WEBHOOK_ZAP_URLS: url,
      LEAD_WEBHOOK_ZAP_CLIENT_LISTING_ID: 'PIL-1',
      LEAD_WEBHOOK_ZAP_BASIC_AUTH: 'pilota:senha',
    });
    expect(config.leadWebhookZap).toEqual({ clientListingId: 'PIL-1', leadOrigin: 'Zap', basicAuth: 'pilota:senha' });
    expect(zapAuthorization(config.leadWebhookZapUrls, config.leadWebhookZap)).toEqual({
      urls: [url],
      header: `Basic ${Buffer.from('pilota:senha').toString('base64')}`,
    });
    expect(parseConfig({}).leadWebhookZap).toBeUndefined();
  });
});
