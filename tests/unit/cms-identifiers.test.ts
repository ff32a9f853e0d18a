/*
 * Names an editor cannot break: the CMS makes a new item's file name from one of its fields,
 * and the build refuses a file name that is not lowercase letters, digits and hyphens. The
 * names are made here by Decap's own slug code, with the site's slug settings (cms-config.ts),
 * so a change of either side, or of Decap, shows up here.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentGate } from '../../src/integrations/content-gate.mjs';
import { contentProblems } from '../../src/lib/content-check';
import { cmsConfig } from '../../src/cms/cms-config';
import { IDENTIFIER_MESSAGE } from '../../src/cms/fields';
import { folderItems, partnerSchema, SLUG_MESSAGE, SLUG_PATTERN } from '../../src/lib/content-schemas';

type SlugSettings = { encoding: string; clean_accents: boolean; sanitize_replacement: string };
type Field = { name: string; pattern?: [string, string] };
type Collection = { name: string; folder?: string; identifier_field?: string; slug?: string; fields?: Field[] };

// Decap's TypeScript source (its `{{slug}}` sanitiser), loaded by name so the type check skips it.
const URL_HELPER = 'decap-cms-core/src/lib/urlHelper';
const { sanitizeSlug } = (await import(/* @vite-ignore */ URL_HELPER)) as {
  sanitizeSlug: (value: string, settings: SlugSettings) => string;
};
const settings = (cmsConfig as unknown as { slug: SlugSettings }).slug;

