import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './storage';

const root = mkdtempSync(path.join(os.tmpdir(), 'storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

describe('storage helpers', () => {
  it('opens a committed document as a readable local file', async () => {
    const storage = createLocalStorage(path.join(root, 'store'));
    const temp = path.join(storage.tempDir, 'upload-x');
    writeFileSync(temp, PDF);
    const key = await storage.commit(temp);
    const local = await storage.openLocal(key);
    expect(readFileSync(local.path)).toEqual(PDF);
    await local.dispose();
    await expect(storage.list()).resolves.toHaveLength(1);
  });

  it('sweeps only stale upload leftovers', async () => {
    const storage = createLocalStorage(path.join(root, 'sweep'));
    const stale = path.join(storage.tempDir, 'upload-stale');
    const fresh = path.join(storage.tempDir, 'upload-fresh');
    const foreign = path.join(storage.tempDir, 'other-file');
    mkdirSync(stale);
    mkdirSync(fresh);
    writeFileSync(foreign, 'x');
    const old = new Date(Date.now() - 2 * 3600_000);
    utimesSync(stale, old, old);
    utimesSync(foreign, old, old);
    expect(await storage.sweepTemp()).toBe(1);
    expect([existsSync(stale), existsSync(fresh), existsSync(foreign)]).toEqual([false, true, true]);
  });
});
