import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../../src/server/http/security-headers';

describe('securityHeaders', () => {
  const headers = securityHeaders('http://localhost:4321');

  it('forbids framing in both the CSP and the legacy header', () => {
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(headers['X-Frame-Options']).toBe('DENY');
  });

  it('sets nosniff, the referrer policy and a restrictive permissions policy', () => {
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['Permissions-Policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  });

  it('adds HSTS only for an https site', () => {
    expect(headers['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders('https://pilota.example')['Strict-Transport-Security']).toMatch(/^max-age=\d+/);
  });
});
