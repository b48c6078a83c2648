import { idempotencyKeySchema } from '../../src/shared/schemas/application';
import type { AppDeps } from '../deps';
import { sendJson } from '../http/helpers';
import {
  assertKeyNotInFlight,
  carryKeyToScope,
  issueClaim,
  keyScopeOf,
  submitApplication,
} from '../services/applications/index';
import { LIMITS } from '../lib/rate-limit';
import type { Context } from '../trpc/context';
import { AppError } from '../lib/errors';
import type { RestRoute } from './types';
import { drainRequest, receiveApplicationUpload } from './uploads';

// Rows of the /api route table for this area.
export const applicationRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/client/profile', call: ({ caller }) => caller.application.profile() },
  { method: 'GET', path: '/api/google-maps-key', call: ({ caller }) => caller.application.mapsKey() },
  {
    method: 'POST',
    path: '/api/loan-application-enhanced',
    status: 201,
    // Multipart: streamed by formidable here, never a procedure input (docs/architecture.md: uploads are the exception).
    handle: async ({ req, res, ctx }) => {
      const header = req.headers['idempotency-key'];
      const key = idempotencyKeySchema.safeParse(Array.isArray(header) ? undefined : header);
      if (!key.success) {
        drainRequest(req);
        throw new AppError('BAD_REQUEST', key.error.issues[0]?.message ?? 'Idempotency-Key header is required');
      }
      // Read before applicantOf, which may issue a visitor cookie: the scope is what the browser sent.
      const keyScope = keyScopeOf({ userId: ctx.user?.id ?? null, sentVisitorHash: ctx.visitor.hash() });
      const applicant = applicantOf(ctx);
      try {
        // Cheap refusals before a single byte of the body is stored.
        const { isKnown } = await assertKeyNotInFlight(ctx, key.data, keyScope);
        // Every request counts per address; a retry of a known key does not use up the account's daily quota.
        await consumeApplyLimits(ctx, isKnown ? null : applicant.userId);
      } catch (error) {
        drainRequest(req);
        throw error;
      }
      const upload = await receiveApplicationUpload(req, ctx.storage, ctx.log);
      try {
        const answer = await submitApplication(ctx, {
          idempotencyKey: key.data,
          keyScope,
          applicant,
          formData: upload.formData,
          files: upload.files,
          ip: ctx.meta.ip,
        });
        if (applicant.role !== 'client') {
          // The wizard's create-account step claims through this one-hour cookie; a fresh visitor id keeps an id
          // planted in this browser before from following the applicant.
          const claim = await issueClaim(ctx.db, answer.body.applicationId, 'browser');
          if (claim) ctx.visitor.setClaim(claim);
          ctx.visitor.rotate();
          const newScope = keyScopeOf({ userId: null, sentVisitorHash: ctx.visitor.hash() });
          await carryKeyToScope(ctx.db, key.data, keyScope, newScope);
        }
        sendJson(res, answer.status, answer.body);
      } finally {
        await upload.dispose();
      }
    },
  },
];

function applicantOf(ctx: Context) {
  return {
    userId: ctx.user?.id ?? null,
    role: ctx.user?.role ?? null,
    // Which browser submitted (kept with the application; it links nothing).
    visitorHash: ctx.user?.role === 'client' ? ctx.visitor.hash() : ctx.visitor.ensure(),
  };
}

async function consumeApplyLimits(deps: Pick<AppDeps, 'limiter'> & Pick<Context, 'meta'>, userId: string | null) {
  await deps.limiter.consume(LIMITS.applyIp, deps.meta.ip);
  if (userId) await deps.limiter.consume(LIMITS.applyAccount, userId);
}
