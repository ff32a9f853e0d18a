/*
 * The CMS's preview pane, made to look like the site: it loads the site's own stylesheet
 * (/cms/preview.css, the built CSS the public pages link, src/integrations/cms.mjs) and renders
 * the main entries — the home page, the plans, the partners and the other pages — with the
 * markup and classes of their Astro pages (src/pages/index.astro, planos, the partner page), so
 * the editor sees the fonts, colours and spacing visitors will. Not the pages themselves: the
 * islands, menus and forms stay out; the deploy preview of each change shows the real page.
 *
 * The script runs in the CMS page after Decap's bundle, which defines `window.CMS` and `window.h`
 * (React's createElement); like save-checks.ts it is written as text, so no bundler helper
 * reaches a page that lacks it. Decap's entries are Immutable.js values: `entry.getIn([...])`.
 * Only classes the site's pages already use (tests/unit/cms-preview.test.ts): Tailwind reads this
 * file too, and a new class would grow every public page's CSS.
 */
import { cmsConfig } from './cms-config.ts';
import type { Field } from './fields.ts';

export interface PreviewSite {
  /** Stylesheets the preview frame loads. */
  styles: string[];
  /** Copy the templates need from other files: the partner page's eyebrow, the price suffix. */
  copy: { partnerEyebrow: string; partnerPlaceholder: string; perMonth: string; popularBadge: string };
  /** The files of the "paginas" collection other than the home page: the general template. */
  pages: string[];
}

