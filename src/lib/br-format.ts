/** Brazilian formatting helpers shared by pages, islands, e-mails and tests. */

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * Formats integer cents as Brazilian reais. Intl puts a no-break space after
 * "R$", which keeps the symbol and the amount on one line.
 * @example formatBRL(148800) // "R$ 1.488,00"
 * @example formatBRL(4990)   // "R$ 49,90"
 */
export function formatBRL(cents: number): string {
  return brl.format(cents / 100);
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'America/Sao_Paulo',
});

const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'America/Sao_Paulo',
});

/**
 * A calendar date as dd/mm/aaaa in São Paulo time.
 * @example formatDate(new Date('2025-06-10T12:00:00Z')) // "10/06/2025"
 */
export function formatDate(date: Date): string {
  return dateFormat.format(date);
}

/**
 * A moment as "dd/mm/aaaa, hh:mm:ss" in São Paulo time (the e-mails' current_date).
 * @example formatDateTime(new Date('2026-01-05T15:04:05Z')) // "05/01/2026, 12:04:05"
 */
export function formatDateTime(date: Date): string {
  return dateTimeFormat.format(date);
}

const minuteFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'America/Sao_Paulo',
});

/**
 * A moment as "dd/mm/aaaa hh:mm" in São Paulo time (the admin lists: seconds are noise there).
 * @example formatDateHourMinute(new Date('2026-01-05T15:04:05Z')) // "05/01/2026 12:04"
 */
export function formatDateHourMinute(date: Date): string {
  return minuteFormat.format(date).replace(', ', ' ');
}

/**
 * A calendar date that has no time of day (content `updatedAt`), shown as written.
 * @example formatCalendarDate(new Date('2025-06-10')) // "10/06/2025"
 */
export function formatCalendarDate(date: Date): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC' }).format(date);
}
