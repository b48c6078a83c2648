import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, type Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES } from '../../../src/shared/schemas/application';
import { loadDocumentKeys } from '../../lib/crypto';
import { createLocalStorage } from '../../lib/storage';
import { statementPdf } from '../../test/factories/applications';
import {
  eicarBytes,
  exifGpsSegment,
  gpsRationals,
  jpegGpsTagCount,
  jpegImage,
  jpegOrientation,
  jpegSegment,
  jpegSegments,
  pdfBasics,
  pdfFromObjects,
  pdfObjectStream,
  pdfStream,
  pngImage,
  xmpGpsSegment,
  zipArchive,
} from '../../test/security/support';
import { jpegBytes, noisePng } from '../../test/statements/bad-files';
import { decodePdfName, scanPdfActiveContent } from './screening-pdf';
import { findContentProblem } from './screening';
import { findMarkup, hasEicarSignature, hasZipTrailer, quarantineTestFiles } from './screening-malware';
import {
  isImageTooLarge,
  JpegMetadataStripper,
  MalformedImageError,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  PngMetadataStripper,
  readExifOrientation,
  readImageDimensions,
  stripImageMetadata,
} from './screening-image';

const root = mkdtempSync(path.join(os.tmpdir(), 'screening-unit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function fileWith(content: Buffer, name = 'f'): string {
  const file = path.join(root, `${randomBytes(6).toString('hex')}-${name}`);
  writeFileSync(file, content);
  return file;
}

const LATITUDE = gpsRationals(40, 26, 4634);
const LONGITUDE = gpsRationals(79, 58, 5612);
const gpsPhoto = (orientation = 6) =>
  jpegImage({
    segments: [
      jpegSegment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
      exifGpsSegment({ orientation, latitude: LATITUDE, longitude: LONGITUDE }),
      xmpGpsSegment(),
      jpegSegment(0xe2, Buffer.from('ICC_PROFILE\0\x01\x01fake-profile', 'latin1')),
      jpegSegment(0xed, Buffer.from('Photoshop 3.0\0IPTC city: Springfield', 'latin1')),
      jpegSegment(0xfe, Buffer.from('taken at 40.4462N 79.9820W', 'latin1')),
    ],
    trailer: Buffer.from('MotionPhoto_Data with GPS 40.4462', 'latin1'),
  });

/** Pushes `input` through a transform in pieces of `size` bytes (state carried across every boundary). */
async function through(transform: Transform, input: Buffer, size: number): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for (let at = 0; at < input.length; at += size) pieces.push(input.subarray(at, at + size));
  const out: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    Readable.from(pieces)
      .pipe(transform)
      .on('data', (chunk: Buffer) => out.push(chunk))
      .on('end', resolve)
      .on('error', reject);
  });
  return Buffer.concat(out);
}

describe('EICAR, markup and appended archives', () => {
  it('finds the EICAR test signature at the start, with whitespace after it, or further into the head', () => {
    expect(hasEicarSignature(eicarBytes())).toBe(true);
    expect(hasEicarSignature(Buffer.concat([eicarBytes(), Buffer.from('  \r\n')]))).toBe(true);
    expect(hasEicarSignature(Buffer.concat([Buffer.from('%PDF-1.4\n'), eicarBytes()]))).toBe(true);
    expect(hasEicarSignature(eicarBytes().subarray(0, 67))).toBe(false);
    expect(hasEicarSignature(Buffer.concat([Buffer.alloc(5000, 0x20), eicarBytes()]))).toBe(false);
  });

  it('finds markup a browser would render in the head of a file', () => {
    expect(findMarkup(Buffer.from('%PDF-1.4\n%<HTML><body><SCRIPT>alert(1)</SCRIPT>'))).toBe('<script');
    expect(findMarkup(Buffer.concat([jpegBytes().subarray(0, 20), Buffer.from('<?php system($_GET[1]); ?>')]))).toBe(
      '<?php',
    );
    expect(findMarkup(gpsPhoto())).toBeNull(); // XMP is XML, not a page
    expect(findMarkup(pdfFromObjects(pdfBasics()))).toBeNull();
  });

  it('recognises a ZIP archive at the end of a file, and nothing else', async () => {
    const zip = zipArchive([['notes.txt', 'hello']]);
    expect(hasZipTrailer(zip)).toBe(true);
    expect(hasZipTrailer(Buffer.concat([pdfFromObjects(pdfBasics()), zip]))).toBe(true);
    const withComment = Buffer.concat([zip.subarray(0, zip.length - 2), Buffer.from([5, 0]), Buffer.from('hello')]);
    expect(hasZipTrailer(withComment)).toBe(true);
    expect(hasZipTrailer(pdfFromObjects(pdfBasics()))).toBe(false);
    expect(hasZipTrailer(await statementPdf(1))).toBe(false);
    expect(hasZipTrailer(noisePng())).toBe(false);
    expect(hasZipTrailer(randomBytes(70_000))).toBe(false);
  });
});

