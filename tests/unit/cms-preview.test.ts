/*
 * The CMS's preview pane (src/cms/preview.ts), run as the CMS page runs it, with React as Decap
 * hands it over (`window.h`): it loads the site's stylesheet, has a template for the home page,
 * the plans, the partners and every other page, and renders them with the site's classes —
 * the partner's photo with its alt text.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cmsConfig } from '../../src/cms/cms-config';
import { builtSiteCss, previewScriptFile } from '../../src/integrations/cms-preview.mjs';

type Props = { entry: { getIn(path: string[]): unknown }; getAsset: (path: string) => { toString(): string } };

function loadPreview() {
  const styles: string[] = [];
  const templates = new Map<string, FunctionComponent<Props>>();
  const CMS = {
    registerPreviewStyle: (href: string) => styles.push(href),
    registerPreviewTemplate: (name: string, template: FunctionComponent<Props>) => templates.set(name, template),
  };
  runInNewContext(previewScriptFile(), { window: { CMS, h: createElement } });
  const render = (name: string, data: object) => {
    const template = templates.get(name);
    if (!template) throw new Error(`no preview template for ${name}`);
    const props: Props = {
      // Decap's entry is an Immutable.js Map; `getIn` is all the templates read it by.
      entry: {
        getIn: ([, ...path]: string[]) =>
          path.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], data),
      },
      getAsset: (path) => ({ toString: () => `blob:preview/${path.split('/').pop()}` }),
    };
    return renderToStaticMarkup(createElement(template, props));
  };
  return { styles, templates, render };
}

describe('the CMS preview pane', () => {
  it("loads the site's stylesheet and previews the main collections and every page", () => {
    const { styles, templates } = loadPreview();
    expect(styles).toEqual(['/cms/preview.css']);
    const pages = (cmsConfig.collections as { name: string; files?: { name: string }[] }[])
      .find((collection) => collection.name === 'paginas')
      ?.files?.map((file) => file.name);
    expect(pages?.length).toBeGreaterThan(3);
    expect([...templates.keys()].sort()).toEqual([...(pages ?? []), 'gestao-plans', 'partners', 'plans'].sort());
  });

  it('renders a partner as the partner page does, the photo with its alt text', () => {
    const html = loadPreview().render('partners', {
      name: 'Imobiliária Sol & Mar',
      photo: '../../src/assets/conteudo/sol.png',
      photoAlt: 'Logotipo da Sol & Mar',
      offer: 'Um mês grátis',
    });
    expect(html).toContain('<img src="blob:preview/sol.png" alt="Logotipo da Sol &amp; Mar"');
    expect(html).toContain('Recomendado por Imobiliária Sol &amp; Mar');
    expect(html).toContain('class="container-page');
  });

  it('renders the home page and a plan with the pages’ classes', () => {
    const { render } = loadPreview();
    const home = render('home', { hero: { eyebrow: 'Gestão', title: 'Título novo', badges: ['Sem planilha'] } });
    expect(home).toContain('<p class="eyebrow">Gestão</p>');
    expect(home).toMatch(/<h1 class="[^"]*text-4xl[^"]*">Título novo<\/h1>/);
    const plan = render('plans', { name: 'Iniciante', monthlyPrice: '59,90', annualPrice: '490,00', popular: true });
    expect(plan).toContain('R$\u00a059,90');
    expect(plan).toContain('Mais popular');
    expect(plan).toContain('class="card');
  });

  it("its stylesheet is the built home page's CSS: the linked files, then the inline styles", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pilota-preview-css-'));
    try {
      mkdirSync(join(dir, '_astro'));
      writeFileSync(join(dir, '_astro/site.abc.css'), '.container-page{max-width:72rem}');
      writeFileSync(
        join(dir, 'index.html'),
        '<html><head><style>@font-face{font-family:Inter}</style><link rel="stylesheet" href="/_astro/site.abc.css"></head><body></body></html>',
      );
      expect(await builtSiteCss(pathToFileURL(`${dir}/`))).toBe(
        '.container-page{max-width:72rem}\n@font-face{font-family:Inter}',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("uses only classes the site's pages already use, so the public CSS does not grow", () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? walk(path) : /\.(astro|tsx|css)$/.test(name) ? [path] : [];
      });
    const site = ['src/pages', 'src/components', 'src/layouts', 'src/islands', 'src/styles']
      .flatMap((dir) => walk(join(process.cwd(), dir)))
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    const preview = readFileSync(join(process.cwd(), 'src/cms/preview.ts'), 'utf8');
    const classes = new Set(
      [...preview.matchAll(/className: '([^']*)'/g)].flatMap((match) => (match[1] ?? '').split(' ')),
    );
    expect(classes.size).toBeGreaterThan(20);
    const escaped = (name: string) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    expect([...classes].filter((name) => !new RegExp(`(^|[\\s"'\`])${escaped(name)}($|[\\s"'\`])`).test(site))).toEqual(
      [],
    );
  });
});
