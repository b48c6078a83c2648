import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { readAuthAnswer } from '@/lib/current-user';
import { createQueryClient } from '@/lib/query-client';
import { createTrpcClient, trpc } from '@/lib/trpc';
import { seedAuth, useAuth } from './use-auth';

function Probe() {
  const auth = useAuth();
  if (auth.isLoading) return <p>loading</p>;
  return <p>{auth.user ? `${auth.user.firstName} ${auth.isStaff ? 'staff' : 'client'}` : 'signed out'}</p>;
}

/** The app's first render (no request can answer during it): what useAuth shows from the cache alone. */
function firstRender(seed?: unknown) {
  const queryClient = createQueryClient();
  if (seed !== undefined) {
    const { sent } = readAuthAnswer({ result: { data: superjson.serialize(seed) } });
    if (sent) seedAuth(queryClient, sent);
  }
  return renderToString(
    <trpc.Provider client={createTrpcClient()} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <Probe />
      </QueryClientProvider>
    </trpc.Provider>,
  );
}

describe('an app started with the auth answer the page already has', () => {
  it('is signed in from its first render', () => {
    const omar = { id: 'u-2', email: 'omar@example.test', firstName: 'Omar', role: 'admin', mfaVerified: true };
    expect(firstRender(omar)).toBe('<p>Omar staff</p>');
    expect(firstRender({ ...omar, firstName: 'Nadia', role: 'client' })).toBe('<p>Nadia client</p>');
  });

  it('without one, waits for the server as before', () => {
    expect(firstRender()).toBe('<p>loading</p>');
  });
});
