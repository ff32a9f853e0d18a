/*
 * /implementacao-sistema and its form's copy (content/pages/implementacao-sistema.yaml).
 */
import { z } from 'zod';
import { text, card, seo } from './fields.ts';

const labelOnly = (name: string) => z.object({ label: text(`form.fields.${name}.label`) });
const field = (name: string) => labelOnly(name).extend({ placeholder: text(`form.fields.${name}.placeholder`) });

/** /implementacao-sistema and its form (whose error messages are in content/messages/implementation.yaml). */
export const implementationPageSchema = z.object({
  seo,
  eyebrow: text('eyebrow'),
  title: text('title'),
  intro: text('intro'),
  privacyNote: text('privacyNote'),
  requiredNote: text('requiredNote'),
  form: z.object({
    formLabel: text('form.formLabel'),
    tipoDocumento: z.object({
      legend: text('form.tipoDocumento.legend'),
      cpf: text('form.tipoDocumento.cpf'),
      cnpj: text('form.tipoDocumento.cnpj'),
    }),
    sections: z.object({
      cpf: text('form.sections.cpf'),
      cnpj: text('form.sections.cnpj'),
      responsavel: text('form.sections.responsavel'),
      acesso: text('form.sections.acesso'),
    }),
    fields: z.object({
      cpf: field('cpf'),
      nomeCompleto: field('nomeCompleto'),
      celular: field('celular'),
      email: field('email'),
      cnh: labelOnly('cnh'),
      cnpj: field('cnpj'),
      razaoSocial: field('razaoSocial'),
      responsavelCpf: field('responsavelCpf'),
      responsavelNome: field('responsavelNome'),
      responsavelCelular: field('responsavelCelular'),
      responsavelEmail: field('responsavelEmail'),
      responsavelCnh: labelOnly('responsavelCnh'),
      emailAcesso: field('emailAcesso'),
      senha: field('senha'),
    }),
    file: z.object({
      hint: text('form.file.hint'),
      choose: text('form.file.choose'),
      remove: text('form.file.remove'),
      removed: text('form.file.removed'),
    }),
    confirmation: z.object({
      title: text('form.confirmation.title'),
      referenceLabel: text('form.confirmation.referenceLabel'),
      referenceNote: text('form.confirmation.referenceNote'),
      nextTitle: text('form.confirmation.nextTitle'),
      next: z.array(text('form.confirmation.next')).min(1),
      callsTitle: text('form.confirmation.callsTitle'),
      calls: z.array(card).min(1),
    }),
    cnpjHint: text('form.cnpjHint'),
    showPassword: text('form.showPassword'),
    hidePassword: text('form.hidePassword'),
    uploadProgressLabel: text('form.uploadProgressLabel'),
  }),
});

/** The implementation form's copy, handed to its island as plain data. */
export type ImplementationFormCopy = z.output<typeof implementationPageSchema>['form'];
