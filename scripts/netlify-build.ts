/*
 * Netlify's build command (netlify.toml): `npm run build:netlify`.
 *
 * 1. Checks the Netlify target's configuration (src/server/config.ts), so a missing
 *    variable fails the deploy with a message naming it in the deploy log, not every
 *    request afterwards.
 * 2. With DATABASE_MIGRATION_URL (Supabase's direct or session URL): applies the
 *    migrations (`npm run db:migrate`), installs or updates pg-boss's schema and seeds the
 *    example blog posts into a new database — what the Node server does at start and a
 *    function never does inside a request. Without it the deploy says so and goes on.
 * 3. Builds with the Netlify adapter (astro.config.mjs picks it on Netlify).
 * Before all of it, a production deploy stops while content/settings/company.yaml still holds
 * placeholders, unless ALLOW_PLACEHOLDERS=1 (src/lib/placeholder-policy.ts).
 *
 * Runs with tsx so it can use the server's own modules.
 */
import { spawnSync } from 'node:child_process';
import { PgBoss } from 'pg-boss';
import { ConfigError, parseConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { seedExamplePosts } from '../src/server/blog/seed';
import { readCompany, readExamplePosts } from '../src/lib/content-files';
import { pendingPlaceholders, placeholderVerdict } from '../src/lib/placeholder-policy';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
}

/** pg-boss's tables, created or migrated over a direct connection (its migration takes locks in a transaction). */
async function installQueueSchema(url: string): Promise<void> {
  const boss = new PgBoss({
    connectionString: url,
    schedule: false,
    supervise: false,
    max: 1,
    application_name: 'pilota-deploy',
  });
  boss.on('error', (error: Error) => console.error(`[deploy] pg-boss: ${error.message}`));
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

async function prepareDatabase(url: string): Promise<void> {
  console.log('[deploy] applying migrations over DATABASE_MIGRATION_URL');
  run('npm', ['run', 'db:migrate'], { ...process.env, DATABASE_URL: url });
  await installQueueSchema(url);
  console.log('[deploy] job queue schema ready');
  const handle = await openDatabase({ databaseUrl: url, maxConnections: 1 });
  try {
    const created = await seedExamplePosts({ db: handle.db, posts: readExamplePosts() });
    if (created > 0) console.log(`[deploy] ${created} example blog posts created (delete them in /blog/admin/posts)`);
  } finally {
    await handle.close();
  }
}

async function main(): Promise<number> {
  const env = { ...process.env, DEPLOY_TARGET: 'netlify' };
  // Before any migration: a production deploy with placeholders stops here.
  const placeholders = placeholderVerdict(pendingPlaceholders(readCompany()), env);
  if (placeholders.level === 'fail') {
    console.error(`[deploy] ${placeholders.lines.join('\n[deploy] ')}`);
    return 1;
  }
  let migrationUrl: string | undefined;
  try {
    migrationUrl = parseConfig(env).databaseMigrationUrl;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`[deploy] ${error.message}\nSet these in Netlify: Site configuration → Environment variables.`);
    return 1;
  }
  if (migrationUrl) await prepareDatabase(migrationUrl);
  else {
    console.warn(
      '[deploy] DATABASE_MIGRATION_URL is not set: migrations were NOT applied. Functions never migrate; ' +
        "set it to Supabase's direct connection URL (port 5432) so each deploy brings the schema up to date.",
    );
  }
  run(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { ...env, ASTRO_TELEMETRY_DISABLED: '1' });
  return 0;
}

process.exitCode = await main();
