import { applicationIdSchema, createRefinanceRequestSchema, loanIdSchema } from '../../src/shared/schemas/client';
import {
  acceptOfferSchema,
  priceOfferSchema,
  requestConsolidationSchema,
  requestLowerPaymentSchema,
} from '../../src/shared/schemas/offers';
import {
  acceptFunding,
  getClientLoanSchedule,
  getClientLoanProgress,
  getPayoffQuote,
  getRenewal,
  listClientLoans,
  listLowerPaymentRequests,
  requestLowerPayment,
  createRefinanceRequest,
  listRefinanceRequests,
} from '../services/loans/index';
import { getOfferMenu, getOfferSignature, priceOffer, requestConsolidation } from '../services/offers/index';
import { documentRequestIdSchema } from '../../src/shared/schemas/document-requests';
import {
  findOpenClientRequest,
  listClientApplications,
  listClientDocumentRequests,
  listClientNotices,
} from '../services/applications/index';
import { createCallerFactory, protectedProcedure, router } from '../trpc/init';

// Client area. Every query is scoped to ctx.user.id in SQL; another client's id answers 404.
export const clientRouter = router({
  /** Client profile. */
  me: protectedProcedure.query(({ ctx }) => ({
    firstName: ctx.user.firstName,
    lastName: ctx.user.lastName,
    email: ctx.user.email,
    businessName: ctx.user.businessName,
    createdAt: ctx.user.createdAt,
  })),
  applications: protectedProcedure.query(({ ctx }) => listClientApplications(ctx, ctx.user.id)),
  /** Accepting is signing: the chosen option, consent, typed name and the hash of the summary shown. */
  acceptFunding: protectedProcedure
    .input(acceptOfferSchema)
    .mutation(({ ctx, input }) =>
      acceptFunding(ctx, { ip: ctx.meta.ip, userAgent: ctx.meta.userAgent }, ctx.user, input),
    ),
  offerMenu: protectedProcedure
    .input(applicationIdSchema)
    .query(({ ctx, input }) => getOfferMenu(ctx.db, ctx.user.id, input.id, ctx.env.OFFER_VALID_DAYS)),
  priceOffer: protectedProcedure
    .input(priceOfferSchema)
    .query(({ ctx, input }) => priceOffer(ctx.db, ctx.user.id, input)),
  offerSignature: protectedProcedure
    .input(applicationIdSchema)
    .query(({ ctx, input }) => getOfferSignature(ctx.db, ctx.user.id, input.id)),
  requestConsolidation: protectedProcedure
    .input(requestConsolidationSchema)
    .mutation(({ ctx, input }) => requestConsolidation(ctx.db, { ip: ctx.meta.ip }, ctx.user.id, input)),
  loans: protectedProcedure.query(({ ctx }) => listClientLoans(ctx.db, ctx.user.id)),
  loanSchedule: protectedProcedure
    .input(loanIdSchema)
    .query(({ ctx, input }) => getClientLoanSchedule(ctx.db, ctx.user.id, input.id)),
  /** Charts of one loan: paid against remaining, next payments, balance over time. */
  loanProgress: protectedProcedure
    .input(loanIdSchema)
    .query(({ ctx, input }) => getClientLoanProgress(ctx.db, ctx.user.id, input.id)),
  payoffQuote: protectedProcedure
    .input(loanIdSchema)
    .query(({ ctx, input }) => getPayoffQuote(ctx.db, ctx.user.id, input.id)),
  renewal: protectedProcedure.input(loanIdSchema).query(({ ctx, input }) => getRenewal(ctx.db, ctx.user.id, input.id)),
  lowerPaymentRequests: protectedProcedure.query(({ ctx }) => listLowerPaymentRequests(ctx.db, ctx.user.id)),
  requestLowerPayment: protectedProcedure
    .input(requestLowerPaymentSchema)
    .mutation(({ ctx, input }) => requestLowerPayment(ctx.db, { ip: ctx.meta.ip }, ctx.user.id, input)),
  refinanceRequests: protectedProcedure.query(({ ctx }) => listRefinanceRequests(ctx.db, ctx.user.id)),
  /** Adverse action notices on one of the client's own applications (another client's id is 404). */
  adverseActionNotices: protectedProcedure
    .input(applicationIdSchema)
    .query(({ ctx, input }) => listClientNotices(ctx.db, ctx.user.id, input.id)),
  requestRefinance: protectedProcedure
    .input(createRefinanceRequestSchema)
    .mutation(({ ctx, input }) => createRefinanceRequest(ctx.db, { ip: ctx.meta.ip }, ctx.user.id, input)),
  /** Document requests on the client's own applications (docs/product.md 6.7); answered by an upload (REST). */
  documentRequests: protectedProcedure.query(({ ctx }) => listClientDocumentRequests(ctx, ctx.user.id)),
});

/**
 * For the REST upload handler only (multipart is never a procedure input): the guard and the ownership check run
 * before a byte of the body is stored. Answers who may answer which open request.
 */
export const clientInternalRouter = router({
  documentRequestUploadTarget: protectedProcedure.input(documentRequestIdSchema).query(async ({ ctx, input }) => {
    const request = await findOpenClientRequest(ctx.db, ctx.user.id, input.id);
    return { requestId: request.id, userId: ctx.user.id };
  }),
});
export const createClientInternalCaller = createCallerFactory(clientInternalRouter);
