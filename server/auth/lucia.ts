import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Pool, RowDataPacket } from 'mysql2/promise';
import { Lucia, TimeSpan, type Adapter, type DatabaseSession, type DatabaseUser } from 'lucia';
import { sessions } from '../../drizzle/schema/index';
import type { Role } from '../../src/shared/constants';
import { isStaff } from '../../src/shared/roles';
import type { Db } from '../db';
import { sha256Hex } from '../lib/crypto';
import { asUtcDate } from '../lib/dates';

// lucia v3 is unmaintained upstream: it stays behind server/auth/ only (docs/product.md 2).
export const CLIENT_IDLE_SECONDS = 7 * 24 * 3600;
export const STAFF_IDLE_SECONDS = 30 * 60; // NIST 800-63B AAL2 reauthentication after 30 min idle
export const CLIENT_ABSOLUTE_SECONDS = 30 * 24 * 3600;
export const STAFF_ABSOLUTE_SECONDS = 12 * 3600;

type SessionAttributes = { absoluteExpiresAt: Date; idleSeconds: number; mfaVerified: boolean };
type UserAttributes = {
  email: string;
  firstName: string;
  lastName: string;
  businessName: string;
  role: Role;
  isActive: boolean;
  totpEnabled: boolean;
  createdAt: Date;
};

declare module 'lucia' {
  interface Register {
    Lucia: AuthLucia;
    DatabaseSessionAttributes: SessionAttributes;
    DatabaseUserAttributes: UserAttributes;
  }
}

/**
 * lucia extends a session (one UPDATE and a new cookie) once less than half of ITS window, the client idle time,
 * remains. Staff windows are 30 minutes, so staff sessions would be written on every request. Reporting the expiry
 * shifted by half the difference makes lucia extend each session once half of its own window has passed: for staff,
 * one write per 15 minutes. The real expiry is enforced in getSessionAndUser, before lucia sees the session.
 */
export function expiryReportedToLucia(expiresAt: Date, idleSeconds: number): Date {
  return new Date(expiresAt.getTime() + Math.max(0, CLIENT_IDLE_SECONDS - idleSeconds) * 500);
}

/**
 * Stores SHA-256(session id) instead of the id: a database leak yields no usable cookie.
 * lucia hands us the raw id from the cookie; every method hashes it before touching the table.
 */
type SessionRow = {
  user_id: string;
  expires_at: string;
  absolute_expires_at: string;
  idle_seconds: number;
  mfa_verified: number;
  email: string;
  first_name: string;
  last_name: string;
  business_name: string;
  role: Role;
  is_active: number;
  totp_enabled: number;
  created_at: string;
};

// The hot path of every signed-in request. A constant, parameterised statement run with mysql2's execute
// (server-side prepared): drizzle's builder and row mapping cost about half the throughput here
// (bench/api.ts measures it).
const SESSION_SQL = `SELECT s.user_id, s.expires_at, s.absolute_expires_at, s.idle_seconds, s.mfa_verified,
  u.email, u.first_name, u.last_name, u.business_name, u.role, u.is_active, u.totp_secret_enc IS NOT NULL AS totp_enabled, u.created_at
  FROM sessions s INNER JOIN users u ON u.id = s.user_id WHERE s.id = ? LIMIT 1`;

/**
 * Stores SHA-256(session id) instead of the id: a database leak yields no usable cookie.
 * lucia hands us the raw id from the cookie; every method hashes it before touching the table.
 */
