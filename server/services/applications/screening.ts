import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { Transform, Writable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants as zlibConstants, createInflate } from 'node:zlib';
import { imageSize } from 'image-size';
import type { AcceptedFileKind, DocumentField } from '../../../src/shared/schemas/application';
import type { DocumentStorage } from '../../lib/storage';

// Content screening of uploaded documents (SECURITY.md E, test E2), after the magic-byte check has named the family.
// Everything reads bounded pieces of the temp file (its head, its tail, or a chunked stream), never a whole 10 MB
// file at once:
// - the EICAR anti-virus test signature: the file is quarantined, never stored (quarantineTestFiles);
// - markup in the first bytes (a PDF or image that a browser would sniff as HTML, SVG or PHP) and a ZIP archive
//   appended to the file (a polyglot);
// - PDFs with active content: scripts, launch actions, embedded files (scanPdfActiveContent);
// - images larger than MAX_IMAGE_SIDE / MAX_IMAGE_PIXELS (a "pixel flood" decodes to gigabytes);
// - accepted JPEG and PNG files lose their metadata (EXIF with GPS, XMP, text chunks) before they are stored.

/** Bytes read from the start of a file for the signature and markup checks. */
export const HEAD_BYTES = 4096;
/** Bytes read from the end for the ZIP check: the end-of-central-directory record plus its longest comment. */
export const ZIP_TAIL_BYTES = 22 + 0xffff;
/**
 * Largest image accepted: 20,000 pixels on a side and 50 megapixels in all (a 50 MP phone photo is 8160 x 6120).
 * Decoded as RGBA that is at most 200 MB for whoever renders it; a 100,000 x 100,000 PNG of a few KB is 40 GB.
 */
export const MAX_IMAGE_SIDE = 20_000;
export const MAX_IMAGE_PIXELS = 50_000_000;

/** What is wrong with a file's content, for the caller to turn into a field message. */
export type ContentProblem =
  'testSignature' | 'markup' | 'polyglot' | 'pdfActiveContent' | 'imageTooLarge' | 'unreadable';

/** Reads at most `length` bytes at `position` (fewer at the end of the file). */
export async function readRange(filePath: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

// The EICAR test file (eicar.org): harmless, and detected by every scanner by design. Assembled from pieces so this
// source file does not itself look like the test file to a scanner.
const EICAR_SIGNATURE = Buffer.from(
  ['X5O!P%@AP[4\\PZX54', '(P^)7CC)7}$', 'EICAR-STANDARD-', 'ANTIVIRUS-', 'TEST-FILE!', '$H+H*'].join(''),
  'latin1',
);

/**
 * True when the EICAR string appears in the first HEAD_BYTES. The standard test file is the 68-byte string at the
 * very start (plus up to 60 bytes of whitespace); anywhere in the head is a superset, as scanners match it.
 */
export function hasEicarSignature(head: Buffer): boolean {
  return head.subarray(0, HEAD_BYTES).includes(EICAR_SIGNATURE);
}

// Markup that makes a browser, a template engine or PHP treat the file as a page. Long enough that the random bytes
// of compressed image or PDF data do not produce them by chance.
const MARKUP_MARKERS = ['<script', '<html', '<!doctype html', '<iframe', '<?php', '<svg', '<body'];

/** The first markup marker in the head of a file (case-insensitive), or null. */
export function findMarkup(head: Buffer): string | null {
  const text = head.subarray(0, HEAD_BYTES).toString('latin1').toLowerCase();
  return MARKUP_MARKERS.find((marker) => text.includes(marker)) ?? null;
}

const ZIP_END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP_CENTRAL_DIRECTORY_HEADER = 0x02014b50;

/**
 * True when the bytes end like a ZIP archive (what a ZIP reader looks for): an end-of-central-directory record whose
 * comment runs exactly to the end, or whose central directory (just before it) really starts with its header.
 */
export function hasZipTrailer(tail: Buffer): boolean {
  for (let at = tail.length - 22; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) !== ZIP_END_OF_CENTRAL_DIRECTORY) continue;
    if (at + 22 + tail.readUInt16LE(at + 20) === tail.length) return true;
    const directorySize = tail.readUInt32LE(at + 12);
    const directoryStart = at - directorySize;
    if (
      directorySize > 0 &&
      directoryStart >= 0 &&
      tail.readUInt32LE(directoryStart) === ZIP_CENTRAL_DIRECTORY_HEADER
    ) {
      return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// PDF active content

/**
 * PDF names that make a viewer run or open something: scripts (document, page and field actions all use /S
 * /JavaScript with /JS), launch actions, embedded files and the actions that open them, Flash/3D, XFA forms (which
 * carry scripts), and actions that send or load data. An /OpenAction is harmless by itself (it usually just sets
 * the zoom); it is refused through the action it names.
 */
export const PDF_ACTIVE_NAMES: ReadonlySet<string> = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
  'GoToE',
  'GoToR',
  'SubmitForm',
  'ImportData',
]);
// Inside stream data (compressed page content, images, fonts: random-looking bytes) a three-letter name such as /JS
// turns up by chance about once in 30 MB, so only the longer names count there. A script action still needs
// /S /JavaScript, which counts everywhere.
const MIN_NAME_IN_STREAM_DATA = 5;

