/*
 * Where server code reads the wall clock: a service is handed a `now: Clock` with its other
 * deps, and a test hands it a fixed moment instead. Production and every default where a
 * dep may be left out use systemClock, so there is one way to ask for the time.
 */

/** The current moment, as a Date (what rows store and time rules compare). */
export type Clock = () => Date;

/** The machine's clock. */
export const systemClock: Clock = () => new Date();
