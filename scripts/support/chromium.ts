import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

/*
 * Which Chromium the tests drive, in DESIGN.md's order: $CHROME_PATH, Debian's
 * /usr/bin/chromium, then the build shipped inside @sparticuz/chromium — so a
 * fresh machine needs no browser download.
 */

// Flags the sandboxed CI machine needs: no network chatter, no GPU, no sandbox as root.
const COMMON_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/*
 * @sparticuz/chromium's defaults are made for AWS Lambda. Two of them break us:
 * --single-process (closing one context kills the browser) and
 * --disable-web-security (Chromium then omits Origin, and Astro's origin check
 * refuses form posts). It also unpacks into $TMPDIR/chromium and reuses whatever
 * it finds there, so it gets a private folder.
 */
const SPARTICUZ_DROPPED = new Set(['--single-process', '--disable-web-security']);

export async function resolveChromium(): Promise<Pick<LaunchOptions, 'executablePath' | 'args'>> {
  const fromEnv = process.env['CHROME_PATH'];
  if (fromEnv) return { executablePath: fromEnv, args: COMMON_ARGS };
  if (existsSync('/usr/bin/chromium')) return { executablePath: '/usr/bin/chromium', args: COMMON_ARGS };

  const cached = process.env['PILOTA_SPARTICUZ_PATH'];
  const { default: sparticuz } = await import('@sparticuz/chromium');
  const args = [
    ...sparticuz.args.filter((arg) => !SPARTICUZ_DROPPED.has(arg) && !arg.startsWith('--headless')),
    ...COMMON_ARGS,
  ];
  if (cached && existsSync(cached)) return { executablePath: cached, args };

  const previousTmp = process.env['TMPDIR'];
  process.env['TMPDIR'] = mkdtempSync(join(tmpdir(), 'pilota-chromium-'));
  try {
    const executablePath = await sparticuz.executablePath();
    // Later processes of the same run (Playwright workers, scripts) reuse this copy.
    process.env['PILOTA_SPARTICUZ_PATH'] = executablePath;
    return { executablePath, args };
  } finally {
    if (previousTmp === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = previousTmp;
  }
}

export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const resolved = await resolveChromium();
  return chromium.launch({ headless: true, ...resolved, ...options });
}
