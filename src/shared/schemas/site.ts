import { z } from 'zod';
import { emailSchema, requiredText } from './auth';

// Public site forms. Shared by the server and the pages.
export const SIGNUP_EMAIL_MESSAGE = 'Please enter a valid email address.';

export const emailSignupSchema = z.object({ email: emailSchema(SIGNUP_EMAIL_MESSAGE) }).strict();
export type EmailSignupInput = z.infer<typeof emailSignupSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : null));

export const CONTACT_LIMITS = { name: 200, phone: 30, company: 200, message: 5000 } as const;

export const contactMessageSchema = z
  .object({
    name: requiredText('Name is required', CONTACT_LIMITS.name),
    email: emailSchema('Please enter a valid email address'),
    phone: optionalText(CONTACT_LIMITS.phone),
    company: optionalText(CONTACT_LIMITS.company),
    message: requiredText('Message is required', CONTACT_LIMITS.message),
  })
  .strict();
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

export const listEmailSignupsSchema = z
  .object({
    limit: z.number().int().min(1).max(500).default(100),
    cursor: z.string().max(64).optional(),
  })
  .strict()
  .default({ limit: 100 });
