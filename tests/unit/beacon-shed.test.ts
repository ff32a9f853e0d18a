/*
 * The early answer to beacon posts over the budget (src/server/http/beacon-shed.ts): only a
 * POST to the beacon's path, only before the time the ingest wrote, each one counted, and one
 * state per process whichever copy of the module asks.
 */
import { describe, expect, it } from 'vitest';
import { BEACON_ROUTE, processBeaconShed, shedsBeacon, type BeaconShed } from '~/server/http/beacon-shed';

describe('shedsBeacon', () => {
  it('sheds beacon posts until the time the ingest wrote, and counts them', () => {
    const state: BeaconShed = { until: 1_000, shed: 0 };
    expect(shedsBeacon('POST', BEACON_ROUTE, state, 999)).toBe(true);
    expect(shedsBeacon('POST', BEACON_ROUTE, state, 1_000)).toBe(false);
    expect(state.shed).toBe(1);
  });

  it('leaves every other request to the pipeline', () => {
    const state: BeaconShed = { until: 1_000, shed: 0 };
    for (const [method, path] of [
      ['GET', BEACON_ROUTE],
      ['POST', '/api/visitas'],
      ['POST', '/_actions/lead'],
      [undefined, BEACON_ROUTE],
    ] as const)
      expect(shedsBeacon(method, path, state, 0)).toBe(false);
    expect(state.shed).toBe(0);
  });

  it('keeps one state per process', () => {
    expect(processBeaconShed()).toBe(processBeaconShed());
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('pilota.beacon-shed')]).toBe(processBeaconShed());
  });
});
