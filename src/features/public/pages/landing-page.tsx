import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { usePageMeta } from '@/hooks/use-page-meta';
import { lazySection } from '@/lib/lazy-section';
import { Hero } from '../components/hero';
import { STICKY_BOX_THRESHOLD_PX, useScrolledPast } from '../hooks/use-scrolled-past';
import { PUBLIC_PAGE_META } from '../meta';

// Everything below the hero hydrates when it nears the viewport (src/lib/lazy-section.tsx), so its code
// (the calculator's sliders, the signup form) is not in the first download and hydrating the page is quick.
const FeaturesGrid = lazySection('features', () =>
  import('../components/features-grid').then((module) => module.FeaturesGrid),
);
const StatsSection = lazySection('stats', () =>
  import('../components/stats-section').then((module) => module.StatsSection),
);
const LoanCalculator = lazySection('calculator', () =>
  import('../components/loan-calculator').then((module) => module.LoanCalculator),
);
const Requirements = lazySection('requirements', () =>
  import('../components/requirements').then((module) => module.Requirements),
);
const StepsToCash = lazySection('steps', () =>
  import('../components/steps-to-cash').then((module) => module.StepsToCash),
);
const FundAnything = lazySection('fund-anything', () =>
  import('../components/fund-anything').then((module) => module.FundAnything),
);
const Testimonials = lazySection('testimonials', () =>
  import('../components/testimonials').then((module) => module.Testimonials),
);
const EmailSignup = lazySection('email-signup', () =>
  import('../components/email-signup').then((module) => module.EmailSignup),
);
const FinalCta = lazySection('final-cta', () => import('../components/final-cta').then((module) => module.FinalCta));

const StickyApplyBox = lazy(() => import('../components/sticky-apply-box'));

/** `/` for visitors (signed out, or while auth loads): */
export default function LandingPage() {
  usePageMeta(PUBLIC_PAGE_META.landing.title, PUBLIC_PAGE_META.landing.description);
  const { hash } = useLocation();
  // Loaded the first time it could show; from then on it shows and hides itself.
  const hasScrolledPast = useScrolledPast(STICKY_BOX_THRESHOLD_PX);
  const [needsStickyBox, setNeedsStickyBox] = useState(false);
  if (hasScrolledPast && !needsStickyBox) setNeedsStickyBox(true);
  // Links such as the footer's /#calculator: the router does not scroll to a section by itself.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <>
      <Hero />
      <FeaturesGrid />
      <StatsSection />
      <LoanCalculator />
      <Requirements />
      <StepsToCash />
      <FundAnything />
      <Testimonials />
      <EmailSignup />
      <FinalCta />
      {needsStickyBox && (
        <Suspense fallback={null}>
          <StickyApplyBox />
        </Suspense>
      )}
    </>
  );
}