const SCRIPT = `(function (cms, h, site) {
  site.styles.forEach(function (href) { cms.registerPreviewStyle(href); });
  function plain(value) {
    return value && typeof value.toJS === 'function' ? value.toJS() : value;
  }
  function data(props, path) {
    return plain(props.entry.getIn(['data'].concat(path)));
  }
  function frame(children) {
    return h('div', { className: 'bg-white text-slate-900' }, children);
  }
  function Home(props) {
    var hero = data(props, ['hero']) || {};
    var pains = data(props, ['pains']) || {};
    return frame([
      h('section', { key: 'hero', className: 'overflow-hidden bg-gradient-to-b from-brand-50 to-white' },
        h('div', { className: 'container-page py-14 sm:py-20' }, [
          h('p', { key: 'e', className: 'eyebrow' }, hero.eyebrow),
          h('h1', { key: 't', className: 'mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl' }, hero.title),
          h('p', { key: 's', className: 'mt-5 text-lg text-pretty text-slate-700' }, hero.subtitle),
          h('ul', { key: 'b', className: 'mt-6 flex flex-wrap gap-2' }, (hero.badges || []).map(function (badge, i) {
            return h('li', { key: i, className: 'inline-flex items-center gap-1.5 rounded-full border border-emerald-200 bg-white px-3 py-1 text-sm font-medium text-accent-700' }, badge);
          })),
          h('div', { key: 'c', className: 'mt-8 flex flex-col gap-3 sm:flex-row' }, [
            h('span', { key: 'p', className: 'btn-primary' }, hero.primaryCta),
            h('span', { key: 's', className: 'btn-secondary' }, hero.secondaryCta),
          ]),
        ])),
      h('section', { key: 'pains', className: 'section' }, h('div', { className: 'container-page' }, [
        h('h2', { key: 't', className: 'text-3xl font-bold tracking-tight text-slate-900' }, pains.title),
        h('ul', { key: 'c', className: 'mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4' }, (pains.cards || []).map(function (card, i) {
          return h('li', { key: i, className: 'card' }, [
            h('h3', { key: 't', className: 'mt-4 text-lg font-semibold text-slate-900' }, card.title),
            h('p', { key: 'x', className: 'mt-2 text-slate-600' }, card.text),
          ]);
        })),
      ])),
    ]);
  }
  function Plan(props) {
    var plan = data(props, []) || {};
    return frame(h('div', { className: 'container-page py-14' }, h('div', { className: 'card max-w-sm' }, [
      plan.popular ? h('p', { key: 'p', className: 'eyebrow' }, site.copy.popularBadge) : null,
      h('h3', { key: 'n', className: 'text-xl font-semibold text-slate-900' }, plan.name),
      h('p', { key: 'd', className: 'mt-2 text-slate-600' }, plan.description),
      h('p', { key: 'm', className: 'mt-6 text-4xl font-bold tracking-tight text-slate-900' }, [
        'R$\\u00a0' + (plan.monthlyPrice || ''),
        h('span', { key: 's', className: 'text-base font-medium text-slate-600' }, site.copy.perMonth),
      ]),
      h('p', { key: 'a', className: 'mt-1 text-sm text-slate-600' }, 'R$\\u00a0' + (plan.annualPrice || '')),
      h('ul', { key: 'f', className: 'mt-6 space-y-2 text-slate-700' }, [plan.properties, plan.users, plan.storage, plan.support].map(function (item, i) {
        return h('li', { key: i }, item);
      })),
    ])));
  }
  function Partner(props) {
    var partner = data(props, []) || {};
    var photo = partner.photo ? props.getAsset(partner.photo) : null;
    var fill = function (text) { return String(text).split(site.copy.partnerPlaceholder).join(partner.name || ''); };
    return frame(h('section', { className: 'bg-gradient-to-b from-brand-50 to-white' }, h('div', { className: 'container-page py-14 text-center sm:py-20' }, [
      photo ? h('img', { key: 'i', src: String(photo), alt: partner.photoAlt || '', width: 96, height: 96, className: 'mx-auto mb-6 size-24 rounded-full object-cover shadow-sm ring-4 ring-white' }) : null,
      h('p', { key: 'e', className: 'inline-flex items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-brand-100' }, fill(site.copy.partnerEyebrow)),
      partner.quote ? h('figure', { key: 'q', className: 'mx-auto mt-6 max-w-2xl' }, h('blockquote', { className: 'text-lg text-pretty text-slate-800 italic' }, '\\u201c' + partner.quote + '\\u201d')) : null,
      partner.offer ? h('p', { key: 'o', className: 'mx-auto mt-6 max-w-2xl rounded-xl bg-brand-50 px-4 py-3 font-semibold text-brand-800' }, partner.offer) : null,
    ])));
  }
  /* Any other page: its top (hero) as the site's page top, then each titled block as a section. */
  function Page(props) {
    var page = data(props, []) || {};
    var hero = page.hero || {};
    var blocks = Object.keys(page).filter(function (key) {
      return key !== 'hero' && key !== 'seo' && page[key] && typeof page[key] === 'object' && page[key].title;
    });
    return frame([
      h('section', { key: 'hero', className: 'bg-gradient-to-b from-brand-50 to-white' }, h('div', { className: 'container-page py-14 sm:py-20' }, [
        h('h1', { key: 't', className: 'text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl' }, hero.title || page.title || (page.seo || {}).title),
        h('p', { key: 's', className: 'mt-5 max-w-2xl text-lg text-pretty text-slate-700' }, hero.subtitle || hero.text),
      ])),
    ].concat(blocks.map(function (key) {
      var block = page[key];
      var paragraphs = [].concat(block.text || [], block.subtitle || [], block.paragraphs || [], block.items || []);
      return h('section', { key: key, className: 'section' }, h('div', { className: 'container-page' }, [
        h('h2', { key: 't', className: 'text-3xl font-bold tracking-tight text-slate-900' }, block.title),
      ].concat(paragraphs.map(function (text, i) {
        return h('p', { key: i, className: 'mt-4 max-w-3xl text-lg text-slate-700' }, typeof text === 'string' ? text : text.title);
      }))));
    })));
  }
  cms.registerPreviewTemplate('home', Home);
  cms.registerPreviewTemplate('plans', Plan);
  cms.registerPreviewTemplate('gestao-plans', Plan);
  cms.registerPreviewTemplate('partners', Partner);
  site.pages.forEach(function (name) { cms.registerPreviewTemplate(name, Page); });
})`;

/** The files of the "paginas" collection, which the general page template previews. */
export const previewPages = (): string[] =>
  ((cmsConfig.collections as Field[]).find((collection) => collection.name === 'paginas')?.files as Field[])
    .map((file) => String(file.name))
    .filter((name) => name !== 'home');

/** /cms/preview.js: the templates above, registered with Decap's `window.CMS`. */
export const previewScript = (site: PreviewSite): string =>
  `${SCRIPT}(window.CMS, window.h, ${JSON.stringify(site)});\n`;
