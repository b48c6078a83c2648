import { lender } from '@/config/lender';

// Titles and descriptions of the public pages (search engines and link previews). The prerender step
// (scripts/prerender.mjs) writes the same values into each page's static HTML.
export const PUBLIC_PAGE_META = {
  landing: {
    title: 'Same-Day Small Business Funding',
    description:
      'Business funding up to $5M with same-day approval, AI-powered underwriting and one transparent fee. Servicing all 50 states.',
  },
  home: {
    title: 'Home',
    description: `Your ${lender.brandName} home: apply for new funding, estimate payments and track your business growth.`,
  },
  products: {
    title: 'Our Products',
    description:
      'Term loans up to $1M, debt consolidation, bridge loans and merchant cash advances up to $500K, and lines of credit up to $250K.',
  },
  about: {
    title: 'About Us',
    description:
      `${lender.brandName} has deployed over $1B to more than 10,000 small businesses with same-day approval and transparent pricing.`,
  },
  contact: {
    title: 'Contact Us',
    description:
      `Talk to a ${lender.brandName} advisor. Call, email or send us a message: we reply within 24 hours, Monday-Friday 8:00 AM - 7:00 PM EST.`,
  },
} as const;
