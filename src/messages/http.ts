/**
 * Answers of the HTTP layer itself (scripts/serve.mjs), before any page or form is
 * involved. Not in the spec.
 */

export const httpMessages = {
  /** A path with `..`, a NUL or broken percent-encoding: a crafted request, never a link of ours. */
  invalidPath: 'Endereço inválido.',
  /** A method no route of the site answers (TRACE, PROPFIND, …): a crafted request, never a link or form of ours. */
  methodNotAllowed: 'Método não permitido.',
  /** An action call spelled so that it could name two actions (or none): a crafted request, never a form of ours. */
  unknownAction: 'Ação não encontrada.',
} as const;
