/*
 * Every table of the app, one file per domain. A feature adds its file here
 * (e.g. `export * from './implementation';`) and runs `npm run db:generate`
 * to commit a new migration; applied migrations are never edited.
 */
export * from './leads';
export * from './deliveries';
export * from './rate-limits';
export * from './blog';
export * from './auth';
export * from './implementation';
export * from './lgpd';
export * from './cookie-consents';
export * from './analytics';
export * from './lead-reports';
export * from './follow-ups';
