// The islands in the first view of `/` (registry.ts), in one module so that they arrive as one chunk: one request
// once the page has painted instead of one per island (and per piece they share).
export { NavbarIsland, NavbarSignedOutActions } from '@/components/navbar-island';
export { HeroVideo, PlaybackButtonLook } from '@/features/public/components/hero-video';
export { LearnMoreButton } from '@/features/public/components/learn-more-button';
export { CounterIsland } from '@/features/public/islands/counter-island';
