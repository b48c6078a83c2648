import type { LenderConfig } from '@shared/lender';

declare const __LENDER_CONFIG__: LenderConfig;

// Set by the build from the LENDER_* keys (vite.config.ts), validated there with the server's schema.
export const lender: LenderConfig = __LENDER_CONFIG__;
