/**
 * When the sales team works, for the reply promise of the contact page and the FAQ
 * ("Respondemos em até 2 horas em horário comercial", `contact.replyPromise` in ./site.ts;
 * support hours "Segunda a sexta, das 9h às 18h"). The sales inbox flags a lead still
 * `novo` once that promise is spent (src/lib/reply-deadline.ts).
 *
 * Days the office is closed besides weekends — decided here, as the spec names only
 * "Monday to Friday 9h–18h" and the company is in São Paulo, SP:
 * - national holidays (Lei 662/1949, 6.802/1980, 14.759/2023): 1 Jan, Sexta-feira Santa,
 *   21 Apr, 1 May, 7 Sep, 12 Oct, 2 Nov, 15 Nov, 20 Nov, 25 Dec;
 * - São Paulo's own: 25 Jan (the city's anniversary), 9 Jul (the state's holiday) and
 *   Corpus Christi (a city holiday, Lei municipal 14.485/2007);
 * - Carnaval Monday and Tuesday and Ash Wednesday are *pontos facultativos*, not holidays:
 *   they count as working days unless listed in `extraClosedDates` (e.g. a year the team
 *   takes them off, or a collective break between Christmas and New Year).
 */
export interface BusinessHours {
  timeZone: string;
  opensAtMinute: number;
  closesAtMinute: number;
  weekdays: readonly number[];
  replyPromiseMinutes: number;
  fixedHolidays: readonly string[];
  easterHolidayOffsets: readonly number[];
  extraClosedDates: readonly string[];
}

export const businessHours: BusinessHours = {
  /** IANA zone the hours are read in. Brazil has had no daylight saving time since 2019. */
  timeZone: 'America/Sao_Paulo',
  /** Minutes after midnight: 9h00 opens, 18h00 closes (a lead at 18h00 counts from the next opening). */
  opensAtMinute: 9 * 60,
  closesAtMinute: 18 * 60,
  /** Working weekdays, as `Date#getUTCDay` numbers them (0 Sunday … 6 Saturday). */
  weekdays: [1, 2, 3, 4, 5],
  /** The reply promise, in business minutes. */
  replyPromiseMinutes: 120,
  /** Fixed-date holidays, `MM-DD`, every year. */
  fixedHolidays: ['01-01', '01-25', '04-21', '05-01', '07-09', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25'],
  /** Holidays counted from Easter Sunday, in days: Sexta-feira Santa (−2), Corpus Christi (+60). */
  easterHolidayOffsets: [-2, 60],
  /** Other closed days, `AAAA-MM-DD` (São Paulo calendar). */
  extraClosedDates: [],
};
