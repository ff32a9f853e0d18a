/**
 * Fills the `{name}` slots of an editor's text (the schemas require each slot the code fills).
 * @example fillTemplate('Página {page} de {pageCount}', { page: 2, pageCount: 5 }) // "Página 2 de 5"
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) => (name in values ? String(values[name]) : slot));
}
