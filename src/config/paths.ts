// Every route path of the app.
export const paths = {
  home: '/',
  products: '/products',
  apply: '/apply',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  eSignConsent: '/e-sign-consent',
  licensing: '/licensing',
  login: (returnTo?: string) => (returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login'),
  dashboard: '/dashboard',
  admin: '/admin',
  clientPortal: '/client-portal',
  rewards: '/rewards',
  resetPassword: '/reset-password',
  claimApplication: '/applications/claim',
  chatTest: '/chat-test',
  apiLogin: '/api/login',
  apiLogout: '/api/logout',
} as const;

/**
 * A page path without its trailing slashes ("/products/" is "/products"; "/" stays "/"). A loop, not
 * `replace(/\/+$/, '')`: that pattern retries the run of slashes from every position, so a path of 16,000 slashes
 * followed by one letter took over a second of the server's only thread.
 */
export function pagePath(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname.charCodeAt(end - 1) === 47) end -= 1;
  return pathname.slice(0, end);
}
