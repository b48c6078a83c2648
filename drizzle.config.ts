import { defineConfig } from 'drizzle-kit';

// drizzle-kit rejects an empty password field, so the URL form is used.
export default defineConfig({
  dialect: 'mysql',
  schema: './drizzle/schema/index.ts',
  out: './drizzle/migrations',
  dbCredentials: { url: process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/funding' },
});
