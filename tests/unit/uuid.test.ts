import { describe, expect, it } from 'vitest';
import { isUuid, requestReference } from '../../src/lib/uuid';

describe('isUuid', () => {
  it.each([
    ['3f2b8c1e-9d4a-4b7e-8f00-123456789abc', true],
    ['3F2B8C1E-9D4A-4B7E-8F00-123456789ABC', true],
    ['00000000-0000-0000-0000-000000000000', true],
    ['3f2b8c1e9d4a4b7e8f00123456789abc', false],
    ['3f2b8c1e-9d4a-4b7e-8f00-123456789abcd', false],
    [' 3f2b8c1e-9d4a-4b7e-8f00-123456789abc', false],
    ['3f2b8c1e-9d4a-4b7e-8f00-123456789abg', false],
    ['../../etc/passwd', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isUuid(value)).toBe(expected);
  });
});

describe('requestReference', () => {
  it('is the first 8 characters of the id, upper-cased', () => {
    expect(requestReference('3f2b8c1e-9d4a-4b7e-8f00-123456789abc')).toBe('3F2B8C1E');
  });
});
