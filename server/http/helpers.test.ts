import { describe, expect, it } from 'vitest';
import { parseCookies } from './helpers';

describe('parseCookies', () => {
  it('answers each header with its own cookies, whichever header was parsed before', () => {
    const first = 'session=aaa; visitor=v1';
    const second = 'session=bbb; claim=c%20d';
    expect(Object.fromEntries(parseCookies(first))).toEqual({ session: 'aaa', visitor: 'v1' });
    expect(Object.fromEntries(parseCookies(second))).toEqual({ session: 'bbb', claim: 'c d' });
    // The same header again (the context's three readers): the same cookies.
    expect(Object.fromEntries(parseCookies(second))).toEqual({ session: 'bbb', claim: 'c d' });
    expect(Object.fromEntries(parseCookies(first))).toEqual({ session: 'aaa', visitor: 'v1' });
    expect(parseCookies(undefined).size).toBe(0);
    expect(parseCookies(first).get('session')).toBe('aaa');
  });

  it('keeps the first of a repeated name and a malformed escape as it is', () => {
    expect(Object.fromEntries(parseCookies('a=1; a=2; b=%zz; c'))).toEqual({ a: '1', b: '%zz' });
  });
});
