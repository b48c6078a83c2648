import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDeps } from '../deps';
import { readJson, sendJson, sendText } from '../http/helpers';
import { createCaller } from '../routers/index';
import { createRequestContext } from '../trpc/context';
import { httpStatusOf, retryAfterOf, toTRPCError } from '../trpc/errors';
import { INTERNAL_MESSAGE } from '../lib/errors';
import { adminRoutes } from './admin';
import { applicationRoutes } from './application';
import { authRoutes } from './auth';
import { chatGuardRoutes } from './chat-guard';
import { clientRoutes } from './client';
import { rewardsRoutes } from './rewards';
import { siteRoutes } from './site';
import type { RestRoute } from './types';

/** The literal /api/* paths of the spec, one table over the same procedures as tRPC. */
export const REST_ROUTES: RestRoute[] = [
  ...authRoutes,
  ...siteRoutes,
  ...applicationRoutes,
  ...clientRoutes,
  ...rewardsRoutes,
  ...adminRoutes,
  ...chatGuardRoutes,
];

type Compiled = RestRoute & { segments: string[] };

export function createRestHandler(deps: AppDeps, routes: RestRoute[] = REST_ROUTES) {
  const compiled: Compiled[] = routes.map((route) => ({ ...route, segments: route.path.split('/').slice(1) }));

  function match(
    method: string,
    pathname: string,
  ): { route: Compiled; params: Record<string, string> } | 'method' | null {
    const parts = pathname.split('/').slice(1);
    let methodMismatch = false;
    for (const route of compiled) {
      if (route.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      const ok = route.segments.every((segment, index) => {
        const part = parts[index] ?? '';
        if (segment.startsWith(':')) {
          if (!part) return false;
          try {
            params[segment.slice(1)] = decodeURIComponent(part);
          } catch {
            return false;
          }
          return true;
        }
        return segment === part;
      });
      if (!ok) continue;
      if (route.method !== method && !(method === 'HEAD' && route.method === 'GET')) {
        methodMismatch = true;
        continue;
      }
      return { route, params };
    }
    return methodMismatch ? 'method' : null;
  }

  return async function handleRest(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const found = match(req.method ?? 'GET', url.pathname);
    if (found === null) return sendText(res, 404, 'Not found');
    if (found === 'method') return sendText(res, 405, 'Method not allowed');
    const { route, params } = found;
    try {
      const ctx = await createRequestContext(deps, req, res);
      const caller = createCaller(ctx);
      const body = route.body ? await readJson(req) : undefined;
      // Duplicate query parameters are refused rather than "last one wins" (docs/security.md D5).
      for (const key of new Set(url.searchParams.keys())) {
        if (url.searchParams.getAll(key).length > 1) return sendText(res, 400, `Duplicate query parameter: ${key}`);
      }
      const args = { req, res, params, query: url.searchParams, ctx, caller, body };
      if ('handle' in route) return await route.handle(args);
      const result = await route.call(args);
      if (!res.headersSent) sendJson(res, route.status ?? 200, result);
    } catch (error) {
      sendRestError(deps, req, res, error);
    }
  };
}

export function sendRestError(
  deps: Pick<AppDeps, 'log'>,
  req: IncomingMessage,
  res: ServerResponse,
  error: unknown,
): void {
  const safe = toTRPCError(error);
  const status = httpStatusOf(safe);
  if (status >= 500 && safe.code === 'INTERNAL_SERVER_ERROR') {
    deps.log.error(
      { err: safe.cause, method: req.method, requestId: res.getHeader('X-Request-Id') },
      'unhandled error',
    );
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const retryAfter = retryAfterOf(safe);
  if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
  sendText(res, status, status >= 500 && safe.code === 'INTERNAL_SERVER_ERROR' ? INTERNAL_MESSAGE : safe.message);
}
