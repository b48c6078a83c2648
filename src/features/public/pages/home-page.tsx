import { useAuth } from '@/hooks/use-auth';
import { usePageMeta } from '@/hooks/use-page-meta';
import { FeaturesGrid } from '../components/features-grid';
import { FinalCta } from '../components/final-cta';
import { Hero } from '../components/hero';
import { StatsSection } from '../components/stats-section';
import { PUBLIC_PAGE_META } from '../meta';

/** `/` for signed-in users: hero, features and stats. */
export default function HomePage() {
  usePageMeta(PUBLIC_PAGE_META.home.title, PUBLIC_PAGE_META.home.description);
  const { user } = useAuth();
  return (
    <>
      <Hero greeting={user?.firstName ? `Welcome back, ${user.firstName}` : 'Welcome back'} />
      <FeaturesGrid />
      <StatsSection />
      <FinalCta
        title="Need More Capital?"
        text="Returning clients reuse their details and only upload new bank statements."
      />
    </>
  );
}
