import { describe, expect, it } from 'vitest';
import { securityEventLabels } from '~/messages/auth';
import { SECURITY_EVENT_TYPES, securityEventLabel } from '~/lib/security-events';

describe('security event names on the admin pages', () => {
  it('names every event type in pt-BR, each differently, never by its code', () => {
    const labels = SECURITY_EVENT_TYPES.map(securityEventLabel);
    expect(new Set(labels).size).toBe(SECURITY_EVENT_TYPES.length);
    for (const [index, type] of SECURITY_EVENT_TYPES.entries()) {
      expect(labels[index]).not.toBe(type);
      expect(labels[index]).toMatch(/^[A-ZÀ-Ú][a-zà-ú]/);
    }
  });

  it('has no label for a type the server does not write', () => {
    expect(Object.keys(securityEventLabels).sort()).toEqual([...SECURITY_EVENT_TYPES].sort());
  });

  it('shows a code this build does not know as itself', () => {
    expect(securityEventLabel('login_failed')).toBe('Falha de login');
    expect(securityEventLabel('legacy_event')).toBe('legacy_event');
  });
});
