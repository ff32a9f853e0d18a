/* The pipeline's inputs (src/lib/validation/lead-pipeline.ts): pt-BR messages for every bad value. */
import { describe, expect, it } from 'vitest';
import { leadFilterMessages, pipelineMessages as m } from '~/messages/inbox/leads-list';
import { leadNoteSchema, statusChangeSchema } from '../../src/lib/validation/lead-pipeline';

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
