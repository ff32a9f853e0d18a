/*
 * Cover images: an upload is judged by its bytes (JPEG, PNG or WebP, ≤ 5 MB —
 * src/lib/cover-image.ts), decoded once by sharp to learn its real size, then
 * re-encoded as AVIF and WebP in up to three widths. Re-encoding also drops
 * whatever else the file carried (EXIF with GPS position, ICC tricks, trailing data).
 * The original and every variant go into the database in one transaction, so an
 * image is either fully servable or absent.
 */
import { and, eq, inArray } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import { coverMessages } from '~/messages/blog';
import {
  checkCoverUpload,
  coverWidthsFor,
  IMAGE_SNIFF_BYTES,
  MIN_COVER_WIDTH,
  type ServedFormat,
} from '~/lib/cover-image';
import type { DbOrTx } from '../db/client';
import { blogImages, blogImageVariants } from '../db/schema/blog';

export interface CoverDeps {
  db: DbOrTx;
}

/** Refusal of an upload, with the pt-BR message the editor shows. */
export class CoverUploadError extends Error {
  override name = 'CoverUploadError';
  constructor(
    readonly reason: 'type' | 'size' | 'unreadable' | 'small',
    message: string,
  ) {
    super(message);
  }
}

/*
 * A decompression bomb (a small PNG that expands to gigapixels) must not take the
 * server's memory: sharp refuses inputs over this many pixels before decoding them.
 */
const MAX_INPUT_PIXELS = 60_000_000;

const ENCODERS: Record<ServedFormat, (image: Sharp) => Sharp> = {
  // effort 3 of 9: a 1440 px cover encodes in well under a second on a small server.
  avif: (image) => image.avif({ quality: 55, effort: 3 }),
  webp: (image) => image.webp({ quality: 78 }),
};

export interface StoredCover {
  id: string;
  width: number;
  height: number;
  variants: { format: ServedFormat; width: number; height: number; byteSize: number }[];
}

/** Checks, converts and stores an uploaded cover; throws CoverUploadError on a bad file. */
export async function storeCover(
  deps: CoverDeps,
  bytes: Uint8Array,
  options: { uploadedBy?: string | null } = {},
): Promise<StoredCover> {
  const check = checkCoverUpload(bytes.subarray(0, IMAGE_SNIFF_BYTES), bytes.byteLength);
  if (!check.ok) {
    throw check.reason === 'type'
      ? new CoverUploadError('type', coverMessages.invalidType)
      : new CoverUploadError('size', coverMessages.tooLarge);
  }
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const source = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();

  let width: number;
  let height: number;
  try {
    // rotate() applies the EXIF orientation, so width/height are as the image is seen.
    const { info } = await source().toBuffer({ resolveWithObject: true });
    ({ width, height } = info);
  } catch {
    throw new CoverUploadError('unreadable', coverMessages.unreadable);
  }
  if (width < MIN_COVER_WIDTH) throw new CoverUploadError('small', coverMessages.tooSmall);

  const variants: (StoredCover['variants'][number] & { data: Buffer })[] = [];
  for (const targetWidth of coverWidthsFor(width)) {
    for (const format of ['avif', 'webp'] as const) {
      const { data, info } = await ENCODERS[format](
        source().resize({ width: targetWidth, withoutEnlargement: true }),
      ).toBuffer({ resolveWithObject: true });
      variants.push({ format, width: targetWidth, height: info.height, byteSize: data.byteLength, data });
    }
  }

  const id = await deps.db.transaction(async (tx) => {
    const [image] = await tx
      .insert(blogImages)
      .values({
        original: input,
        originalFormat: check.format,
        width,
        height,
        byteSize: bytes.byteLength,
        uploadedBy: options.uploadedBy ?? null,
      })
      .returning({ id: blogImages.id });
    await tx.insert(blogImageVariants).values(
      variants.map((variant) => ({
        imageId: image!.id,
        format: variant.format,
        width: variant.width,
        height: variant.height,
        data: variant.data,
        byteSize: variant.byteSize,
      })),
    );
    return image!.id;
  });
  return { id, width, height, variants: variants.map(({ data: _data, ...meta }) => meta) };
}

/** One stored variant's bytes and the format they were encoded in, or undefined. */
export async function getCoverVariant(
  deps: CoverDeps,
  imageId: string,
  width: number,
  format: ServedFormat,
): Promise<{ data: Uint8Array; byteSize: number; format: ServedFormat } | undefined> {
  const [row] = await deps.db
    .select({ data: blogImageVariants.data, byteSize: blogImageVariants.byteSize, format: blogImageVariants.format })
    .from(blogImageVariants)
    .where(
      and(
        eq(blogImageVariants.imageId, imageId),
        eq(blogImageVariants.width, width),
        eq(blogImageVariants.format, format),
      ),
    );
  return row;
}

/** Widths and heights of the covers of several images, for `srcset` and the `width`/`height` attributes. */
export interface CoverSizes {
  id: string;
  /** Ascending; each width exists in every served format. */
  widths: number[];
  /** Of the largest variant: sets the aspect ratio so the page does not shift. */
  width: number;
  height: number;
}

export async function getCoverSizes(deps: CoverDeps, imageIds: readonly string[]): Promise<Map<string, CoverSizes>> {
  const ids = [...new Set(imageIds)];
  const sizes = new Map<string, CoverSizes>();
  if (ids.length === 0) return sizes;
  const rows = await deps.db
    .select({ id: blogImageVariants.imageId, width: blogImageVariants.width, height: blogImageVariants.height })
    .from(blogImageVariants)
    .where(and(inArray(blogImageVariants.imageId, ids), eq(blogImageVariants.format, 'webp')))
    .orderBy(blogImageVariants.width);
  for (const row of rows) {
    const entry = sizes.get(row.id) ?? { id: row.id, widths: [], width: 0, height: 0 };
    entry.widths.push(row.width);
    entry.width = row.width;
    entry.height = row.height;
    sizes.set(row.id, entry);
  }
  return sizes;
}