describe('PDF active content', () => {
  const scan = async (pdf: Buffer) => scanPdfActiveContent(fileWith(pdf, 'x.pdf'));
  const SCRIPT = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';

  it('decodes #xx escapes in names', () => {
    expect(decodePdfName('J#61va#53cript')).toBe('JavaScript');
    expect(decodePdfName('A#2')).toBe('A#2');
  });

  it.each([
    ['an /OpenAction script', pdfFromObjects([...pdfBasics('/OpenAction 4 0 R'), SCRIPT]), ['JS', 'JavaScript']],
    [
      'a link with /JS only',
      pdfFromObjects([...pdfBasics(), '<< /Type /Annot /Subtype /Link /Rect [0 0 1 1] /A << /JS (x) >> >>']),
      ['JS'],
    ],
    ['an /OpenAction /Launch', pdfFromObjects(pdfBasics('/OpenAction << /S /Launch /F (cmd.exe) >>')), ['Launch']],
    [
      'an embedded file',
      pdfFromObjects([
        ...pdfBasics('/Names << /EmbeddedFiles << /Names [(a.txt) 4 0 R] >> >>'),
        '<< /Type /Filespec /F (a.txt) /EF << /F 5 0 R >> >>',
        pdfStream('/Type /EmbeddedFile', Buffer.from('hello')),
      ]),
      ['EmbeddedFile', 'EmbeddedFiles'],
    ],
    [
      '#-escaped names',
      pdfFromObjects(pdfBasics('/OpenAction << /S /J#61vaScript /J#53 (x) >>')),
      ['JS', 'JavaScript'],
    ],
    [
      'a script inside a compressed object stream',
      pdfFromObjects([...pdfBasics('/OpenAction 5 0 R'), pdfObjectStream([[5, SCRIPT]])]),
      ['JS', 'JavaScript'],
    ],
    [
      'a script after an incremental update',
      Buffer.concat([pdfFromObjects(pdfBasics()), Buffer.from(`4 0 obj\n${SCRIPT}\nendobj\n%%EOF\n`)]),
      ['JS', 'JavaScript'],
    ],
  ])('flags %s', async (_, pdf, names) => {
    expect((await scan(pdf)).names).toEqual(names);
  });

  it('passes plain PDFs: a bank statement, a benign object stream, an /OpenAction that only sets the view', async () => {
    for (const pdf of [
      await statementPdf(1),
      pdfFromObjects([...pdfBasics('/Outlines 5 0 R'), pdfObjectStream([[5, '<< /Type /Outlines /Count 0 >>']])]),
      pdfFromObjects(pdfBasics('/OpenAction [3 0 R /FitH null]')),
    ]) {
      expect(await scan(pdf)).toEqual({ names: [], uninspectable: null, isEncrypted: false });
    }
  });

  it('refuses what it cannot read: object streams with other filters, or that do not inflate', async () => {
    const hex = pdfFromObjects([
      ...pdfBasics(),
      pdfStream('/Type /ObjStm /N 1 /First 4 /Filter /AHx', Buffer.from('41>')),
    ]);
    expect((await scan(hex)).uninspectable).toMatch(/filter/);
    const garbage = pdfStream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', randomBytes(64));
    expect((await scan(pdfFromObjects([...pdfBasics(), garbage]))).uninspectable).toMatch(/unreadable/);
    // Encrypted object streams cannot be read without the key: skipped, not refused.
    const encrypted = Buffer.concat([
      pdfFromObjects([...pdfBasics(), garbage]),
      Buffer.from('trailer << /Encrypt 9 0 R >>'),
    ]);
    expect(await scan(encrypted)).toMatchObject({ uninspectable: null, isEncrypted: true });
  });

  it('finds a name or a stream keyword wherever it falls against the 64 KB chunk boundaries', async () => {
    const misses: number[] = [];
    for (let shift = -40; shift <= 40; shift += 1) {
      // A comment pads the file so that the interesting bytes land on either side of offset 65,536.
      const head = Buffer.from('%PDF-1.7\n');
      const pad = Buffer.from(`%${'x'.repeat(65_536 - head.length - 8 + shift)}\n`);
      const inline = Buffer.concat([head, pad, Buffer.from(`4 0 obj\n${SCRIPT}\nendobj\n`)]);
      const hidden = Buffer.concat([head, pad, Buffer.from('5 0 obj\n'), pdfObjectStream([[6, SCRIPT]])]);
      if (!(await scan(inline)).names.includes('JS')) misses.push(shift);
      if (!(await scan(hidden)).names.includes('JS')) misses.push(1000 + shift);
    }
    expect(misses).toEqual([]);
  });

  it('ignores short names that random stream data produces, and keeps the long ones there', async () => {
    const noise = Buffer.alloc(2 * 1024 * 1024);
    for (let at = 0; at < noise.length; at += 4096) Buffer.from('/JS /XFA ').copy(noise, at);
    const image = pdfFromObjects([...pdfBasics(), pdfStream('/Subtype /Image /Filter /DCTDecode', noise)]);
    expect((await scan(image)).names).toEqual([]);
    const hidden = Buffer.concat([noise.subarray(0, 1000), Buffer.from('\n4 0 obj << /S /Launch >> endobj\n')]);
    expect((await scan(pdfFromObjects([...pdfBasics(), pdfStream('/Filter /DCTDecode', hidden)]))).names).toEqual([
      'Launch',
    ]);
  });
});

