import type { LenderConfig } from '../../../src/shared/lender';
import { composeEmail } from '../../lib/email';

// Account emails (docs/product.md 2). Links are built from PUBLIC_URL, never from the request's Host header.

type Person = { email: string; firstName: string };

const notMeLine = (lender: LenderConfig) =>
  `If this was not you, contact us right away at ${lender.phone} or ${lender.supportEmail}.`;

export function welcomeMail(lender: LenderConfig, user: Person, publicUrl: string) {
  return composeEmail(
    lender,
    { to: user.email, subject: `Welcome to ${lender.brandName}` },
    {
      greeting: `Hello ${user.firstName},`,
      blocks: [
        'Your account has been created. Sign in to track your applications.',
        { action: { label: 'Sign in', url: `${publicUrl}/login` } },
      ],
    },
  );
}

export function passwordResetMail(lender: LenderConfig, user: Person, link: string) {
  return composeEmail(
    lender,
    { to: user.email, subject: `Reset your ${lender.brandName} password` },
    {
      greeting: `Hello ${user.firstName},`,
      blocks: [
        'Use this link within 1 hour to choose a new password.',
        { action: { label: 'Choose a new password', url: link } },
        'If you did not ask for this, ignore this email.',
      ],
    },
  );
}

export function passwordChangedMail(lender: LenderConfig, user: Person) {
  return composeEmail(
    lender,
    { to: user.email, subject: `Your ${lender.brandName} password was changed` },
    {
      greeting: `Hello ${user.firstName},`,
      blocks: ['Your password was just reset and every signed-in device was signed out.', notMeLine(lender)],
    },
  );
}

export function authenticatorChangedMail(lender: LenderConfig, user: Person) {
  return composeEmail(
    lender,
    { to: user.email, subject: `Your ${lender.brandName} two-factor authenticator was changed` },
    {
      greeting: `Hello ${user.firstName},`,
      blocks: [
        'Your two-factor authenticator was changed: a new authenticator app now signs you in, your old recovery ' +
          'codes no longer work, and every other signed-in device was signed out.',
        notMeLine(lender),
      ],
    },
  );
}

export function recoveryCodesMail(lender: LenderConfig, user: Person) {
  return composeEmail(
    lender,
    { to: user.email, subject: `New ${lender.brandName} recovery codes` },
    {
      greeting: `Hello ${user.firstName},`,
      blocks: [
        'As you asked, new recovery codes were made for your two-factor sign-in: the old ones no longer work, and ' +
          'every other signed-in device was signed out.',
        notMeLine(lender),
      ],
    },
  );
}

/** The invitation of a new staff member: the link sets the first password (24 hours). */
export function staffInvitationMail(lender: LenderConfig, user: Person, link: string) {
  return composeEmail(
    lender,
    { to: user.email, subject: `Your ${lender.brandName} staff account` },
    {
      greeting: `Hello ${user.firstName},`,
      blocks: [
        'A staff account was created for you. Choose your password within 24 hours with this link.',
        { action: { label: 'Choose my password', url: link } },
        'After that, log in at the staff sign-in page; you will set up an authenticator app on your first login.',
      ],
    },
  );
}
