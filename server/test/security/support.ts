import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { pngChunk } from '../statements/bad-files';

// Small helpers shared by the docs/security.md tests in this folder.

/**
 * A client address no other test file can draw: harness addresses are 10.x and derived from the worker's pid,
 * these are random IPv6 ULAs, so per-address counters of one test never meet another's.
 */
export function freshIp(): string {
  const hex = randomBytes(8).toString('hex');
  return `fd7e:${hex.slice(0, 4)}:${hex.slice(4, 8)}:${hex.slice(8, 12)}::${hex.slice(12, 16)}`;
}

/** A random decimal string of `length` digits. */
export function randomDigits(length: number): string {
  return Array.from(randomBytes(length), (byte) => String(byte % 10)).join('');
}

// ---------------------------------------------------------------------------------------------------------------
// Crafted files for the upload corpus (E2) and the screening unit tests. Synthetic and built at test time.

/** The EICAR anti-virus test file (eicar.org), assembled from pieces so this source file is not flagged itself. */
export function eicarBytes(): Buffer {
  return Buffer.from(
    ['X5O!P%@AP[4\\PZX', '54(P^)7CC)7}$EI', 'CAR-STANDARD-ANTI', 'VIRUS-TEST-', 'FILE!$H+H*'].join(''),
    'latin1',
  );
}

/**
 * A PDF whose objects are numbered 1..n in the order given (object 1 is the catalog), with a real xref table.
 * Strings are written as latin1; Buffers as they are (streams).
 */
export function pdfFromObjects(objects: Array<string | Buffer>, header = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'): Buffer {
  const parts: Buffer[] = [Buffer.from(header, 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  for (const [index, body] of objects.entries()) {
    offsets.push(length);
    const piece = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(piece);
    length += piece.length;
  }
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}` +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

/** The catalog, page tree and one blank page: objects 1-3 of a minimal PDF; `catalogExtra` goes in the catalog. */
export function pdfBasics(catalogExtra = ''): string[] {
  return [
    `<< /Type /Catalog /Pages 2 0 R ${catalogExtra}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
}

/** A stream object body: `<< dictionary /Length n >>` plus the data. */
export function pdfStream(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/** A Flate-compressed object stream (PDF 1.5) holding `objects` as [number, body] pairs. */
export function pdfObjectStream(objects: Array<[number, string]>): Buffer {
  let offsets = '';
  let bodies = '';
  for (const [number, body] of objects) {
    offsets += `${number} ${bodies.length} `;
    bodies += `${body}\n`;
  }
  const data = deflateSync(Buffer.from(offsets + bodies, 'latin1'));
  return pdfStream(`/Type /ObjStm /N ${objects.length} /First ${offsets.length} /Filter /FlateDecode`, data);
}

/** One JPEG marker segment: FF, the marker, a 2-byte length, the payload. */
export function jpegSegment(marker: number, payload: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

const JFIF_APP0 = jpegSegment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'));

/**
 * A small baseline greyscale JPEG that decoders really read (every 8x8 block mid-grey): SOI, `segments` (JFIF APP0
 * by default), DQT, SOF0 with the declared size, DHT, SOS, scan data, EOI, then `trailer`. For a declared size too
 * big to encode, `scanBytes` replaces the scan data (it is refused before anything decodes it).
 */
export function jpegImage(
  opts: { width?: number; height?: number; segments?: Buffer[]; scanBytes?: Buffer; trailer?: Buffer } = {},
): Buffer {
  const width = opts.width ?? 64;
  const height = opts.height ?? 48;
  const sof = Buffer.from([8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  sof.writeUInt16BE(height, 1);
  sof.writeUInt16BE(width, 3);
  // One Huffman code each: DC difference category 0, and AC end-of-block; 2 bits per block, padded with ones.
  const table = (tableClass: number) => Buffer.from([tableClass, 1, ...Array<number>(15).fill(0), 0]);
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const scan = Buffer.alloc(Math.ceil((2 * blocks) / 8), 0);
  const usedBits = (2 * blocks) % 8;
  if (usedBits > 0) scan[scan.length - 1] = 0xff >> usedBits;
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    ...(opts.segments ?? [JFIF_APP0]),
    jpegSegment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    jpegSegment(0xc0, sof),
    jpegSegment(0xc4, table(0x00)),
    jpegSegment(0xc4, table(0x10)),
    jpegSegment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])),
    opts.scanBytes ?? scan,
    Buffer.from([0xff, 0xd9]),
    opts.trailer ?? Buffer.alloc(0),
  ]);
}

/** Degrees, minutes and hundredths of seconds as the 3 EXIF rationals (24 big-endian bytes): a GPS canary. */
export function gpsRationals(degrees: number, minutes: number, hundredthSeconds: number): Buffer {
  const bytes = Buffer.alloc(24);
  [degrees, 1, minutes, 1, hundredthSeconds, 100].forEach((value, index) => bytes.writeUInt32BE(value, index * 4));
  return bytes;
}

/**
 * An APP1 EXIF segment as a phone writes it: camera make, orientation, and a GPS IFD with latitude and longitude
 * (big-endian TIFF).
 */
