/*
 * `astro dev` with a content file the build would refuse: instead of an error on every page
 * (the content modules throw while they load), a page asked for by a browser answers with the
 * build's own pt-BR messages, each naming its file, and a word on how to go on. The check is
 * the build's (src/lib/content-check.ts), read afresh on each page request, so the site is back
 * on the next reload once the file is fixed. The CMS (/cms) and Vite's own requests pass through:
 * the editor fixes the file from there. Dev only: the build still stops on the same file.
 */
import { contentProblems } from '../lib/content-check.ts';
import { NEVER_CACHED } from '../server/http/cache-control.ts';

const escape = (text) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]);

/** The page shown while a file is refused (pt-BR: the editor reads it). */
export const contentErrorPage = (problems) => `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>Conteúdo com erro · Pilota</title>
    <style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#0f172a}pre{white-space:pre-wrap;background:#fef2f2;border:1px solid #fecaca;border-radius:.5rem;padding:1rem}a{color:#1d4ed8}</style>
  </head>
  <body>
    <main>
      <h1>O site não pode mostrar esta página: um arquivo de conteúdo tem um erro</h1>
      <p>A publicação também recusaria este conteúdo. Corrija o arquivo indicado abaixo, no <a href="/cms">editor do site</a> ou no próprio arquivo, e recarregue esta página.</p>
      ${problems.map((problem) => `<pre>${escape(problem)}</pre>`).join('\n      ')}
    </main>
  </body>
</html>
`;

/** A page a browser asks for (not Vite's modules, not the CMS). */
const isPageRequest = (req) => {
  const path = (req.url ?? '').split('?', 1)[0];
  return (
    req.method === 'GET' &&
    (req.headers.accept ?? '').includes('text/html') &&
    !/^\/(cms(\/|$)|@|_|src\/|node_modules\/)/.test(path)
  );
};

/**
 * The dev server's middleware; `check` lists what the build would refuse (one message a file).
 * @param {() => string[]} [check]
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next: () => void) => void}
 */
export const contentGate =
  (check = () => contentProblems()) =>
  (req, res, next) => {
    if (!isPageRequest(req)) return next();
    const problems = check();
    if (!problems.length) return next();
    // 503, not 500: nothing broke, the site waits for a file to be fixed.
    res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': NEVER_CACHED });
    res.end(contentErrorPage(problems));
  };

/** @returns {import('astro').AstroIntegration} */
export function contentGateIntegration() {
  return {
    name: 'pilota:content-gate',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(contentGate());
      },
    },
  };
}
