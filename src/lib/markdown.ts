/**
 * Markdown → HTML for blog posts, the one pipeline behind the public post page, the
 * RSS feed and the editor's live preview (which posts the text to an admin endpoint
 * that calls this, so the preview can never disagree with the page and the editor
 * island ships none of unified's ~40 KB).
 *
 * Safety does not depend on the author: a post is text an admin typed, but an admin
 * account can be phished, and the post is served to every visitor.
 * - Raw HTML inside the Markdown is never interpreted: remark-rehype drops it (no
 *   `allowDangerousHtml`), so `<script>`, `<iframe>` and `<img onerror=…>` produce no
 *   element at all. Authors write Markdown, and code spans/blocks show HTML as text.
 * - What Markdown itself produces then goes through rehype-sanitize with GitHub's
 *   schema: only known elements and attributes, and URLs limited to http(s), mailto
 *   and a few others, so `[x](javascript:…)` keeps its text but loses its href.
 * - Everything this module adds (heading ids and anchors, rel on external links,
 *   lazy images) is added after sanitising, from values it computed itself.
 */
import type { Element, ElementContent, Root as HastRoot, Properties } from 'hast';
import type { Root as MdastRoot, RootContent } from 'mdast';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Processor } from 'unified';

/** rel of every link that leaves the site: no window.opener, no referrer, no endorsement. */
export const EXTERNAL_LINK_REL = ['noopener', 'noreferrer', 'nofollow'] as const;

export interface MarkdownOptions {
  /**
   * Origin of the site (e.g. "https://pilota.example"): absolute links to it stay
   * internal. Without it every absolute http(s) link counts as external.
   */
  siteUrl?: string | undefined;
}

/** Calls `visit` on every element below `node`, depth first. */
function eachElement(node: HastRoot | Element, visit: (element: Element) => void): void {
  for (const child of node.children) {
    if (child.type === 'element') {
      visit(child);
      eachElement(child, visit);
    }
  }
}