const SCAN_CHUNK_BYTES = 64 * 1024;
/** Kept before the cursor between chunks, to read the dictionary in front of a `stream` keyword. */
const DICTIONARY_LOOKBACK = 2048;
/** Not scanned until the next chunk arrives (or the file ends): a name or keyword may continue there. */
const TOKEN_MARGIN = 256;
/** Decompressed bytes of object streams examined per file; more is a decompression bomb and is refused. */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;
const MAX_OBJECT_STREAMS = 2000;

// A name runs from the slash to the next white-space or delimiter character (ISO 32000-1, 7.2.2 and 7.3.5).
// eslint-disable-next-line no-control-regex
const NAME_RE = /\/([^\x00\t\n\f\r ()<>[\]{}/%]*)/g;
// eslint-disable-next-line no-control-regex
const STREAM_KEYWORD_RE = /(?<=[\x00\t\n\f\r >])stream(?:\r\n|\n|\r)/g;
const FILTER_NAMES = new Set([
  'FlateDecode',
  'Fl',
  'ASCIIHexDecode',
  'AHx',
  'ASCII85Decode',
  'A85',
  'LZWDecode',
  'LZW',
  'RunLengthDecode',
  'RL',
  'CCITTFaxDecode',
  'CCF',
  'DCTDecode',
  'DCT',
  'JBIG2Decode',
  'JPXDecode',
  'Crypt',
]);

