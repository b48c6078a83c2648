// The reader's warm-up at server start: a built-in synthetic statement the workers read (so it must read as a
// statement), and a pool that keeps one warm worker through idle time once warmed.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildLedger } from '../../test/statements/ledger';
import { renderStatementPdf } from '../../test/statements/render';
import { extractPdfText } from './pdf-text';
import { ReaderPool } from './reader-pool';
import { warmUpStatementPdf } from './reader-warmup';
import { parseStatementPages } from './statement-parser';

const waitFor = async (condition: () => boolean) => {
  for (let tries = 0; tries < 200 && !condition(); tries += 1) await new Promise((done) => setTimeout(done, 25));
};

describe('reader warm-up', { timeout: 90_000 }, () => {
  it('reads the built-in warm-up statement as a statement, so the warm-up runs the parser too', async () => {
    const text = await extractPdfText(warmUpStatementPdf());
    if (!text.ok) throw new Error(text.reason);
    expect(text.pageCount).toBe(4);
    const parsed = parseStatementPages(text.pages);
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(parsed.statement.segments[0]?.periodStart).toBe('2026-01-01');
    expect(parsed.statement.segments[0]?.transactions.length).toBeGreaterThan(100);
  });

  it('keeps one warm worker through idle time once warmed, and reads with it alone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'reader-warmup-'));
    const path = join(dir, 'statement.pdf');
    await writeFile(
      path,
      await renderStatementPdf(buildLedger({ seed: 5, firstMonth: '2025-03', months: 1 }), { layout: 'signed-amount' }),
    );
    const options = { size: 2, heapMb: 192, timeoutMs: 60_000, startTimeoutMs: 60_000, idleMs: 50 };
    const cold = new ReaderPool(options);
    const warm = new ReaderPool(options);
    try {
      expect((await cold.read(path)).ok).toBe(true);
      await waitFor(() => cold.workerCount === 0);
      expect(cold.workerCount).toBe(0);

      await warm.warmUp();
      await waitFor(() => warm.workerCount < 2);
      await new Promise((done) => setTimeout(done, 200));
      expect(warm.workerCount).toBe(1);
      const read = await warm.read(path);
      expect(read.ok && read.statement.segments[0]?.periodStart).toBe('2025-03-01');
    } finally {
      await Promise.all([cold.close(), warm.close()]);
      await rm(dir, { recursive: true, force: true });
    }
  });
});
