import { stat } from 'node:fs/promises';
import type { AcceptedFileKind } from '../../../src/shared/schemas/application';

import {
  findMarkup,
  hasEicarSignature,
  hasZipTrailer,
  HEAD_BYTES,
  readRange,
  ZIP_TAIL_BYTES,
} from './screening-malware';
import { scanPdfActiveContent } from './screening-pdf';
import { isImageTooLarge, readImageDimensions } from './screening-image';

// Content screening of uploaded documents (docs/security.md E, test E2), after the magic-byte check has named the family.
// Everything reads bounded pieces of the temp file (its head, its tail, or a chunked stream), never a whole 10 MB
// file at once:
// - the EICAR anti-virus test signature: the file is quarantined, never stored (quarantineTestFiles);
// - markup in the first bytes (a PDF or image that a browser would sniff as HTML, SVG or PHP) and a ZIP archive
//   appended to the file (a polyglot);
// - PDFs with active content: scripts, launch actions, embedded files (scanPdfActiveContent);
// - images larger than MAX_IMAGE_SIDE / MAX_IMAGE_PIXELS (a "pixel flood" decodes to gigabytes);
// - accepted JPEG and PNG files lose their metadata (EXIF with GPS, XMP, text chunks) before they are stored.

/** What is wrong with a file's content, for the caller to turn into a field message. */
export type ContentProblem =
  'testSignature' | 'markup' | 'polyglot' | 'pdfActiveContent' | 'imageTooLarge' | 'unreadable';

/**
 * The content checks for a file whose magic bytes already name an accepted family `kind`; null when it may be
 * stored. Reads the head, the tail and (PDF) the whole file in chunks.
 */
export async function findContentProblem(filePath: string, kind: AcceptedFileKind): Promise<ContentProblem | null> {
  const { size } = await stat(filePath);
  const head = await readRange(filePath, 0, HEAD_BYTES);
  if (hasEicarSignature(head)) return 'testSignature';
  if (findMarkup(head)) return 'markup';
  if (hasZipTrailer(await readRange(filePath, Math.max(0, size - ZIP_TAIL_BYTES), ZIP_TAIL_BYTES))) return 'polyglot';
  if (kind === 'pdf') {
    const scan = await scanPdfActiveContent(filePath);
    return scan.names.length > 0 || scan.uninspectable ? 'pdfActiveContent' : null;
  }
  const dimensions = await readImageDimensions(filePath);
  if (!dimensions) return 'unreadable';
  return isImageTooLarge(dimensions) ? 'imageTooLarge' : null;
}
