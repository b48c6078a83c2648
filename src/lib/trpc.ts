import { createTRPCReact, httpBatchLink } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../server/routers/index';

export const trpc = createTRPCReact<AppRouter>();

export function createTrpcClient() {
  return trpc.createClient({
    // The server refuses batches above 10 calls; keep the client at or below it.
    links: [httpBatchLink({ url: '/trpc', transformer: superjson, maxItems: 10 })],
  });
}
