import {
  byEmailSchema,
  byIdSchema,
  createStaffSchema,
  exportApplicantsSchema,
  listApplicantsSchema,
  listApplicationsSchema,
  listLoansSchema,
  listRefinanceSchema,
  recordPaymentSchema,
  revealPiiSchema,
  setApplicationStatusSchema,
  setStaffActiveSchema,
  setStaffRoleSchema,
} from '../../src/shared/schemas/admin';
import {
  addNoteSchema,
  assignApplicationSchema,
  editNoteSchema,
  noteSubjectSchema,
  workQueueSchema,
} from '../../src/shared/schemas/back-office-work';
import {
  exportApplicantsCsv,
  getApplicantDetail,
  listApplicants,
  applicationsByEmail,
  listApplications,
  recentApplications,
  getApplicationDetail,
  openDocument,
  getAnalytics,
  getAnalyticsCharts,
  getDashboard,
  listActiveLoans,
  listRefinanceRequests,
  getWorkQueue,
  listAssignableStaff,
  listNotes,
  addNote,
  editNote,
} from '../services/back-office/index';
import {
  assignApplication,
  revealApplicationPii,
  setApplicationStatus,
  countUnfinishedOcrJobs,
  getDecisionContext,
  resendAdverseActionNotice,
} from '../services/applications/index';
import {
  applicationDocumentRequestsSchema,
  createDocumentRequestSchema,
  documentRequestIdSchema,
} from '../../src/shared/schemas/document-requests';
import { closeDocumentRequest, createDocumentRequest } from '../services/applications/index';
import { listDocumentRequests } from '../services/back-office/index';
import type { Actor } from '../deps';
import { getLoanPayments, recordLoanPayment } from '../services/loans/index';
import {
  createStaff,
  listStaff,
  setStaffActive,
  setStaffRole,
  terminateStaffSessions,
} from '../services/accounts/index';
import { LIMITS } from '../lib/rate-limit';
import type { Context } from '../trpc/context';
import { adminProcedure, createCallerFactory, router, superAdminProcedure } from '../trpc/init';

// Back office. Every procedure is staff-only with a second-factor-verified session (adminProcedure),
// counted against the admin API limit per session (docs/security.md I: 300 / min).
const staff = adminProcedure.use(async ({ ctx, next }) => {
  await ctx.limiter.consume(LIMITS.adminSession, ctx.session.id);
  return next();
});
const superAdmin = superAdminProcedure.use(async ({ ctx, next }) => {
  await ctx.limiter.consume(LIMITS.adminSession, ctx.session.id);
  return next();
});

const actorOf = (ctx: Context & { user: NonNullable<Context['user']> }): Actor => ({
  id: ctx.user.id,
  role: ctx.user.role,
  ip: ctx.meta.ip,
});

