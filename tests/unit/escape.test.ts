import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeXml, stripXmlForbidden } from '../../src/lib/escape';

describe('escapeHtml', () => {
  it.each([
    ['&', '&amp;'],
    ['<', '&lt;'],
    ['>', '&gt;'],
    ['"', '&quot;'],
    ["'", '&#39;'],
  ])('escapes %s', (raw, escaped) => {
    expect(escapeHtml(raw)).toBe(escaped);
  });

  it('escapes an ampersand once, so existing entities stay visible as typed', () => {
    expect(escapeHtml('&amp; <b>')).toBe('&amp;amp; &lt;b&gt;');
  });

  it('leaves other text alone', () => {
    expect(escapeHtml('Gestão de aluguéis — R$ 49,90\n')).toBe('Gestão de aluguéis — R$ 49,90\n');
  });

  it('turns an attempt to leave an attribute into text', () => {
    expect(escapeHtml(`x" onerror='alert(1)`)).toBe('x&quot; onerror=&#39;alert(1)');
  });
});

describe('escapeXml', () => {
  it('drops characters XML 1.0 cannot carry', () => {
    expect(escapeXml('a\u0000b\u0007c\td\ne')).toBe('abc\td\ne');
  });

  it('escapes markup like escapeHtml', () => {
    expect(escapeXml('IGP-M & IPCA: <qual>? "sim"')).toBe('IGP-M &amp; IPCA: &lt;qual&gt;? &quot;sim&quot;');
  });
});

describe('stripXmlForbidden', () => {
  it('keeps tab, line feed and carriage return and drops the rest of the C0 controls', () => {
    expect(stripXmlForbidden('\t\n\r\u0001\u000b\u000c\u001f\ufffe\uffff<&>')).toBe('\t\n\r<&>');
  });
});
