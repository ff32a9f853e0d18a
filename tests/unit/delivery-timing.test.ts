/*
 * The delivery queue's timing from the environment (DELIVERY_RETRY_SECONDS,
 * DELIVERY_EXPIRE_SECONDS, DELIVERY_BREAKER_PAUSE_SECONDS): the production policy when unset,
 * an operator's shorter profile when set, and a clear refusal of values that would break the
 * delivery contract.
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '~/server/config';
import { DEFAULT_BREAKER } from '~/server/delivery/breaker';
import { DEFAULT_DELIVERY_SETTINGS, deliverySettingsFor } from '~/server/delivery/settings';
import { configErrorFor } from '../support/config-error';

const configError = configErrorFor;

describe('delivery timing', () => {
  it('is the production policy when no variable is set', () => {
    const settings = deliverySettingsFor(parseConfig({}).deliveryTiming);
    expect(settings).toEqual({ ...DEFAULT_DELIVERY_SETTINGS, breaker: DEFAULT_BREAKER });
    expect(settings).toMatchObject({ retryDelaySeconds: 30, expireInSeconds: 60 });
    expect(settings.breaker?.pauseSeconds).toBe(30);
  });

  it('takes an operator profile: shorter retries, expiry and breaker pause, the rest unchanged', () => {
    const timing = parseConfig({
      DELIVERY_RETRY_SECONDS: '3',
      DELIVERY_EXPIRE_SECONDS: '15',
      DELIVERY_BREAKER_PAUSE_SECONDS: '5',
    }).deliveryTiming;
    expect(timing).toEqual({ retrySeconds: 3, expireSeconds: 15, breakerPauseSeconds: 5 });
    const settings = deliverySettingsFor(timing);
    expect(settings).toMatchObject({
      retryLimit: DEFAULT_DELIVERY_SETTINGS.retryLimit,
      retryBackoff: true,
      retryDelaySeconds: 3,
      expireInSeconds: 15,
    });
    expect(settings.breaker).toEqual({ ...DEFAULT_BREAKER, pauseSeconds: 5 });
  });

  it('refuses an expiry within the webhook timeout and values that are not whole seconds, naming the variable', () => {
    expect(configError({ DELIVERY_EXPIRE_SECONDS: '10' })).toContain('DELIVERY_EXPIRE_SECONDS');
    expect(configError({ DELIVERY_RETRY_SECONDS: '0' })).toContain('DELIVERY_RETRY_SECONDS');
    expect(configError({ DELIVERY_BREAKER_PAUSE_SECONDS: 'soon' })).toContain('DELIVERY_BREAKER_PAUSE_SECONDS');
  });
});
