import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { trimScriptHashes } from '../../src/integrations/csp-trim.mjs';

const hash = (code: string) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
const page = (policy: string, body: string) =>
  `<!DOCTYPE html><html><head><meta http-equiv="content-security-policy" content="${policy}"></head><body>${body}</body></html>`;
const scriptSrc = (html: string) => /script-src ([^;]*);/.exec(html)?.[1]?.trim().split(' ');

describe('trimScriptHashes', () => {
  const held = 'console.log("on this page")';
  const module = 'import("/_astro/x.js")';
  const elsewhere = 'console.log("another page")';
  const policy = `default-src 'self'; script-src 'self' ${hash(held)} ${hash(module)} ${hash(elsewhere)}; style-src 'self';`;

  it("keeps the hashes of the page's own inline scripts, classic and module, and drops the rest", () => {
    const html = page(policy, `<script>${held}</script><script type="module">${module}</script>`);
    expect(scriptSrc(trimScriptHashes(html))).toEqual(["'self'", hash(held), hash(module)]);
  });

  it('does not count data blocks or external scripts as inline code', () => {
    const html = page(
      policy,
      `<script type="application/ld+json">${elsewhere}</script><script src="/_astro/a.js">${elsewhere}</script>`,
    );
    expect(scriptSrc(trimScriptHashes(html))).toEqual(["'self'"]);
  });

  it('leaves the other directives and a page without a CSP meta as they were', () => {
    const trimmed = trimScriptHashes(page(policy, `<script>${held}</script>`));
    expect(trimmed).toContain("default-src 'self';");
    expect(trimmed).toContain("style-src 'self';");
    const plain = '<!DOCTYPE html><html><head></head><body><script>x()</script></body></html>';
    expect(trimScriptHashes(plain)).toBe(plain);
  });
});