/** A name with its #xx escapes decoded: /J#61vaScript is /JavaScript to a viewer, so it is to us. */
export function decodePdfName(raw: string): string {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The decoded names in `text` from `from` to `to`; answers where the last complete one ends. */
function collectNames(
  text: string,
  range: { from: number; to: number; isLast: boolean },
  onName: (name: string) => void,
): number {
  let reached = range.from;
  NAME_RE.lastIndex = range.from;
  for (let match = NAME_RE.exec(text); match && match.index < range.to; match = NAME_RE.exec(text)) {
    const end = match.index + match[0].length;
    // Touching the end of what has been read: the name may go on in the next chunk, which rescans it.
    if (end >= text.length && !range.isLast) break;
    onName(decodePdfName(match[1] ?? ''));
    reached = end;
  }
  return reached;
}

type ObjectStreamRef = { dataStart: number; filter: 'none' | 'flate' | 'other'; length: number | null };

/** The object stream that a `stream` keyword opens, from the dictionary text in front of it; null for others. */
function objectStreamOf(before: string, dataStart: number): ObjectStreamRef | null {
  const objectStart = before.lastIndexOf('obj');
  const dictionary = objectStart === -1 ? before : before.slice(objectStart + 3);
  const names = new Set<string>();
  collectNames(dictionary, { from: 0, to: dictionary.length, isLast: true }, (name) => names.add(name));
  if (!names.has('ObjStm')) return null;
  const filters = [...names].filter((name) => FILTER_NAMES.has(name));
  let filter: ObjectStreamRef['filter'] = 'none';
  // An indirect /Filter (or any filter but Flate) is not something we can decode here.
  if (filters.length === 0 && names.has('Filter')) filter = 'other';
  else if (filters.length > 0)
    filter = filters.every((name) => name === 'FlateDecode' || name === 'Fl') ? 'flate' : 'other';
  const length = /\/Length\s+(\d+)(\s+\d+\s+R)?/.exec(dictionary);
  return { dataStart, filter, length: length && !length[2] ? Number(length[1]) : null };
}

export type PdfActiveContent = {
  /** Active-content names found (decoded, sorted). */
  names: string[];
  /** Why part of the file could not be examined (refused like active content), or null. */
  uninspectable: string | null;
  isEncrypted: boolean;
};

/**
 * Scans a PDF for active content in 64 KB chunks: names in the object syntax (every name) and in stream data (only
 * the long ones, see MIN_NAME_IN_STREAM_DATA), then the decompressed content of each object stream, where
 * PDF 1.5+ files keep most dictionaries. Bounded: one chunk plus a small overlap in memory, and at most
 * MAX_INFLATED_BYTES decompressed. Encrypted object streams cannot be read without the key and are skipped.
 */
export async function scanPdfActiveContent(filePath: string): Promise<PdfActiveContent> {
  const found = new Set<string>();
  const objectStreams: ObjectStreamRef[] = [];
  let isEncrypted = false;
  let buffer = Buffer.alloc(0);
  let bufferStart = 0;
  let cursor = 0;
  let inStreamData = false;

  const onObjectName = (name: string) => {
    if (PDF_ACTIVE_NAMES.has(name)) found.add(name);
    if (name === 'Encrypt') isEncrypted = true;
  };
  const onStreamName = (name: string) => {
    if (name.length >= MIN_NAME_IN_STREAM_DATA && PDF_ACTIVE_NAMES.has(name)) found.add(name);
  };

  const scan = (isLast: boolean) => {
    const text = buffer.toString('latin1');
    const limit = isLast ? text.length : text.length - TOKEN_MARGIN;
    let at = cursor - bufferStart;
    while (at < limit) {
      if (inStreamData) {
        const end = text.indexOf('endstream', at);
        const isEndHere = end !== -1 && end < limit;
        const reached = collectNames(text, { from: at, to: isEndHere ? end : limit, isLast }, onStreamName);
        if (isEndHere) {
          at = end + 'endstream'.length;
          inStreamData = false;
        } else at = Math.max(limit, reached);
        continue;
      }
      STREAM_KEYWORD_RE.lastIndex = at;
      const keyword = STREAM_KEYWORD_RE.exec(text);
      const isKeywordHere = keyword !== null && keyword.index < limit;
      const reached = collectNames(text, { from: at, to: isKeywordHere ? keyword.index : limit, isLast }, onObjectName);
      if (!isKeywordHere) {
        at = Math.max(limit, reached);
        continue;
      }
      const dataStart = keyword.index + keyword[0].length;
      const before = text.slice(Math.max(0, keyword.index - DICTIONARY_LOOKBACK), keyword.index);
      const objectStream = objectStreamOf(before, bufferStart + dataStart);
      if (objectStream) objectStreams.push(objectStream);
      at = dataStart;
      inStreamData = true;
    }
    cursor = bufferStart + at;
  };

  for await (const chunk of createReadStream(filePath, { highWaterMark: SCAN_CHUNK_BYTES })) {
    const keepFrom = Math.max(bufferStart, cursor - DICTIONARY_LOOKBACK);
    buffer = Buffer.concat([buffer.subarray(keepFrom - bufferStart), chunk as Buffer]);
    bufferStart = keepFrom;
    scan(false);
  }
  scan(true);

  let uninspectable: string | null = null;
  if (objectStreams.length > MAX_OBJECT_STREAMS) uninspectable = 'too many object streams';
  const budget = { left: MAX_INFLATED_BYTES };
  for (const objectStream of uninspectable ? [] : objectStreams) {
    if (objectStream.filter === 'none') continue; // plain text: already scanned above
    if (objectStream.filter === 'other') {
      uninspectable = 'object stream with an unsupported filter';
      break;
    }
    const outcome = await scanInflatedNames(filePath, objectStream, budget, onObjectName);
    if (outcome === 'oversize') {
      uninspectable = 'object streams decompress to too much data';
      break;
    }
    // Encrypted object streams fail to inflate: without the key there is nothing to read (see the JSDoc).
    if (outcome === 'failed' && !isEncrypted) {
      uninspectable = 'unreadable object stream';
      break;
    }
  }
  return { names: [...found].sort(), uninspectable, isEncrypted };
}

/** Inflates one object stream and reports the names in it; bounded by the shared budget. */
async function scanInflatedNames(
  filePath: string,
  objectStream: ObjectStreamRef,
  budget: { left: number },
  onName: (name: string) => void,
): Promise<'ok' | 'failed' | 'oversize'> {
  const end = objectStream.length === null ? undefined : objectStream.dataStart + objectStream.length - 1;
  let carry = '';
  let isOversize = false;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      budget.left -= chunk.length;
      if (budget.left < 0) {
        isOversize = true;
        return callback(new Error('decompressed size cap reached'));
      }
      const text = carry + chunk.toString('latin1');
      const reached = collectNames(text, { from: 0, to: text.length, isLast: false }, onName);
      carry = text.slice(Math.max(reached, text.length - TOKEN_MARGIN));
      callback();
    },
  });
  try {
    await pipeline(
      createReadStream(filePath, { start: objectStream.dataStart, end }),
      // A truncated stream still yields what it holds (a lenient viewer would read that much too).
      createInflate({ finishFlush: zlibConstants.Z_SYNC_FLUSH }),
      sink,
    );
  } catch {
    return isOversize ? 'oversize' : 'failed';
  }
  collectNames(carry, { from: 0, to: carry.length, isLast: true }, onName);
  return 'ok';
}