function textOf(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

/*
 * The post's title is the page's only <h1>; a "# Heading" in the body becomes <h2>,
 * and so on down, so the outline stays one tree (h6 stays h6).
 */
/*
 * The post's title is the page's only h1, so the body's top-most heading becomes h2 and
 * the others keep their distance from it: a post written with "##" sections renders
 * them as h2, one written with "#" is demoted by one. No level is skipped either way.
 */
function rehypeRebaseHeadings() {
  return (tree: HastRoot) => {
    const levels: number[] = [];
    eachElement(tree, (element) => {
      const match = /^h([1-6])$/.exec(element.tagName);
      if (match) levels.push(Number(match[1]));
    });
    if (levels.length === 0) return;
    const shift = 2 - Math.min(...levels);
    eachElement(tree, (element) => {
      const match = /^h([1-6])$/.exec(element.tagName);
      if (match) element.tagName = `h${Math.min(6, Number(match[1]) + shift)}`;
    });
  };
}

function rehypeLinkAndImageAttributes(options: { siteOrigin: string | undefined }) {
  return (tree: HastRoot) => {
    eachElement(tree, (element) => {
      if (element.tagName === 'a') {
        const href = element.properties['href'];
        if (typeof href !== 'string' || !/^https?:\/\//i.test(href)) return;
        let origin: string;
        try {
          origin = new URL(href).origin;
        } catch {
          return;
        }
        if (origin !== options.siteOrigin) element.properties['rel'] = [...EXTERNAL_LINK_REL];
      } else if (element.tagName === 'li' && String(element.properties['className'] ?? '').includes('task-list-item')) {
        // A task-list checkbox (read-only) is named by its item's text, so it is not an unlabelled control.
        const box = element.children.find(
          (child): child is Element => child.type === 'element' && child.tagName === 'input',
        );
        if (box) box.properties['ariaLabel'] = textOf(element).trim();
      } else if (element.tagName === 'img') {
        // Images in a post are below the fold more often than not.
        element.properties['loading'] = 'lazy';
        element.properties['decoding'] = 'async';
      }
    });
  };
}

const sanitizeSchema = {
  ...defaultSchema,
  // Footnote ids already carry remark-rehype's "user-content-" prefix; do not prefix twice.
  clobberPrefix: '',
};

function createProcessor(siteOrigin: string | undefined): Processor<MdastRoot, MdastRoot, HastRoot, HastRoot, string> {
  return unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype, { footnoteLabel: 'Notas', footnoteBackLabel: 'Voltar ao texto' })
    .use(rehypeSanitize, sanitizeSchema)
    .use(rehypeRebaseHeadings)
    .use(rehypeSlug)
    .use(rehypeAutolinkHeadings, {
      // The anchor sits after the heading, not inside it, so the heading's accessible
      // name stays its text; heading and anchor share a wrapper for layout.
      behavior: 'after',
      group: { type: 'element', tagName: 'div', properties: { className: ['heading-group'] }, children: [] },
      // The footnotes' heading is for screen readers only; an invisible focusable link would trap keyboard users.
      test: (heading: Element) => !String(heading.properties['className'] ?? '').includes('sr-only'),
      properties: (heading: Element): Properties => ({
        className: ['heading-anchor'],
        ariaLabel: `Link para a seção “${textOf(heading).trim()}”`,
      }),
      content: {
        type: 'element',
        tagName: 'span',
        properties: { ariaHidden: 'true' },
        children: [{ type: 'text', value: '#' }],
      },
    })
    .use(rehypeLinkAndImageAttributes, { siteOrigin })
    .use(rehypeStringify)
    .freeze();
}

const processors = new Map<string, ReturnType<typeof createProcessor>>();

function processorFor(siteUrl: string | undefined) {
  let siteOrigin: string | undefined;
  try {
    siteOrigin = siteUrl ? new URL(siteUrl).origin : undefined;
  } catch {
    siteOrigin = undefined;
  }
  const key = siteOrigin ?? '';
  let processor = processors.get(key);
  if (!processor) {
    processor = createProcessor(siteOrigin);
    processors.set(key, processor);
  }
  return processor;
}

/**
 * A post's Markdown (CommonMark + GitHub extensions) as sanitised HTML, ready to be
 * inserted with `set:html`. The top heading level becomes h2 (under the page's h1); headings get ids and anchor links.
 * @example renderMarkdown('## Reajuste\n\n[IGP-M](https://fgv.br)', { siteUrl: 'https://pilota.example' })
 * // '<div class="heading-group"><h2 id="reajuste">Reajuste</h2><a class="heading-anchor" aria-label="Link para a seção “Reajuste”" href="#reajuste"><span aria-hidden="true">#</span></a></div>\n<p><a href="https://fgv.br" rel="noopener noreferrer nofollow">IGP-M</a></p>'
 * @example renderMarkdown('<script>alert(1)</script>') // ""
 */
export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): string {
  return String(processorFor(options.siteUrl).processSync(markdown));
}

function mdastText(node: MdastRoot | RootContent): string {
  if (node.type === 'html') return '';
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) {
    const separator = node.type === 'root' || node.type === 'list' || node.type === 'blockquote' ? '\n\n' : '';
    return (node.children as RootContent[]).map(mdastText).join(separator);
  }
  return '';
}

const textParser = unified().use(remarkParse).use(remarkGfm).freeze();

/**
 * The words a reader sees in a post, without Markdown syntax or raw HTML: for the
 * reading time and for excerpts when the author wrote none.
 * @example markdownToText('## Olá\n\nUm **texto** com [link](https://x.y).') // "Olá\n\nUm texto com link."
 */
export function markdownToText(markdown: string): string {
  return mdastText(textParser.parse(markdown))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The first `maxLength` characters of a text, cut at a word and ended with "…".
 * @example truncateText('Um texto bem comprido', 12) // "Um texto…"
 */
export function truncateText(text: string, maxLength: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxLength) return flat;
  const cut = flat.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}