/** The file name Decap gives a new entry whose identifying field is `value` (its `{{slug}}`). */
const decapSlug = (value: string) =>
  // `prepareSlug` in decap-cms-core/src/lib/formatters.ts, which runs first.
  sanitizeSlug(value.trim().toLocaleLowerCase().replace(/[']/g, '').replace(/[.]/g, '-'), settings);

const buildAccepts = (slug: string) => new RegExp(SLUG_PATTERN).test(slug);
const folders = (cmsConfig.collections as Collection[]).filter((collection) => collection.folder);

const NAMES = [
  'Imobiliária Sol & Mar',
  'Carol Imóveis',
  'São João Aluguéis Ltda.',
  "D'Ávila & Filhos",
  'Ærø Gestão',
  'Plano 2.0',
  '  Espaços   extras  ',
  'Rafa_Corretor',
  'Ana~Imóveis',
  '!!!',
  '日本',
  '—',
  'Qual é o prazo de implementação?',
];

describe('identifiers the CMS makes', () => {
  it('drops accents and spaces: "Imobiliária Sol & Mar" becomes imobiliaria-sol-mar', () => {
    expect(decapSlug('Imobiliária Sol & Mar')).toBe('imobiliaria-sol-mar');
    expect(() =>
      folderItems(
        { 'content/partners/imobiliaria-sol-mar.yaml': 'name: Ana\nactive: true\norder: 1\n' },
        partnerSchema,
      ),
    ).not.toThrow();
  });

  it('every folder collection names its files from a field that refuses what the build would', () => {
    expect(folders.map((collection) => collection.name).sort()).toEqual(
      ['add-ons', 'faqs', 'features', 'gestao-plans', 'partners', 'plans'].sort(),
    );
    for (const collection of folders) {
      expect(collection.slug).toBe('{{slug}}');
      const field = collection.fields?.find((candidate) => candidate.name === collection.identifier_field);
      const [pattern, message] = field?.pattern ?? ['', ''];
      expect(message).toContain(SLUG_MESSAGE);
      // Decap tests a field with `RegExp(pattern)`: no flags.
      const cms = new RegExp(pattern);
      for (const name of NAMES) {
        const value = collection.name === 'faqs' ? `${name} (pergunta longa)` : name;
        const verdict = { collection: collection.name, value, slug: decapSlug(value) };
        expect({ ...verdict, cms: cms.test(value) }).toEqual({ ...verdict, cms: buildAccepts(decapSlug(value)) });
      }
    }
  });

  it('for every character, the identifying field refuses it exactly when the file name would break', () => {
    const partners = folders.find((collection) => collection.name === 'partners');
    const pattern = new RegExp(partners?.fields?.find((field) => field.name === 'name')?.pattern?.[0] ?? '');
    const wrong: string[] = [];
    for (let code = 0x20; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCharCode(code);
      const name = `Ana ${char}`;
      if (pattern.test(name) !== buildAccepts(decapSlug(name))) wrong.push(`"${name}" → ${decapSlug(name)}`);
      // Alone, the field may refuse more than needed (a rare letter), never less.
      if (pattern.test(char) && !buildAccepts(decapSlug(char))) wrong.push(`"${char}" → ${decapSlug(char)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("says why in the build's words", () => {
    expect(IDENTIFIER_MESSAGE.startsWith(SLUG_MESSAGE)).toBe(true);
  });
});

describe('a file whose name the build refuses', () => {
  const files = {
    'content/partners/carol-imoveis.yaml': 'name: Carol\nactive: true\norder: 1\n',
    'content/partners/imobiliária-sol-mar.yaml': 'name: Imobiliária Sol & Mar\nactive: true\norder: 2\n',
  };

  it('stops the build with a pt-BR message naming the file', () => {
    expect(() => folderItems(files, partnerSchema)).toThrow(
      `content/partners/imobiliária-sol-mar.yaml, nome do arquivo: ${SLUG_MESSAGE}`,
    );
  });

  it('is left out by the dev server, which reports the same message, and the other files still load', () => {
    const reported: string[] = [];
    const read = folderItems(files, partnerSchema, { badName: 'skip', report: (message) => reported.push(message) });
    expect(read.map((partner) => partner.id)).toEqual(['carol-imoveis']);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toContain(`content/partners/imobiliária-sol-mar.yaml, nome do arquivo: ${SLUG_MESSAGE}`);
  });
});

/*
 * `astro dev`'s content gate (src/integrations/content-gate.mjs), over a copy of content/ with a
 * plan the build refuses: a browser asking for any page gets the build's message, naming the
 * file, in place of an error on every page; the CMS and Vite's requests pass; fixed, the pages
 * are back at once. A real HTTP server with the gate in front of a stand-in for Astro's pages.
 */
describe('a file whose content the build refuses, in the dev server', () => {
  let root: string;
  let server: Server;
  let origin: string;
  const plan = () => join(root, 'content/plans/iniciante.yaml');

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'pilota-content-gate-'));
    cpSync(join(process.cwd(), 'content'), join(root, 'content'), { recursive: true });
    const gate = contentGate(() => contentProblems(root));
    server = createServer((req, res) => gate(req, res, () => res.end('página')));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
    rmSync(root, { recursive: true, force: true });
  });

  const page = (path: string) => fetch(`${origin}${path}`, { headers: { Accept: 'text/html' } });

  it("shows the build's pt-BR message, naming the file, on every page until the file is fixed", async () => {
    expect(contentProblems(root)).toEqual([]);
    expect(await (await page('/planos')).text()).toBe('página');

    const good = readFileSync(plan(), 'utf8');
    writeFileSync(plan(), good.replace(/annualPrice: .*/, 'annualPrice: 9.990,00'));
    for (const path of ['/', '/planos', '/parceiro/carol-imoveis']) {
      const answer = await page(path);
      expect(answer.status).toBe(503);
      const html = await answer.text();
      expect(html).toContain('content/plans/iniciante.yaml, campo annualPrice: O preço anual não pode passar');
      expect(html).toContain('href="/cms"');
    }
    // The CMS, where the editor fixes it, and Vite's own requests still answer.
    expect(await (await page('/cms/')).text()).toBe('página');
    expect(await (await page('/@vite/client')).text()).toBe('página');

    // A YAML mistake names its file too.
    writeFileSync(plan(), `${good}name: [sem fim\n`);
    expect(await (await page('/')).text()).toContain('Conteúdo inválido em content/plans/iniciante.yaml');

    writeFileSync(plan(), good);
    const fixed = await page('/planos');
    expect(fixed.status).toBe(200);
    expect(await fixed.text()).toBe('página');
  });

  it('leaves a badly named file to the folder reader, which skips it and says so', () => {
    writeFileSync(join(root, 'content/partners/imobiliária-sol-mar.yaml'), 'name: Sol\nactive: true\norder: 9\n');
    try {
      expect(contentProblems(root)).toEqual([]);
    } finally {
      rmSync(join(root, 'content/partners/imobiliária-sol-mar.yaml'));
    }
  });
});
