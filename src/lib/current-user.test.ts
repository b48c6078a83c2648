import superjson from 'superjson';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStateOf, readAuthAnswer } from './current-user';

// What tRPC's GET of auth.current answers, as the server's superjson writes it.
const answerFor = (user: object | null) => ({ result: { data: superjson.serialize(user) } });
const NADIA = {
  id: 'user-1',
  email: 'nadia@example.test',
  firstName: 'Nadia',
  lastName: 'Quinn',
  businessName: 'Quinn Bakery LLC',
  role: 'client',
  mfaVerified: false,
  totpEnabled: false,
};

describe('readAuthAnswer', () => {
  it('reads a signed-in answer: the bar gets the first name and role, the app the answer as sent', () => {
    const body = answerFor(NADIA);
    const answer = readAuthAnswer(body);
    expect(answer.user).toEqual({ firstName: 'Nadia', role: 'client' });
    expect(answer.sent && superjson.deserialize(answer.sent)).toEqual(NADIA);
  });

  it('reads nobody signed in, an error answer and anything unexpected as signed out', () => {
    for (const body of [
      answerFor(null),
      { error: { json: { message: 'Internal error' } } },
      null,
      'Internal error',
      { result: { data: { json: { ...NADIA, role: 'owner' } } } },
      { result: { data: { json: { ...NADIA, firstName: 7 } } } },
    ]) {
      expect(readAuthAnswer(body), JSON.stringify(body)).toEqual({ user: null, sent: null });
    }
  });
});

describe('authStateOf', () => {
  it('tells loading, signed out, a client and staff apart', () => {
    expect(authStateOf(null, true)).toEqual({ user: null, isLoading: true, isAuthenticated: false, isStaff: false });
    expect(authStateOf(null, false)).toMatchObject({ isAuthenticated: false, isStaff: false });
    expect(authStateOf({ role: 'client' as const }, false)).toMatchObject({ isAuthenticated: true, isStaff: false });
    expect(authStateOf({ role: 'admin' as const }, false)).toMatchObject({ isAuthenticated: true, isStaff: true });
    expect(authStateOf({ role: 'super_admin' as const }, false)).toMatchObject({ isStaff: true });
  });
});

describe('fetchAuthAnswer', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.resetModules();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server once per page, however many parts of the page want the answer', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(answerFor(NADIA)), { status: 200 }));
    const { fetchAuthAnswer } = await import('./current-user');
    const [first, second] = await Promise.all([fetchAuthAnswer(), fetchAuthAnswer()]);
    expect(first.user).toEqual({ firstName: 'Nadia', role: 'client' });
    expect(second).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/trpc/auth.current');
  });

  it('reads a failed request or a server error as signed out', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { fetchAuthAnswer } = await import('./current-user');
    expect(await fetchAuthAnswer()).toEqual({ user: null, sent: null });

    vi.resetModules();
    fetchMock.mockResolvedValueOnce(new Response('Internal error', { status: 500 }));
    const again = await import('./current-user');
    expect(await again.fetchAuthAnswer()).toEqual({ user: null, sent: null });
  });
});
