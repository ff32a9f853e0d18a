import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { businessHoursSchema, folderItems, pageData, partnerSchema, planSchema } from '../../src/lib/content-schemas';

// What an editor sees when a saved file breaks a rule: the file, the field and a pt-BR reason.
const plan = (monthlyPrice: string) => `name: Básico
description: Para testar.
monthlyPrice: ${monthlyPrice}
annualPrice: 490,00
properties: 3
users: 1
storage: 5GB
support: E-mail
popular: false
order: 1
`;

describe('content files judged by the schemas', () => {
  it('reads prices as editors type them, in integer cents', () => {
    const [read] = folderItems({ 'content/plans/basico.yaml': plan('1.059,90') }, planSchema);
    expect(read).toMatchObject({ id: 'basico', monthlyCents: 105_990, annualCents: 49_000 });
  });

  it.each(['59.90', '59,9', 'R$ 59,90', '59'])('refuses the price %s, naming the file and the field', (price) => {
    expect(() => folderItems({ 'content/plans/basico.yaml': plan(price) }, planSchema)).toThrow(
      'content/plans/basico.yaml, campo monthlyPrice: Preço inválido: use reais e centavos com vírgula, como 59,90 ou 1.488,00.',
    );
  });

  it('refuses a partner without a name', () => {
    expect(() => folderItems({ 'content/partners/ana.yaml': 'active: true\norder: 1\n' }, partnerSchema)).toThrow(
      'content/partners/ana.yaml, campo name: "name" é obrigatório.',
    );
  });

  it('refuses two partners with the same slug', () => {
    const entry = 'name: Ana\nactive: true\norder: 1\n';
    expect(() =>
      folderItems(
        { 'content/partners/ana-imoveis.yaml': entry, 'content/partners/Ana-Imoveis.yaml': entry },
        partnerSchema,
      ),
    ).toThrow(/content\/partners\/Ana-Imoveis\.yaml, nome do arquivo: .*/);
  });

  it('refuses a slug that cannot be an address', () => {
    expect(() =>
      folderItems({ 'content/partners/ana imóveis.yaml': 'name: Ana\nactive: true\norder: 1\n' }, partnerSchema),
    ).toThrow('content/partners/ana imóveis.yaml, nome do arquivo: Identificador inválido');
  });

  describe('business hours', () => {
    const file = 'content/settings/business-hours.yaml';
    const saved = readFileSync(file, 'utf8');

    it('reads the hours as editors type them, in minutes after midnight', () => {
      expect(pageData(file, saved, businessHoursSchema)).toMatchObject({ opensAtMinute: 540, closesAtMinute: 1080 });
    });

    it.each([
      ['opensAt', saved.replace(/^opensAt: .*$/m, 'opensAt: 9h'), 'Use horas e minutos, como 09:00.'],
      [
        'closesAt',
        saved.replace(/^closesAt: .*$/m, "closesAt: '08:00'"),
        '"closesAt" precisa ser depois de "opensAt".',
      ],
      ['fixedHolidays.0', saved.replace("'01-01'", "'1/1'"), 'Use MM-DD, como 12-25.'],
    ])('refuses a bad %s, naming the field', (field, text, message) => {
      expect(() => pageData(file, text, businessHoursSchema)).toThrow(`${file}, campo ${field}: ${message}`);
    });
  });
});
