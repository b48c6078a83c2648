import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDocuments, applications } from '../../../drizzle/schema/index';
import { APPLICATION_MESSAGES, type DocumentField } from '../../../src/shared/schemas/application';
import { createLocalStorage } from '../../lib/storage';
import {
  applicationFiles,
  applicationFormData,
  executableBytes,
  filesUnder,
  postApplication,
  type UploadFile,
} from '../factories/applications';
import { getTestDeps, startTestServer, testDirs, type TestServer } from '../harness';
import {
  eicarBytes,
  elfBytes,
  exifGpsSegment,
  freshIp,
  gpsRationals,
  jpegGpsTagCount,
  jpegImage,
  jpegOrientation,
  jpegSegment,
  pdfBasics,
  pdfFromObjects,
  pdfObjectStream,
  pdfStream,
  pngImage,
  xmpGpsSegment,
  zipArchive,
} from './support';

// docs/security.md E2 (WSTG-BUSL-08/09): a corpus of crafted files, each posted through the real multipart endpoint in an
// otherwise valid submission. Every disallowed file is refused with its field's message and leaves no row and no
// file (temp or stored); EICAR files end up in the quarantine only; a phone photo of a licence with GPS in its EXIF
// is accepted and stored without the GPS.

const M = APPLICATION_MESSAGES;
const LATITUDE = gpsRationals(40, 26, 4634);
const LONGITUDE = gpsRationals(79, 58, 5612);
const SCRIPT_ACTION = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';
const JFIF_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);

type Crafted = {
  label: string;
  field: DocumentField;
  name: string;
  type: string;
  content: Buffer;
  message: string;
  isQuarantined?: boolean;
};

/** A plain one-page PDF (objects 1-3) plus the given objects and catalog entries. */
const pdf = (catalogExtra: string, ...objects: Array<string | Buffer>) =>
  pdfFromObjects([...pdfBasics(catalogExtra), ...objects]);

const statement = (label: string, content: Buffer, message: string, type = 'application/pdf'): Crafted => ({
  label,
  field: 'bankStatements',
  name: 'statement.pdf',
  type,
  content,
  message,
});

function craftedCorpus(): Crafted[] {
  const svg =
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">' +
    '<script>fetch("/api/admin/applications")</script></svg>';
  const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
  const docx = zipArchive([
    [
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ],
    ['word/document.xml', '<w:document/>'],
  ]);
  return [
    statement('PE executable renamed .pdf', executableBytes(), M.fileType),
    {
      label: 'ELF executable renamed .jpg',
      field: 'driversLicense',
      name: 'license.jpg',
      type: 'image/jpeg',
      content: elfBytes(),
      message: M.fileType,
    },
    statement('HTML sent as application/pdf', Buffer.from(html), M.fileType),
    {
      label: 'HTML/JS sent as image/png',
      field: 'voidedCheck',
      name: 'check.png',
      type: 'image/png',
      content: Buffer.from(html),
      message: M.fileType,
    },
    {
      label: 'SVG with a script sent as image/png',
      field: 'driversLicense',
      name: 'license.png',
      type: 'image/png',
      content: Buffer.from(svg),
      message: M.fileType,
    },
    statement(
      'PDF+ZIP polyglot',
      Buffer.concat([pdf(''), zipArchive([['readme.txt', 'second personality']])]),
      M.fileContent,
    ),
    statement(
      'PDF+HTML polyglot',
      Buffer.concat([Buffer.from(`%PDF-1.7\n%${html}\n`), pdf('').subarray(9)]),
      M.fileContent,
    ),
    {
      label: 'JPEG header, then PHP',
      field: 'driversLicense',
      name: 'license.jpg',
      type: 'image/jpeg',
      content: Buffer.concat([JFIF_HEAD, Buffer.from('<?php system($_GET["c"]); ?>')]),
      message: M.fileContent,
    },
    {
      label: 'JPEG header, then HTML',
      field: 'voidedCheck',
      name: 'check.jpg',
      type: 'image/jpeg',
      content: Buffer.concat([JFIF_HEAD, Buffer.from(html)]),
      message: M.fileContent,
    },
    {
      label: 'JPEG+ZIP polyglot',
      field: 'voidedCheck',
      name: 'check.jpg',
      type: 'image/jpeg',
      content: Buffer.concat([jpegImage(), zipArchive([['x.txt', 'x']])]),
      message: M.fileContent,
    },
    statement('zero-byte bank statement', Buffer.alloc(0), M.fileEmpty),
    {
      label: "zero-byte driver's license",
      field: 'driversLicense',
      name: 'license.png',
      type: 'image/png',
      content: Buffer.alloc(0),
      message: M.fileEmpty,
    },
    {
      label: 'zero-byte voided check',
      field: 'voidedCheck',
      name: 'check.pdf',
      type: 'application/pdf',
      content: Buffer.alloc(0),
      message: M.fileEmpty,
    },
    statement('PDF with /OpenAction /JavaScript', pdf('/OpenAction 4 0 R', SCRIPT_ACTION), M.filePdfActiveContent),
    statement(
      'PDF with a /JS link action',
      pdf('', '<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /JS (x) >> >>'),
      M.filePdfActiveContent,
    ),
    statement(
      'PDF with /OpenAction /Launch',
      pdf('/OpenAction << /S /Launch /F (cmd.exe) /Win << /F (cmd.exe) >> >>'),
      M.filePdfActiveContent,
    ),
    statement(
      'PDF with an /EmbeddedFile',
      pdf(
        '/Names << /EmbeddedFiles << /Names [(invoice.exe) 4 0 R] >> >>',
        '<< /Type /Filespec /F (invoice.exe) /EF << /F 5 0 R >> >>',
        pdfStream('/Type /EmbeddedFile', executableBytes(256)),
      ),
      M.filePdfActiveContent,
    ),
    statement(
      'PDF with #-escaped /J#61vaScript',
      pdf('/OpenAction << /S /J#61vaScript /J#53 (x) >>'),
      M.filePdfActiveContent,
    ),
    statement(
      'PDF with a script in a compressed object stream',
      pdf('/OpenAction 5 0 R', pdfObjectStream([[5, SCRIPT_ACTION]])),
      M.filePdfActiveContent,
    ),
    statement('ZIP renamed .pdf', zipArchive([['statement.pdf', pdf('')]]), M.fileType),
    statement('DOCX renamed .pdf', docx, M.fileType),
    { ...statement('EICAR as .pdf', eicarBytes(), M.fileRefused), isQuarantined: true },
    {
      label: 'EICAR as .jpg',
      field: 'driversLicense',
      name: 'license.jpg',
      type: 'image/jpeg',
      content: eicarBytes(),
      message: M.fileRefused,
      isQuarantined: true,
    },
    {
      label: 'pixel-flood PNG, 100,000 x 100,000',
      field: 'voidedCheck',
      name: 'check.png',
      type: 'image/png',
      content: pngImage({ width: 100_000, height: 100_000, rows: 8 }),
      message: M.fileImageTooLarge,
    },
    {
      label: 'JPEG declaring 60,000 x 60,000',
      field: 'driversLicense',
      name: 'license.jpg',
      type: 'image/jpeg',
      content: jpegImage({ width: 60_000, height: 60_000, scanBytes: Buffer.alloc(256) }),
      message: M.fileImageTooLarge,
    },
  ];
}

