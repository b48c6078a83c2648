import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';

describe('configuration', () => {
  it('runs a fresh machine on defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATABASE_URL: 'mysql://root@127.0.0.1:3306/funding', UPLOAD_DIR: 'var/uploads', MAIL_DIR: 'var/mail' });
    expect(env.publicUrl).toBe('http://localhost:3000');
    expect(env.secureCookies).toBe(false);
  });

  it('names the key of a bad value', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'postgres://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ LOG_LEVEL: 'loud' })).toThrow(ConfigError);
  });

  it('keeps an offer open 30 days unless told otherwise, and refuses a period that is not whole days', () => {
    expect(parseEnv({}).OFFER_VALID_DAYS).toBe(30);
    expect(parseEnv({ OFFER_VALID_DAYS: '14' }).OFFER_VALID_DAYS).toBe(14);
    expect(() => parseEnv({ OFFER_VALID_DAYS: '0' })).toThrow(/OFFER_VALID_DAYS/);
    expect(() => parseEnv({ OFFER_VALID_DAYS: '2.5' })).toThrow(/OFFER_VALID_DAYS/);
  });

  it('refuses production without an encryption key or over plain http', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://funding.example' })).toThrow(/DATA_ENCRYPTION_KEY/);
    expect(() => parseEnv({ NODE_ENV: 'production', DATA_ENCRYPTION_KEY: 'k' })).toThrow(/PUBLIC_URL/);
    const env = parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://funding.example', DATA_ENCRYPTION_KEY: 'k' });
    expect(env.secureCookies).toBe(true);
    expect(env.allowedOrigins).toEqual(['https://funding.example']);
  });

  it('checks DOCUMENT_KEYS without ever echoing a key', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(parseEnv({ DOCUMENT_KEYS: `k2:${key},k1:${Buffer.alloc(32, 9).toString('base64')}` }).DOCUMENT_KEYS).toMatch(
      /^k2:/,
    );
    const short = Buffer.alloc(31, 7).toString('base64');
    expect(() => parseEnv({ DOCUMENT_KEYS: `k1:${short}` })).toThrow(
      /DOCUMENT_KEYS: entry 1 \(k1\): the key must be 32 bytes/,
    );
    expect(() => parseEnv({ DOCUMENT_KEYS: `k1:${short}` })).not.toThrow(short);
    expect(() => parseEnv({ DOCUMENT_KEYS: `k1:${key},k1:${key}` })).toThrow(
      /DOCUMENT_KEYS: entry 2: id k1 appears twice/,
    );
    expect(() => parseEnv({ DOCUMENT_KEYS: 'k0:derived' })).toThrow(
      /DOCUMENT_KEYS: a `derived` key needs DATA_ENCRYPTION_KEY/,
    );
    expect(parseEnv({ DOCUMENT_KEYS: 'k0:derived', DATA_ENCRYPTION_KEY: key }).DOCUMENT_KEYS).toBe('k0:derived');
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ PORT: '', SMTP_URL: '' }).PORT).toBe(3000);
  });
});

describe('lender configuration', () => {
  it('runs on the fictional demo lender when nothing is set', () => {
    const { lender } = parseEnv({});
    expect(lender).toMatchObject({ brandName: 'Summit Funding', legalName: 'Summit Funding Demo LLC', nmlsId: null });
    expect(lender.phoneHref).toBe('tel:+18005550142');
  });

  it('takes every detail from the LENDER_* keys', () => {
    const { lender } = parseEnv({
      LENDER_LEGAL_NAME: 'Northwind Capital LLC',
      LENDER_BRAND_NAME: 'Northwind',
      LENDER_ADDRESS: '9 Harbor Way | Suite 2 | Portland, OR 97201',
      LENDER_PHONE: '(503) 555-0199',
      LENDER_SUPPORT_EMAIL: 'help@northwind.example',
      LENDER_HOURS: 'Monday-Friday 9:00 AM - 5:00 PM PT',
      LENDER_NMLS_ID: '123456',
      LENDER_LICENSES: 'California Financing Law license 60DBO-00000 | Not a licence in any other state',
    });
    expect(lender.addressLines).toEqual(['9 Harbor Way', 'Suite 2', 'Portland, OR 97201']);
    expect(lender.address).toBe('9 Harbor Way, Suite 2, Portland, OR 97201');
    expect(lender.licenseLines).toHaveLength(2);
    expect(lender.nmlsId).toBe('123456');
  });

  it('stops start on a bad value and names the key', () => {
    expect(() => parseEnv({ LENDER_PHONE: '555' })).toThrow(/LENDER_PHONE: must look like \(800\) 555-0142/);
    expect(() => parseEnv({ LENDER_SUPPORT_EMAIL: 'nobody' })).toThrow(/LENDER_SUPPORT_EMAIL/);
    expect(() => parseEnv({ LENDER_NMLS_ID: 'NMLS 12' })).toThrow(/LENDER_NMLS_ID/);
    expect(() => parseEnv({ LENDER_LICENSES: ' | ' })).toThrow(ConfigError);
  });
});
