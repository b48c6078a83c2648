import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { usePageMeta } from '@/hooks/use-page-meta';
import { Island } from '@/lib/island';
import { EmailSignup } from '../components/email-signup';
import { FeaturesGrid } from '../components/features-grid';
import { FinalCta } from '../components/final-cta';
import { FundAnything } from '../components/fund-anything';
import { Hero } from '../components/hero';
import { LoanCalculator } from '../components/loan-calculator';
import { Requirements } from '../components/requirements';
import { StatsSection } from '../components/stats-section';
import { StepsToCash } from '../components/steps-to-cash';
import { Testimonials } from '../components/testimonials';
import { STICKY_BOX_THRESHOLD_PX, useScrolledPast } from '../hooks/use-scrolled-past';
import { PUBLIC_PAGE_META } from '../meta';

// Prerendered, this page is HTML and CSS: only its islands hydrate (src/lib/island.tsx), each when it nears the view
// (the calculator, the signup form) or when the page has painted (the hero's). In the whole app (a navigation from
// another page) it renders as one tree.

const StickyApplyBox = lazy(() => import('../components/sticky-apply-box'));

/** The sticky box in the whole app: loaded the first time it could show; from then on it shows and hides itself. */
function StickyBoxOnceScrolled() {
  const hasScrolledPast = useScrolledPast(STICKY_BOX_THRESHOLD_PX);
  const [needsStickyBox, setNeedsStickyBox] = useState(false);
  if (hasScrolledPast && !needsStickyBox) setNeedsStickyBox(true);
  if (!needsStickyBox) return null;
  return (
    <Suspense fallback={null}>
      <StickyApplyBox />
    </Suspense>
  );
}

/** `/` for visitors (signed out, or while auth loads): */
export default function LandingPage() {
  usePageMeta(PUBLIC_PAGE_META.landing.title, PUBLIC_PAGE_META.landing.description);
  const { hash } = useLocation();
  // Links such as the footer's /#calculator: the router does not scroll to a section by itself.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <>
      <Hero />
      <FeaturesGrid />
      <StatsSection />
      <Island name="calculator">
        <LoanCalculator />
      </Island>
      <Requirements />
      <StepsToCash />
      <FundAnything />
      <Testimonials />
      <Island name="email-signup">
        <EmailSignup />
      </Island>
      <FinalCta />
      <Island name="sticky-box">
        <StickyBoxOnceScrolled />
      </Island>
    </>
  );
}
