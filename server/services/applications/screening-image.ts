import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { imageSize } from 'image-size';
import { isStorageFull, storageFull } from '../../lib/storage';
import { readRange } from './screening-malware';

// Images: dimensions bounded (a "pixel flood" decodes to gigabytes) and metadata (EXIF with GPS, XMP, text chunks)
// stripped from accepted JPEG and PNG files before they are stored.

/**
 * Largest image accepted: 20,000 pixels on a side and 50 megapixels in all (a 50 MP phone photo is 8160 x 6120).
 * Decoded as RGBA that is at most 200 MB for whoever renders it; a 100,000 x 100,000 PNG of a few KB is 40 GB.
 */
export const MAX_IMAGE_SIDE = 20_000;
export const MAX_IMAGE_PIXELS = 50_000_000;

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
    // The cleaned copy is written beside the upload: a full disk is the generic 503, not a 500.
    throw isStorageFull(error) ? storageFull() : error;
  }
  return { size, sha256: hash.digest('hex'), removed: stripper.removed };
}
