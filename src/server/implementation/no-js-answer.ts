/*
 * The answer to the implementation form posted without JavaScript (a plain browser form
 * submission asks for HTML, the island asks for JSON): a short pt-BR page with what went
 * wrong and a way back. Success is a redirect to /obrigado, decided by the route.
 */
import { errorToasts } from '~/copy/messages/implementation';
import { escapeHtml } from '~/lib/escape';

/** Whether the client wants a page rather than JSON (a form posted without JavaScript). */
export function wantsHtml(accept: string | null): boolean {
  return !!accept && accept.includes('text/html') && !accept.includes('application/json');
}

/** An error page listing `messages`, linking back to the form. */
export function noJsErrorPage(status: number, messages: string[]): Response {
  const items = [...new Set(messages)].map((message) => `<li>${escapeHtml(message)}</li>`).join('');
  const html = `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(errorToasts.sendTitle)} | Pilota</title></head>
<body>
<main>
<h1>${escapeHtml(errorToasts.sendTitle)}</h1>
<ul>${items}</ul>
<p><a href="/implementacao-sistema">Voltar ao formulário</a></p>
</main>
</body>
</html>`;
  return new Response(html, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
