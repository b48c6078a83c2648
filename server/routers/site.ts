import { contactMessageSchema, emailSignupSchema } from '../../src/shared/schemas/site';
import { submitContactMessage, listEmailSignups, signUpForEmails } from '../services/site/index';
import { adminProcedure, publicProcedure, router } from '../trpc/init';

// Public-site procedures (mailing list, contact form: ), mounted as `application.site`.
export const siteRouter = router({
  emailSignup: publicProcedure
    .input(emailSignupSchema)
    .mutation(({ ctx, input }) => signUpForEmails(ctx, ctx.meta, input)),
  emailSignups: adminProcedure.query(({ ctx }) => listEmailSignups(ctx)),
  contact: publicProcedure
    .input(contactMessageSchema)
    .mutation(({ ctx, input }) => submitContactMessage(ctx, ctx.meta, input)),
});
