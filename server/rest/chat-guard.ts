import { TRPCError } from '@trpc/server';
import { sendJson } from '../http/helpers';
import { ChatBlockedError, VerifyRefusedError } from '../services/chat-guard/index';
import type { RestRoute } from './types';

/** The guard's own error, whether thrown directly or wrapped by the tRPC caller. */
function guardErrorOf<E extends Error>(error: unknown, type: new (...args: never[]) => E): E | null {
  if (error instanceof type) return error;
  if (error instanceof TRPCError && error.cause instanceof type) return error.cause;
  return null;
}

// Rows of the /api route table for this area. Refusals answer JSON with the spec's shapes.
export const chatGuardRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/chat',
    body: true,
    handle: async ({ res, caller, body }) => {
      try {
        sendJson(res, 200, await caller.chatGuard.send(body as never));
      } catch (error) {
        const blocked = guardErrorOf(error, ChatBlockedError);
        if (!blocked) throw error;
        // 429 {state, nonce, message, retryAfter} while muted, whatever the client believes (docs/security.md L4).
        if (blocked.body.retryAfter !== null) res.setHeader('Retry-After', String(blocked.body.retryAfter));
        sendJson(res, 429, blocked.body);
      }
    },
  },
  { method: 'GET', path: '/api/loop-guard/my-status', call: ({ caller }) => caller.chatGuard.status() },
  {
    method: 'POST',
    path: '/api/loop-guard/verify',
    body: true,
    handle: async ({ res, caller, body }) => {
      try {
        sendJson(res, 200, await caller.chatGuard.verify(body as never));
      } catch (error) {
        const refused = guardErrorOf(error, VerifyRefusedError);
        if (!refused) throw error;
        sendJson(res, 400, refused.body);
      }
    },
  },
];