/** A phone photo of a licence: EXIF with orientation and GPS, XMP with GPS. Legitimate, so it must be accepted. */
function gpsLicencePhoto(): Buffer {
  return jpegImage({
    width: 96,
    height: 64,
    segments: [
      jpegSegment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
      exifGpsSegment({ orientation: 6, latitude: LATITUDE, longitude: LONGITUDE }),
      xmpGpsSegment(),
    ],
  });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let server: TestServer;
let storageRoot = '';
beforeAll(async () => {
  storageRoot = mkdtempSync(path.join(testDirs().varDir, 'e2-storage-'));
  server = await startTestServer({ deps: { storage: createLocalStorage(storageRoot) } });
});
afterAll(async () => {
  await server?.close();
});

const documentsDir = () => path.join(storageRoot, 'documents');
const quarantineDir = () => path.join(storageRoot, 'quarantine');
const tempEntries = () => readdirSync(server.deps.storage.tempDir);

async function waitForEmptyTemp() {
  const started = Date.now();
  while (tempEntries().length > 0 && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 50));
}

describe('crafted upload corpus (E2)', () => {
  it('refuses every disallowed file with its field message, stores nothing, quarantines EICAR; strips GPS from a photo', async () => {
    const corpus = craftedCorpus();
    const complete = await applicationFiles();
    const emails: string[] = [];
    const failures: string[] = [];
    const quarantinedFields: string[] = [];

    for (const crafted of corpus) {
      const files: UploadFile[] = complete.map((file) =>
        file.field === crafted.field
          ? { field: crafted.field, name: crafted.name, type: crafted.type, content: crafted.content }
          : file,
      );
      const formData = applicationFormData();
      emails.push(formData.email);
      const response = await postApplication(server.url, { formData, files, ip: freshIp() });
      const body = await response.text();
      const expected = `${crafted.field}: ${crafted.message}`;
      if (response.status !== 400 || body !== expected) {
        failures.push(`${crafted.label}: ${response.status} ${body.slice(0, 200)} (expected 400 ${expected})`);
      }
      if (crafted.isQuarantined) quarantinedFields.push(crafted.field);
    }
    expect(failures).toEqual([]);

    // Nothing of any refused upload remains: no temp file, no stored document, no application or document row.
    await waitForEmptyTemp();
    expect(tempEntries()).toEqual([]);
    expect(filesUnder(documentsDir())).toEqual([]);
    const { db } = await getTestDeps();
    const rows = await db.select({ id: applications.id }).from(applications).where(inArray(applications.email, emails));
    expect(rows).toEqual([]);
    const corpusHashes = [...new Set(corpus.map((crafted) => sha256(crafted.content)))];
    const documentRows = await db
      .select({ id: applicationDocuments.id })
      .from(applicationDocuments)
      .where(inArray(applicationDocuments.sha256, corpusHashes));
    expect(documentRows).toEqual([]);

    // EICAR: each in the quarantine (0600, random name) with a sidecar that holds no applicant data.
    const entries = readdirSync(quarantineDir()).sort();
    const sidecars = entries.filter((entry) => entry.endsWith('.json'));
    const held = entries.filter((entry) => !entry.endsWith('.json'));
    expect(held).toHaveLength(quarantinedFields.length);
    expect(sidecars).toEqual(held.map((id) => `${id}.json`));
    const eicarHash = sha256(eicarBytes());
    const sidecarFields: string[] = [];
    for (const id of held) {
      const file = path.join(quarantineDir(), id);
      expect(id).toMatch(/^[a-z0-9]{32}$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(`${file}.json`).mode & 0o777).toBe(0o600);
      // Held encrypted: the quarantined bytes come back through the storage, and are not on disk in clear.
      expect(readFileSync(file).includes(eicarBytes())).toBe(false);
      expect(sha256(await buffer(server.deps.storage.readQuarantined(id)))).toBe(eicarHash);
      const text = readFileSync(`${file}.json`, 'utf8');
      const record = JSON.parse(text) as { field: string; sha256: string; reason: string; quarantinedAt: string };
      expect(record).toMatchObject({ sha256: eicarHash, reason: 'eicar-test-signature' });
      expect(Number.isNaN(Date.parse(record.quarantinedAt))).toBe(false);
      for (const email of emails) expect(text).not.toContain(email);
      expect(text).not.toMatch(/license\.jpg|statement\.pdf|Canary Bakery/);
      sidecarFields.push(record.field);
    }
    expect(sidecarFields.sort()).toEqual([...quarantinedFields].sort());

    // The legitimate photo: accepted, stored without GPS (EXIF and XMP), still upright, row hash = stored bytes.
    const photo = gpsLicencePhoto();
    expect(jpegGpsTagCount(photo)).toBeGreaterThan(0);
    const formData = applicationFormData();
    const accepted = await postApplication(server.url, {
      formData,
      ip: freshIp(),
      files: complete.map((file) =>
        file.field === 'driversLicense' ? { ...file, name: 'licence.jpg', type: 'image/jpeg', content: photo } : file,
      ),
    });
    expect(accepted.status, await accepted.clone().text()).toBe(201);
    const { applicationId } = (await accepted.json()) as { applicationId: string };
    const [licence] = await db
      .select({
        storageKey: applicationDocuments.storageKey,
        sha256: applicationDocuments.sha256,
        sizeBytes: applicationDocuments.sizeBytes,
        mimeType: applicationDocuments.mimeType,
      })
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, applicationId))
      .then((documents) => documents.filter((document) => document.mimeType === 'image/jpeg'));
    expect(licence).toBeDefined();
    const stored = await buffer(server.deps.storage.read(licence!.storageKey));
    const gpsLeft = jpegGpsTagCount(stored);
    expect(gpsLeft).toBe(0);
    expect(stored.includes(LATITUDE) || stored.includes(LONGITUDE)).toBe(false);
    expect(stored.includes('GPSLatitude')).toBe(false);
    expect(jpegOrientation(stored)).toBe(6);
    expect(licence!.sha256).toBe(sha256(stored));
    expect(licence!.sizeBytes).toBe(stored.length);
    await waitForEmptyTemp();
    expect(tempEntries()).toEqual([]);
    expect(filesUnder(documentsDir())).toHaveLength(complete.length);

    console.info(
      `E2: ${corpus.length} crafted files (executables, HTML/SVG as PDF/PNG, 3 polyglots, PHP/HTML behind a JPEG header, zero-byte x3, 6 PDFs with active content, ZIP/DOCX as PDF, EICAR x2, pixel floods x2) -> 0 accepted (${corpus.length} x 400 with the field message), 0 rows, 0 temp or stored files; EICAR ${held.length}/${quarantinedFields.length} quarantined (0600 + sidecar, 0 in storage); GPS JPEG accepted with EXIF GPS remaining ${gpsLeft} (orientation kept)`,
    );
  });
});
