import { z } from 'zod';
import { emailSchema } from './auth';

/** The token of an emailed claim link (hex, as the server issues it). */
export const claimTokenSchema = z
  .object({
    token: z
      .string()
      .trim()
      .regex(/^[a-z0-9]{32,64}$/, 'This link is incomplete. Open it again from the email.'),
  })
  .strict();

export const resendClaimSchema = z.object({ email: emailSchema() }).strict();
export type ResendClaimInput = z.infer<typeof resendClaimSchema>;
