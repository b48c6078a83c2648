import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { applicationClaims, applications, users } from '../../../drizzle/schema/index';
import type { AppDeps, RequestMeta } from '../../deps';
import { recordAudit } from '../../lib/audit';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { LIMITS } from '../../lib/rate-limit';
import { shortId } from '../../../src/shared/format';
import { recordRewardEvent } from '../rewards/index';
import { claimLinkMail } from './emails';

// An anonymous application becomes an account's only through a one-time claim bound to that application and to
// the applicant's email: the browser that submitted it is not proof of who registers there next.

export type ClaimKind = 'browser' | 'link';
export const BROWSER_CLAIM_TTL_MS = 60 * 60 * 1000;
export const CLAIM_LINK_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const CLAIM_LINK_INVALID =
  'This link has expired or has already been used. Enter the email you applied with and we will send you a new one.';
export const CLAIM_WRONG_ACCOUNT =
  'This application belongs to a different email address. Sign in or create an account with the email you applied with.';
export const CLAIM_ALREADY_LINKED = 'This application is already linked to an account.';
export const RESEND_ANSWER =
  "If you applied with that email and have not created an account for the application yet, we've sent you a new link.";

type Db = AppDeps['db'];
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

async function createClaim(db: Db | Tx, applicationId: string, email: string, kind: ClaimKind): Promise<string> {
  const token = randomToken(25); // 200 bits
  const ttl = kind === 'browser' ? BROWSER_CLAIM_TTL_MS : CLAIM_LINK_TTL_MS;
  await db.insert(applicationClaims).values({
    tokenHash: sha256Hex(token),
    applicationId,
    kind,
    email: normaliseEmail(email),
    expiresAt: new Date(Date.now() + ttl),
  });
  return token;
}

