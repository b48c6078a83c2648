import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from '../routers/index';
import type { Context } from '../trpc/context';

export type RestArgs = {
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string>;
  query: URLSearchParams;
  ctx: Context;
  caller: Caller;
  /** The parsed JSON body (`{}` when empty); only read for routes that declare `body: true`. */
  body: unknown;
};

/**
 * A row of the route table. `call` returns the JSON answer (200); `handle` writes the response itself
 * (redirects, files, multipart). Errors thrown by either become "<status>: <message>" answers.
 */
export type RestRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: boolean;
  status?: number;
} & ({ call: (args: RestArgs) => Promise<unknown> } | { handle: (args: RestArgs) => Promise<void> });
