import { randomUUID } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import { createLucia } from './auth/lucia';
import { createDatabase, type Database } from './db';
import type { AppDeps } from './deps';
import type { Env } from './env';
import { isForeignOrigin, securityHeaders } from './http/security';
import { createStaticHandler } from './http/static';
import { sendText } from './http/helpers';
import { type Logger, maskUrlForLog } from './lib/logger';
import { loadDocumentKeys, setDocumentKeyring } from './lib/crypto';
import { createLocalStorage } from './lib/storage';
import { createRestHandler } from './rest/index';
import { appRouter } from './routers/index';
import { createMailer } from './lib/mail';
import { createRateLimiter } from './lib/rate-limit';
import { createRequestContext } from './trpc/context';
import { retryAfterOf, toTRPCError } from './trpc/errors';

export const DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));

export function createDeps(
  env: Env,
  log: Logger,
  database: Database = createDatabase(env.DATABASE_URL, env.DB_POOL_SIZE),
): AppDeps {
  return {
    db: database.db,
    pool: database.pool,
    env,
    log,
    mailer: createMailer({ smtpUrl: env.SMTP_URL, mailDir: env.MAIL_DIR, from: env.MAIL_FROM, log }),
    lucia: createLucia(database.db, database.pool, env.secureCookies),
    limiter: createRateLimiter(database.db, env.RATE_LIMIT_MULTIPLIER),
    storage: createLocalStorage(env.UPLOAD_DIR, {
      keys: setDocumentKeyring(
        loadDocumentKeys({
          configured: env.DOCUMENT_KEYS,
          dataEncryptionKey: env.DATA_ENCRYPTION_KEY,
          varDir: env.VAR_DIR,
          isProduction: env.isProduction,
        }),
      ),
    }),
  };
}

export type App = { server: http.Server; isDraining: () => boolean; startDrain: () => void };

export function createApp(deps: AppDeps, opts: { distDir?: string } = {}): App {
  const applyHeaders = securityHeaders({ mapsEnabled: Boolean(deps.env.GOOGLE_MAPS_API_KEY) });
  const handleRest = createRestHandler(deps);
  const handleStatic = createStaticHandler(opts.distDir ?? DIST_DIR);
  let draining = false;

  async function handleTrpc(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
    res.setHeader('Cache-Control', 'no-store');
    await nodeHTTPRequestHandler({
      router: appRouter,
      req,
      res,
      path: pathname.slice('/trpc/'.length),
      createContext: ({ req: request, res: response }) => createRequestContext(deps, request, response),
      // One HTTP request must not carry an unbounded number of calls, nor an unbounded body (docs/security.md I).
      maxBatchSize: 10,
      maxBodySize: 1024 * 1024,
      responseMeta({ errors }) {
        const retryAfter = errors.map((error) => retryAfterOf(toTRPCError(error))).find(Boolean);
        return retryAfter ? { headers: { 'Retry-After': String(retryAfter) } } : {};
      },
      onError({ error, path }) {
        const safe = toTRPCError(error);
        if (safe.code === 'INTERNAL_SERVER_ERROR') deps.log.error({ err: error.cause ?? error, path }, 'trpc error');
      },
    });
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const requestId = randomUUID();
    res.setHeader('X-Request-Id', requestId);
    const url = new URL(req.url ?? '/', 'http://internal');
    const { pathname } = url;
    applyHeaders(res, pathname);
    if (req.method === 'TRACE' || req.method === 'TRACK' || req.method === 'CONNECT')
      return sendText(res, 405, 'Method not allowed');
    // Liveness only: the event loop answers.
    if (pathname === '/healthz') return sendText(res, 200, 'ok');
    if (pathname === '/readyz') return handleReady(res);
    const isApi = pathname.startsWith('/api/') || pathname === '/api';
    const isTrpc = pathname.startsWith('/trpc/');
    if (isApi || isTrpc) {
      res.setHeader('Cache-Control', 'no-store');
      if (draining) {
        res.setHeader('Connection', 'close');
        res.setHeader('Retry-After', '5');
        return sendText(res, 503, 'Server is restarting. Please try again shortly.');
      }
      if (isForeignOrigin(req, deps.env.allowedOrigins))
        return sendText(res, 403, 'Forbidden: cross-site request refused');
    }
    if (isTrpc) return handleTrpc(req, res, pathname);
    if (isApi) return handleRest(req, res, url);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed');
    handleStatic(req, res, pathname);
  }

  async function handleReady(res: http.ServerResponse) {
    if (draining) return sendText(res, 503, 'draining');
    try {
      await Promise.race([
        deps.pool.query('SELECT 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1000)),
      ]);
    } catch {
      return sendText(res, 503, 'database unavailable');
    }
    // A full upload disk refuses every submission (503): take the instance out of rotation until space is freed.
    const free = await statfs(deps.env.UPLOAD_DIR).then(
      (stats) => stats.bavail * stats.bsize,
      () => null,
    );
    if (free !== null && free < deps.env.UPLOAD_MIN_FREE_MB * 1024 * 1024) {
      return sendText(res, 503, 'upload storage full');
    }
    sendText(res, 200, 'ready');
  }

  const server = http.createServer((req, res) => {
    const started = performance.now();
    res.on('finish', () => {
      if (res.statusCode >= 500 || deps.log.isLevelEnabled('debug')) {
        deps.log.info(
          {
            method: req.method,
            url: maskUrlForLog(req.url ?? ''),
            status: res.statusCode,
            ms: Math.round(performance.now() - started),
          },
          'request',
        );
      }
    });
    handle(req, res).catch((error: unknown) => {
      deps.log.error({ err: error }, 'request failed');
      if (!res.headersSent) sendText(res, 500, 'Internal error');
      else res.destroy();
    });
  });
  // Sized for a 60 MiB upload on a slow link; headers must arrive quickly (slowloris).
  server.headersTimeout = 20_000;
  server.requestTimeout = 10 * 60_000;
  server.keepAliveTimeout = 5_000;
  server.maxConnections = 2_000;

  return {
    server,
    isDraining: () => draining,
    startDrain: () => {
      draining = true;
    },
  };
}
