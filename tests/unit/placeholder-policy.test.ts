import { describe, expect, it } from 'vitest';
import { company } from '../../src/copy/company';
import { pendingPlaceholders, placeholderVerdict } from '../../src/lib/placeholder-policy';

const PRODUCTION = { NETLIFY: 'true', CONTEXT: 'production' };

describe('placeholderVerdict', () => {
  it.each([
    ['a local build', {}, 'warn'],
    ['a Netlify deploy preview', { NETLIFY: 'true', CONTEXT: 'deploy-preview' }, 'warn'],
    ['a Netlify branch deploy', { NETLIFY: 'true', CONTEXT: 'branch-deploy' }, 'warn'],
    ['a Netlify production deploy', PRODUCTION, 'fail'],
    ['a production deploy that allows them', { ...PRODUCTION, ALLOW_PLACEHOLDERS: '1' }, 'warn'],
    ['a production deploy that allows them (true)', { ...PRODUCTION, ALLOW_PLACEHOLDERS: 'true' }, 'warn'],
    ['a production deploy with the variable empty', { ...PRODUCTION, ALLOW_PLACEHOLDERS: '' }, 'fail'],
    ['a production deploy with the variable 0', { ...PRODUCTION, ALLOW_PLACEHOLDERS: '0' }, 'fail'],
  ])('%s with placeholders: %s', (_name, env, level) => {
    const verdict = placeholderVerdict(['phone', 'cnpj'], env);
    expect(verdict.level).toBe(level);
    expect(verdict.lines.join(' ')).toContain('phone, cnpj');
  });

  it('says nothing once every fact is real, even in production', () => {
    expect(placeholderVerdict([], PRODUCTION)).toEqual({ level: 'ok', lines: [] });
  });
});

describe('content/settings/company.yaml', () => {
  it('counts a fact as pending exactly while it holds its stand-in', () => {
    const pending = pendingPlaceholders(company);
    expect(pending.every((name) => name in company)).toBe(true);
    expect(pending.includes('phone')).toBe(company.phone === '(11) 4000-0000');
    expect(pending.includes('demoVideoId')).toBe(company.demoVideoId === 'VIDEO_ID');
  });
});
