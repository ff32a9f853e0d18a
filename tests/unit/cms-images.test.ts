/*
 * Images never without their alt text: every image field of the CMS comes with its alt field,
 * the CMS refuses to save an image without it (its save check, run as the page runs it), and
 * the build refuses the file in pt-BR, naming it; the image itself lands in the folder the
 * build's image service optimises.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { cmsConfig } from '../../src/cms/cms-config';
import { ALT_SUFFIX } from '../../src/cms/fields';
import { imagePairs, saveChecksScript } from '../../src/cms/save-checks';
import { folderItems, IMAGE_ALT_MESSAGE, partnerSchema } from '../../src/lib/content-schemas';

type Field = { name: string; widget?: string; fields?: Field[]; field?: Field; files?: Field[]; required?: boolean };
type Found = { path: string; fields: Field[]; index: number };

/** Every image field anywhere in `fields`, with the list it sits in; `top`: an entry's own fields. */
function imagesIn(fields: Field[], path: string, top: boolean, found: (Found & { top: boolean })[] = []) {
  fields.forEach((field, index) => {
    const here = `${path}.${field.name}`;
    if (field.widget === 'image') found.push({ path: here, fields, index, top });
    if (field.fields) imagesIn(field.fields, here, false, found);
    if (field.field) imagesIn([field.field], here, false, found);
  });
  return found;
}

/** An entry's fields: a folder collection's, or each file's of a files collection. */
const all = (cmsConfig.collections as Field[]).flatMap((collection) =>
  collection.files
    ? collection.files.flatMap((file) => imagesIn(file.fields ?? [], `cms.${collection.name}.${file.name}`, true))
    : imagesIn(collection.fields ?? [], `cms.${collection.name}`, true),
);

const partner = (extra: string) => `name: Ana\nactive: true\norder: 1\n${extra}`;

describe('images and their alt text', () => {
  it('every image field of the CMS is followed by its alt field, at the top of an entry', () => {
    expect(all.length).toBeGreaterThan(0);
    for (const { path, fields, index, top } of all) {
      const alt = fields[index + 1];
      expect(alt?.name, `${path}: its alt field`).toBe(`${fields[index]?.name}${ALT_SUFFIX}`);
      expect(alt?.widget).toBe('string');
      // The save check reads top-level fields only.
      expect(top, `${path}: top level`).toBe(true);
    }
    expect(imagePairs().map((pair) => [pair.collection, pair.file, pair.image].filter(Boolean).join('.'))).toEqual(
      all.map(({ path }) => path.replace(/^cms\./, '')),
    );
  });

  it('the build refuses a partner photo without alt text, in pt-BR, naming the file', () => {
    const file = 'content/partners/ana.yaml';
    expect(() => folderItems({ [file]: partner('photo: ../../src/assets/conteudo/ana.jpg\n') }, partnerSchema)).toThrow(
      `${file}, campo photoAlt: ${IMAGE_ALT_MESSAGE}`,
    );
    expect(() =>
      folderItems({ [file]: partner('photo: ../../src/assets/conteudo/ana.jpg\nphotoAlt: "  "\n') }, partnerSchema),
    ).toThrow(`${file}, campo photoAlt: ${IMAGE_ALT_MESSAGE}`);
    const [withAlt] = folderItems(
      { [file]: partner('photo: ../../src/assets/conteudo/ana.jpg\nphotoAlt: Foto de Ana sorrindo\n') },
      partnerSchema,
    );
    expect(withAlt?.photoAlt).toBe('Foto de Ana sorrindo');
    // No photo, no alt needed.
    expect(folderItems({ [file]: partner('') }, partnerSchema)).toHaveLength(1);
  });

  it('the CMS refuses to save an image without alt text, with the same message', () => {
    const handlers: ((event: { entry: Map<string, unknown> }) => unknown)[] = [];
    runInNewContext(saveChecksScript(), {
      window: {
        CMS: { registerEventListener: ({ handler }: { handler: (typeof handlers)[number] }) => handlers.push(handler) },
      },
    });
    const save = (collection: string, data: Record<string, string>) => {
      const entry = new Map<string, unknown>([
        ['collection', collection],
        ['slug', 'ana'],
        ['data', new Map(Object.entries(data))],
      ]);
      try {
        return { saved: handlers[0]?.({ entry }) === undefined };
      } catch (error) {
        return { refused: String(error) };
      }
    };
    const photo = '../../src/assets/conteudo/ana.jpg';
    expect(save('partners', { name: 'Ana', photo })).toEqual({ refused: IMAGE_ALT_MESSAGE });
    expect(save('partners', { name: 'Ana', photo, photoAlt: ' ' })).toEqual({ refused: IMAGE_ALT_MESSAGE });
    expect(save('partners', { name: 'Ana', photo, photoAlt: 'Foto de Ana' })).toEqual({ saved: true });
    expect(save('partners', { name: 'Ana' })).toEqual({ saved: true });
  });

  it('uploads land in the folder the image service optimises', () => {
    const config = cmsConfig as unknown as { media_folder: string };
    expect(config.media_folder).toBe('src/assets/conteudo');
    for (const { fields, index } of all)
      expect(fields[index]).toMatchObject({
        media_folder: '/src/assets/conteudo',
        public_folder: '../../src/assets/conteudo',
      });
  });
});
