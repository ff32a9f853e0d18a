/*
 * The visit counting's vocabulary (src/server/analytics/site-values.ts): paths are the
 * site's routes or patterns, partners and CTAs known ones, utm_* cleaned and cut, referrers
 * host names; and the CTA list holds every source the pages set (read from their code).
 * The report's tables label folded values and show their first rows (the CSV has all).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CTA_SOURCES, FOLDED } from '~/lib/attribution';
import {
  cleanText,
  ctaValue,
  MAX_UTM_LENGTH,
  OTHER_PATH,
  partnerValue,
  referrerHost,
  siteEvent,
  sitePath,
} from '~/server/analytics/site-values';
import { PAGE_ROWS, pageRows, valueLabel, visitTables } from '~/server/analytics/visit-tables';
import { visitsCopy } from '~/messages/visits';

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

describe('visit dimensions', () => {
  it('keeps a path only when it is one of the site’s routes, else its pattern or OTHER_PATH', () => {
    for (const path of ['/', '/planos', '/gestao', '/lgpd', '/politica-de-privacidade', '/carol-imoveis', '/blog'])
      expect(sitePath(path)).toBe(path);
    expect(sitePath('/Planos')).toBe('/planos');
    expect(sitePath('/parceiro/carol-imoveis')).toBe('/parceiro/carol-imoveis');
    expect(sitePath('/parceiro/maria-silva')).toBe('/parceiro/[slug]');
    expect(sitePath('/blog/reajuste-igp-m')).toBe('/blog/reajuste-igp-m');
    expect(sitePath('/blog/tag/locacao')).toBe('/blog/tag/[tag]');
    expect(sitePath('/blog/pagina/2')).toBe('/blog/pagina/[n]');
    for (const path of [
      '/wp-login.php',
      // Private pages are not site pages.
      '/auth/convite',
      '/admin/relatorios',
      '/precos',
      '/blog/a/b/c',
      `/blog/${'a'.repeat(90)}`,
      '/parceiro/a.b',
      '/x\u202Ey',
    ])
      expect(sitePath(path)).toBe(OTHER_PATH);
  });

  it('keeps known partners and CTAs, folds the rest; cleans utm values and referrers', () => {
    expect(partnerValue('carol-imoveis')).toBe('carol-imoveis');
    expect(partnerValue('Carol-Imoveis')).toBe('carol-imoveis');
    expect(partnerValue('maria-silva')).toBe(FOLDED);
    // A typed address is one "outros" line, never a name of its own.
    expect(partnerValue('Joao Desconhecido')).toBe(FOLDED);
    expect(partnerValue('')).toBe('');
    expect(ctaValue('nav')).toBe('nav');
    expect(ctaValue('plano-profissional')).toBe('plano-profissional');
    expect(ctaValue('<script>')).toBe(FOLDED);
    expect(ctaValue('')).toBe('');
    expect(cleanText(' Black\u202E  Friday\n\u200B', 100)).toBe('Black Friday');
    expect(cleanText('\u2067x\u2069', 100)).toBe('x');
    const event = siteEvent({
      kind: 'view',
      path: '/planos',
      referrer: 'WWW.Google.COM',
      source: 'x'.repeat(200),
      medium: 'cpc',
      campaign: 'Natal',
      partner: '',
      cta: '',
      device: '',
      field: '',
    });
    expect(event.source).toHaveLength(MAX_UTM_LENGTH);
    expect(event).toMatchObject({ referrer: 'www.google.com', campaign: 'Natal' });
    expect(referrerHost('not a host/')).toBe('');
    expect(referrerHost('localhost:4321')).toBe('localhost:4321');
  });

  it('lists every CTA source the pages set', () => {
    const sources = new Set<string>();
    for (const file of filesUnder('src').filter((name) => /\.(astro|tsx)$/.test(name))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bsource="([^"]+)"/g)) sources.add(match[1]!);
      // PartnerPage's `source('…')` prefixes "parceiro-".
      for (const match of text.matchAll(/\bsource\('([^']+)'\)/g))
        if (!match[1]!.endsWith('-')) sources.add(`parceiro-${match[1]}`);
    }
    expect(sources.size).toBeGreaterThan(10);
    expect([...sources].filter((source) => !CTA_SOURCES.includes(source))).toEqual([]);
  });
});

describe('visit report tables', () => {
  const row = (value: string, visitors: number) => ({
    value,
    views: visitors,
    visitors,
    openers: 0,
    starters: 0,
    leads: 0,
  });
  const report = (rows: ReturnType<typeof row>[]) => ({
    totals: row('', 0),
    previous: row('', 0),
    breakdowns: {
      pagina: [row(OTHER_PATH, 9), ...rows],
      origem: rows,
      midia: [],
      campanha: [],
      parceiro: [row(FOLDED, 5), row('carol-imoveis', 1)],
      cta: [],
      dispositivo: [],
    },
    days: [],
  });

  it('labels folded values, keeps them out of the partner ranking and shows the first PAGE_ROWS rows, the CSV all', () => {
    const rows = Array.from({ length: 70 }, (_, n) => row(`fonte-${n}`, 100 - n));
    const tables = Object.fromEntries(visitTables(report(rows)).map((table) => [table.name, table]));
    expect(tables['pagina']!.rows[0]![0]).toEqual({ text: visitsCopy.otherPath });
    expect(valueLabel('parceiro', FOLDED)).toBe(visitsCopy.folded);
    expect(tables['ranking']!.rows.map((cells) => cells[1])).toEqual([{ text: 'Carol Imóveis' }]);
    expect(tables['origem']!.rows).toHaveLength(70);
    expect(pageRows(tables['origem']!)).toHaveLength(PAGE_ROWS);
    expect(pageRows(tables['origem']!, true)).toHaveLength(70);
  });
});
