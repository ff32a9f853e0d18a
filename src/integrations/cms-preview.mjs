/*
 * What the CMS's preview pane needs from the site (src/cms/preview.ts): the site's own CSS and
 * a little copy. At build, /cms/preview.css is the CSS the built home page uses — its linked
 * stylesheets and its inline styles (the font faces), in that order — so the preview has the
 * classes, fonts and colours visitors get. `astro dev` serves the same stylesheet as Vite
 * compiles it for the pages.
 */
import { readFile } from 'node:fs/promises';
import { readPage } from '../lib/content-files.ts';
import { partnerPageSchema, plansPageSchema } from '../lib/content-schemas.ts';
import { previewPages, previewScript } from '../cms/preview.ts';

/** /cms/preview.js: the preview templates, with the copy they borrow. */
export function previewScriptFile() {
  const partner = readPage('partner-page', partnerPageSchema);
  const plans = readPage('plans-page', plansPageSchema);
  return previewScript({
    styles: ['/cms/preview.css'],
    copy: {
      partnerEyebrow: partner.eyebrow,
      partnerPlaceholder: partner.placeholder,
      perMonth: plans.perMonth,
      popularBadge: plans.popularBadge,
    },
    pages: previewPages(),
  });
}

/**
 * The built home page's CSS, as one stylesheet: its linked files read from the build, then its
 * inline <style> blocks. Their url()s are absolute (/_astro/…), so they hold from /cms/.
 * @param {URL} clientDir the build's public folder
 */
export async function builtSiteCss(clientDir) {
  const html = await readFile(new URL('index.html', clientDir), 'utf8');
  const links = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)]
    .map((tag) => /href="\/([^"]+)"/.exec(tag[0])?.[1])
    .filter((href) => href !== undefined);
  const linked = await Promise.all(links.map((href) => readFile(new URL(href, clientDir), 'utf8')));
  const inline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
  return [...linked, ...inline].join('\n');
}

/**
 * The site's stylesheet as `astro dev` compiles it (Tailwind included), for the preview there.
 * @param {import('vite').ViteDevServer} server
 */
export async function devSiteCss(server) {
  const result = await server.transformRequest('/src/styles/global.css?direct');
  return result?.code ?? '';
}
