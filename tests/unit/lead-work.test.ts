import { describe, expect, it } from 'vitest';
import { formatLeadAge } from '~/lib/lead-age';
import { greetingText, mailtoHref } from '~/lib/lead-contact';
import { telHref, whatsappHref } from '~/lib/phone';

const at = (iso: string) => new Date(iso);

describe('formatLeadAge', () => {
  const created = at('2026-11-23T12:00:00Z');
  it.each([
    ['2026-11-23T12:00:30Z', 'agora'],
    ['2026-11-23T12:01:00Z', 'há 1 min'],
    ['2026-11-23T12:59:59Z', 'há 59 min'],
    ['2026-11-23T13:00:00Z', 'há 1 h'],
    ['2026-11-23T15:20:00Z', 'há 3 h'],
    ['2026-11-24T11:59:00Z', 'há 23 h'],
    ['2026-11-24T12:00:00Z', 'há 1 dia'],
    ['2026-11-26T13:00:00Z', 'há 3 dias'],
  ])('at %s reads "%s"', (now, text) => {
    expect(formatLeadAge(created, at(now))).toBe(text);
  });
  it('never shows a negative age when clocks disagree', () => {
    expect(formatLeadAge(created, at('2026-11-23T11:59:00Z'))).toBe('agora');
  });
});

describe('greetingText', () => {
  it('names the person and the salesperson by first name, in pt-BR', () => {
    expect(greetingText({ nome: '  João Araújo ', vendedor: 'Ana Souza' })).toBe(
      'Olá, João! Aqui é Ana, da Pilota. Recebi seu contato pelo site e estou à disposição para ajudar. Podemos conversar agora?',
    );
  });
  it('speaks for the team when the account has no name', () => {
    expect(greetingText({ nome: 'Marta', vendedor: '' })).toContain('Aqui é a equipe, da Pilota.');
  });
  it('fills any template the team writes', () => {
    expect(greetingText({ nome: 'Caio Lima', vendedor: 'Bia' }, 'Oi {nome}, {vendedor} ({empresa}). {nome}?')).toBe(
      'Oi Caio, Bia (Pilota). Caio?',
    );
  });
});

describe('contact links', () => {
  it('opens WhatsApp on +55 with the greeting encoded', () => {
    expect(whatsappHref('(41) 99876-5432', 'Olá, Dalva! Tudo bem?')).toBe(
      'https://wa.me/5541998765432?text=Ol%C3%A1%2C%20Dalva!%20Tudo%20bem%3F',
    );
    expect(whatsappHref('+55 11 98888-1234')).toBe('https://wa.me/5511988881234');
    expect(whatsappHref('123')).toBeUndefined();
  });
  it('calls +55 and writes an e-mail with a subject', () => {
    expect(telHref('(11) 3000-0000')).toBe('tel:+551130000000');
    expect(telHref('')).toBeUndefined();
    expect(mailtoHref('dalva@exemplo.com', 'Dalva Conceição')).toBe(
      'mailto:dalva@exemplo.com?subject=Seu%20contato%20com%20a%20Pilota%20%E2%80%94%20Dalva',
    );
    expect(mailtoHref(null, 'Dalva')).toBeUndefined();
  });
});
