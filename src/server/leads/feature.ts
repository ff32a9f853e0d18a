/*
 * The lead feature's background work, registered in src/server/runtime.ts.
 */
import type { Feature } from '../runtime';

export const leadFeature: Feature = {
  name: 'leads',
};