export const adminRouter = router({
  dashboard: staff.query(({ ctx }) => getDashboard(ctx)),
  analytics: staff.query(({ ctx }) => getAnalytics(ctx)),
  recentApplications: staff.query(({ ctx }) => recentApplications(ctx)),
  // Analytics charts: weekly applications, approvals and funded volume, the funnel, decision times.
  analyticsCharts: staff.query(({ ctx }) => getAnalyticsCharts(ctx)),

  listApplications: staff
    .input(listApplicationsSchema)
    .query(({ ctx, input }) => listApplications(ctx, input, { viewerId: ctx.user.id })),
  applicationById: staff.input(byIdSchema).query(({ ctx, input }) => getApplicationDetail(ctx, actorOf(ctx), input.id)),
  // While a statement waits for OCR the detail polls this, and reads the audited detail again once it is done.
  ocrPending: staff
    .input(byIdSchema)
    .query(async ({ ctx, input }) => ({ pending: await countUnfinishedOcrJobs(ctx.db, input.id) })),
  // A mutation so the address travels in the body, never in a URL (docs/security.md tRPC 7).
  applicationsByEmail: staff
    .input(byEmailSchema)
    .mutation(({ ctx, input }) => applicationsByEmail(ctx, actorOf(ctx), input.email)),
  setApplicationStatus: staff
    .input(setApplicationStatusSchema)
    .mutation(({ ctx, input }) => setApplicationStatus(ctx, actorOf(ctx), input)),
  revealPii: superAdmin
    .input(revealPiiSchema)
    .mutation(({ ctx, input }) => revealApplicationPii(ctx, actorOf(ctx), input)),

  listApplicants: staff
    .input(listApplicantsSchema)
    .query(({ ctx, input }) => listApplicants(ctx, input, { viewerId: ctx.user.id })),
  applicantById: staff.input(byIdSchema).query(({ ctx, input }) => getApplicantDetail(ctx, actorOf(ctx), input.id)),
  exportApplicants: staff
    .input(exportApplicantsSchema)
    .query(({ ctx, input }) => exportApplicantsCsv(ctx, actorOf(ctx), input)),

  listLoans: staff.input(listLoansSchema).query(({ ctx, input }) => listActiveLoans(ctx, input, ctx.user.id)),
  loanPayments: staff.input(byIdSchema).query(({ ctx, input }) => getLoanPayments(ctx, input.id)),
  recordPayment: staff
    .input(recordPaymentSchema)
    .mutation(({ ctx, input }) => recordLoanPayment(ctx, actorOf(ctx), input)),

  // The work queue, who owns a file, and staff notes (never reachable from a client path).
  workQueue: staff.input(workQueueSchema).query(({ ctx, input }) => getWorkQueue(ctx, ctx.user.id, input)),
  assignableStaff: staff.query(({ ctx }) => listAssignableStaff(ctx)),
  assignApplication: staff
    .input(assignApplicationSchema)
    .mutation(({ ctx, input }) => assignApplication(ctx, actorOf(ctx), input)),
  notes: staff.input(noteSubjectSchema).query(({ ctx, input }) => listNotes(ctx, ctx.user.id, input)),
  addNote: staff.input(addNoteSchema).mutation(({ ctx, input }) => addNote(ctx, actorOf(ctx), input)),
  editNote: staff.input(editNoteSchema).mutation(({ ctx, input }) => editNote(ctx, actorOf(ctx), input)),

  // Decisions with reasons: the form's pre-selected reasons, the decisions so far and their notices' send times.
  decisionContext: staff.input(byIdSchema).query(({ ctx, input }) => getDecisionContext(ctx, input.id)),
  // A notice whose email failed, sent again by staff (audited; a sent notice is refused).
  resendNotice: staff
    .input(byIdSchema)
    .mutation(({ ctx, input }) => resendAdverseActionNotice(ctx, actorOf(ctx), input.id)),
  // Document requests (stipulations): ask the applicant for named documents, cancel, mark what came in reviewed.
  documentRequests: staff
    .input(applicationDocumentRequestsSchema)
    .query(({ ctx, input }) => listDocumentRequests(ctx, input.applicationId)),
  requestDocuments: staff
    .input(createDocumentRequestSchema)
    .mutation(({ ctx, input }) => createDocumentRequest(ctx, actorOf(ctx), input)),
  cancelDocumentRequest: staff
    .input(documentRequestIdSchema)
    .mutation(({ ctx, input }) => closeDocumentRequest(ctx, actorOf(ctx), { id: input.id, action: 'cancel' })),
  reviewDocumentRequest: staff
    .input(documentRequestIdSchema)
    .mutation(({ ctx, input }) => closeDocumentRequest(ctx, actorOf(ctx), { id: input.id, action: 'review' })),

  refinanceRequests: staff
    .input(listRefinanceSchema.optional())
    .query(({ ctx, input }) => listRefinanceRequests(ctx, input ?? listRefinanceSchema.parse({}), ctx.user.id)),

  listStaff: superAdmin.query(({ ctx }) => listStaff(ctx)),
  createStaff: superAdmin.input(createStaffSchema).mutation(({ ctx, input }) => createStaff(ctx, actorOf(ctx), input)),
  setStaffRole: superAdmin
    .input(setStaffRoleSchema)
    .mutation(({ ctx, input }) => setStaffRole(ctx, actorOf(ctx), input)),
  setStaffActive: superAdmin
    .input(setStaffActiveSchema)
    .mutation(({ ctx, input }) => setStaffActive(ctx, actorOf(ctx), input)),
  terminateStaffSessions: superAdmin
    .input(byIdSchema)
    .mutation(({ ctx, input }) => terminateStaffSessions(ctx, actorOf(ctx), input.id)),
});

/**
 * Procedures the REST adapter needs but tRPC must not serve: their answer (a storage key) is for the server's
 * own download handler, never for a browser. Same guard, limit and validation as the router above.
 */
export const adminInternalRouter = router({
  openDocument: staff.input(byIdSchema).query(({ ctx, input }) => openDocument(ctx, actorOf(ctx), input.id)),
});
export const createAdminInternalCaller = createCallerFactory(adminInternalRouter);
