import type mysql from 'mysql2/promise';
import type { Role } from '../src/shared/constants';
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

/** What a domain service may use; tests and the REST adapters pass the app's deps. */
export type ServiceDeps = Pick<AppDeps, 'db' | 'env' | 'log' | 'mailer' | 'limiter' | 'storage'>;

/** Who made the request, for audit rows and rate limits. */
export type RequestMeta = { ip: string; userAgent: string; requestId: string };

/** The staff member acting, for audit rows: actor, role and address. */
export type Actor = { id: string; role: Role; ip: string };
