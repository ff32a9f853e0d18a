/**
 * Why a lead is discarded: one of a short list the admins keep (edited on /admin/usuarios,
 * stored in the sales settings row) or "outro" with a few words. A list, not free text, so
 * the reasons can be counted; "outro" leaves room for the rare case the list misses. Pure
 * and import-free: the discard dialog, the schemas and the server share it.
 */

/** The choice that asks for the reason in words. */
export const OTHER_REASON = 'outro';
/** How a reason typed under "outro" is kept, so it still groups as one line in a count. */
export const OTHER_REASON_PREFIX = 'Outro: ';
export const MAX_OTHER_REASON_LENGTH = 200;
/** Bounds of the admins' list: short labels a phone shows as one tap each. */
export const MAX_REASON_LABEL_LENGTH = 80;
export const MAX_DISCARD_REASONS = 12;

/** The list a new installation starts with (the migration writes the same). */
export const DEFAULT_DISCARD_REASONS: readonly string[] = [
  'Sem interesse',
  'Não respondeu às tentativas de contato',
  'Preço acima do orçamento',
  'Escolheu outro sistema',
  'Fora do perfil (não administra imóveis)',
  'Contato inválido (telefone ou e-mail)',
  'Contato duplicado',
];

/**
 * The reason kept with a discard: a label of the current list as it is, or "Outro: " and
 * the words typed; undefined when the choice is not in the list (the list changed since the
 * page was opened) or "outro" came without words.
 * @example discardReasonText('Sem interesse', undefined, ['Sem interesse']) // 'Sem interesse'
 * @example discardReasonText('outro', 'Fechou a empresa', ['Sem interesse']) // 'Outro: Fechou a empresa'
 * @example discardReasonText('Preço', undefined, ['Sem interesse'])         // undefined
 */
export function discardReasonText(
  motivo: string | undefined,
  outro: string | undefined,
  reasons: readonly string[],
): string | undefined {
  if (motivo === OTHER_REASON) return outro ? `${OTHER_REASON_PREFIX}${outro}` : undefined;
  return motivo !== undefined && reasons.includes(motivo) ? motivo : undefined;
}

/**
 * The admins' textarea, one reason a line, as a list: lines trimmed, blank ones dropped.
 * @example reasonLines(' Sem interesse \n\n Preço ') // ['Sem interesse', 'Preço']
 */
export function reasonLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
