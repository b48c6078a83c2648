// The islands in the first view of `/` (registry.ts), in one module so that the build renders them from one chunk. In
// the browser only the bar hydrates (when reached), from this chunk: the others are plain (plain-islands.ts).
export { NavbarIsland, NavbarSignedOutActions } from '@/components/navbar-island';
export { HeroVideo, PlaybackButtonLook } from '@/features/public/components/hero-video';
export { LearnMoreButton } from '@/features/public/components/learn-more-button';
export { CounterIsland } from '@/features/public/islands/counter-island';
