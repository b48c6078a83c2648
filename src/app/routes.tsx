import { Center, Spinner } from '@chakra-ui/react';
import { Suspense, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth, type AuthState } from '@/hooks/use-auth';
import { lazyPage, withLaterRecipes } from '@/lib/lazy-page';
import { RootLayout } from './layouts/root-layout';
import NotFoundPage from './not-found-page';
import { RouteErrorBoundary } from './route-error-boundary';
import { UnauthorizedRedirect } from './unauthorized-redirect';

// Route-level code splitting: signed-in areas are never downloaded on public pages. The landing, home, about and
// contact pages render with the start-up theme; every other page brings the rest of the Chakra recipes along
// (src/theme.ts; src/theme.test.ts reads this list).
const LandingPage = lazyPage(() => import('@/features/public/pages/landing-page'));
const HomePage = lazyPage(() => import('@/features/public/pages/home-page'));
const ProductsPage = lazyPage(withLaterRecipes(() => import('@/features/public/pages/products-page')));
const AboutPage = lazyPage(() => import('@/features/public/pages/about-page'));
const ContactPage = lazyPage(() => import('@/features/public/pages/contact-page'));
const ApplyPage = lazyPage(withLaterRecipes(() => import('@/features/applications/pages/apply-page')));
const LoginPage = lazyPage(withLaterRecipes(() => import('@/features/auth/pages/login-page')));
const ResetPasswordPage = lazyPage(withLaterRecipes(() => import('@/features/auth/pages/reset-password-page')));
const PortalLoginPage = lazyPage(withLaterRecipes(() => import('@/features/auth/pages/portal-login-page')));
const ClientPortalPage = lazyPage(withLaterRecipes(() => import('@/features/clients/pages/client-portal-page')));
const DashboardPage = lazyPage(withLaterRecipes(() => import('@/features/clients/pages/dashboard-page')));
const RewardsPage = lazyPage(withLaterRecipes(() => import('@/features/clients/pages/rewards-page')));
const AdminPage = lazyPage(withLaterRecipes(() => import('@/features/admin/pages/admin-page')));
const ChatTestPage = lazyPage(withLaterRecipes(() => import('@/features/chat-guard/pages/chat-test-page')));

function page(Component: ComponentType) {
  return (
    <RouteErrorBoundary>
      <Suspense
        fallback={
          <Center py="24">
            <Spinner size="lg" color="brand.solid" aria-label="Loading page" />
          </Center>
        }
      >
        <Component />
      </Suspense>
    </RouteErrorBoundary>
  );
}

function PageLoading() {
  return (
    <Center py="24">
      <Spinner size="lg" color="brand.solid" aria-label="Loading" />
    </Center>
  );
}

/** The route table of the spec; /dashboard and /admin exist only for signed-in users (and /admin for staff). */
export function routesFor(auth: AuthState): RouteObject[] {
  const children: RouteObject[] = [
    // While auth loads, / shows the landing page (spec §2).
    { index: true, element: page(auth.isAuthenticated ? HomePage : LandingPage) },
    { path: paths.products, element: page(ProductsPage) },
    { path: paths.apply, element: page(ApplyPage) },
    { path: paths.about, element: page(AboutPage) },
    { path: paths.contact, element: page(ContactPage) },
    { path: '/login', element: page(LoginPage) },
    { path: paths.resetPassword, element: page(ResetPasswordPage) },
    {
      path: paths.clientPortal,
      element: auth.isLoading ? <PageLoading /> : page(auth.isAuthenticated ? ClientPortalPage : PortalLoginPage),
    },
    {
      path: paths.rewards,
      element: auth.isLoading ? <PageLoading /> : auth.isAuthenticated ? page(RewardsPage) : <UnauthorizedRedirect />,
    },
    { path: paths.chatTest, element: page(ChatTestPage) },
  ];
  if (auth.isLoading) {
    children.push({ path: paths.dashboard, element: <PageLoading /> }, { path: paths.admin, element: <PageLoading /> });
  } else if (auth.isAuthenticated) {
    children.push({ path: paths.dashboard, element: page(DashboardPage) });
    if (auth.isStaff) children.push({ path: paths.admin, element: page(AdminPage) });
  } else {
    // Not registered when signed out: visiting them sends the visitor to log in.
    children.push(
      { path: paths.dashboard, element: <UnauthorizedRedirect /> },
      { path: paths.admin, element: <UnauthorizedRedirect /> },
    );
  }
  children.push({ path: '*', element: page(NotFoundPage) });
  return [{ element: <RootLayout auth={auth} />, children }];
}

/** The page of each prerendered route, in the signed-out state the build renders it in (scripts/prerender.mjs). */
const PRERENDERED_PAGES: Record<string, { preload: () => Promise<void> }> = {
  '/': LandingPage,
  [paths.products]: ProductsPage,
  [paths.about]: AboutPage,
  [paths.contact]: ContactPage,
  [paths.apply]: ApplyPage,
};

/** Loads the page of a prerendered route, so that hydrating its markup never suspends. */
export function preloadPrerenderedPage(pathname: string): Promise<void> {
  return PRERENDERED_PAGES[pathname]?.preload() ?? Promise.resolve();
}

export function AppRoutes() {
  const auth = useAuth();
  return useRoutes(routesFor(auth));
}
