import { describe, expect, it } from 'vitest';
import { checkInput, looksLikeSql, sanitizeAuthField } from '../../src/lib/input-check';

describe('markup that could run script is stripped', () => {
  it.each([
    ['Olá <script>alert(1)</script>mundo', 'Olá mundo'],
    ['<SCRIPT type="text/javascript">document.cookie</SCRIPT>Ana', 'Ana'],
    ['Ana<script src="//evil.example/x.js">', 'Ana'],
    ['<scr<script>x</script>ipt>alert(1)</script>', 'alert(1)'],
    ['Veja <iframe src="https://evil.example"></iframe>isto', 'Veja isto'],
    ['<iframe src=//evil.example>', ''],
    ['javascript:alert(1)', 'alert(1)'],
    ['JaVaScRiPt :alert(1)', 'alert(1)'],
    ['<a href="javascript:void(0)">x</a>', '<a href="void(0)">x</a>'],
    ['<img src=x onerror=alert(1)>', '<img src=x >'],
    ['<img src="x" onerror="alert(\'oi\')">', '<img src="x" >'],
    ['<svg/onload=alert(1)>', '<svg/>'],
    ['" onmouseover="alert(1)', '" '],
    ["<body ONLOAD = 'steal()'>", '<body >'],
  ])('%j → %j', (input, value) => {
    const result = checkInput(input);
    expect(result.value).toBe(value);
    expect(result.stripped).toBe(true);
    expect(result.valid).toBe(false);
  });
});

describe('SQL-like input is flagged', () => {
  it.each([
    "' OR 1=1 --",
    "admin' or '1'='1",
    'x AND 2 = 2',
    '1 UNION 1=1',
    "1' UNION ALL SELECT password FROM users",
    'SELECT * FROM contatos',
    'select nome, email from contatos where 1',
    'INSERT INTO users (email) VALUES (1)',
    "update user set role='admin'",
    'DELETE FROM contatos',
    'Robert; DROP TABLE alunos',
    'create table x (id int)',
    'ALTER TABLE user ADD COLUMN x int',
    "EXEC('shutdown')",
    'execute sp_executesql',
    "exec xp_cmdshell 'dir'",
    "admin'--",
    "admin'#",
    'nome /* comentário */ aqui',
  ])('%j', (input) => {
    expect(looksLikeSql(input)).toBe(true);
    const result = checkInput(input);
    expect(result.sqlLike).toBe(true);
    expect(result.valid).toBe(false);
  });
});

describe('ordinary pt-BR text passes untouched', () => {
  it.each([
    'Quero criar uma conta e atualizar dados',
    'Maria da Silva',
    "João D'Ávila",
    'Imobiliária Alfa & Ômega Ltda.',
    'Preciso selecionar os imóveis e deletar os contratos antigos de 2023.',
    'Fiz o update do sistema ontem e tudo funcionou.',
    'Tenho 10 imóveis -- quero saber do plano anual.',
    'Podemos executar a migração em 24h? Ou é melhor em 48h?',
    'Alterar o e-mail: ana.souza+site@exemplo.com.br',
    'Rua das Flores, 123 — apto 45 #2, onde fica a portaria',
    'Vi vocês online, gostei; ontem liguei.',
    'https://www.pilota.example/planos?onboarding=1&utm_source=google',
    'Executar, criar, alterar, apagar e selecionar: tudo no mesmo lugar.',
  ])('%j', (input) => {
    const result = checkInput(input);
    expect(result).toEqual({ value: input, stripped: false, sqlLike: false, valid: true });
  });
});

describe('auth fields', () => {
  it('lose markup and angle brackets', () => {
    expect(sanitizeAuthField('Ana <b>Souza</b>')).toEqual({ value: 'Ana bSouza/b', changed: true });
    expect(sanitizeAuthField('<script>x</script>ana@exemplo.com')).toEqual({ value: 'ana@exemplo.com', changed: true });
  });
  it('are kept when clean', () => {
    expect(sanitizeAuthField('ana@exemplo.com')).toEqual({ value: 'ana@exemplo.com', changed: false });
  });
});
