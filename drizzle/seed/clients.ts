// Client accounts: about one per three applications, all sharing one demo password. Each client keeps the
// tallies the rewards seed needs (applications, loans, on-time payments, payoffs) as later seeds add to them.
import type { Connection } from 'mysql2/promise';
import { createWriter } from './bulk-writer';
import { DAY_MS, seededId, toSql, type Random, type SeedClock } from './random';
import { FIRST_NAMES, LAST_NAMES, businessName } from './words';

export type Client = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  businessName: string;
  createdAt: Date;
  applications: number;
  funded: number;
  onTimePayments: number;
  paidOff: number;
};

const USER_COLUMNS = [
  'id',
  'email',
  'password_hash',
  'first_name',
  'last_name',
  'business_name',
  'role',
  'is_active',
  'email_verified_at',
  'last_login_at',
  'created_at',
  'updated_at',
];

export const clientCountFor = (applicationCount: number) => Math.max(5, Math.round(applicationCount / 3));

export async function seedClients(input: {
  connection: Connection;
  random: Random;
  clock: SeedClock;
  count: number;
  passwordHash: string;
  /** Makes this run's emails unique next to earlier runs in the same database. */
  runTag: string;
}): Promise<Client[]> {
  const { random, clock, count, passwordHash, runTag } = input;
  const { now } = clock;
  const usersOut = createWriter(input.connection, 'users', USER_COLUMNS);
  const clients: Client[] = [];
  for (let index = 0; index < count; index += 1) {
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const company = businessName(random);
    const createdAt = new Date(now.getTime() - random.int(1, 730) * DAY_MS - random.int(0, 86_399) * 1000);
    const client: Client = {
      id: seededId(),
      email: `${firstName}.${lastName}.${runTag}${index}@seed.example`.toLowerCase(),
      firstName,
      lastName,
      businessName: company,
      createdAt,
      applications: 0,
      funded: 0,
      onTimePayments: 0,
      paidOff: 0,
    };
    clients.push(client);
    const lastLogin = random.chance(0.75)
      ? new Date(Math.min(now.getTime(), createdAt.getTime() + random.int(0, 400) * DAY_MS))
      : null;
    await usersOut.add([
      client.id,
      client.email,
      passwordHash,
      firstName,
      lastName,
      company,
      'client',
      random.chance(0.93) ? 1 : 0,
      random.chance(0.8) ? toSql(createdAt) : null,
      lastLogin ? toSql(lastLogin) : null,
      toSql(createdAt),
      toSql(createdAt),
    ]);
  }
  await usersOut.flush();
  return clients;
}
