import { describe, expect, it } from 'vitest';
import { documentTitle, publicPath } from '../../src/lib/seo';

describe.each([
  ['/index.html', '/'],
  ['/', '/'],
  ['/sobre.html', '/sobre'],
  ['/sobre', '/sobre'],
  ['/blog/index.html', '/blog'],
  ['/parceiro/maria-silva/', '/parceiro/maria-silva'],
])('publicPath(%s)', (input, expected) => {
  it(`is ${expected}`, () => expect(publicPath(input)).toBe(expected));
});

describe('documentTitle', () => {
  it('appends the brand', () => expect(documentTitle('Planos', 'Pilota')).toBe('Planos | Pilota'));
  it('does not repeat the brand', () => expect(documentTitle('Pilota — gestão', 'Pilota')).toBe('Pilota — gestão'));
});
