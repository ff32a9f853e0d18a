/*
 * The /cms page's own policy (src/integrations/cms.mjs): what Decap needs and nothing more. An
 * image the editor picks is read back from its blob: address (`fetch(blobUrl)` in Decap's
 * AssetProxy.toBase64) before it is sent, so connect-src allows blob:, and only there and where
 * the picked image is shown; the public pages' policy is Astro's (astro.config.mjs), untouched.
 */
import { describe, expect, it } from 'vitest';
import { cmsCsp, cmsPage } from '../../src/integrations/cms.mjs';

const directives = (policy: string) =>
  new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );

describe('/cms page policy', () => {
  it('lets the editor upload an image: blob: is readable, and only from the page itself', () => {
    for (const local of [false, true]) {
      const policy = directives(cmsCsp({ local }));
      expect(policy.get('connect-src')?.slice(0, 3)).toEqual(["'self'", 'blob:', 'https://api.github.com']);
      const withBlob = [...policy].filter(([, sources]) => sources.includes('blob:')).map(([name]) => name);
      expect(withBlob.sort()).toEqual(['connect-src', 'frame-src', 'img-src']);
      // Never a blanket scheme or host.
      expect(policy.get('connect-src')).not.toContain('data:');
      expect(policy.get('connect-src')).not.toContain('*');
      expect(policy.get('default-src')).toEqual(["'self'"]);
    }
  });

  it('the page carries that policy', () => {
    expect(cmsPage()).toContain(`content="${cmsCsp()}"`);
    expect(cmsPage({ local: true })).toContain(`content="${cmsCsp({ local: true })}"`);
  });
});
