/*
 * `npm run validate:html`: every prerendered page of the build through the Nu HTML
 * Checker (vnu-jar, run on the machine's Java). Fails on any error. A fragment (an Astro page
 * partial such as /fragmentos/preferencias-de-cookies, no document around it) is checked
 * inside a minimal document, as the page it joins would hold it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

const fragmentDir = mkdtempSync(join(tmpdir(), 'pilota-html-fragments-'));
/** What the checker reads for each file: a fragment is wrapped in a document of its own. */
const checked = files.map((file, index) => {
  const html = readFileSync(file, 'utf8');
  if (/^\s*<!doctype html>/i.test(html)) return file;
  const wrapped = join(fragmentDir, `${index}.html`);
  writeFileSync(
    wrapped,
    `<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8"><title>Fragmento</title></head><body>${html}</body></html>`,
  );
  return wrapped;
});
const shownName = new Map(checked.map((path, index) => [path, files[index]!]));

const run = spawnSync('java', ['-jar', vnu, '--errors-only', '--format', 'json', ...checked], { encoding: 'utf8' });
rmSync(fragmentDir, { recursive: true, force: true });
if (run.error) {
  console.error(`Could not run Java for the HTML checker: ${run.error.message}`);
  process.exit(1);
}
const report = JSON.parse(run.stderr || '{"messages":[]}') as {
  messages: { type: string; url: string; lastLine?: number; message: string; extract?: string }[];
};
const errors = report.messages.filter((m) => m.type === 'error' || m.type === 'non-document-error');
for (const error of errors) {
  const file = shownName.get(decodeURIComponent(error.url.replace(/^file:/, ''))) ?? error.url;
  console.error(`${file.replace(/^.*?\/client\//, '/')}:${error.lastLine ?? '?'} ${error.message}`);
  if (error.extract) console.error(`    ${error.extract.replace(/\s+/g, ' ').trim()}`);
}
console.log(`HTML checker: ${files.length} pages, ${errors.length} errors.`);
if (errors.length) process.exit(1);
