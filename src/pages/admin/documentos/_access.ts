/*
 * Who may download identity documents. Nobody, until the auth feature decides from the
 * session in `locals` (it opens this to admins); keep the rule in this one function.
 */
export function canDownloadDocuments(_locals: App.Locals): boolean {
  return false;
}
