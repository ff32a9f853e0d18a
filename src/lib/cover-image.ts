/**
 * Blog cover images: what an upload may be (JPEG, PNG or WebP judged by its first
 * bytes, at most 5 MB), the widths they are served in, and their public URLs. Pure,
 * so the editor island refuses a wrong file before uploading it and the server
 * decides the same way on what actually arrives.
 */

/** Largest cover upload accepted. */
export const MAX_COVER_BYTES = 5 * 1024 * 1024;

/**
 * Largest request a cover upload may be: the file plus the multipart framing around it.
 * Astro's action body limit (astro.config.mjs) and the request pipeline's cap for the
 * upload action (src/server/http/malformed-body.ts) both use it; other actions stay at 1 MB.
 */
export const COVER_UPLOAD_BODY_BYTES = MAX_COVER_BYTES + 64 * 1024;

/** Narrowest original accepted: below this a cover looks blurred even on a phone. */
export const MIN_COVER_WIDTH = 200;

/**
 * Widths every cover is generated in: a phone, a tablet or the post column, and a
 * high-density desktop / the Open Graph image.
 */
export const COVER_WIDTHS = [480, 960, 1440] as const;

/** The width used for the Open Graph image and the list cards' fallback `src`. */
export const OG_COVER_WIDTH = 1440;

/** Leading bytes `detectImageFormat` needs ("RIFF" + size + "WEBP"). */
export const IMAGE_SNIFF_BYTES = 12;

export type ImageFormat = 'jpeg' | 'png' | 'webp';
export type ServedFormat = 'avif' | 'webp';

/** What the file input offers; the content check is what decides. */
export const COVER_ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';

/** MIME type of each served format. */
export const SERVED_MIME: Readonly<Record<ServedFormat, string>> = { avif: 'image/avif', webp: 'image/webp' };

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, i) => head[at + i] === byte);

/**
 * The image format the leading bytes belong to, or null when they are none of JPEG, PNG or WebP.
 * @example detectImageFormat(new Uint8Array([0xff, 0xd8, 0xff, 0xe0])) // "jpeg"
 * @example detectImageFormat(new TextEncoder().encode('GIF89a'))       // null
 */
export function detectImageFormat(head: Uint8Array): ImageFormat | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // "RIFF" <4-byte size> "WEBP"
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export type CoverCheck = { ok: true; format: ImageFormat } | { ok: false; reason: 'type' | 'size' };

/**
 * The acceptance rule for a cover upload: a recognised format first, then the size limit.
 * @example checkCoverUpload(pngHead, 1024)                 // { ok: true, format: "png" }
 * @example checkCoverUpload(pngHead, MAX_COVER_BYTES + 1)  // { ok: false, reason: "size" }
 */
export function checkCoverUpload(head: Uint8Array, size: number): CoverCheck {
  const format = detectImageFormat(head);
  if (!format) return { ok: false, reason: 'type' };
  if (size > MAX_COVER_BYTES) return { ok: false, reason: 'size' };
  return { ok: true, format };
}

/**
 * The widths generated for an original of `originalWidth` pixels: the standard ones
 * that do not enlarge it, plus the original width when it is narrower than the largest.
 * @example coverWidthsFor(4000) // [480, 960, 1440]
 * @example coverWidthsFor(1000) // [480, 960, 1000]
 * @example coverWidthsFor(300)  // [300]
 */
export function coverWidthsFor(originalWidth: number): number[] {
  const widths: number[] = COVER_WIDTHS.filter((width) => width <= originalWidth);
  if (originalWidth < COVER_WIDTHS[COVER_WIDTHS.length - 1]! && !widths.includes(originalWidth))
    widths.push(originalWidth);
  return widths;
}

/**
 * Public path of one variant of a cover.
 * @example coverUrl('7d2f…', 960, 'avif') // "/blog/imagens/7d2f…-960.avif"
 */
export function coverUrl(imageId: string, width: number, format: ServedFormat): string {
  return `/blog/imagens/${imageId}-${width}.${format}`;
}

/**
 * The parts of a variant's file name, or null when it is not one.
 * @example parseCoverFileName('7d2f1c7e-8c1b-4a3e-9b1a-2f6d6c1e9a10-960.webp')
 * // { imageId: "7d2f1c7e-8c1b-4a3e-9b1a-2f6d6c1e9a10", width: 960, format: "webp" }
 */
export function parseCoverFileName(name: string): { imageId: string; width: number; format: ServedFormat } | null {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([1-9]\d{0,4})\.(avif|webp)$/.exec(
    name,
  );
  if (!match) return null;
  return { imageId: match[1]!, width: Number(match[2]), format: match[3] as ServedFormat };
}

/**
 * A `srcset` attribute for the given variants of one format.
 * @example coverSrcset('abc', [480, 960], 'webp') // "/blog/imagens/abc-480.webp 480w, /blog/imagens/abc-960.webp 960w"
 */
export function coverSrcset(imageId: string, widths: readonly number[], format: ServedFormat): string {
  return widths.map((width) => `${coverUrl(imageId, width, format)} ${width}w`).join(', ');
}
