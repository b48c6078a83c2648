// How long an offer stays open (docs/product.md 8.6): OFFER_VALID_DAYS from when it was made, which is the moment the
// application was approved (applications.decided_at: the engine's approval at submission or a staff approval; moving
// the file away from approved clears it and approving again makes a new offer). The acceptance, the client's offer
// view and the work queue's "offer about to expire" all read the dates from here.
import { AppError } from '../../lib/errors';
import { addDays, asUtcDate } from '../../lib/dates';

/** The work queue flags an unaccepted offer this many days before it runs out. */
export const OFFER_EXPIRY_WARNING_DAYS = 3;

export const OFFER_EXPIRED =
  'This offer has expired and can no longer be accepted. Please contact us and we will review your application again.';

/**
 * When the offer was made. Every path to `approved` stamps decided_at; a row without it (written straight into the
 * table) counts from its creation, so it still expires.
 */
export function offerMadeAt(application: { decidedAt: Date | string | null; createdAt: Date | string }): Date {
  return asUtcDate(application.decidedAt ?? application.createdAt);
}

/** The first moment the offer can no longer be accepted. */
export function offerValidUntil(madeAt: Date, validDays: number): Date {
  return addDays(madeAt, validDays);
}

export function isOfferExpired(madeAt: Date, validDays: number, now = new Date()): boolean {
  return now.getTime() >= offerValidUntil(madeAt, validDays).getTime();
}

/** Refuses an offer past its date before anything is written. */
export function assertOfferOpen(madeAt: Date, validDays: number, now = new Date()): void {
  if (isOfferExpired(madeAt, validDays, now)) throw new AppError('CONFLICT', OFFER_EXPIRED);
}

/**
 * The approvals whose offers are still open but run out within the warning days: made after `madeAfter` (else
 * already expired) and at or before `madeBy`.
 */
export function expiringOfferWindow(validDays: number, now = new Date()): { madeAfter: Date; madeBy: Date } {
  const madeAfter = addDays(now, -validDays);
  const madeBy = new Date(Math.min(now.getTime(), addDays(madeAfter, OFFER_EXPIRY_WARNING_DAYS).getTime()));
  return { madeAfter, madeBy };
}
