import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../../drizzle/schema/index';
import { MAX_FILE_BYTES } from '../../../src/shared/constants';
import {
  applicationFiles,
  applicationFormData,
  executableBytes,
  filesUnder,
  photoPng,
  postApplication,
  statementPdf,
} from '../factories/applications';
import { eventually, getTestDeps, type TestServer } from '../harness';
import { freshIp } from './support';
import { multipart, postRaw, startUploadServer } from './upload-support';

// docs/security.md E1 where submission.int.test.ts does not already reach. It covers one each of: a file over
// 10 MB, a fifth statement, an executable named .pdf, a PNG declared as PDF, a declared 200 MB body (413), each
// leaving no temp file. Here: 100 refused uploads of every kind in a row leave no temp file and no open handle;
// hostile file names and the download path are upload-names.int.test.ts.

/** Sockets of one request in flight plus keep-alive connections: anything above means handles pile up. */
const MAX_EXTRA_HANDLES = 20;

let server: TestServer;
let storageRoot = '';
beforeAll(async () => {
  ({ server, storageRoot } = await startUploadServer());
});
afterAll(async () => {
  await server?.close();
});

const documentsDir = () => path.join(storageRoot, 'documents');
const tempEntries = () => readdirSync(server.deps.storage.tempDir);
const openHandles = () => readdirSync('/proc/self/fd').length;
/** What each open descriptor points at (files by path; sockets and pipes by inode). */
function fdTargets(): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return [];
    }
  });
}

