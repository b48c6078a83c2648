import { createClientInternalCaller } from '../routers/client';
import { answerDocumentRequest } from '../services/applications/index';
import { LIMITS } from '../lib/rate-limit';
import { sendJson } from '../http/helpers';
import type { RestRoute } from './types';
import { drainRequest, receiveDocumentUpload } from './uploads';

// Rows of the /api route table for this area. Ids in paths go through the
// procedures' own schemas; another client's id answers 404. Bodies are merged with the path id and validated by
// the procedure (strict zod), so an empty or wrong body answers 400 with the field message.
const withPath = (body: unknown, key: string, value: string | undefined) =>
  ({ ...(body && typeof body === 'object' && !Array.isArray(body) ? body : {}), [key]: value ?? '' }) as never;

export const clientRoutes: RestRoute[] = [
  // Spec: "data: list of applications" (the list itself).
  { method: 'GET', path: '/api/my-applications', call: ({ caller }) => caller.client.applications() },
  {
    method: 'GET',
    path: '/api/client/applications',
    call: async ({ caller }) => ({ data: await caller.client.applications() }),
  },
  {
    // Body: { amount, termWeeks, fullName, consent: true, summaryHash } (acceptOfferSchema without id).
    method: 'POST',
    path: '/api/client/applications/:id/accept',
    body: true,
    call: async ({ caller, params, body }) => {
      const { loan, ...answer } = await caller.client.acceptFunding(withPath(body, 'id', params.id));
      return { ...answer, data: { loan } };
    },
  },
  {
    method: 'GET',
    path: '/api/client/applications/:id/offers',
    call: async ({ caller, params }) => ({ data: await caller.client.offerMenu({ id: params.id ?? '' }) }),
  },
  {
    // Body: { amount, termWeeks }. A POST so the choice is not logged in URLs; it changes nothing.
    method: 'POST',
    path: '/api/client/applications/:id/offers/price',
    body: true,
    call: async ({ caller, params, body }) => ({
      data: await caller.client.priceOffer(withPath(body, 'id', params.id)),
    }),
  },
  {
    method: 'GET',
    path: '/api/client/applications/:id/signature',
    call: async ({ caller, params }) => ({ data: await caller.client.offerSignature({ id: params.id ?? '' }) }),
  },
  {
    // Body: { positions: string[] }.
    method: 'POST',
    path: '/api/client/applications/:id/consolidation',
    body: true,
    call: async ({ caller, params, body }) => ({
      success: true,
      data: await caller.client.requestConsolidation(withPath(body, 'id', params.id)),
    }),
  },
  {
    method: 'GET',
    path: '/api/client/applications/:id/notices',
    call: async ({ caller, params }) => ({ data: await caller.client.adverseActionNotices({ id: params.id ?? '' }) }),
  },
  { method: 'GET', path: '/api/client/loans', call: async ({ caller }) => ({ data: await caller.client.loans() }) },
  {
    method: 'GET',
    path: '/api/client/loans/:id/schedule',
    call: async ({ caller, params }) => ({ data: await caller.client.loanSchedule({ id: params.id ?? '' }) }),
  },
  {
    method: 'GET',
    path: '/api/client/loans/:id/progress',
    call: async ({ caller, params }) => ({ data: await caller.client.loanProgress({ id: params.id ?? '' }) }),
  },
  {
    method: 'GET',
    path: '/api/client/loans/:id/payoff-quote',
    call: async ({ caller, params }) => ({ data: await caller.client.payoffQuote({ id: params.id ?? '' }) }),
  },
  {
    method: 'GET',
    path: '/api/client/loans/:id/renewal',
    call: async ({ caller, params }) => ({ data: await caller.client.renewal({ id: params.id ?? '' }) }),
  },
  {
    // Body: { requestedWeeklyPayment, reason }.
    method: 'POST',
    path: '/api/client/loans/:id/lower-payment-requests',
    body: true,
    status: 201,
    call: ({ caller, params, body }) => caller.client.requestLowerPayment(withPath(body, 'loanId', params.id)),
  },
  {
    method: 'GET',
    path: '/api/client/lower-payment-requests',
    call: async ({ caller }) => ({ data: await caller.client.lowerPaymentRequests() }),
  },
  {
    method: 'POST',
    path: '/api/client/refinance-requests',
    body: true,
    status: 201,
    call: ({ caller, body }) => caller.client.requestRefinance(body as never),
  },
  // Document requests (docs/product.md 6.7).
  {
    method: 'GET',
    path: '/api/client/document-requests',
    call: async ({ caller }) => ({ data: await caller.client.documentRequests() }),
  },
  {
    // Multipart with the wizard's file fields (bankStatements, driversLicense, voidedCheck) and nothing else.
    method: 'POST',
    path: '/api/client/document-requests/:id/files',
    status: 201,
    handle: async ({ req, res, ctx, params }) => {
      let target;
      try {
        // The guard (401) and the owner check (404) before a single byte of the body is stored.
        target = await createClientInternalCaller(ctx).documentRequestUploadTarget({ id: params.id ?? '' });
        await ctx.limiter.consume(LIMITS.documentUploadAccount, target.userId);
      } catch (error) {
        drainRequest(req);
        throw error;
      }
      const upload = await receiveDocumentUpload(req, ctx.storage, ctx.log);
      try {
        const answer = await answerDocumentRequest(ctx, {
          userId: target.userId,
          requestId: target.requestId,
          files: upload.files,
          ip: ctx.meta.ip,
        });
        sendJson(res, 201, { success: true, data: answer });
      } finally {
        await upload.dispose();
      }
    },
  },
];
