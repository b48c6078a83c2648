// The hero's benefit chips, apart from the rest of the landing page's texts: the hero renders with the
// page, the sections below it load when reached.
export const HERO_CHIPS = ['Same-day approval', 'Up to $5M in funding', 'Soft credit check only'] as const;
