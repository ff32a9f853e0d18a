import { describe, expect, it } from 'vitest';
import { controlAria } from '~/islands/ui/Field';

describe('controlAria: what a field tells assistive technology about its control', () => {
  it.each([
    ['nothing to say', {}, {}],
    ['an error', { error: 'E-mail inválido' }, { 'aria-describedby': 'f-error', 'aria-invalid': true }],
    ['a description', { description: 'Só números' }, { 'aria-describedby': 'f-hint' }],
    [
      'description, error and a meter, in reading order',
      { description: 'Só números', error: 'CPF inválido', describedBy: 'f-strength' },
      { 'aria-describedby': 'f-hint f-error f-strength', 'aria-invalid': true },
    ],
    ['a required mark', { requiredMark: true }, { 'aria-required': true }],
    ['an empty error, which is no error', { error: '' }, {}],
  ])('%s', (_, messages, expected) => {
    expect(controlAria('f', messages)).toEqual(expected);
  });
});
