// The uploaded file's real type from its first bytes. Shared by the instant reader (index.ts) and the OCR thread
// (ocr-engine.ts), which must not import the main-thread modules.

export type FileKind = 'pdf' | 'jpeg' | 'png' | 'gif' | 'webp' | 'heic' | 'tiff' | 'unknown';

/** Image kinds the OCR engine reads (tesseract.js decodes these itself); HEIC, GIF and TIFF stay unreadable. */
export const OCR_IMAGE_KINDS: ReadonlySet<FileKind> = new Set(['jpeg', 'png', 'webp']);

export const IMAGE_NAMES: Partial<Record<FileKind, string>> = {
  jpeg: 'JPEG',
  png: 'PNG',
  gif: 'GIF',
  webp: 'WebP',
  heic: 'HEIC',
  tiff: 'TIFF',
};

/** The file's real type from its first bytes; the upload's mime type is the browser's guess and can lie. */
export function sniffFileKind(head: Uint8Array): FileKind {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const ascii = bytes.toString('latin1');
  if (ascii.slice(0, 1024).includes('%PDF-')) return 'pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii.startsWith('\x89PNG')) return 'png';
  if (ascii.startsWith('GIF8')) return 'gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'webp';
  if (ascii.slice(4, 8) === 'ftyp' && /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1|avif)$/.test(ascii.slice(8, 12)))
    return 'heic';
  if (ascii.startsWith('II*\x00') || ascii.startsWith('MM\x00*')) return 'tiff';
  return 'unknown';
}
