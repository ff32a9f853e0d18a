/*
 * The one Cache-Control for answers that carry a person's data or depend on who is signed
 * in (the admin area, /auth, the admin API, private documents): never kept by any cache.
 */
export const NO_STORE = 'private, no-store';
