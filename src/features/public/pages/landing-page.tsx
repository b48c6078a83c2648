import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { usePageMeta } from '@/hooks/use-page-meta';
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

const StickyApplyBox = lazy(() => import('../components/sticky-apply-box'));

/** `/` for visitors (signed out, or while auth loads): public spec §2. */
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
