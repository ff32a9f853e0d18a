import { describe, expect, it } from 'vitest';
import { isUuid, referenceRange, requestReference } from '../../src/lib/uuid';

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

describe('referenceRange', () => {
  it('reads the reference a customer was given, in any case, or a whole id', () => {
    const range = { from: '5a5ddb93-0000-0000-0000-000000000000', to: '5a5ddb93-ffff-ffff-ffff-ffffffffffff' };
    for (const typed of ['5A5DDB93', '5a5ddb93', ' #5a5DDb93 ']) expect(referenceRange(typed)).toEqual(range);
    const id = '3f2b8c1e-9d4a-4b7e-8f00-123456789abc';
    expect(referenceRange(id.toUpperCase())).toEqual({ from: id, to: id });
  });

  it('is no reference for anything else', () => {
    for (const typed of ['ana', '5a5ddb9', '5a5ddb93a', '5a5ddb9g', '', '5a5d-db93']) {
      expect(referenceRange(typed)).toBeUndefined();
    }
  });
});
