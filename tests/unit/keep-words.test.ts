import { describe, expect, it } from 'vitest';
import { hyphenSegments } from '~/lib/keep-words';

describe('hyphenSegments', () => {
  it.each([
    ['Suporte por WhatsApp e e-mail', ['Suporte por WhatsApp e ', '*e-mail']],
    ['E-mail de acesso', ['*E-mail', ' de acesso']],
    ['Cobrança por e-mail antes e depois', ['Cobrança por ', '*e-mail', ' antes e depois']],
    ['Pré-cadastro e pós-venda', ['*Pré-cadastro', ' e ', '*pós-venda']],
    ['Sem hífen', ['Sem hífen']],
    ['9h–18h e R$ 49,00 - à vista', ['9h–18h e R$ 49,00 - à vista']],
  ])('%s', (text, expected) => {
    const segments = hyphenSegments(text);
    expect(segments.map((s) => (s.keep ? `*${s.text}` : s.text))).toEqual(expected);
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });
});
