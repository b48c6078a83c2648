import { Center, Spinner } from '@chakra-ui/react';
import { Suspense, useDeferredValue, type ComponentType, type ReactElement } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/hooks/use-auth';
import { importInTasks } from '@/lib/idle';
import { lazyPage, withLaterRecipes } from '@/lib/lazy-page';
import { RootLayout } from './layouts/root-layout';
import NotFoundPage from './not-found-page';
import { RouteErrorBoundary } from './route-error-boundary';
import { UnauthorizedRedirect } from './unauthorized-redirect';

// Route-level code splitting: signed-in areas are never downloaded on public pages. The landing, home, about and
// contact pages render with the recipes the app starts with (src/theme.ts, src/lib/page-recipes.ts); every other page
// brings the rest of the Chakra recipes along (src/lib/later-recipes.ts; src/theme.test.ts reads this list).
const LandingPage = lazyPage(() => import('@/features/public/pages/landing-page'));
const HomePage = lazyPage(() => import('@/features/public/pages/home-page'));
const ProductsPage = lazyPage(withLaterRecipes(() => import('@/features/public/pages/products-page')));
const AboutPage = lazyPage(() => import('@/features/public/pages/about-page'));
const ContactPage = lazyPage(() => import('@/features/public/pages/contact-page'));
const PrivacyPage = lazyPage(withLaterRecipes(() => import('@/features/legal/pages/privacy-page')));
const TermsPage = lazyPage(withLaterRecipes(() => import('@/features/legal/pages/terms-page')));
const ESignConsentPage = lazyPage(withLaterRecipes(() => import('@/features/legal/pages/e-sign-consent-page')));
const LicensingPage = lazyPage(withLaterRecipes(() => import('@/features/legal/pages/licensing-page')));
// The wizard's validation (zod, then the shared schemas, which build theirs as they load, with the form library) runs
// in tasks of its own first: with the page's code it made one long task of the prerendered /apply starting (total
// blocking time).
const WIZARD_LIBS = [
  () => import('zod'),
  () => import('@shared/schemas/auth'),
  () => import('@shared/schemas/application'),
];
const ApplyPage = lazyPage(
  withLaterRecipes(() => importInTasks(WIZARD_LIBS, () => import('@/features/applications/pages/apply-page'))),
);
const LoginPage = lazyPage(withLaterRecipes(() => import('@/features/auth/pages/login-page')));
const ClaimPage = lazyPage(withLaterRecipes(() => import('@/features/applications/pages/claim-page')));
const ResetPasswordPage = lazyPage(withLaterRecipes(() => import('@/features/auth/pages/reset-password-page')));
const PortalLoginPage = lazyPage(withLaterRecipes(() => import('@/features/auth/pages/portal-login-page')));
const ClientPortalPage = lazyPage(withLaterRecipes(() => import('@/features/clients/pages/client-portal-page')));
const DashboardPage = lazyPage(withLaterRecipes(() => import('@/features/clients/pages/dashboard-page')));
const RewardsPage = lazyPage(withLaterRecipes(() => import('@/features/clients/pages/rewards-page')));
const AdminPage = lazyPage(withLaterRecipes(() => import('@/features/admin/pages/admin-page')));
const ChatTestPage = lazyPage(withLaterRecipes(() => import('@/features/chat-guard/pages/chat-test-page')));

// Each page's element is made once: a route that re-renders on the auth answer returns the very same element, so
// React does not re-render the page. That matters while a prerendered page hydrates: an update that reaches a
// still-dehydrated part makes React hydrate all of it at once, in one long task (total blocking time).
const pageElements = new Map<ComponentType, ReactElement>();
function page(Component: ComponentType): ReactElement {
  let element = pageElements.get(Component);
  if (!element) {
    element = (
      <RouteErrorBoundary>
        <Suspense fallback={<PageLoading label="Loading page" />}>
          <Component />
        </Suspense>
      </RouteErrorBoundary>
    );
    pageElements.set(Component, element);
  }
  return element;
}

function PageLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="24">
      <Spinner size="lg" color="brand.solid" aria-label={label} />
    </Center>
  );
}

/** `/`: the landing page for visitors and while auth loads, the home page when signed in. */
function IndexRoute() {
  // Deferred (see Navbar): a signed-in visitor's home page replaces the landing page in a transition, in slices.
  const isAuthenticated = useDeferredValue(useAuth().isAuthenticated);
  return page(isAuthenticated ? HomePage : LandingPage);
}

function ClientPortalRoute() {
  const auth = useAuth();
  if (auth.isLoading) return <PageLoading />;
  return page(auth.isAuthenticated ? ClientPortalPage : PortalLoginPage);
}

/** Signed-in pages: a visitor is sent to log in; /admin is not there for clients (it answers Not Found). */
function SignedInRoute({ component, isStaffOnly = false }: { component: ComponentType; isStaffOnly?: boolean }) {
  const auth = useAuth();
  if (auth.isLoading) return <PageLoading />;
  if (!auth.isAuthenticated) return <UnauthorizedRedirect />;
  if (isStaffOnly && !auth.isStaff) return page(NotFoundPage);
  return page(component);
}

/**
 * The route table. It does not depend on the auth state (the routes that do read it themselves), so the
 * auth answer never re-renders the router and the route contexts it provides.
 */
const ROUTES: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <IndexRoute /> },
      { path: paths.products, element: page(ProductsPage) },
      { path: paths.apply, element: page(ApplyPage) },
      { path: paths.about, element: page(AboutPage) },
      { path: paths.contact, element: page(ContactPage) },
      { path: paths.privacy, element: page(PrivacyPage) },
      { path: paths.terms, element: page(TermsPage) },
      { path: paths.eSignConsent, element: page(ESignConsentPage) },
      { path: paths.licensing, element: page(LicensingPage) },
      { path: '/login', element: page(LoginPage) },
      { path: paths.resetPassword, element: page(ResetPasswordPage) },
      { path: paths.claimApplication, element: page(ClaimPage) },
      { path: paths.clientPortal, element: <ClientPortalRoute /> },
      { path: paths.rewards, element: <SignedInRoute component={RewardsPage} /> },
      { path: paths.chatTest, element: page(ChatTestPage) },
      { path: paths.dashboard, element: <SignedInRoute component={DashboardPage} /> },
      { path: paths.admin, element: <SignedInRoute component={AdminPage} isStaffOnly /> },
      { path: '*', element: page(NotFoundPage) },
    ],
  },
];

/** The page of each prerendered route, in the signed-out state the build renders it in (scripts/prerender.mjs). */
const PRERENDERED_PAGES: Record<string, { preload: () => Promise<void> }> = {
  '/': LandingPage,
  [paths.products]: ProductsPage,
  [paths.about]: AboutPage,
  [paths.contact]: ContactPage,
  [paths.privacy]: PrivacyPage,
  [paths.terms]: TermsPage,
  [paths.eSignConsent]: ESignConsentPage,
  [paths.licensing]: LicensingPage,
  [paths.apply]: ApplyPage,
};

/** Loads the page of a prerendered route, so that hydrating its markup never suspends. */
export function preloadPrerenderedPage(pathname: string): Promise<void> {
  return PRERENDERED_PAGES[pathname]?.preload() ?? Promise.resolve();
}

/** Loads the page `/` shows a signed-in visitor (src/app/start.tsx starts the app on `/` with one). */
export function preloadSignedInHome(): Promise<void> {
  return HomePage.preload();
}

export function AppRoutes() {
  return useRoutes(ROUTES);
}
