// Every route path of the app (spec: public §2, signed-in §2).
export const paths = {
  home: '/',
  products: '/products',
  apply: '/apply',
  about: '/about',
  contact: '/contact',
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
