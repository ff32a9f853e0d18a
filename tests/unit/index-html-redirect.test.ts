import { describe, expect, it } from 'vitest';
import { indexHtmlRedirect } from '../../src/integrations/index-html-redirect.mjs';

describe('indexHtmlRedirect', () => {
  it.each([
    ['/blog/um-post/index.html', '/blog/um-post'],
    ['/parceiro/x/index.html?utm_source=a', '/parceiro/x?utm_source=a'],
    ['/blog/admin/INDEX.HTML', '/blog/admin'],
    ['/blog/admin/%69ndex.html', '/blog/admin'],
    ['/blog/index.html', '/blog'],
  ])('%s → %s', (target, location) => {
    expect(indexHtmlRedirect(target)).toBe(location);
  });

  it.each(['/index.html', '/blog', '/blog/index.htm', '/blog/x/index.html.br', '/blog/%E0%A4%A/index.html/x'])(
    'leaves %s alone',
    (target) => {
      expect(indexHtmlRedirect(target)).toBeUndefined();
    },
  );

  it('never points at another host', () => {
    expect(indexHtmlRedirect('//evil.example/index.html')).toBe('/evil.example');
    expect(indexHtmlRedirect('///evil.example/x/index.html')).toBe('/evil.example/x');
    expect(indexHtmlRedirect('/\\evil.example/index.html')).toBeUndefined();
    expect(indexHtmlRedirect('/%5Cevil.example/index.html')).toBeUndefined();
  });
});
