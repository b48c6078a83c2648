import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { heicBytes, jpegBytes, noisePng } from '../../test/statements/bad-files';
import { executableBytes } from '../../test/factories/applications';
import {
  eicarBytes,
  exifGpsSegment,
  gpsRationals,
  jpegGpsTagCount,
  jpegImage,
  pdfBasics,
  pdfFromObjects,
  pngImage,
} from '../../test/security/support';
import { displayFileName, inspectUploadedFile, sniffFileKind, type UploadedDocument } from './documents';

const root = mkdtempSync(path.join(os.tmpdir(), 'documents-unit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function fileWith(name: string, content: Buffer): string {
  const file = path.join(root, `${Math.random().toString(36).slice(2)}-${name}`);
  writeFileSync(file, content);
  return file;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function upload(originalName: string, mimeType: string, content: Buffer): UploadedDocument {
  return {
    field: 'bankStatements',
    tempPath: fileWith(originalName, content),
    originalName,
    mimeType,
    size: content.length,
    sha256: '',
  };
}

describe('uploaded file checks', () => {
  it('sniffs the accepted families from their magic bytes', async () => {
    expect(await sniffFileKind(fileWith('a', PDF))).toBe('pdf');
    expect(await sniffFileKind(fileWith('b', noisePng(8, 8)))).toBe('png');
    expect(await sniffFileKind(fileWith('c', jpegBytes()))).toBe('jpeg');
    expect(await sniffFileKind(fileWith('d', heicBytes()))).toBe('heic');
    expect(await sniffFileKind(fileWith('e', executableBytes()))).toBeNull();
    expect(
      await sniffFileKind(fileWith('f', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))),
    ).toBeNull();
  });

  it('accepts content that matches its declared type and refuses the rest', async () => {
    expect(await inspectUploadedFile(upload('march.pdf', 'application/pdf', PDF))).toEqual({
      kind: 'pdf',
      problem: null,
    });
    expect(await inspectUploadedFile(upload('march.pdf', 'application/pdf', executableBytes()))).toEqual({
      kind: null,
      problem: 'Only PDF or image files (JPEG, PNG, WebP, HEIC) are allowed',
    });
    expect(await inspectUploadedFile(upload('photo.pdf', 'application/pdf', noisePng(8, 8)))).toEqual({
      kind: null,
      problem: 'The file content does not match its type',
    });
    expect(await inspectUploadedFile(upload('page.html', 'text/html', Buffer.from('<html></html>')))).toEqual({
      kind: null,
      problem: 'Only PDF or image files (JPEG, PNG, WebP, HEIC) are allowed',
    });
  });

  it('refuses content that screening flags, with the field message for each kind', async () => {
    const cases: Array<[string, string, Buffer, string]> = [
      ['s.pdf', 'application/pdf', pdfFromObjects(pdfBasics('/OpenAction << /S /JavaScript /JS (x) >>')), 'PDFs with'],
      ['id.png', 'image/png', pngImage({ width: 100_000, height: 100_000, rows: 2 }), 'Images must be'],
      ['id.jpg', 'image/jpeg', Buffer.concat([jpegBytes(), eicarBytes()]), 'This file cannot'],
      ['s.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n<html><script>alert(1)</script>'), 'The file content'],
      ['id.jpg', 'image/jpeg', jpegBytes(), 'The file content'],
    ];
    for (const [name, type, content, message] of cases) {
      const result = await inspectUploadedFile(upload(name, type, content));
      expect(result.kind, name).toBeNull();
      expect(result.problem, name).toMatch(new RegExp(`^${message}`));
    }
  });

  it('accepts a photo with GPS and rewrites it without its metadata, updating size and hash', async () => {
    const photo = jpegImage({
      segments: [exifGpsSegment({ latitude: gpsRationals(40, 26, 4634), longitude: gpsRationals(79, 58, 5612) })],
    });
    const file = { ...upload('licence.jpg', 'image/jpeg', photo), field: 'driversLicense' as const };
    expect(await inspectUploadedFile(file)).toEqual({ kind: 'jpeg', problem: null });
    const stored = readFileSync(file.tempPath);
    expect(jpegGpsTagCount(stored)).toBe(0);
    expect(file.size).toBe(stored.length);
    expect(file.size).toBeLessThan(photo.length);
    expect(file.sha256).toBe(createHash('sha256').update(stored).digest('hex'));
  });

  it('keeps display names harmless', () => {
    expect(displayFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(displayFileName('statement\r\nBcc: x.pdf')).toBe('statement__Bcc: x.pdf');
    expect(displayFileName('inv\u202Efdp.exe')).toBe('inv_fdp.exe');
    expect(displayFileName(`${'a'.repeat(300)}.pdf`)).toHaveLength(255);
    expect(displayFileName(`${'a'.repeat(300)}.pdf`).endsWith('.pdf')).toBe(true);
    expect(displayFileName('   ')).toBe('document');
  });
});
