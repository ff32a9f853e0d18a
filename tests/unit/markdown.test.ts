import { describe, expect, it } from 'vitest';
import { markdownToText, renderMarkdown, truncateText } from '../../src/lib/markdown';

const SITE = 'https://pilota.example';
const render = (md: string) => renderMarkdown(md, { siteUrl: SITE });

/**
 * Every start tag of the serialised HTML with its attributes. rehype-stringify writes
 * well-formed HTML with quoted values, which this reads exactly: markup inside a quoted
 * attribute value is text, as a browser would treat it.
 */
function tags(html: string): { name: string; attrs: { name: string; value: string }[] }[] {
  return [...html.matchAll(/<([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g)].map((tag) => ({
    name: tag[1]!.toLowerCase(),
    attrs: [...tag[2]!.matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)].map((attr) => ({
      name: attr[1]!.toLowerCase(),
      value: (attr[2] ?? attr[3] ?? attr[4] ?? '').replace(/&#x([0-9a-f]+);/gi, (_, hex) =>
        String.fromCodePoint(parseInt(hex, 16)),
      ),
    })),
  }));
}

const DANGEROUS_ELEMENTS = [
  'script',
  'iframe',
  'frame',
  'object',
  'embed',
  'style',
  'form',
  'svg',
  'math',
  'base',
  'meta',
  'link',
];

function expectInert(html: string) {
  for (const tag of tags(html)) {
    expect(DANGEROUS_ELEMENTS).not.toContain(tag.name);
    for (const attr of tag.attrs) {
      expect(attr.name).not.toMatch(/^on/);
      expect(attr.name).not.toBe('style');
      expect(attr.name).not.toBe('srcdoc');
      if (['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'data'].includes(attr.name)) {
        expect([...attr.value].filter((ch) => ch > ' ').join('')).not.toMatch(/^(javascript|vbscript|data):/i);
      }
    }
  }
}

describe('renderMarkdown: XSS vectors render inert', () => {
  it.each([
    ['script block', '<script>alert(1)</script>'],
    ['script inline', 'texto <script>alert(1)</script> texto'],
    ['script with src', '<script src="https://evil.example/x.js"></script>'],
    ['img onerror', '<img src=x onerror=alert(1)>'],
    ['img onerror quoted', 'Veja: <img src="x" onerror="alert(document.cookie)">'],
    ['svg onload', '<svg/onload=alert(1)>'],
    ['body onload', '<body onload=alert(1)>'],
    ['iframe', '<iframe src="https://evil.example"></iframe>'],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['javascript: link', '[clique](javascript:alert(1))'],
    ['javascript: link, upper case', '[clique](JAVASCRIPT:alert(1))'],
    ['javascript: link, entity-encoded tab', '[clique](java&#x09;script:alert(1))'],
    ['javascript: link, entity-encoded colon', '[clique](javascript&#58;alert(1))'],
    ['javascript: reference link', '[clique][x]\n\n[x]: javascript:alert(1)'],
    ['javascript: autolink', '<javascript:alert(1)>'],
    ['javascript: image', '![imagem](javascript:alert(1))'],
    ['vbscript: link', '[x](vbscript:msgbox(1))'],
    ['data: link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['raw anchor with javascript:', '<a href="javascript:alert(1)">x</a>'],
    ['style attribute', '<p style="background:url(javascript:alert(1))">x</p>'],
    ['object/embed', '<object data="x.swf"></object><embed src="x.swf">'],
    ['form', '<form action="https://evil.example"><input name="senha"></form>'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example">'],
    ['html in a link title', '[x](https://ok.example "\\"><script>alert(1)</script>")'],
    ['heading with markup', '# Título <img src=x onerror=alert(1)>'],
  ])('%s', (_name, markdown) => {
    expectInert(render(markdown));
  });

  it('drops raw tags, keeps plain text around them, and keeps the text of neutered links', () => {
    // Inline raw HTML is tag by tag: the tags go, what sat between them stays as harmless text.
    expect(render('antes <script>alert(1)</script> depois')).toBe('<p>antes alert(1) depois</p>');
    expect(render('[clique](javascript:alert(1))')).toBe('<p><a>clique</a></p>');
    expect(render('<img src=x onerror=alert(1)>')).toBe('');
  });

  it('keeps markup inside a quoted link title as text', () => {
    expect(render('[x](https://ok.example "\\"><script>alert(1)</script>")')).toBe(
      '<p><a href="https://ok.example" title="&#x22;><script>alert(1)</script>" rel="noopener noreferrer nofollow">x</a></p>',
    );
  });

  it('catches a dangerous tag in its own checker (guards the checker itself)', () => {
    expect(() => expectInert('<p><img src="x" onerror="alert(1)"></p>')).toThrow();
    expect(() => expectInert('<a href=" java\tscript:alert(1)">x</a>')).toThrow();
    expect(() => expectInert('<iframe src="x"></iframe>')).toThrow();
  });

  it('shows HTML written in code as text', () => {
    const html = render('`<script>alert(1)</script>`\n\n```html\n<iframe src="x"></iframe>\n```');
    expect(html).toContain('<code>&#x3C;script>alert(1)&#x3C;/script></code>');
    expect(html).toContain('&#x3C;iframe src="x">&#x3C;/iframe>');
    expectInert(html);
  });
});

describe('renderMarkdown: structure', () => {
  it('starts a post written with "##" sections at h2, with nothing skipped', () => {
    const html = render('## Contratos\n\n### Assinatura digital\n\n## Cobrança');
    expect(html).toContain('<h2 id="contratos">Contratos');
    expect(html).toContain('<h3 id="assinatura-digital">Assinatura digital');
    expect(html).toContain('<h2 id="cobrança">Cobrança');
  });

  it('demotes headings below the page title and gives them ids and anchors', () => {
    const html = render('# Gestão de Imóveis\n\n## Reajuste anual\n\n###### Fundo');
    expect(html).toContain('<h2 id="gestão-de-imóveis">Gestão de Imóveis');
    expect(html).toContain('<h3 id="reajuste-anual">Reajuste anual');
    expect(html).toContain('<h6 id="fundo">Fundo');
    // The anchor follows the heading (inside a shared wrapper), so the heading's accessible name is just its text.
    expect(html).toContain(
      '<div class="heading-group"><h3 id="reajuste-anual">Reajuste anual</h3><a class="heading-anchor" aria-label="Link para a seção “Reajuste anual”" href="#reajuste-anual"><span aria-hidden="true">#</span></a></div>',
    );
    expect(html).not.toMatch(/<h1/);
  });

  it('gives repeated headings distinct ids', () => {
    const html = render('## Dicas\n\n## Dicas');
    expect(html).toContain('id="dicas"');
    expect(html).toContain('id="dicas-1"');
  });

  it('marks external links noopener noreferrer nofollow, leaves the site’s own links alone', () => {
    const html = render(
      '[fora](https://fgv.br/igpm) [auto] https://exemplo.com.br [dentro](/planos) [absoluto](https://pilota.example/sobre) [email](mailto:a@b.c)',
    );
    expect(html).toContain('<a href="https://fgv.br/igpm" rel="noopener noreferrer nofollow">fora</a>');
    expect(html).toContain('<a href="https://exemplo.com.br" rel="noopener noreferrer nofollow">');
    expect(html).toContain('<a href="/planos">dentro</a>');
    expect(html).toContain('<a href="https://pilota.example/sobre">absoluto</a>');
    expect(html).toContain('<a href="mailto:a@b.c">email</a>');
  });

  it('renders GitHub extensions: tables, task lists, strikethrough, footnotes', () => {
    const html = render('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] feito\n\n~~antigo~~ texto[^1]\n\n[^1]: Nota.');
    expect(html).toContain('<table>');
    expect(html).toContain('<input type="checkbox" checked disabled aria-label="feito">');
    expect(html).toContain('<del>antigo</del>');
    expect(html).toContain('href="#user-content-fn-1"');
    expect(html).toContain('<li id="user-content-fn-1">');
    // The screen-reader-only footnote heading gets no focusable anchor.
    expect(html).toMatch(/<h2 class="sr-only" id="footnote-label">Notas<\/h2>/);
  });

  it('lazy-loads images', () => {
    expect(render('![Planilha](/img/planilha.png)')).toContain(
      '<img src="/img/planilha.png" alt="Planilha" loading="lazy" decoding="async">',
    );
  });

  it('escapes text', () => {
    expect(render('5 < 6 & "aspas"')).toBe('<p>5 &#x3C; 6 &#x26; "aspas"</p>');
  });
});

describe('markdownToText', () => {
  it('keeps the words and drops syntax and raw HTML', () => {
    expect(
      markdownToText('## Olá\n\nUm **texto** com [link](https://x.y).\n\n<script>x()</script>\n\n- um\n- dois'),
    ).toBe('Olá\n\nUm texto com link.\n\num\n\ndois');
  });
});

describe('truncateText', () => {
  it.each([
    ['curto', 10, 'curto'],
    ['Um texto bem comprido', 12, 'Um texto…'],
    ['Uma frase. Outra frase', 11, 'Uma frase…'],
    ['  espaços\n\n demais  ', 50, 'espaços demais'],
  ])('%j at %i → %j', (text, max, expected) => {
    expect(truncateText(text, max)).toBe(expected);
  });
});
