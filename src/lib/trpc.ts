import { createTRPCReact, httpBatchLink } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import type { AppRouter } from '../../server/routers/index';

export const trpc = createTRPCReact<AppRouter>();

export function createTrpcClient() {
  return trpc.createClient({
    // The server refuses batches above 10 calls; keep the client at or below it.
    links: [httpBatchLink({ url: '/trpc', transformer: superjson, maxItems: 10 })],
  });
}

/** What each procedure answers, as the client receives it (superjson keeps Dates): the one source of server shapes. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;
