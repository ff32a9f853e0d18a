/**
 * LGPD art. 19, II: a full answer to a data-subject request within 15 days (the legal pages
 * promise it too). A legal deadline, not copy; no imports, so the Playwright tests that read
 * the LGPD messages load it as it is.
 */
export const DSR_ANSWER_DAYS = 15;
