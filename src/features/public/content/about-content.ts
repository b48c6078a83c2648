import type { IconName } from '../components/icons';

// Literal texts of the About page.

export const ABOUT_BENEFITS: { title: string; text: string; icon: IconName }[] = [
  { title: 'Same-Day Approval', text: 'Decisions in minutes and funding within 24 hours.', icon: 'bolt' },
  { title: 'Transparent Pricing', text: 'One single-term fee, shown up front with the estimated APR.', icon: 'tag' },
  { title: 'AI-Powered Underwriting', text: 'Every decision explained from your real cash flow.', icon: 'cpu' },
  { title: 'Soft Credit Checks', text: 'Applying never affects your credit score.', icon: 'shield' },
  {
    title: 'Dedicated Advisors',
    text: 'A real person who knows your business, from application to payoff.',
    icon: 'headset',
  },
  { title: 'Nationwide Coverage', text: 'Serving business owners in all 50 states.', icon: 'globe' },
];

export const GROWTH_SCENARIOS: { title: string; range: string; text: string; icon: IconName }[] = [
  { title: 'Stock Up on Inventory', range: '$50K-$500K', text: 'Buy in bulk ahead of your busy season.', icon: 'box' },
  { title: 'Open New Locations', range: '$100K-$2M', text: 'Lease, build out and staff a new site.', icon: 'store' },
  { title: 'Upgrade Equipment', range: '$25K-$1M', text: 'Replace or add machines, vehicles and tools.', icon: 'tool' },
  {
    title: 'Hire Key Staff',
    range: '$30K-$300K',
    text: 'Bring on the people who take you to the next level.',
    icon: 'users',
  },
  {
    title: 'Launch Marketing Campaigns',
    range: '$20K-$250K',
    text: 'Reach new customers with a real budget.',
    icon: 'megaphone',
  },
  {
    title: 'Acquire Competitors',
    range: '$500K-$5M',
    text: 'Buy a competitor or a supplier and grow overnight.',
    icon: 'handshake',
  },
];
