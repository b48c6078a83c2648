// npm run db:migrate: creates the database if missing and applies drizzle/migrations (the server also does this at start).
import { prepareDatabase } from '../server/db';
import { ConfigError, getEnv } from '../server/env';

try {
  const env = getEnv();
  await prepareDatabase(env.DATABASE_URL);
  process.stdout.write('Database is up to date.\n');
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : `Migration failed: ${(error as Error).message}`}\n`);
  process.exit(1);
}