describe('image dimensions', () => {
  it('reads the declared size of PNG and JPEG files', async () => {
    expect(await readImageDimensions(fileWith(noisePng(64, 48)))).toEqual({ width: 64, height: 48 });
    expect(await readImageDimensions(fileWith(gpsPhoto()))).toEqual({ width: 64, height: 48 });
    const flood = pngImage({ width: 100_000, height: 100_000, rows: 4 });
    expect(flood.length).toBeLessThan(10_000);
    expect(await readImageDimensions(fileWith(flood))).toEqual({ width: 100_000, height: 100_000 });
    // SOI and APP0 with no frame header: there is no size to read.
    expect(await readImageDimensions(fileWith(jpegBytes()))).toBeNull();
  });

  it('caps a side at 20,000 pixels and the whole at 50 megapixels', () => {
    expect(isImageTooLarge({ width: 8160, height: 6120 })).toBe(false); // a 50 MP phone photo
    expect(isImageTooLarge({ width: MAX_IMAGE_SIDE, height: 2500 })).toBe(false);
    expect(isImageTooLarge({ width: MAX_IMAGE_SIDE + 1, height: 10 })).toBe(true);
    expect(isImageTooLarge({ width: 7072, height: 7072 })).toBe(true); // 50.01 MP
    expect(isImageTooLarge({ width: 100_000, height: 100_000 })).toBe(true);
    expect(APPLICATION_MESSAGES.fileImageTooLarge).toContain(`${MAX_IMAGE_PIXELS / 1_000_000} megapixels`);
    expect(APPLICATION_MESSAGES.fileImageTooLarge).toContain(MAX_IMAGE_SIDE.toLocaleString('en-US'));
  });
});

