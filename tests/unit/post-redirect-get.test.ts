/*
 * Post/Redirect/Get's pure parts: where a saved admin form sends the browser (the page
 * without `_action`, the list's card to come back to) and the flash cookie it reads back,
 * never trusting one it did not write.
 */
import { describe, expect, it } from 'vitest';
import { anchorFor, readFlash, redirectTarget } from '~/server/http/post-redirect-get';

describe('redirectTarget', () => {
  it('drops `_action` and keeps the view, in order, with the fragment', () => {
    const url = new URL('http://x/admin/leads?status=novo&_action=leads.changeStatus&pagina=2');
    expect(redirectTarget(url, 'lead-1')).toBe('/admin/leads?status=novo&pagina=2#lead-1');
    expect(redirectTarget(new URL('http://x/admin/usuarios?_action=usuarios.invite'))).toBe('/admin/usuarios');
  });
});

describe('anchorFor', () => {
  it('brings a status change from the list back to its card, and nothing else anywhere', () => {
    expect(anchorFor('/admin/leads', 'leads.changeStatus', { leadId: 'a1' })).toBe('lead-a1');
    expect(anchorFor('/admin/leads/a1', 'leads.changeStatus', { leadId: 'a1' })).toBeUndefined();
    expect(anchorFor('/admin/leads', 'leads.addNote', { leadId: 'a1' })).toBeUndefined();
    expect(anchorFor('/admin/leads', 'leads.changeStatus', null)).toBeUndefined();
  });

  it("brings a lead page's status, note and salesperson back to the answer under its bar", () => {
    const page = '/admin/leads/3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    for (const name of ['leads.changeStatus', 'leads.addNote', 'leads.assign']) {
      expect(anchorFor(page, name, { leadId: 'x' })).toBe('resultado');
    }
    expect(anchorFor(page, 'entregas.reenviar', {})).toBeUndefined();
    expect(anchorFor(`${page}/x`, 'leads.addNote', {})).toBeUndefined();
  });
});

describe('readFlash', () => {
  const flash = { p: '/admin/leads', n: 'leads.changeStatus', r: { type: 'data', contentType: 'x', status: 200, body: '[]' } };

  it('reads what it wrote', () => {
    expect(readFlash(JSON.stringify(flash))).toEqual(flash);
    expect(readFlash(JSON.stringify({ ...flash, r: { type: 'empty', status: 204 } }))?.r.type).toBe('empty');
  });

  it('ignores anything else', () => {
    for (const value of [undefined, '', '{', 'null', '[]', JSON.stringify({ ...flash, p: 1 })]) {
      expect(readFlash(value)).toBeUndefined();
    }
    expect(readFlash(JSON.stringify({ ...flash, r: { type: 'data', status: 200 } }))).toBeUndefined();
    expect(readFlash(JSON.stringify({ ...flash, r: { type: 'other', status: 200, body: '' } }))).toBeUndefined();
  });
});
