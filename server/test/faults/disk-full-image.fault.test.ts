import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stripImageMetadata } from '../../services/applications/index';
import { noisePng } from '../statements/bad-files';

// N3 (docs/security.md 3), one step at a time: an image's metadata is stripped into a copy beside the upload, the one
// write of the submission that happens outside the storage's own writers. On a full disk it answers the generic 503
// like every other write, never a 500. A real ENOSPC from a full tmpfs, never a mock.

describe('N3 disk full while an image is cleaned', () => {
  it('answers the generic 503 and leaves the upload as it was', async (context) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'funding-n3-image-'));
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=256k,mode=0700', 'tmpfs', dir]).status !== 0) {
      rmSync(dir, { recursive: true, force: true });
      console.log('N3 image: skipped: a tmpfs mount is not permitted here (needs root / CAP_SYS_ADMIN)');
      context.skip();
      return;
    }
    try {
      const image = path.join(dir, 'licence.png');
      const png = noisePng();
      writeFileSync(image, png);
      // Whatever space is left goes to a filler: the cleaned copy has nowhere to go.
      spawnSync('dd', ['if=/dev/zero', `of=${path.join(dir, 'filler')}`, 'bs=4k'], { encoding: 'utf8' });
      await expect(stripImageMetadata(image, 'png')).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: 'Service temporarily unavailable. Please try again shortly.',
      });
      expect(spawnSync('ls', [dir], { encoding: 'utf8' }).stdout.trim().split('\n').sort()).toEqual([
        'filler',
        'licence.png',
      ]);
    } finally {
      spawnSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
