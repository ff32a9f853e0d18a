/*
 * A stored document (`private_files`), as an implementation request's CNH or contract is
 * kept: a few bytes of a real PDF header, for the tests that need a request to own one.
 */
import type { Db } from '~/server/db/client';
import { privateFiles } from '~/server/db/schema';

export async function aStoredPdf(db: Db, createdAt?: Date): Promise<string> {
  const [row] = await db
    .insert(privateFiles)
    .values({
      ...(createdAt ? { createdAt } : {}),
      kind: 'pdf',
      mimeType: 'application/pdf',
      originalName: 'cnh.pdf',
      size: 4,
      sha256: 'x',
      content: new Uint8Array([37, 80, 68, 70]),
    })
    .returning({ id: privateFiles.id });
  return row!.id;
}