describe('content checks by family', () => {
  it.each([
    ['EICAR after a PDF header', 'pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), eicarBytes()]), 'testSignature'],
    ['a PDF+HTML polyglot', 'pdf', Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>'), 'markup'],
    [
      'a PDF+ZIP polyglot',
      'pdf',
      Buffer.concat([pdfFromObjects(pdfBasics()), zipArchive([['a.txt', 'a']])]),
      'polyglot',
    ],
    ['a JPEG+ZIP polyglot', 'jpeg', Buffer.concat([gpsPhoto(), zipArchive([['a.txt', 'a']])]), 'polyglot'],
    [
      'a PDF with a script',
      'pdf',
      pdfFromObjects(pdfBasics('/OpenAction << /S /JavaScript /JS (x) >>')),
      'pdfActiveContent',
    ],
    ['a pixel-flood PNG', 'png', pngImage({ width: 100_000, height: 100_000, rows: 4 }), 'imageTooLarge'],
    [
      'a 60,000 px JPEG',
      'jpeg',
      jpegImage({ width: 60_000, height: 60_000, scanBytes: Buffer.alloc(64) }),
      'imageTooLarge',
    ],
    ['a JPEG header and nothing else', 'jpeg', jpegBytes(), 'unreadable'],
    ['a statement', 'pdf', null, null],
    ['a GPS photo', 'jpeg', gpsPhoto(), null],
    ['a PNG', 'png', noisePng(), null],
  ] as const)('%s', async (_, kind, content, problem) => {
    const bytes = content ?? (await statementPdf(1));
    expect(await findContentProblem(fileWith(bytes), kind)).toBe(problem);
  });
});

describe('metadata stripping', () => {
  it('removes EXIF GPS, XMP, IPTC, comments and trailing data from a JPEG; keeps the image, ICC and orientation', async () => {
    const photo = gpsPhoto();
    expect(jpegGpsTagCount(photo)).toBeGreaterThan(0);
    const file = fileWith(photo, 'photo.jpg');
    const result = await stripImageMetadata(file, 'jpeg');
    const stored = readFileSync(file);
    expect(result.removed).toEqual(['APP1 Exif', 'APP1 XMP', 'APP13', 'COM', 'trailing data']);
    expect(result.size).toBe(stored.length);
    expect(result.sha256).toBe(createHash('sha256').update(stored).digest('hex'));
    expect(jpegGpsTagCount(stored)).toBe(0);
    expect(stored.includes(LATITUDE)).toBe(false);
    expect(stored.includes('40.4462')).toBe(false);
    expect(stored.includes('Springfield')).toBe(false);
    expect(jpegOrientation(stored)).toBe(6);
    const { segments, trailing } = jpegSegments(stored);
    expect(segments.map((segment) => segment.marker)).toEqual([0xe0, 0xe1, 0xe2, 0xdb, 0xc0, 0xc4, 0xc4, 0xda]);
    expect(trailing).toBe(0);
    expect(await readImageDimensions(file)).toEqual({ width: 64, height: 48 });
  });

  it('keeps no EXIF at all when the orientation is upright', async () => {
    const stored = await through(new JpegMetadataStripper(), gpsPhoto(1), 65_536);
    expect(jpegSegments(stored).segments.some((segment) => segment.marker === 0xe1)).toBe(false);
  });

  it('gives the same bytes however the input is split into chunks', async () => {
    const photo = gpsPhoto();
    const whole = await through(new JpegMetadataStripper(), photo, photo.length);
    for (const size of [1, 2, 3, 5, 7, 64]) {
      expect((await through(new JpegMetadataStripper(), photo, size)).equals(whole), `JPEG in ${size}s`).toBe(true);
    }
    const png = pngImage({ width: 32, height: 32, chunks: [['tEXt', Buffer.from('Location\0Springfield')]] });
    const pngWhole = await through(new PngMetadataStripper(), png, png.length);
    for (const size of [1, 3, 8, 13]) {
      expect((await through(new PngMetadataStripper(), png, size)).equals(pngWhole), `PNG in ${size}s`).toBe(true);
    }
  });

  it('passes stuffed bytes and restart markers in scan data through untouched', async () => {
    const scanBytes = Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xff, 0xd1, 0x78]);
    const jpeg = jpegImage({ scanBytes });
    const stored = await through(new JpegMetadataStripper(), jpeg, 3);
    // Only the fill byte before a marker goes (a decoder skips it as well).
    const expected = Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd1, 0x78]);
    expect(stored.includes(expected)).toBe(true);
  });

  it('removes PNG text, EXIF and time chunks and data after IEND', async () => {
    const png = Buffer.concat([
      pngImage({
        width: 16,
        height: 16,
        chunks: [
          ['tEXt', Buffer.from('Comment\0taken at 40.4462N')],
          ['eXIf', Buffer.from('MM\0*GPS')],
          ['tIME', Buffer.alloc(7)],
        ],
      }),
      Buffer.from('trailer'),
    ]);
    const file = fileWith(png, 'x.png');
    const result = await stripImageMetadata(file, 'png');
    expect(result.removed).toEqual(['tEXt', 'eXIf', 'tIME', 'trailing data']);
    const stored = readFileSync(file);
    expect(stored.includes('40.4462')).toBe(false);
    expect(stored.equals(pngImage({ width: 16, height: 16 }))).toBe(true);
  });

  it('refuses files whose structure cannot be walked, and leaves them untouched', async () => {
    const notJpeg = fileWith(Buffer.from('GIF89a........'));
    await expect(stripImageMetadata(notJpeg, 'jpeg')).rejects.toBeInstanceOf(MalformedImageError);
    const badLength = Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0x00, 0x01, 0x00]);
    const file = fileWith(badLength);
    await expect(stripImageMetadata(file, 'jpeg')).rejects.toBeInstanceOf(MalformedImageError);
    expect(readFileSync(file).equals(badLength)).toBe(true);
    expect(existsSync(`${file}.clean`)).toBe(false);
  });

  it('reads the orientation only from a well-formed EXIF block', () => {
    const exif = exifGpsSegment({ orientation: 8, latitude: LATITUDE, longitude: LONGITUDE }).subarray(4);
    expect(readExifOrientation(exif)).toBe(8);
    expect(readExifOrientation(exif.subarray(0, 30))).toBeNull();
    expect(readExifOrientation(Buffer.from('Exif\0\0MM\0*\xff\xff\xff\xff', 'latin1'))).toBeNull();
  });
});