export class HashedSessionAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly pool: Pool,
  ) {}

  async getSessionAndUser(sessionId: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const [rows] = await this.pool.execute<(SessionRow & RowDataPacket)[]>(SESSION_SQL, [sha256Hex(sessionId)]);
    const row = rows[0];
    if (!row) return [null, null];
    const absoluteExpiresAt = asUtcDate(row.absolute_expires_at);
    const expiresAt = asUtcDate(row.expires_at);
    // Disabled accounts, idle sessions and sessions past their absolute lifetime end on the very next request.
    if (!row.is_active || absoluteExpiresAt.getTime() <= Date.now() || expiresAt.getTime() <= Date.now()) {
      await this.deleteSession(sessionId);
      return [null, null];
    }
    return [
      {
        id: sessionId,
        userId: row.user_id,
        expiresAt: expiryReportedToLucia(expiresAt, row.idle_seconds),
        attributes: { absoluteExpiresAt, idleSeconds: row.idle_seconds, mfaVerified: Boolean(row.mfa_verified) },
      },
      {
        id: row.user_id,
        attributes: {
          email: row.email,
          firstName: row.first_name,
          lastName: row.last_name,
          businessName: row.business_name,
          role: row.role,
          isActive: Boolean(row.is_active),
          totpEnabled: Boolean(row.totp_enabled),
          createdAt: asUtcDate(row.created_at),
        },
      },
    ];
  }

  async getUserSessions(userId: string): Promise<DatabaseSession[]> {
    const rows = await this.db
      .select({
        id: sessions.id,
        expiresAt: sessions.expiresAt,
        absoluteExpiresAt: sessions.absoluteExpiresAt,
        idleSeconds: sessions.idleSeconds,
        mfaVerified: sessions.mfaVerified,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    // Ids here are hashes: they can list sessions but never act as a cookie.
    return rows.map((row) => ({
      id: row.id,
      userId,
      expiresAt: asUtcDate(row.expiresAt),
      attributes: {
        absoluteExpiresAt: asUtcDate(row.absoluteExpiresAt),
        idleSeconds: row.idleSeconds,
        mfaVerified: row.mfaVerified,
      },
    }));
  }

  async setSession(session: DatabaseSession): Promise<void> {
    const { absoluteExpiresAt, idleSeconds, mfaVerified } = session.attributes;
    const idleEnd = new Date(Date.now() + idleSeconds * 1000);
    await this.db.insert(sessions).values({
      id: sha256Hex(session.id),
      userId: session.userId,
      expiresAt: new Date(Math.min(session.expiresAt.getTime(), idleEnd.getTime(), absoluteExpiresAt.getTime())),
      absoluteExpiresAt,
      idleSeconds,
      mfaVerified,
    });
  }

  async updateSessionExpiration(sessionId: string, _expiresAt: Date): Promise<void> {
    // The sliding window is per session (staff 30 min, clients 7 days), capped by the absolute lifetime.
    await this.db
      .update(sessions)
      .set({
        expiresAt: sql`LEAST(DATE_ADD(UTC_TIMESTAMP(), INTERVAL ${sessions.idleSeconds} SECOND), ${sessions.absoluteExpiresAt})`,
      })
      .where(eq(sessions.id, sha256Hex(sessionId)));
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, sha256Hex(sessionId)));
  }

  async deleteUserSessions(userId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
  }

  async deleteExpiredSessions(): Promise<void> {
    const now = new Date();
    await this.db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.absoluteExpiresAt, now)));
  }
}

function buildLucia(db: Db, pool: Pool, secure: boolean) {
  return new Lucia(new HashedSessionAdapter(db, pool), {
    sessionExpiresIn: new TimeSpan(CLIENT_IDLE_SECONDS, 's'),
    sessionCookie: {
      // __Host- needs Secure; plain-http development uses an unprefixed name.
      name: secure ? '__Host-session' : 'session',
      expires: true,
      attributes: { secure, sameSite: 'lax' },
    },
    getSessionAttributes: (attributes) => ({ mfaVerified: attributes.mfaVerified }),
    getUserAttributes: (attributes) => attributes,
  });
}
export type AuthLucia = ReturnType<typeof buildLucia>;

export function createLucia(db: Db, pool: Pool, secure: boolean): AuthLucia {
  return buildLucia(db, pool, secure);
}

export function sessionLifetimes(role: Role) {
  return isStaff(role)
    ? { idleSeconds: STAFF_IDLE_SECONDS, absoluteSeconds: STAFF_ABSOLUTE_SECONDS }
    : { idleSeconds: CLIENT_IDLE_SECONDS, absoluteSeconds: CLIENT_ABSOLUTE_SECONDS };
}

/** Creates a session with the role's lifetimes. Staff sessions start without staff rights until the code step. */
export async function startSession(lucia: AuthLucia, userId: string, role: Role, mfaVerified: boolean) {
  const { idleSeconds, absoluteSeconds } = sessionLifetimes(role);
  const absoluteExpiresAt = new Date(Date.now() + absoluteSeconds * 1000);
  return lucia.createSession(userId, { absoluteExpiresAt, idleSeconds, mfaVerified });
}

export async function markSessionMfaVerified(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ mfaVerified: true })
    .where(and(eq(sessions.id, sha256Hex(sessionId))));
}

export type AuthUser = { id: string } & UserAttributes;
export type AuthSession = { id: string; expiresAt: Date; fresh: boolean; mfaVerified: boolean };