/** A claim for an application nobody owns yet, or null when an account already has it. */
export async function issueClaim(db: Db | Tx, applicationId: string, kind: ClaimKind): Promise<string | null> {
  const [app] = await db
    .select({ email: applications.email, userId: applications.userId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!app || app.userId) return null;
  return createClaim(db, applicationId, app.email, kind);
}

const liveClaim = (tokenHash: string, kind: ClaimKind) =>
  and(
    eq(applicationClaims.tokenHash, tokenHash),
    eq(applicationClaims.kind, kind),
    isNull(applicationClaims.usedAt),
    gt(applicationClaims.expiresAt, new Date()),
  );

/** What the claim page shows before the applicant signs in: the decision, never restricted data. */
export async function previewClaimLink(db: Db, token: string) {
  const [row] = await db
    .select({
      applicationId: applications.id,
      businessName: applications.businessName,
      loanAmountCents: applications.loanAmountCents,
      approvedAmountCents: applications.approvedAmountCents,
      status: applications.status,
      email: applicationClaims.email,
      userId: applications.userId,
      submittedAt: applications.createdAt,
    })
    .from(applicationClaims)
    .innerJoin(applications, eq(applications.id, applicationClaims.applicationId))
    .where(liveClaim(sha256Hex(token), 'link'));
  if (!row || row.userId) throw new AppError('BAD_REQUEST', CLAIM_LINK_INVALID);
  return {
    reference: shortId(row.applicationId),
    businessName: row.businessName,
    loanAmount: row.loanAmountCents / 100,
    approvedAmount: row.approvedAmountCents === null ? null : row.approvedAmountCents / 100,
    status: row.status,
    maskedEmail: maskEmail(row.email),
    submittedAt: row.submittedAt.toISOString(),
  };
}

function maskEmail(email: string) {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, Math.min(local.length - 1, 6)))}@${domain}`;
}

/**
 * Links the claim's application to the client account with the applicant's email, once. A claim presented by an
 * account with another email is refused and stays usable for the applicant.
 */
export async function redeemClaim(
  db: Db,
  input: { token: string; kind: ClaimKind; userId: string; meta: RequestMeta },
): Promise<{ applicationId: string }> {
  const tokenHash = sha256Hex(input.token);
  const outcome = await db.transaction(async (tx) => {
    const [claim] = await tx
      .select({ applicationId: applicationClaims.applicationId, email: applicationClaims.email })
      .from(applicationClaims)
      .where(liveClaim(tokenHash, input.kind))
      .for('update');
    if (!claim) throw new AppError('BAD_REQUEST', CLAIM_LINK_INVALID);
    const [user] = await tx
      .select({ email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, input.userId));
    if (!user || user.role !== 'client' || normaliseEmail(user.email) !== claim.email) {
      return { refused: claim.applicationId };
    }
    await tx.update(applicationClaims).set({ usedAt: new Date() }).where(eq(applicationClaims.tokenHash, tokenHash));
    const [linked] = await tx
      .update(applications)
      .set({ userId: input.userId, isExistingClient: false })
      .where(and(eq(applications.id, claim.applicationId), isNull(applications.userId)));
    if (linked.affectedRows !== 1) return { alreadyLinked: true };
    // The application's other claims are spent with it.
    await tx
      .update(applicationClaims)
      .set({ usedAt: new Date() })
      .where(and(eq(applicationClaims.applicationId, claim.applicationId), isNull(applicationClaims.usedAt)));
    await recordRewardEvent(tx, input.userId, 'application_submitted');
    await recordAudit(tx, {
      actorId: input.userId,
      actorRole: 'client',
      action: 'application.claim',
      targetType: 'application',
      targetId: claim.applicationId,
      ip: input.meta.ip,
      detail: { kind: input.kind },
    });
    return { applicationId: claim.applicationId };
  });
  if ('refused' in outcome) {
    // Recorded outside the transaction that read the claim, so the refusal stays on file.
    await recordAudit(db, {
      actorId: input.userId,
      action: 'application.claim',
      outcome: 'failure',
      targetType: 'application',
      targetId: outcome.refused,
      ip: input.meta.ip,
      detail: { kind: input.kind, reason: 'email' },
    });
    throw new AppError('FORBIDDEN', CLAIM_WRONG_ACCOUNT);
  }
  if ('alreadyLinked' in outcome) throw new AppError('CONFLICT', CLAIM_ALREADY_LINKED);
  return { applicationId: outcome.applicationId };
}

/**
 * The browser claim after registration or sign-in: links when the account's email is the applicant's, and
 * otherwise links nothing (the next person in a shared browser gets nothing, the applicant keeps the claim).
 */
export async function redeemBrowserClaim(
  db: Db,
  input: { token: string | null; userId: string; meta: RequestMeta },
): Promise<{ linked: number; spent: boolean }> {
  if (!input.token) return { linked: 0, spent: false };
  try {
    await redeemClaim(db, { token: input.token, kind: 'browser', userId: input.userId, meta: input.meta });
    return { linked: 1, spent: true };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { linked: 0, spent: error.code !== 'FORBIDDEN' };
  }
}

/**
 * Resend form: the same answer whatever the address; a fresh link per unclaimed application of that email goes
 * out in the background, so timing does not tell either.
 */
export async function resendClaimLinks(
  deps: Pick<AppDeps, 'db' | 'limiter' | 'mailer' | 'log' | 'env'>,
  meta: RequestMeta,
  rawEmail: string,
) {
  const email = normaliseEmail(rawEmail);
  await deps.limiter.consume(LIMITS.claimResendIp, meta.ip);
  const answer = { success: true as const, message: RESEND_ANSWER };
  const emailLimit = await deps.limiter.hit(LIMITS.claimResendEmail, email);
  if (!emailLimit.allowed) return answer;
  void (async () => {
    const unclaimed = await deps.db
      .select({ id: applications.id, businessName: applications.businessName, ownerName: applications.ownerName })
      .from(applications)
      .where(and(eq(applications.email, email), isNull(applications.userId)));
    if (unclaimed.length === 0) return;
    const links: Array<{ businessName: string; reference: string; url: string }> = [];
    for (const app of unclaimed) {
      const token = await createClaim(deps.db, app.id, email, 'link');
      links.push({
        businessName: app.businessName,
        reference: shortId(app.id),
        url: claimUrl(deps.env.publicUrl, token),
      });
    }
    await deps.mailer.send(
      await claimLinkMail(deps.env.lender, { to: email, ownerName: unclaimed[0]?.ownerName ?? '', links }),
    );
  })().catch((error: unknown) => deps.log.error({ err: (error as Error).message }, 'claim link mail failed'));
  return answer;
}

export const claimUrl = (publicUrl: string, token: string) => `${publicUrl}/applications/claim?token=${token}`;

/** How long an expired claim is kept (so a late click still meets "expired", not a missing row), then swept. */
export const CLAIM_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Removes claims that expired over a day ago, used or not, 500 a run; answers the count removed. */
export async function sweepClaims(db: Db, now = Date.now()): Promise<number> {
  const [result] = await db
    .delete(applicationClaims)
    .where(lt(applicationClaims.expiresAt, new Date(now - CLAIM_RETENTION_MS)))
    .limit(500);
  return result.affectedRows;
}
