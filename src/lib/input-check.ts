/**
 * The general input check of SPEC §5 'Input sanitising', shared by the browser (auth card)
 * and the server (auth endpoints and the public forms' text fields).
 *
 * This is defence in depth, not the XSS or SQL-injection defence itself: pages escape
 * everything they render and the database is only reached through parameterised queries.
 * Its job is to keep markup out of stored text and to flag probing attempts as security events.
 */

export interface InputCheckResult {
  /** The input with script/iframe blocks, `javascript:` prefixes and inline event handlers removed. */
  value: string;
  /** Something was removed. */
  stripped: boolean;
  /** The input looks like a SQL fragment (see {@link looksLikeSql}). */
  sqlLike: boolean;
  /** Nothing was stripped and nothing looks like SQL. */
  valid: boolean;
}

/*
 * Removal patterns. Blocks are removed with their content; an opening or closing tag left
 * without its pair is removed on its own. Removal repeats until nothing changes, so nesting
 * like "<scr<script></script>ipt>" cannot reassemble a tag once the inner one is gone.
 * Event handlers: an `on…=` attribute (onerror=, onclick=, …) with its value, quoted or not,
 * where an attribute can start — after whitespace, a quote or "/" ("<svg/onload=…"), or at the
 * very start — so "button=1" or a URL's "?onboarding=1" are left alone.
 */
const STRIP_PATTERNS: readonly RegExp[] = [
  /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi,
  /<iframe\b[^>]*>[\s\S]*?<\/iframe\s*>/gi,
  /<\/?(?:script|iframe)\b[^>]*>?/gi,
  /j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/gi,
  /(?<=^|[\s"'/])on[a-z]+\s*=\s*(?:"[^"]*"?|'[^']*'?|[^\s>]*)/gi,
];

/*
 * SQL-like patterns (SPEC §5: keywords select, insert, update, delete, drop, create, alter,
 * exec, execute; union/or/and with a numeric equality; comment markers).
 *
 * A keyword alone is never enough, because the site is in Portuguese and people write
 * "Quero criar uma conta e atualizar dados" or even "fiz o update do sistema". Each keyword
 * must come in SQL shape — followed by the clause that makes it a statement:
 *   select … from <x> · insert into <x> · update <x> set <col> = · delete from <x>
 *   drop|create|alter table|database|schema|view|index|user|role|function|procedure|trigger
 *   exec|execute ( …   ·  exec|execute sp_… / xp_… / immediate / @…
 *   union [all] select
 *   union|or|and <number> = <number>, optionally with quotes ("' or 1=1", "and '1'='1'")
 *   a quote or ';' followed by "--", or by "#" ending the input ("admin'--", "admin'#"),
 *   or a /* … *\/ comment
 * A semicolon followed by a statement keyword ("; drop table") is covered by the rules above.
 */
const SQL_PATTERNS: readonly RegExp[] = [
  /\bselect\b[\s\S]{1,200}?\bfrom\s+[\w."`[\]]+/i,
  /\binsert\s+into\s+[\w."`[\]]+/i,
  /\bupdate\s+[\w."`[\]]+\s+set\s+[\w."`[\]]+\s*=/i,
  /\bdelete\s+from\s+[\w."`[\]]+/i,
  /\b(?:drop|create|alter)\s+(?:or\s+replace\s+)?(?:temporary\s+)?(?:table|database|schema|view|index|user|role|function|procedure|trigger)\b/i,
  /\bexec(?:ute)?\s*\(/i,
  /\bexec(?:ute)?\s+(?:sp_|xp_|immediate\b|@|master\.)/i,
  /\bunion\s+(?:all\s+)?select\b/i,
  /\b(?:union|or|and)\s+(['"]?)(\d+)\1\s*=\s*(['"]?)\d+\3/i,
  /['"]\s*(?:or|and)\s+['"][^'"]*['"]\s*=\s*['"]/i,
  /['";]\s*(?:--|#\s*$)/,
  /\/\*[\s\S]*?\*\//,
];

/**
 * Whether the text has the shape of a SQL fragment (rules above; ordinary prose passes).
 * @example looksLikeSql("' OR 1=1 --") // true
 * @example looksLikeSql('Quero criar uma conta e atualizar dados') // false
 */
export function looksLikeSql(text: string): boolean {
  return SQL_PATTERNS.some((pattern) => pattern.test(text));
}

/**
 * Strips markup that could run script and reports SQL-looking input.
 * @example checkInput('Olá <script>alert(1)</script>mundo') // { value: 'Olá mundo', stripped: true, sqlLike: false, valid: false }
 * @example checkInput('Maria da Silva').valid // true
 */
export function checkInput(input: string): InputCheckResult {
  let value = input;
  for (;;) {
    let next = value;
    for (const pattern of STRIP_PATTERNS) next = next.replace(pattern, '');
    if (next === value) break;
    value = next;
  }
  const stripped = value !== input;
  const sqlLike = looksLikeSql(input);
  return { value, stripped, sqlLike, valid: !stripped && !sqlLike };
}

/**
 * The auth card's sanitising (SPEC §5 'Auth fields'): the general check, then any angle
 * bracket left over, since neither a name nor an e-mail address needs one. Passwords are
 * never sanitised — changing them would lock the user out.
 * @example sanitizeAuthField('Ana <b>Souza</b>') // { value: 'Ana bSouza/b', changed: true }
 */
export function sanitizeAuthField(input: string): { value: string; changed: boolean } {
  const value = checkInput(input).value.replace(/[<>]/g, '');
  return { value, changed: value !== input };
}
