/*
 * `npm run validate:html`: every prerendered page of the build through the Nu HTML
 * Checker (vnu-jar, run on the machine's Java). Fails on any error.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import vnu from 'vnu-jar';

const clientDir = join(process.env['BUILD_DIR'] ?? 'dist', 'client');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

const files = htmlFiles(clientDir);
if (files.length === 0) {
  console.error(`No prerendered pages in ${clientDir}: run the build first.`);
  process.exit(1);
}

const run = spawnSync('java', ['-jar', vnu, '--errors-only', '--format', 'json', ...files], { encoding: 'utf8' });
if (run.error) {
  console.error(`Could not run Java for the HTML checker: ${run.error.message}`);
  process.exit(1);
}
const report = JSON.parse(run.stderr || '{"messages":[]}') as {
  messages: { type: string; url: string; lastLine?: number; message: string; extract?: string }[];
};
const errors = report.messages.filter((m) => m.type === 'error' || m.type === 'non-document-error');
for (const error of errors) {
  console.error(`${error.url.replace(/^file:.*?\/client\//, '/')}:${error.lastLine ?? '?'} ${error.message}`);
  if (error.extract) console.error(`    ${error.extract.replace(/\s+/g, ' ').trim()}`);
}
console.log(`HTML checker: ${files.length} pages, ${errors.length} errors.`);
if (errors.length) process.exit(1);
