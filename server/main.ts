import { mkdirSync } from 'node:fs';
import { createApp, createDeps } from './app';
import { createDatabase, prepareDatabase } from './db';
import { ConfigError, getEnv, type Env } from './env';
import { loadDataKey } from './lib/crypto';
import { createLogger } from './lib/logger';
import { sweepClaims, sweepOrphanDocuments, sweepIdempotencyKeys, startOcrLoop } from './services/applications/index';
import { sweepChatGuardSessions } from './services/chat-guard/index';
import { ensureReferenceData } from './services/rewards/index';
import { closeReader, warmUpReader } from './services/underwriting/index';

// In-flight requests (uploads included) get this long to finish after SIGTERM before connections are cut.
const DRAIN_TIMEOUT_MS = 25_000;

async function main() {
  let env: Env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(env.LOG_LEVEL);
  try {
    loadDataKey({ configured: env.DATA_ENCRYPTION_KEY, varDir: env.VAR_DIR, isProduction: env.isProduction });
  } catch (error) {
    process.stderr.write(`Invalid configuration:\n  DATA_ENCRYPTION_KEY: ${(error as Error).message}\n`);
    process.exit(1);
  }
  for (const dir of [env.UPLOAD_DIR, env.MAIL_DIR]) mkdirSync(dir, { recursive: true, mode: 0o700 });
  await prepareDatabase(env.DATABASE_URL);
  const database = createDatabase(env.DATABASE_URL, env.DB_POOL_SIZE);
  const deps = createDeps(env, log, database);
  await ensureReferenceData(deps.db);
  const app = createApp(deps, { distDir: env.DIST_DIR });

  // Housekeeping shared by every instance: expired sessions and counters, stale guard rows, abandoned upload
  // temp folders, documents a crash left without their row, and old idempotency records. Once at start-up too, so a
  // crash's leftovers go as soon as the server is back.
  const sweep = () =>
    Promise.all([
      deps.lucia.deleteExpiredSessions(),
      deps.limiter.sweep(),
      sweepChatGuardSessions(deps.db),
      deps.storage.sweepTemp(),
      sweepOrphanDocuments(deps),
      sweepIdempotencyKeys(deps.db),
      sweepClaims(deps.db),
    ]).catch((error: Error) => log.warn({ err: error.message }, 'sweep failed'));
  void sweep();
  const sweeper = setInterval(() => void sweep(), 10 * 60_000);
  sweeper.unref();
  // OCR of photographed and scanned statements, outside any request. It starts with jobs left queued
  // or claimed by a process that died before this start.
  const ocrLoop = startOcrLoop(deps);

  app.server.listen(env.PORT, env.HOST, () => {
    log.info({ url: env.publicUrl, port: env.PORT }, 'listening');
    // Start the statement-reader workers now, so the first applicant does not wait for pdf.js to load.
    warmUpReader().catch((error: Error) => log.warn({ err: error.message }, 'reader warm-up failed'));
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'draining');
    app.startDrain();
    clearInterval(sweeper);
    // Ends the OCR thread now; an unfinished job goes back to the queue before the database closes.
    const ocrStopped = ocrLoop.stop();
    const force = setTimeout(() => {
      log.warn('drain timeout: closing remaining connections');
      app.server.closeAllConnections();
    }, DRAIN_TIMEOUT_MS);
    force.unref();
    app.server.close(() => {
      ocrStopped
        .then(() => Promise.all([database.close(), closeReader()]))
        .catch(() => undefined)
        .finally(() => {
          log.info('stopped');
          process.exit(0);
        });
    });
    app.server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: Error) => {
  process.stderr.write(`Start-up failed: ${error.message}\n`);
  process.exit(1);
});
