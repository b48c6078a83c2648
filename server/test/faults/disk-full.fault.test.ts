import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  brokenDocuments,
  buildSubmission,
  freshDatabase,
  listFiles,
  postSubmission,
  sleep,
  type DocumentRow,
  type SubmissionReply,
} from './fault-data';
import { killIfRunning, startAppProcess, type AppProcess } from './process';

// N3 (docs/security.md 3): the upload directory on a 16 MiB file system, submissions until it is full. A real ENOSPC
// from the kernel, never a mock: a tmpfs mount, or a loop-mounted ext4 image where tmpfs is not allowed.

const MiB = 1024 * 1024;
const SIZE_MIB = 16;
/** Pre-filled so the disk fills after a few submissions; removed at the end to show recovery. */
const FILLER_MIB = 9;
const BATCH = 4;
const MAX_SUBMISSIONS = 40;

const run = (command: string, args: string[]) => spawnSync(command, args, { encoding: 'utf8' });

/**
 * Mounts a small file system at `dir`; answers how (for the figure) and how to undo it, or null when not permitted.
 * N3_FS=ext4 skips tmpfs (ext4 also runs out of blocks for directories, not just file data).
 */
function mountSmallFs(dir: string, scratch: string): { kind: string; unmount: () => void } | null {
  const tmpfsArgs = ['-t', 'tmpfs', '-o', `size=${SIZE_MIB}m,mode=0700`, 'tmpfs', dir];
  if (process.env.N3_FS !== 'ext4' && run('mount', tmpfsArgs).status === 0) {
    return { kind: `tmpfs ${SIZE_MIB} MiB`, unmount: () => void run('umount', ['-l', dir]) };
  }
  const image = path.join(scratch, 'uploads.img');
  const made =
    run('truncate', ['-s', `${SIZE_MIB}M`, image]).status === 0 &&
    run('mkfs.ext4', ['-q', '-F', image]).status === 0 &&
    run('mount', ['-o', 'loop', image, dir]).status === 0;
  if (made) return { kind: `loop ext4 ${SIZE_MIB} MiB`, unmount: () => void run('umount', ['-l', dir]) };
  return null;
}

describe('N3 disk full', () => {
  it('answers a generic 503/507 when the upload disk is full and commits no row without its file', async (context) => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'funding-n3-'));
    const uploadDir = path.join(scratch, 'uploads');
    mkdirSync(uploadDir);
    const mounted = mountSmallFs(uploadDir, scratch);
    if (!mounted) {
      rmSync(scratch, { recursive: true, force: true });
      console.log('N3: skipped: neither a tmpfs nor a loop mount is permitted here (needs root / CAP_SYS_ADMIN)');
      context.skip();
      return;
    }
    const database = freshDatabase('n3');
    let app: AppProcess | null = null;
    try {
      const filler = path.join(uploadDir, 'filler.bin');
      writeFileSync(filler, randomBytes(FILLER_MIB * MiB));
      app = await startAppProcess({
        databaseUrl: database.url,
        varDir: scratch,
        env: {
          UPLOAD_DIR: uploadDir,
          DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          RATE_LIMIT_MULTIPLIER: '10000',
          LOG_LEVEL: 'error',
          // Ready while 7 MiB are free at the start; out of rotation once less than 5 MiB are left.
          UPLOAD_MIN_FREE_MB: '5',
        },
      });
      const { url } = app;

      const replies: SubmissionReply[] = [];
      for (let sent = 0; sent < MAX_SUBMISSIONS; sent += BATCH) {
        const batch = await Promise.all(Array.from({ length: BATCH }, (_, index) => buildSubmission(sent + index)));
        const answers = await Promise.all(batch.map((submission) => postSubmission(url, submission)));
        replies.push(...answers);
        // Full: a whole batch refused after at least one earlier refusal.
        if (answers.every((reply) => reply.status !== 201) && replies.filter((r) => r.status !== 201).length > BATCH)
          break;
      }
      const healthDuringFull = (await fetch(`${url}/healthz`)).status;
      const readyDuringFull = (await fetch(`${url}/readyz`)).status;

      const accepted = replies.filter((reply) => reply.status === 201).length;
      const refused = replies.filter((reply) => reply.status !== 201);
      const refusedStatuses = [...new Set(refused.map((reply) => reply.status))].sort();
      const refusedBodies = [...new Set(refused.map((reply) => reply.text))];

      // Staging: every request's temp folder goes when its answer is sent (formidable may unlink a moment later).
      let staging: string[] = [];
      for (let attempt = 0; attempt < 20; attempt += 1) {
        staging = readdirSync(path.join(uploadDir, 'tmp'));
        if (staging.length === 0) break;
        await sleep(100);
      }

      const connection = await database.connect();
      let documents: DocumentRow[];
      let applications: Array<{ id: string }>;
      try {
        [applications] = (await connection.query('SELECT id FROM applications')) as unknown as [typeof applications];
        [documents] = (await connection.query(
          'SELECT application_id, kind, storage_key, size_bytes, sha256 FROM application_documents',
        )) as unknown as [DocumentRow[]];
      } finally {
        await connection.end();
      }
      const broken = await brokenDocuments(uploadDir, scratch, documents);
      const incomplete = applications.filter(
        (row) => documents.filter((doc) => doc.application_id === row.id).length !== 3,
      );
      const referenced = new Set(documents.map((row) => row.storage_key));
      const orphans = listFiles(path.join(uploadDir, 'documents')).filter(
        (file) => !referenced.has(path.basename(file)),
      );

      // Space freed: the next submission goes through again without a restart.
      rmSync(filler);
      const after = await postSubmission(url, await buildSubmission(999));
      const readyAfter = (await fetch(`${url}/readyz`)).status;

      console.log(
        `N3: upload dir on ${mounted.kind} (${FILLER_MIB} MiB pre-filled); ${replies.length} submissions: ${accepted} accepted, ` +
          `${refused.length} refused with ${refusedStatuses.join('/')} + Retry-After ${JSON.stringify(refusedBodies)}; ` +
          `committed rows pointing at missing/truncated files ${broken.length}, applications without all 3 documents ${incomplete.length}, ` +
          `orphan document files ${orphans.length}, staging entries left ${staging.length}; ` +
          `/healthz ${healthDuringFull} and /readyz ${readyDuringFull} while full; after freeing space: submission ${after.status}, /readyz ${readyAfter}`,
      );
      expect(accepted).toBeGreaterThan(0);
      expect(refused.length).toBeGreaterThan(0);
      for (const status of refusedStatuses) expect([503, 507]).toContain(status);
      expect(refused.every((reply) => (reply.retryAfter ?? 0) > 0)).toBe(true);
      for (const body of refusedBodies) expect(body).not.toMatch(/ENOSPC|EDQUOT|\/|\bat\s|Internal error/);
      expect(broken).toEqual([]);
      expect(incomplete).toEqual([]);
      expect(staging).toEqual([]);
      expect(healthDuringFull).toBe(200);
      expect(readyDuringFull).toBe(503);
      expect(after.status).toBe(201);
      expect(readyAfter).toBe(200);
      app.child.kill('SIGTERM');
      expect(await app.exited).toBe(0);
    } finally {
      // A failed assertion must not leave the server process or the mount behind.
      await killIfRunning(app);
      mounted.unmount();
      await database.drop();
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