export function exifGpsSegment(opts: { orientation?: number; latitude: Buffer; longitude: Buffer }): Buffer {
  const tiff = Buffer.alloc(160);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number, isShort = false) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    if (isShort) tiff.writeUInt16BE(value, at + 8);
    else tiff.writeUInt32BE(value, at + 8);
  };
  tiff.writeUInt16BE(3, 8); // IFD0: Make, Orientation, GPSInfo
  entry(10, 0x010f, 2, 7, 50);
  entry(22, 0x0112, 3, 1, opts.orientation ?? 1, true);
  entry(34, 0x8825, 4, 1, 58);
  tiff.write('Canary\0', 50, 'latin1');
  tiff.writeUInt16BE(4, 58); // GPS IFD: LatitudeRef, Latitude, LongitudeRef, Longitude
  entry(60, 0x0001, 2, 2, 0);
  tiff.write('N\0', 68, 'latin1');
  entry(72, 0x0002, 5, 3, 112);
  entry(84, 0x0003, 2, 2, 0);
  tiff.write('W\0', 92, 'latin1');
  entry(96, 0x0004, 5, 3, 136);
  opts.latitude.copy(tiff, 112);
  opts.longitude.copy(tiff, 136);
  return jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]));
}

/** An APP1 XMP packet carrying GPS coordinates as text. */
export function xmpGpsSegment(): Buffer {
  const xmp =
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="40,26.7726N" ' +
    'exif:GPSLongitude="79,58.9353W"/></rdf:RDF></x:xmpmeta>';
  return jpegSegment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0${xmp}`, 'latin1'));
}

export type JpegSegmentInfo = { marker: number; payload: Buffer };

/** The marker segments of a JPEG, scans skipped, up to EOI; `trailing` counts the bytes after EOI. */
export function jpegSegments(jpeg: Buffer): { segments: JpegSegmentInfo[]; trailing: number } {
  const segments: JpegSegmentInfo[] = [];
  let at = 2;
  while (at + 1 < jpeg.length) {
    if (jpeg[at] !== 0xff) throw new Error(`no marker at ${at}`);
    const marker = jpeg[at + 1]!;
    if (marker === 0xd9) return { segments, trailing: jpeg.length - at - 2 };
    const length = jpeg.readUInt16BE(at + 2);
    segments.push({ marker, payload: jpeg.subarray(at + 4, at + 2 + length) });
    at += 2 + length;
    if (marker !== 0xda) continue;
    // Scan data ends at the first FF that is not stuffing (00) or a restart marker (D0-D7).
    while (at + 1 < jpeg.length && !(jpeg[at] === 0xff && jpeg[at + 1] !== 0 && (jpeg[at + 1]! & 0xf8) !== 0xd0)) {
      at += 1;
    }
  }
  throw new Error('no EOI');
}

/** GPS tags left in a JPEG's EXIF blocks (entries of every GPS IFD), plus any XMP GPS property. */
export function jpegGpsTagCount(jpeg: Buffer): number {
  let count = 0;
  for (const { marker, payload } of jpegSegments(jpeg).segments) {
    if (marker !== 0xe1) continue;
    if (payload.includes('GPSLatitude') || payload.includes('GPSLongitude')) count += 1;
    if (payload.toString('latin1', 0, 6) !== 'Exif\0\0') continue;
    const tiff = payload.subarray(6);
    const le = tiff.toString('latin1', 0, 2) === 'II';
    const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
    const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
    const ifd0 = u32(4);
    for (let index = 0; index < u16(ifd0); index += 1) {
      const entry = ifd0 + 2 + index * 12;
      if (u16(entry) === 0x8825) count += u16(u32(entry + 8));
    }
  }
  return count;
}

/** The EXIF orientation of a JPEG (IFD0 tag 0x0112), or null. */
export function jpegOrientation(jpeg: Buffer): number | null {
  for (const { marker, payload } of jpegSegments(jpeg).segments) {
    if (marker !== 0xe1 || payload.toString('latin1', 0, 6) !== 'Exif\0\0') continue;
    const tiff = payload.subarray(6);
    const le = tiff.toString('latin1', 0, 2) === 'II';
    const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
    const ifd0 = le ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
    for (let index = 0; index < u16(ifd0); index += 1) {
      const entry = ifd0 + 2 + index * 12;
      if (u16(entry) === 0x0112) return u16(entry + 8);
    }
  }
  return null;
}

/**
 * A greyscale PNG that declares `width` x `height` and carries `rows` real rows of pixel data (all of them by
 * default; a pixel flood declares far more than it holds). `chunks` go between IHDR and IDAT.
 */
export function pngImage(opts: { width: number; height: number; rows?: number; chunks?: Array<[string, Buffer]> }) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(opts.width, 0);
  header.writeUInt32BE(opts.height, 4);
  header[8] = 8;
  const rows = Math.min(opts.rows ?? opts.height, opts.height);
  const raw = Buffer.alloc(Math.min((opts.width + 1) * rows, 1024 * 1024), 0);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...(opts.chunks ?? []).map(([type, data]) => pngChunk(type, data)),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A ZIP archive of stored (uncompressed) entries, with a central directory and end record. */
export function zipArchive(entries: Array<[string, Buffer | string]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = Buffer.from(content);
    const fileName = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The first bytes of a Linux ELF executable. */
export function elfBytes(size = 1024): Buffer {
  const bytes = Buffer.alloc(size, 0);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(bytes, 0);
  bytes.writeUInt16LE(2, 16); // ET_EXEC
  bytes.writeUInt16LE(0x3e, 18); // x86-64
  return bytes;
}
