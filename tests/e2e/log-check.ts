/*
 * The end-to-end run's privacy check on the server's log (docs/operating.md, "Logs"):
 * global-setup.ts writes everything the one production server printed to a file, and after
 * the run this looks in it for the test persons' data — any hit fails the run.
 *
 * What is looked for:
 * - E2E_PERSONAL_DATA: every name, e-mail, phone, CPF/CNPJ and password the e2e tests type
 *   into a form (listed here by hand from tests/e2e/*.e2e.ts: add yours when a test submits
 *   new data), in the forms they are typed and as digits only;
 * - E2E_PERSONAL_PATTERNS: the generated ones (`lead-1a2b3c4d@exemplo.com`, `Lead Teste 1a2b3c`…),
 *   session cookies and tokens;
 * - whatever personal field actually reached the webhook receivers during the run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const E2E_PERSONAL_DATA: readonly string[] = [
  // Names
  'Ana Admin',
  'Ana Direta',
  'Carla Teste',
  'Erro Teste',
  'Joana Teste',
  'João Souza',
  'Maria da Rede',
  'Maria da Silva',
  'Paulo Parceiro',
  'Rita Rede',
  'Rui Rede',
  'Sem Script',
  'Teresa Titular',
  'Imobiliária Grande Ltda.',
  // E-mails
  'ana@exemplo.com',
  'lead.e2e@example.com',
  'maria@example.com',
  'acesso@example.com',
  'acesso.rede@example.com',
  'acesso.joao@example.com',
  'joao@example.com',
  'joana.contato@example.com',
  'maria.rede@example.com',
  'paulo.parceiro@example.com',
  'sem.script@example.com',
  // Phones, as typed and as digits
  '(11) 98765-4321',
  '98765-4321',
  '11987654321',
  '11976543210',
  '2130000000',
  '(21) 99876-5432',
  '21998765432',
  // CPF / CNPJ, as typed and as digits
  '529.982.247-25',
  '52998224725',
  '111.444.777-35',
  '11144477735',
  '390.533.447-05',
  '39053344705',
  '11.222.333/0001-81',
  '11222333000181',
  '111.111.111-11',
  '12.ABC.345/01DE-35',
  '12ABC34501DE35',
  // Passwords
  'Piloto#2026x',
  'segredo1',
];

export const E2E_PERSONAL_PATTERNS: readonly RegExp[] = [
  /\b(?:lead|rede|rita|admin|usuario|bloqueio|teresa|sem-js)-[0-9a-f]{6,8}@exemplo\.com/i,
  /Lead Teste [0-9a-f]{6}/,
  /Rita Sigilo [0-9a-f]{6}/,
  /session_token=[^;\s"]{8,}/,
  /[?&]token=[\w.-]{16,}/,
];

const PERSONAL_FIELDS = ['nome', 'email', 'celular', 'telefone', 'cpf', 'cnpj', 'nome_completo', 'razao_social'];

/** Personal fields of every lead the run's webhook receivers got (global-setup.ts writes them as JSON files). */
export function submittedValues(webhookDir: string): string[] {
  const values = new Set<string>();
  for (const file of readdirSync(webhookDir)) {
    const { json } = JSON.parse(readFileSync(join(webhookDir, file), 'utf8')) as { json?: Record<string, unknown> };
    for (const field of PERSONAL_FIELDS) {
      const value = json?.[field];
      if (typeof value === 'string' && value.trim().length >= 4) values.add(value.trim());
    }
  }
  return [...values];
}

/** Each value or pattern found in `log`, with the first line that holds it. */
export function personalDataHits(log: string, values: readonly string[], patterns: readonly RegExp[]): string[] {
  const lines = log.split('\n');
  const hits: string[] = [];
  for (const value of values) {
    const at = lines.findIndex((line) => line.includes(value));
    if (at >= 0) hits.push(`"${value}" on line ${at + 1}`);
  }
  for (const pattern of patterns) {
    const at = lines.findIndex((line) => pattern.test(line));
    if (at >= 0) hits.push(`${String(pattern)} on line ${at + 1}`);
  }
  return hits;
}

/** Throws when the log holds any test person's data, or is not the server's JSON log at all. */
export function checkServerLog(log: string, webhookDir: string, logFile: string): void {
  const requests = log.split('\n').filter((line) => line.includes('"msg":"request"')).length;
  if (requests === 0) throw new Error(`The e2e server log (${logFile}) has no request lines: was it captured?`);
  const hits = personalDataHits(log, [...E2E_PERSONAL_DATA, ...submittedValues(webhookDir)], E2E_PERSONAL_PATTERNS);
  if (hits.length > 0) {
    throw new Error(
      `The e2e server log holds test persons' data (${logFile}):\n${hits.map((hit) => `  - ${hit}`).join('\n')}`,
    );
  }
  console.log(`Server log checked: ${requests} requests, no personal data (${logFile}).`);
}
