import type mysql from 'mysql2/promise';
import type { AuthLucia } from './auth/lucia';
import type { Db } from './db';
import type { Env } from './env';
import type { Logger } from './lib/logger';
import type { DocumentStorage } from './lib/storage';
import type { Mailer } from './lib/mail';
import type { RateLimiter } from './lib/rate-limit';

/** Everything a request may need, built once at boot (server/app.ts) and shared by tRPC and REST. */
export type AppDeps = {
  db: Db;
  pool: mysql.Pool;
  env: Env;
  log: Logger;
  mailer: Mailer;
  lucia: AuthLucia;
  limiter: RateLimiter;
  storage: DocumentStorage;
};
