import { bigint } from 'drizzle-orm/mysql-core';

/** Default for created/updated columns, set by the app so every instance agrees with its own clock in UTC. */
export const now = () => new Date();

/** Money: integer cents in a BIGINT, read as a JS number (safe far beyond any amount this lender handles). */
export const cents = (name: string) => bigint(name, { mode: 'number' });
