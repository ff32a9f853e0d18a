/**
 * Answers about the shape of what was sent rather than any one form's rules: characters
 * no text may hold, bodies that cannot be read, values the database refused. Every
 * public form, the admin endpoints and the request pipeline share them. Not in the spec.
 */

export const inputMessages = {
  /** A text field holding a control character (NUL, escape…) or broken Unicode. */
  invalidCharacters: 'Este campo contém caracteres inválidos (invisíveis ou de controle). Apague-os e tente novamente.',
  /** A one-line field (a name, a company, a title) holding a line break or a tab. */
  oneLine: 'Este campo deve ficar em uma única linha. Apague as quebras de linha e tente novamente.',
  /** A body that does not parse as the type it declares (broken JSON, broken multipart…). */
  malformedBody: 'Requisição inválida: o conteúdo enviado não pôde ser lido. Recarregue a página e tente novamente.',
  /** A body of a type the endpoint does not read. */
  unsupportedMediaType: 'Requisição inválida: formato de envio não aceito.',
  /** A form body larger than any form can produce. */
  bodyTooLarge: 'Requisição grande demais.',
  /** The database refused a value that passed validation (a constraint or data error). */
  dataRejected:
    'Não foi possível salvar: algum campo tem um valor que não aceitamos. Revise os dados e tente novamente.',
} as const;
