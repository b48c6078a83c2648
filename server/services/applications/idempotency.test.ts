import { describe, expect, it } from 'vitest';
import {
  applicationKey,
  canonicalJson,
  fingerprintOf,
  inFlightApplicationId,
  isLeaseLive,
  IDEMPOTENCY_LEASE_MS,
  keyScopeOf,
  type IdempotencyRecord,
} from './idempotency';

const record = (over: Partial<IdempotencyRecord>): IdempotencyRecord => ({
  key: 'apply:x',
  fingerprint: 'f',
  state: 'in_flight',
  statusCode: null,
  responseBody: null,
  touchedAt: new Date(),
  ...over,
});

describe('idempotency', () => {
  it('fingerprints payloads independently of key order, and tells different payloads apart', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"e":3,"f":2}]},"b":1}',
    );
    expect(fingerprintOf({ a: 1, b: 2 })).toBe(fingerprintOf({ b: 2, a: 1 }));
    expect(fingerprintOf({ a: 1 })).not.toBe(fingerprintOf({ a: 2 }));
  });

  it('scopes keys to submissions and to whoever made them, case-insensitively', () => {
    const key = 'ABCDEF00-0000-4000-8000-000000000000';
    expect(applicationKey(key)).toBe('apply:abcdef00-0000-4000-8000-000000000000');
    expect(applicationKey(key, keyScopeOf({ userId: 'u1', sentVisitorHash: 'v1' }))).toBe(
      'apply:u:u1:abcdef00-0000-4000-8000-000000000000',
    );
    expect(applicationKey(key, keyScopeOf({ userId: null, sentVisitorHash: 'v1' }))).toBe(
      'apply:v:v1:abcdef00-0000-4000-8000-000000000000',
    );
    expect(keyScopeOf({ userId: null, sentVisitorHash: null })).toBeNull();
  });

  it('treats an in-flight row as alive only within its lease', () => {
    const now = Date.now();
    expect(isLeaseLive(record({ touchedAt: new Date(now - 1000) }), now)).toBe(true);
    expect(isLeaseLive(record({ touchedAt: new Date(now - IDEMPOTENCY_LEASE_MS - 1) }), now)).toBe(false);
    expect(isLeaseLive(record({ state: 'done' }), now)).toBe(false);
  });

  it('reads the application of an in-flight row', () => {
    expect(inFlightApplicationId(record({ responseBody: '{"applicationId":"abc"}' }))).toBe('abc');
    expect(inFlightApplicationId(record({ responseBody: 'not json' }))).toBeNull();
  });
});
