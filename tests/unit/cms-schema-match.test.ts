/*
 * The CMS (src/cms) and the build's schemas (src/lib/content-schemas) describe the same files,
 * written twice: here each CMS collection must name a file or folder that has a schema, each
 * CMS field must be a field of that schema, each schema field must be in the CMS, and a field
 * the build requires must be required in the CMS (and the other way round), so an editor can
 * neither save what the build refuses by leaving it empty nor be held to what it does not need.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { cmsConfig } from '../../src/cms/cms-config';
import { CONTENT_FILES } from '../../src/lib/content-check';
import * as schemas from '../../src/lib/content-schemas';

type Field = {
  name: string;
  widget?: string;
  required?: boolean;
  default?: unknown;
  fields?: Field[];
  field?: Field;
  file?: string;
  folder?: string;
  files?: Field[];
};

/** Every file the CMS edits, with the schema the build judges it by (the dev server's content check uses the same list). */
const SCHEMAS = CONTENT_FILES;

/** What a zod schema says of one value: its object fields or list item, and whether it may be left out. */
interface Shape {
  optional: boolean;
  fields?: Record<string, Shape>;
  item?: Shape;
  kind: string;
}

type Def = {
  type: string;
  in?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

function shapeOf(schema: z.ZodType, optional = false): Shape {
  const def = defOf(schema);
  if (def.type === 'pipe' && def.in) return shapeOf(def.in, optional);
  if ((def.type === 'optional' || def.type === 'default' || def.type === 'nullable') && def.innerType)
    return shapeOf(def.innerType, true);
  if (def.type === 'object' && def.shape)
    return {
      kind: 'object',
      optional,
      fields: Object.fromEntries(Object.entries(def.shape).map(([key, value]) => [key, shapeOf(value)])),
    };
  if (def.type === 'array' && def.element) return { kind: 'array', optional, item: shapeOf(def.element) };
  return { kind: def.type, optional };
}

/** Differences between the CMS's fields and a schema's object, one line each, by path. */
function compare(fields: Field[], shape: Shape, path: string): string[] {
  const problems: string[] = [];
  const known = shape.fields ?? {};
  for (const field of fields) {
    const here = `${path}.${field.name}`;
    const target = known[field.name];
    if (!target) {
      problems.push(`${here}: a CMS field the schema does not have`);
      continue;
    }
    // A boolean with a default is always written by Decap; a default on the schema side likewise.
    const cmsRequired = field.required !== false;
    const buildRequired = !target.optional;
    if (cmsRequired !== buildRequired && !(field.widget === 'boolean' && field.default !== undefined))
      problems.push(`${here}: required ${cmsRequired} in the CMS, ${buildRequired} in the schema`);
    if (field.fields) {
      const inner = field.widget === 'list' ? target.item : target;
      problems.push(
        ...(inner ? compare(field.fields, inner, here) : [`${here}: a group in the CMS, not in the schema`]),
      );
    }
  }
  const inCms = new Set(fields.map((field) => field.name));
  for (const name of Object.keys(known))
    if (!inCms.has(name)) problems.push(`${path}.${name}: a schema field the CMS does not show`);
  return problems;
}

const collections = cmsConfig.collections as Field[];
const entries = collections.flatMap((collection) =>
  collection.files
    ? collection.files.map((file) => ({ target: file.file ?? '', fields: file.fields ?? [] }))
    : [{ target: collection.folder ?? '', fields: collection.fields ?? [] }],
);

describe('the CMS and the schemas describe the same files', () => {
  it('every file and folder the CMS edits has a schema', () => {
    expect(entries.map((entry) => entry.target).filter((target) => !SCHEMAS[target])).toEqual([]);
  });

  it.each(entries.map((entry) => [entry.target, entry] as const))(
    '%s: the same fields, required alike',
    (target, entry) => {
      const schema = SCHEMAS[target];
      if (!schema) throw new Error(`${target} has no schema`);
      expect(compare(entry.fields, shapeOf(schema), target)).toEqual([]);
    },
  );

  it('would see a field missing on either side, or required on one side only', () => {
    const plans = entries.find((entry) => entry.target === 'content/plans')?.fields ?? [];
    const changed = [...plans.filter((field) => field.name !== 'storage'), { name: 'discount', widget: 'string' }].map(
      (field) => (field.name === 'support' ? { ...field, required: false } : field),
    );
    expect(compare(changed, shapeOf(schemas.planSchema), 'content/plans')).toEqual([
      'content/plans.support: required false in the CMS, true in the schema',
      'content/plans.discount: a CMS field the schema does not have',
      'content/plans.storage: a schema field the CMS does not show',
    ]);
  });
});