/** Starts a real upload and cuts the connection halfway through a file. */
function abortedUpload(): Promise<void> {
  const form = JSON.stringify(applicationFormData());
  const boundary = `----abort${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="formData"\r\n\r\n${form}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="bankStatements"; filename="s.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
  );
  return new Promise((resolve) => {
    const request = http.request(`${server.url}/api/loan-application-enhanced`, {
      method: 'POST',
      headers: {
        Origin: 'http://localhost:3000',
        'X-Forwarded-For': freshIp(),
        'Idempotency-Key': randomUUID(),
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(head.length + 2 * 1024 * 1024),
      },
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(head);
    request.write(Buffer.alloc(256 * 1024, 0x20), () => setTimeout(() => request.destroy(), 20));
  });
}

type RefusalKind = { name: string; send: () => Promise<Response> };

describe('refused uploads leave nothing behind (E1)', () => {
  // 111 requests: minutes of budget for what takes seconds on a quiet machine.
  it(
    '100 refused uploads of every kind: all 400/413, 0 temp files, 0 documents, 0 rows, no leaked handles',
    { timeout: 300_000 },
    async () => {
      const statement = await statementPdf(1);
      const complete = await applicationFiles();
      const withFile = (field: string, name: string, type: string, content: Buffer) =>
        complete.map((file) => (file.field === field ? { field, name, type, content } : file));
      const emails: string[] = [];
      const form = (overrides: Record<string, unknown> = {}) => {
        const data = applicationFormData(overrides);
        emails.push(data.email);
        return data;
      };
      const kinds: RefusalKind[] = [
        {
          name: 'application/octet-stream body',
          send: () => postRaw(server.url, randomBytes(4096), 'application/octet-stream'),
        },
        {
          name: '1,000 tiny files',
          send: () => {
            const { body, contentType } = multipart([
              { name: 'formData', content: JSON.stringify(form()) },
              ...Array.from({ length: 1000 }, (_, index) => ({
                name: 'bankStatements',
                filename: `s${index}.pdf`,
                type: 'application/pdf',
                content: '%PDF-1.4\n',
              })),
            ]);
            return postRaw(server.url, body, contentType);
          },
        },
        {
          name: 'a file of 10 MB + 1 byte',
          send: () =>
            postApplication(server.url, {
              formData: form(),
              ip: freshIp(),
              files: withFile(
                'bankStatements',
                's.pdf',
                'application/pdf',
                Buffer.concat([statement, Buffer.alloc(MAX_FILE_BYTES + 1 - statement.length)]),
              ),
            }),
        },
        {
          name: 'an executable named .pdf',
          send: () =>
            postApplication(server.url, {
              formData: form(),
              ip: freshIp(),
              files: withFile('bankStatements', 's.pdf', 'application/pdf', executableBytes()),
            }),
        },
        {
          name: 'HTML sent as a PNG',
          send: () =>
            postApplication(server.url, {
              formData: form(),
              ip: freshIp(),
              files: withFile('voidedCheck', 'check.png', 'image/png', Buffer.from('<html><script>alert(1)</script>')),
            }),
        },
        {
          name: 'an empty file',
          send: () =>
            postApplication(server.url, {
              formData: form(),
              ip: freshIp(),
              files: withFile('driversLicense', 'id.png', 'image/png', Buffer.alloc(0)),
            }),
        },
        {
          name: 'an unexpected file field',
          send: () =>
            postApplication(server.url, {
              formData: form(),
              ip: freshIp(),
              files: [...complete, { field: 'avatar', name: 'a.png', type: 'image/png', content: photoPng() }],
            }),
        },
        {
          name: 'a duplicate formData part',
          send: () => {
            const data = form();
            return postApplication(server.url, {
              formData: data,
              ip: freshIp(),
              files: complete,
              extraFields: [['formData', JSON.stringify(data)]],
            });
          },
        },
        {
          name: 'invalid answers with every document',
          send: () => postApplication(server.url, { formData: form({ ssn: '12' }), ip: freshIp(), files: complete }),
        },
        {
          name: 'a truncated multipart body',
          send: () => {
            const { body, contentType } = multipart([
              { name: 'formData', content: JSON.stringify(form()) },
              { name: 'bankStatements', filename: 's.pdf', type: 'application/pdf', content: statement },
            ]);
            return postRaw(server.url, body.subarray(0, body.length - 40), contentType);
          },
        },
      ];

      // Warm up first: the first real submission starts the statement reader's worker threads (their pipes are handles).
      const warmup = await postApplication(server.url, {
        formData: applicationFormData(),
        files: complete,
        ip: freshIp(),
      });
      expect(warmup.status).toBe(201);
      await warmup.arrayBuffer();
      const before = { documents: filesUnder(documentsDir()).length, handles: openHandles(), fds: fdTargets() };
      // Sampled while the uploads run: a refused body must not make the server open a file per remaining part.
      let peakHandles = before.handles;
      const sampler = setInterval(() => (peakHandles = Math.max(peakHandles, openHandles())), 1);
      const statuses = new Map<string, number>();
      const failures: string[] = [];
      for (let index = 0; index < 100; index += 1) {
        const kind = kinds[index % kinds.length]!;
        const response = await kind.send();
        const text = await response.text();
        statuses.set(`${response.status}`, (statuses.get(`${response.status}`) ?? 0) + 1);
        if (response.status !== 400 && response.status !== 413)
          failures.push(`${kind.name}: ${response.status} ${text}`);
      }
      // A client that hangs up mid-file is a refusal too: 10 of them.
      for (let index = 0; index < 10; index += 1) await abortedUpload();
      clearInterval(sampler);
      expect(failures).toEqual([]);
      expect(peakHandles - before.handles).toBeLessThanOrEqual(MAX_EXTRA_HANDLES);

      // formidable unlinks its own partial files asynchronously: wait until the temp directory is empty.
      const started = Date.now();
      while (tempEntries().length > 0 && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 50));
      expect(tempEntries()).toEqual([]);
      expect(filesUnder(documentsDir())).toHaveLength(before.documents);
      const { db } = await getTestDeps();
      expect(
        await db.select({ id: applications.id }).from(applications).where(inArray(applications.email, emails)),
      ).toEqual([]);
      // No EMFILE: the server still takes a real submission, and the process holds no more handles than before.
      const ok = await postApplication(server.url, { formData: applicationFormData(), files: complete, ip: freshIp() });
      expect(ok.status).toBe(201);
      await ok.arrayBuffer();
      // The receipt and staff mails of that submission are written after the answer: let them finish first.
      await eventually(() => fdTargets().every((target) => !target.endsWith('.eml')) || null);
      const leaked = openHandles() - before.handles;
      const grown = fdTargets().filter((target) => !before.fds.includes(target));
      expect(
        grown.filter((target) => target.startsWith('/')),
        'files left open',
      ).toEqual([]);
      expect(leaked, grown.join(', ')).toBeLessThanOrEqual(MAX_EXTRA_HANDLES);
      console.info(
        `E1: 100 refused uploads (${kinds.length} kinds; ${[...statuses].map(([status, n]) => `${n} x ${status}`).join(', ')}) + 10 aborted mid-file -> 0 temp files, 0 documents, 0 rows; open handles peak +${peakHandles - before.handles}, after ${leaked >= 0 ? '+' : ''}${leaked}; next submission 201`,
      );
    },
  );
});
