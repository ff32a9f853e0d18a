/*
 * Content-Security-Policy violations a page reports, from the console and from the DOM event
 * (some violations never reach the console: a caught `new Function` probe, for one). The e2e
 * fixture fails every test whose page broke the policy; the Netlify runtime suite checks its
 * pages the same way.
 */
import type { Page } from 'playwright-core';

export async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeBinding('__reportCspViolation', (_source, text: string) => violations.push(text));
  await page.addInitScript(() => {
    addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}
