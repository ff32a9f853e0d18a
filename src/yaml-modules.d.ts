/*
 * A content YAML file imported as a module (src/integrations/yaml-modules.mjs): one export per
 * top-level key. The readers in src/copy/ give each file its schema's type.
 */
declare module '*.yaml' {
  const data: Record<string, unknown>;
  export default data;
}
