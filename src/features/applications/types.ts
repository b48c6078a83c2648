import type { RouterOutputs } from '@/lib/trpc';

// Shapes of the application procedures, as the router answers them (never retyped by hand).
export type WizardStart = RouterOutputs['application']['start'];
export type ClientProfile = NonNullable<WizardStart['profile']>;
