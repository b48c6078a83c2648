import { contactMessages } from '../../../drizzle/schema/index';
import type { ContactMessage } from '../../../src/shared/schemas/site';
import type { AppDeps } from '../../deps';
import { newId } from '../../lib/ids';
import { sendInBackground } from '../../lib/mail';
import { LIMITS } from '../../lib/rate-limit';
import { contactMessageMail } from './emails';

type Deps = Pick<AppDeps, 'db' | 'limiter' | 'mailer' | 'log' | 'env'>;

export const CONTACT_SUCCESS_MESSAGE = "Thank you for contacting us. We'll get back to you within 24 hours.";

/** One line, no control characters: user text in a mail subject. */
function oneLine(value: string, max = 80): string {
  return value
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .trim()
    .slice(0, max);
}

/**
 * The contact form really delivers (docs/product.md 3): the message is stored, then mailed to staff with the
 * sender as Reply-To. Mail goes out in the background, so a mail outage never loses the stored message.
 */
export async function submitContactMessage(deps: Deps, io: { ip: string }, input: ContactMessage) {
  await deps.limiter.consume(LIMITS.contactIp, io.ip);
  const id = newId();
  await deps.db.insert(contactMessages).values({ id, ...input });
  sendInBackground(
    deps.mailer,
    deps.log,
    contactMessageMail(deps.env.lender, {
      to: deps.env.STAFF_EMAIL,
      subjectName: oneLine(input.name),
      message: input,
      reference: id,
    }),
  );
  return { success: true as const, message: CONTACT_SUCCESS_MESSAGE };
}
