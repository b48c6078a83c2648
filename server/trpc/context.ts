import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AuthSession, AuthUser } from '../auth/lucia';
import { readDevice, UNTRUSTED_DEVICE, type Device } from '../auth/device';
import { readSession } from '../auth/session';
import { fixedVisitor, readVisitor, type Visitor } from '../auth/visitor';
import type { AppDeps, RequestMeta } from '../deps';
import { getClientIp } from '../http/helpers';

export type Context = AppDeps & {
  user: AuthUser | null;
  session: AuthSession | null;
  meta: RequestMeta;
  /** The anonymous browser: its visitor id (chat guard) and the claim of its last application. */
  visitor: Visitor;
  /** Whether this browser signed in to an account before (login throttling). */
  device: Device;
  /** Adds a Set-Cookie header to whichever transport answers (tRPC, REST, or a test collector). */
  setCookie: (cookie: string) => void;
};

/** The inner context has no HTTP, so tests build it directly (docs/architecture.md). */
export function createInnerContext(
  deps: AppDeps,
  opts: Partial<Pick<Context, 'user' | 'session' | 'visitor' | 'device' | 'setCookie'>> & {
    meta?: Partial<RequestMeta>;
  },
): Context {
  return {
    ...deps,
    user: opts.user ?? null,
    session: opts.session ?? null,
    meta: { ip: '127.0.0.1', userAgent: '', requestId: randomUUID(), ...opts.meta },
    visitor: opts.visitor ?? fixedVisitor(null),
    device: opts.device ?? UNTRUSTED_DEVICE,
    setCookie: opts.setCookie ?? (() => undefined),
  };
}

export async function createRequestContext(deps: AppDeps, req: IncomingMessage, res: ServerResponse): Promise<Context> {
  const setCookie = (cookie: string) => res.appendHeader('Set-Cookie', cookie);
  const header = req.headers.cookie;
  // The three readers parse the same header back to back, before any await, so it is parsed once
  // (parseCookies keeps the last header's cookies). Reading writes no cookie: the Set-Cookie order is unchanged.
  const visitor = readVisitor(header, deps.env.secureCookies, setCookie);
  const device = readDevice(header, deps.env.secureCookies, setCookie);
  const { user, session } = await readSession(deps, header, setCookie);
  return createInnerContext(deps, {
    user,
    session,
    setCookie,
    visitor,
    device,
    meta: {
      ip: getClientIp(req, deps.env.TRUST_PROXY_HOPS),
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
      requestId: String(res.getHeader('X-Request-Id') ?? randomUUID()),
    },
  });
}