// ---------------------------------------------------------------------------------------------------------------
// Image dimensions

/** Enough of the file for image-size to reach the size fields (the JPEG frame header follows the metadata). */
const IMAGE_HEAD_BYTES = 512 * 1024;

/** Width and height from the image header (the largest image of a HEIC), or null when they cannot be read. */
export async function readImageDimensions(filePath: string): Promise<{ width: number; height: number } | null> {
  const head = await readRange(filePath, 0, IMAGE_HEAD_BYTES);
  try {
    const { width, height } = imageSize(head);
    // A zero height means "given later" (JPEG DNL): unknown, so not accepted.
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

export function isImageTooLarge(size: { width: number; height: number }): boolean {
  return size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE || size.width * size.height > MAX_IMAGE_PIXELS;
}

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

// ---------------------------------------------------------------------------------------------------------------
// Metadata stripping
//
// Not exif-be-gone (1.5.1, tried and removed): for JPEG it looks for the first FF E1 byte pair anywhere in a chunk rather
// than walking the segments, so a stray FF E1 earlier in the data (an APP0 thumbnail, a quantisation table) makes it
// pass the real EXIF segment through with its GPS; it also keeps extended XMP, IPTC and data after the image (motion
// photos), and drops the orientation. These walk the file structure instead, one chunk at a time.

const MARKER_SOI = 0xd8;
const MARKER_EOI = 0xd9;
const MARKER_SOS = 0xda;
const MARKER_COM = 0xfe;
const MARKER_APP0 = 0xe0;
const MARKER_APP1 = 0xe1;
const MARKER_APP2 = 0xe2;
const MARKER_APP14 = 0xee;

const startsWith = (payload: Buffer, prefix: string) =>
  payload.length >= prefix.length && payload.toString('latin1', 0, prefix.length) === prefix;

/** Why a JPEG APPn/COM segment is removed, or null to keep it (JFIF, the ICC colour profile, Adobe colour info). */
function jpegMetadataKind(code: number, payload: Buffer): string | null {
  if (code === MARKER_APP0) return startsWith(payload, 'JFIF\0') || startsWith(payload, 'JFXX\0') ? null : 'APP0';
  if (code === MARKER_APP1) {
    if (startsWith(payload, 'Exif\0')) return 'APP1 Exif';
    return startsWith(payload, 'http://ns.adobe.com/') ? 'APP1 XMP' : 'APP1';
  }
  if (code === MARKER_APP2) return startsWith(payload, 'ICC_PROFILE\0') ? null : 'APP2';
  if (code === MARKER_APP14) return startsWith(payload, 'Adobe') ? null : 'APP14';
  if (code === MARKER_COM) return 'COM';
  return `APP${code - MARKER_APP0}`;
}

/** The EXIF orientation (1-8) from an APP1 Exif payload, or null (bounds-checked: the payload is untrusted). */
export function readExifOrientation(payload: Buffer): number | null {
  if (payload.length < 14 || !startsWith(payload, 'Exif\0\0')) return null;
  const tiff = payload.subarray(6);
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const u16 = (at: number) => (order === 'II' ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (order === 'II' ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return null;
  const directory = u32(4);
  if (directory + 2 > tiff.length) return null;
  const count = u16(directory);
  for (let index = 0; index < count; index += 1) {
    const entry = directory + 2 + index * 12;
    if (entry + 12 > tiff.length) return null;
    // Tag 0x0112 Orientation, type SHORT, one value.
    if (u16(entry) === 0x0112 && u16(entry + 2) === 3 && u32(entry + 4) === 1) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 segment with an EXIF block holding only the orientation, so a phone photo stays upright. */
export function orientationSegment(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  // 20-21 pad, 22-25 next IFD offset 0
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, MARKER_APP1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

export class MalformedImageError extends Error {}

/**
 * What the JPEG and PNG strippers share: a chunk is handed to `consume` with whatever the previous one left
 * unfinished in `held` (a segment header cut in two), and a stream that ends before its signature is refused.
 */
abstract class MetadataStripper extends Transform {
  protected held: Buffer = Buffer.alloc(0);
  protected abstract consume(buf: Buffer): void;
  /** The refusal when the stream ends before the file's signature was seen, else null. */
  protected abstract notStarted(): string | null;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    try {
      this.consume(this.held.length > 0 ? Buffer.concat([this.held, chunk]) : chunk);
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback) {
    const problem = this.notStarted();
    callback(problem === null ? null : new MalformedImageError(problem));
  }
}

type JpegState = 'soi' | 'marker' | 'length' | 'copy' | 'collect' | 'entropy' | 'done';

/**
 * A stream transform that copies a JPEG segment by segment and leaves out its metadata: every APPn segment but
 * JFIF, ICC profile and Adobe (EXIF with GPS, XMP, IPTC, MPF, maker data), comments, and whatever follows the end
 * of the image (motion-photo video, appended archives). An EXIF orientation is kept in a minimal EXIF block.
 * Memory: one chunk plus at most one 64 KB segment being examined.
 */
export class JpegMetadataStripper extends MetadataStripper {
  /** What was left out ('APP1 Exif', 'COM', 'trailing data', …), in order. */
  readonly removed: string[] = [];
  private state: JpegState = 'soi';
  private code = 0;
  private remaining = 0;
  private afterCopy: 'marker' | 'entropy' = 'marker';
  private collected: Buffer[] = [];
  private hasOrientation = false;

  protected notStarted() {
    return this.state === 'soi' ? 'Not a JPEG' : null;
  }

  protected consume(buf: Buffer) {
    this.held = Buffer.alloc(0);
    let at = 0;
    const hold = () => {
      this.held = Buffer.from(buf.subarray(at));
      at = buf.length;
    };
    while (at < buf.length) {
      switch (this.state) {
        case 'soi':
          if (buf.length - at < 2) {
            hold();
            break;
          }
          if (buf[at] !== 0xff || buf[at + 1] !== MARKER_SOI) throw new MalformedImageError('Not a JPEG');
          this.push(buf.subarray(at, at + 2));
          at += 2;
          this.state = 'marker';
          break;
        case 'marker': {
          // Anything but a marker between segments is junk a decoder skips too.
          if (buf[at] !== 0xff) {
            at += 1;
            this.note('junk between segments');
            break;
          }
          if (at + 1 >= buf.length) {
            hold();
            break;
          }
          const code = buf[at + 1]!;
          at += code === 0xff ? 1 : 2; // FF FF is fill before a marker
          if (code === 0xff) break;
          if (code === 0x00) this.note('junk between segments');
          else this.startSegment(code);
          break;
        }
        case 'length': {
          if (buf.length - at < 2) {
            hold();
            break;
          }
          const length = buf.readUInt16BE(at);
          if (length < 2) throw new MalformedImageError('Malformed JPEG segment');
          at += 2;
          this.remaining = length - 2;
          if ((this.code >= MARKER_APP0 && this.code <= 0xef) || this.code === MARKER_COM) {
            this.collected = [];
            this.state = 'collect';
          } else {
            this.push(Buffer.from([0xff, this.code, length >> 8, length & 0xff]));
            this.afterCopy = this.code === MARKER_SOS ? 'entropy' : 'marker';
            this.state = 'copy';
          }
          if (this.remaining === 0) this.endSegment();
          break;
        }
        case 'copy':
        case 'collect': {
          const count = Math.min(this.remaining, buf.length - at);
          const piece = buf.subarray(at, at + count);
          if (this.state === 'copy') this.push(piece);
          else this.collected.push(Buffer.from(piece));
          at += count;
          this.remaining -= count;
          if (this.remaining === 0) this.endSegment();
          break;
        }
        case 'entropy': {
          // Scan data: FF is always followed by 00 (a data byte) or a restart marker; anything else is a marker.
          const ff = buf.indexOf(0xff, at);
          if (ff === -1) {
            this.push(buf.subarray(at));
            at = buf.length;
            break;
          }
          if (ff > at) this.push(buf.subarray(at, ff));
          at = ff;
          if (at + 1 >= buf.length) {
            hold();
            break;
          }
          const code = buf[at + 1]!;
          if (code === 0x00 || (code >= 0xd0 && code <= 0xd7)) {
            this.push(buf.subarray(at, at + 2));
            at += 2;
          } else if (code === 0xff) {
            at += 1;
          } else {
            at += 2;
            this.startSegment(code);
          }
          break;
        }
        case 'done':
          this.note('trailing data');
          at = buf.length;
          break;
      }
    }
  }

  private startSegment(code: number) {
    if (code === MARKER_EOI) {
      this.push(Buffer.from([0xff, MARKER_EOI]));
      this.state = 'done';
      return;
    }
    if (code === MARKER_SOI) throw new MalformedImageError('Malformed JPEG');
    // Restart markers and TEM stand alone.
    if ((code >= 0xd0 && code <= 0xd7) || code === 0x01) {
      this.push(Buffer.from([0xff, code]));
      this.state = this.state === 'entropy' ? 'entropy' : 'marker';
      return;
    }
    this.code = code;
    this.state = 'length';
  }

  private endSegment() {
    if (this.state === 'copy') {
      this.state = this.afterCopy;
      return;
    }
    const payload = Buffer.concat(this.collected);
    this.collected = [];
    this.state = 'marker';
    const kind = jpegMetadataKind(this.code, payload);
    if (kind === null) {
      const header = Buffer.from([0xff, this.code, 0, 0]);
      header.writeUInt16BE(payload.length + 2, 2);
      this.push(Buffer.concat([header, payload]));
      return;
    }
    this.removed.push(kind);
    const orientation = kind === 'APP1 Exif' ? readExifOrientation(payload) : null;
    if (orientation !== null && orientation !== 1 && !this.hasOrientation) {
      this.push(orientationSegment(orientation));
      this.hasOrientation = true;
    }
  }

  private note(kind: string) {
    if (this.removed[this.removed.length - 1] !== kind) this.removed.push(kind);
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// EXIF (may hold GPS), text (may hold XMP or anything typed in), and the modification time.
const PNG_METADATA_CHUNKS = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

/** The PNG counterpart: copies chunk by chunk, leaving out metadata chunks and anything after IEND. */
export class PngMetadataStripper extends MetadataStripper {
  readonly removed: string[] = [];
  private state: 'signature' | 'head' | 'copy' | 'skip' | 'done' = 'signature';
  private remaining = 0;
  private isEnd = false;

  protected notStarted() {
    return this.state === 'signature' ? 'Not a PNG' : null;
  }

  protected consume(buf: Buffer) {
    this.held = Buffer.alloc(0);
    let at = 0;
    while (at < buf.length) {
      if (this.state === 'done') {
        if (this.removed[this.removed.length - 1] !== 'trailing data') this.removed.push('trailing data');
        return;
      }
      if (this.state === 'signature' || this.state === 'head') {
        const need = 8;
        if (buf.length - at < need) {
          this.held = Buffer.from(buf.subarray(at));
          return;
        }
        const head = buf.subarray(at, at + need);
        at += need;
        if (this.state === 'signature') {
          if (!head.equals(PNG_SIGNATURE)) throw new MalformedImageError('Not a PNG');
          this.push(head);
          this.state = 'head';
          continue;
        }
        const length = head.readUInt32BE(0);
        if (length > 0x7fffffff) throw new MalformedImageError('Malformed PNG chunk');
        const type = head.toString('latin1', 4, 8);
        this.remaining = length + 4; // data and CRC
        this.isEnd = type === 'IEND';
        if (PNG_METADATA_CHUNKS.has(type)) {
          this.removed.push(type);
          this.state = 'skip';
        } else {
          this.push(head);
          this.state = 'copy';
        }
        continue;
      }
      const count = Math.min(this.remaining, buf.length - at);
      if (this.state === 'copy') this.push(buf.subarray(at, at + count));
      at += count;
      this.remaining -= count;
      if (this.remaining === 0) this.state = this.isEnd ? 'done' : 'head';
    }
  }
}

/**
 * Rewrites a JPEG or PNG in place without its metadata; answers the new size and SHA-256 (computed while
 * writing) and what was removed. Throws MalformedImageError when the structure cannot be walked.
 */
export async function stripImageMetadata(
  filePath: string,
  kind: 'jpeg' | 'png',
): Promise<{ size: number; sha256: string; removed: string[] }> {
  const stripper = kind === 'jpeg' ? new JpegMetadataStripper() : new PngMetadataStripper();
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const cleaned = `${filePath}.clean`;
  try {
    await pipeline(
      createReadStream(filePath),
      stripper,
      measure,
      createWriteStream(cleaned, { flags: 'wx', mode: 0o600 }),
    );
    await rename(cleaned, filePath);
  } catch (error) {
    await rm(cleaned, { force: true });
    throw error;
  }
  return { size, sha256: hash.digest('hex'), removed: stripper.removed };
}

// ---------------------------------------------------------------------------------------------------------------
// Quarantine

/** The part of an upload quarantine needs: never the applicant's answers or the original file name. */
export type QuarantineCandidate = { field: DocumentField; tempPath: string; size: number; sha256: string };

/** Where a quarantine is reported: the app logger, or anything with its `warn` shape. */
export type WarnLog = { warn: (details: Record<string, unknown>, message: string) => void };

/**
 * Moves every file carrying the EICAR test signature out of the temp directory into the storage's quarantine
 * (never served, SECURITY.md E5) and logs a warning without PII; answers the fields to refuse. A file that cannot
 * be quarantined is still refused (the caller's cleanup deletes it).
 */
export async function quarantineTestFiles(
  files: QuarantineCandidate[],
  deps: { storage: DocumentStorage; log: WarnLog },
): Promise<DocumentField[]> {
  const refused: DocumentField[] = [];
  for (const file of files) {
    if (!hasEicarSignature(await readRange(file.tempPath, 0, HEAD_BYTES))) continue;
    refused.push(file.field);
    const reason = 'eicar-test-signature';
    try {
      const id = await deps.storage.quarantine(file.tempPath, {
        field: file.field,
        sha256: file.sha256,
        size: file.size,
        reason,
      });
      deps.log.warn({ event: 'upload.quarantined', quarantineId: id, field: file.field, reason }, 'upload quarantined');
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      deps.log.warn(
        { event: 'upload.quarantine_failed', field: file.field, reason, code: typeof code === 'string' ? code : null },
        'upload refused; quarantine failed, file deleted',
      );
    }
  }
  return refused;
}
