import { safeReturnTo } from '../../src/shared/schemas/auth';
import { redirect } from '../http/helpers';
import type { RestRoute } from './types';

// Account rows of the route table (platform issue). Bodies are validated by the procedures' own schemas.
export const authRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/auth/user', call: ({ caller }) => caller.auth.user() },
  {
    method: 'POST',
    path: '/api/client/login',
    body: true,
    call: ({ caller, body }) => caller.auth.login(body as never),
  },
  { method: 'POST', path: '/api/client/logout', call: ({ caller }) => caller.auth.logout() },
  {
    method: 'POST',
    path: '/api/client/register',
    body: true,
    status: 201,
    call: ({ caller, body }) => caller.auth.register(body as never),
  },
  { method: 'GET', path: '/api/client/me', call: ({ caller }) => caller.client.me() },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: true,
    call: ({ caller, body }) => caller.auth.forgotPassword(body as never),
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    body: true,
    call: ({ caller, body }) => caller.auth.resetPassword(body as never),
  },
  {
    method: 'GET',
    path: '/api/login',
    handle: ({ res, query }) => {
      const returnTo = safeReturnTo(query.get('returnTo'), '');
      redirect(res, returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login');
      return Promise.resolve();
    },
  },
  {
    method: 'GET',
    path: '/api/logout',
    handle: async ({ req, res, caller }) => {
      // A GET navigation (spec) that a cross-site page must not be able to trigger (docs/security.md B).
      const site = req.headers['sec-fetch-site'];
      if (site === 'cross-site' || site === 'same-site') return redirect(res, '/');
      await caller.auth.logout();
      res.setHeader('Clear-Site-Data', '"cache", "storage"');
      redirect(res, '/');
    },
  },
];
