/* The pipeline's inputs (src/lib/validation/lead-pipeline.ts): pt-BR messages for every bad value. */
import { describe, expect, it } from 'vitest';
import {
  discardReasonsMessages as r,
  leadFilterMessages,
  pipelineMessages as m,
} from '~/messages/inbox/leads-list';
import { discardReasonText, reasonLines } from '../../src/lib/discard-reasons';
import { discardReasonsSchema, leadNoteSchema, statusChangeSchema } from '../../src/lib/validation/lead-pipeline';

const leadId = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const firstError = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('statusChangeSchema', () => {
  it('accepts a move, and a discard with its reason', () => {
    expect(statusChangeSchema.parse({ leadId, de: 'novo', para: 'em_contato' })).toEqual({
      leadId,
      de: 'novo',
      para: 'em_contato',
    });
    expect(
      statusChangeSchema.parse({ leadId, de: 'qualificado', para: 'descartado', motivo: ' Sem verba ' }).motivo,
    ).toBe('Sem verba');
  });

  it.each([
    [{ leadId, de: 'novo', para: 'perdido' }, [['para', leadFilterMessages.status]]],
    [{ leadId, de: 'novo', para: 'novo' }, [['para', m.mesmoStatus]]],
    [{ leadId, de: 'novo', para: 'descartado' }, [['motivo', m.motivoObrigatorio]]],
    [{ leadId, de: 'novo', para: 'descartado', motivo: '   ' }, [['motivo', m.motivoObrigatorio]]],
    [{ leadId, de: 'novo', para: 'descartado', motivo: 'x'.repeat(501) }, [['motivo', m.motivoLongo]]],
    [{ leadId, de: 'novo', para: 'descartado', motivo: 'outro' }, [['motivoOutro', m.outroObrigatorio]]],
    [
      { leadId, de: 'novo', para: 'descartado', motivo: 'outro', motivoOutro: ' ' },
      [['motivoOutro', m.outroObrigatorio]],
    ],
    [
      { leadId, de: 'novo', para: 'descartado', motivo: 'outro', motivoOutro: 'x'.repeat(201) },
      [['motivoOutro', m.outroLongo]],
    ],
    [{ leadId: 'abc', de: 'novo', para: 'em_contato' }, [['leadId', 'Contato inválido.']]],
  ])('%j → %j', (input, expected) => {
    expect(firstError(statusChangeSchema.safeParse(input))).toEqual(expected);
  });
});

describe('leadNoteSchema', () => {
  it.each([
    [{ leadId, texto: '  ' }, [['texto', m.notaVazia]]],
    [{ leadId, texto: 'x'.repeat(5001) }, [['texto', m.notaLonga]]],
  ])('%j → %j', (input, expected) => {
    expect(firstError(leadNoteSchema.safeParse(input))).toEqual(expected);
  });
  it('keeps a note trimmed', () => {
    expect(leadNoteSchema.parse({ leadId, texto: ' Ligar às 15h ' }).texto).toBe('Ligar às 15h');
  });
});

describe('discard reasons', () => {
  const list = ['Sem interesse', 'Preço acima do orçamento'];

  it('keeps a reason of the list as it is, "outro" with its words, and refuses one the list lost', () => {
    expect(discardReasonText('Sem interesse', undefined, list)).toBe('Sem interesse');
    expect(discardReasonText('outro', 'Fechou a imobiliária', list)).toBe('Outro: Fechou a imobiliária');
    expect(discardReasonText('outro', undefined, list)).toBeUndefined();
    expect(discardReasonText('Sem verba', undefined, list)).toBeUndefined();
    expect(discardReasonText('sem interesse', undefined, list)).toBeUndefined();
    expect(discardReasonText(undefined, undefined, list)).toBeUndefined();
  });

  it("reads the admins' textarea one reason a line", () => {
    expect(reasonLines(' Sem interesse \r\n\n  Preço \n')).toEqual(['Sem interesse', 'Preço']);
    expect(discardReasonsSchema.parse({ motivos: 'Sem interesse\nPreço' }).motivos).toEqual(['Sem interesse', 'Preço']);
  });

  it.each([
    ['', r.vazia],
    [null, r.vazia],
    [' \n \n', r.vazia],
    [Array.from({ length: 13 }, (_, i) => `Motivo ${i}`).join('\n'), r.muitos],
    ['x'.repeat(81), r.longo],
    ['Sem interesse\nsem interesse', r.repetido],
    ['Sem interesse\nOutro', r.outro],
    ['Sem interesse\noutro:', r.outro],
    ['Sem\u202Einteresse', 'invalid'],
  ])('refuses the list %j', (motivos, message) => {
    const result = discardReasonsSchema.safeParse({ motivos });
    expect(result.success).toBe(false);
    if (message !== 'invalid') expect(result.error?.issues[0]?.message).toBe(message);
  });
});
