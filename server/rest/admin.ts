import { pipeline } from 'node:stream/promises';
import { createAdminInternalCaller } from '../routers/admin';
import { downloadContentType, encodeRfc8187, sanitiseFileName } from '../services/back-office/index';
import { DocumentIntegrityError } from '../lib/crypto';
import { AppError } from '../lib/errors';
import type { RestRoute } from './types';

/** A downloaded document is never rendered: sandboxed, nothing loads, and it keeps the site-wide CSP's bars (H1). */
export const DOWNLOAD_CSP = "sandbox; default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

// Rows of the /api route table for this area. Inputs go to the procedures unparsed, so the guard answers
// first (401/403) and the procedure's own schema validates (400). Shapes follow

/** The query parameters a list accepts, as given (empty values mean "not given"). */
function queryOf(query: URLSearchParams, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const value = query.get(key);
    if (value !== null && value !== '') out[key] = value;
  }
  return out;
}

const PAGING = ['page', 'limit', 'cursor', 'direction'];

export const adminRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/dashboard',
    call: async ({ caller }) => ({ data: await caller.admin.dashboard() }),
  },
  {
    method: 'GET',
    path: '/api/admin/analytics',
    call: async ({ caller }) => ({ data: await caller.admin.analytics() }),
  },
  {
    method: 'GET',
    path: '/api/admin/analytics/charts',
    call: async ({ caller }) => ({ data: await caller.admin.analyticsCharts() }),
  },
  {
    method: 'GET',
    path: '/api/admin/applications',
    call: async ({ caller, query }) => {
      const page = await caller.admin.listApplications(
        queryOf(query, ['search', 'status', 'aiApproved', 'createdFrom', 'createdTo', ...PAGING]),
      );
      return { data: page.items, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/applications/by-email/:email',
    call: ({ caller, params }) => caller.admin.applicationsByEmail({ email: params.email ?? '' }),
  },
  {
    method: 'GET',
    path: '/api/admin/applications/:id',
    call: async ({ caller, params }) => ({
      success: true,
      data: await caller.admin.applicationById({ id: params.id ?? '' }),
    }),
  },
  {
    method: 'PUT',
    path: '/api/admin/applications/:id/status',
    body: true,
    call: async ({ caller, params, body }) => ({
      success: true,
      data: await caller.admin.setApplicationStatus({ ...(body as object), id: params.id ?? '' } as never),
    }),
  },
  // Decisions with reasons: the principal reasons travel in the status body above ({status, reasons, otherReason,
  // note}); this row reads the decisions, the pre-selected reasons and each notice's send time.
  {
    method: 'GET',
    path: '/api/admin/applications/:id/decisions',
    call: async ({ caller, params }) => ({ data: await caller.admin.decisionContext({ id: params.id ?? '' }) }),
  },
  // A notice whose email failed, sent again (audited; a notice already sent is refused with 400).
  {
    method: 'POST',
    path: '/api/admin/notices/:id/resend',
    call: async ({ caller, params }) => ({
      success: true,
      data: await caller.admin.resendNotice({ id: params.id ?? '' }),
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/applications/:id/reveal',
    body: true,
    call: async ({ caller, params, body }) => ({
      success: true,
      data: await caller.admin.revealPii({ ...(body as object), id: params.id ?? '' } as never),
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/documents/:id',
    handle: async ({ ctx, res, params }) => {
      const document = await createAdminInternalCaller(ctx).openDocument({ id: params.id ?? '' });
      let size: number;
      try {
        // Every chunk authenticated before the first byte is sent: a tampered file is refused with a message, not
        // cut off halfway through a download.
        size = await ctx.storage.verify(document.storageKey);
      } catch (error) {
        if (error instanceof DocumentIntegrityError) {
          ctx.log.error(
            { event: 'document.integrity_failed', documentId: document.id, reason: error.message },
            'stored document refused',
          );
          throw new AppError('UNPROCESSABLE_CONTENT', 'This document failed its integrity check and cannot be opened.');
        }
        throw new AppError('NOT_FOUND', 'The document file is missing');
      }
      // An attachment the browser never renders or sniffs (docs/security.md E).
      res.statusCode = 200;
      res.setHeader('Content-Type', downloadContentType(document.mimeType));
      res.setHeader('Content-Length', size);
      res.setHeader(
        'Content-Disposition',
        `attachment; filename*=UTF-8''${encodeRfc8187(sanitiseFileName(document.originalName))}`,
      );
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', DOWNLOAD_CSP);
      res.setHeader('Cache-Control', 'no-store');
      await pipeline(ctx.storage.read(document.storageKey), res);
    },
  },
  {
    method: 'GET',
    path: '/api/admin/applicants',
    call: async ({ caller, query }) => {
      const page = await caller.admin.listApplicants(queryOf(query, ['search', 'isActive', 'assignee', ...PAGING]));
      return { data: page.items, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/applicants/export',
    handle: async ({ caller, res, query }) => {
      const result = await caller.admin.exportApplicants(queryOf(query, ['search', 'isActive']));
      const body = Buffer.from(result.csv, 'utf8');
      res.statusCode = 200;
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Length', body.length);
      res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeRfc8187(result.fileName)}`);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cache-Control', 'no-store');
      if (result.truncated) res.setHeader('X-Export-Truncated', 'true');
      res.end(body);
    },
  },
  {
    method: 'GET',
    path: '/api/admin/applicants/:id',
    call: async ({ caller, params }) => ({
      success: true,
      data: await caller.admin.applicantById({ id: params.id ?? '' }),
    }),
  },
  // The work queue (docs/product.md 6.2), for clients that read the admin lists over REST; the Queue tab uses tRPC.
  {
    method: 'GET',
    path: '/api/admin/queue',
    call: async ({ caller, query }) => {
      const page = await caller.admin.workQueue(queryOf(query, ['assignee', ...PAGING]));
      return { data: page.items, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/loans',
    call: async ({ caller, query }) => ({
      data: await caller.admin.listLoans(queryOf(query, ['assignee', ...PAGING])),
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/loans/:id/payments',
    call: async ({ caller, params }) => ({
      success: true,
      data: await caller.admin.loanPayments({ id: params.id ?? '' }),
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/loans/:id/payments',
    body: true,
    status: 201,
    call: async ({ caller, params, body }) => ({
      success: true,
      data: await caller.admin.recordPayment({ ...(body as object), loanId: params.id ?? '' } as never),
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/refinance-requests',
    call: async ({ caller, query }) => ({
      data: await caller.admin.refinanceRequests(queryOf(query, ['assignee', ...PAGING])),
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/staff',
    call: async ({ caller }) => ({ data: await caller.admin.listStaff() }),
  },
  {
    method: 'POST',
    path: '/api/admin/staff',
    body: true,
    status: 201,
    call: async ({ caller, body }) => ({ success: true, data: await caller.admin.createStaff(body as never) }),
  },
  {
    method: 'PUT',
    path: '/api/admin/staff/:id/role',
    body: true,
    call: async ({ caller, params, body }) => ({
      success: true,
      data: await caller.admin.setStaffRole({ ...(body as object), id: params.id ?? '' } as never),
    }),
  },
  {
    method: 'PUT',
    path: '/api/admin/staff/:id/active',
    body: true,
    call: async ({ caller, params, body }) => ({
      success: true,
      data: await caller.admin.setStaffActive({ ...(body as object), id: params.id ?? '' } as never),
    }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/staff/:id/sessions',
    call: async ({ caller, params }) => ({
      success: true,
      data: await caller.admin.terminateStaffSessions({ id: params.id ?? '' }),
    }),
  },
  // Document requests (docs/product.md 6.7).
  {
    method: 'GET',
    path: '/api/admin/applications/:id/document-requests',
    call: async ({ caller, params }) => ({
      data: await caller.admin.documentRequests({ applicationId: params.id ?? '' }),
    }),
  },
  {
    // Body: { documents: string[], message }.
    method: 'POST',
    path: '/api/admin/applications/:id/document-requests',
    body: true,
    status: 201,
    call: async ({ caller, params, body }) => ({
      success: true,
      data: await caller.admin.requestDocuments({ ...(body as object), applicationId: params.id ?? '' } as never),
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/document-requests/:id/cancel',
    call: async ({ caller, params }) => ({
      success: true,
      data: await caller.admin.cancelDocumentRequest({ id: params.id ?? '' }),
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/document-requests/:id/review',
    call: async ({ caller, params }) => ({
      success: true,
      data: await caller.admin.reviewDocumentRequest({ id: params.id ?? '' }),
    }),
  },
];