describe('quarantine', () => {
  it('moves EICAR files into a 0600 quarantine with a sidecar, logs without PII, and leaves other files alone', async () => {
    const keys = loadDocumentKeys({ varDir: path.join(root, 'var'), isProduction: false });
    const storage = createLocalStorage(path.join(root, 'store'), { keys });
    const eicar = path.join(storage.tempDir, 'upload-eicar');
    const clean = path.join(storage.tempDir, 'upload-clean');
    writeFileSync(eicar, eicarBytes());
    writeFileSync(clean, noisePng());
    const lines: Array<{ details: Record<string, unknown>; message: string }> = [];
    const log = { warn: (details: Record<string, unknown>, message: string) => lines.push({ details, message }) };
    const refused = await quarantineTestFiles(
      [
        { field: 'driversLicense', tempPath: eicar, size: 68, sha256: 'a'.repeat(64) },
        { field: 'voidedCheck', tempPath: clean, size: 1, sha256: 'b'.repeat(64) },
      ],
      { storage, log },
    );
    expect(refused).toEqual(['driversLicense']);
    expect(existsSync(eicar)).toBe(false);
    expect(existsSync(clean)).toBe(true);

    const quarantineDir = path.join(root, 'store', 'quarantine');
    const entries = readdirSync(quarantineDir).sort();
    expect(entries).toHaveLength(2);
    const [id, sidecar] = entries as [string, string];
    expect(sidecar).toBe(`${id}.json`);
    expect(id).toMatch(/^[a-z0-9]{32}$/);
    expect(statSync(path.join(quarantineDir, id)).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(quarantineDir, sidecar)).mode & 0o777).toBe(0o600);
    // Held encrypted; the storage gives the bytes back for review.
    expect(readFileSync(path.join(quarantineDir, id)).includes(eicarBytes())).toBe(false);
    expect((await buffer(storage.readQuarantined(id))).equals(eicarBytes())).toBe(true);
    const record = JSON.parse(readFileSync(path.join(quarantineDir, sidecar), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(record).sort()).toEqual(['dataKey', 'field', 'quarantinedAt', 'reason', 'sha256', 'size']);
    expect(record).toMatchObject({ field: 'driversLicense', sha256: 'a'.repeat(64), reason: 'eicar-test-signature' });

    expect(lines).toEqual([
      {
        details: {
          event: 'upload.quarantined',
          quarantineId: id,
          field: 'driversLicense',
          reason: 'eicar-test-signature',
        },
        message: 'upload quarantined',
      },
    ]);
  });
});
