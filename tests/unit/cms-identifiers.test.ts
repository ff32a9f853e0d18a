/*
 * Names an editor cannot break: the CMS makes a new item's file name from one of its fields,
 * and the build refuses a file name that is not lowercase letters, digits and hyphens. The
 * names are made here by Decap's own slug code, with the site's slug settings (cms-config.ts),
 * so a change of either side, or of Decap, shows up here.
 */
import { describe, expect, it } from 'vitest';
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
