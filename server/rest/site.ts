import type { RestRoute } from './types';

// Rows of the /api route table for this area. Bodies are validated by the procedures' own schemas.
export const siteRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/email-signup',
    body: true,
    call: ({ caller, body }) => caller.application.site.emailSignup(body as never),
  },
  { method: 'GET', path: '/api/email-signups', call: ({ caller }) => caller.application.site.emailSignups() },
  {
    method: 'POST',
    path: '/api/contact',
    body: true,
    call: ({ caller, body }) => caller.application.site.contact(body as never),
  },
];
