import { z } from 'zod';
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from '../../src/shared/schemas/auth';
import {
  beginTotpEnrollment,
  completeTotpEnrollment,
  login,
  logout,
  registerClient,
  requestPasswordReset,
  resetPassword,
  toAuthUserDto,
} from '../services/accounts/index';
import { protectedProcedure, publicProcedure, router } from '../trpc/init';

export const authRouter = router({
  /** The signed-in user, or 401 (spec: failure means signed out). */
  user: protectedProcedure.query(({ ctx }) => toAuthUserDto(ctx.user, ctx.session)),
  /** The same, but null instead of 401: the shell asks on every page load. */
  current: publicProcedure.query(({ ctx }) => (ctx.user ? toAuthUserDto(ctx.user, ctx.session) : null)),
  login: publicProcedure
    .input(loginSchema)
    .mutation(({ ctx, input }) =>
      login(ctx, { meta: ctx.meta, setCookie: ctx.setCookie, currentSession: ctx.session }, input),
    ),
  logout: publicProcedure.mutation(({ ctx }) =>
    logout(ctx, { meta: ctx.meta, setCookie: ctx.setCookie }, ctx.session, ctx.user?.id ?? null),
  ),
  register: publicProcedure
    .input(registerSchema)
    .mutation(({ ctx, input }) =>
      registerClient(
        ctx,
        { meta: ctx.meta, setCookie: ctx.setCookie, visitorHash: ctx.visitor.hash(), currentSession: ctx.session },
        input,
      ),
    ),
  forgotPassword: publicProcedure
    .input(forgotPasswordSchema)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx, { meta: ctx.meta, setCookie: ctx.setCookie }, input.email)),
  resetPassword: publicProcedure
    .input(resetPasswordSchema)
    .mutation(({ ctx, input }) => resetPassword(ctx, { meta: ctx.meta, setCookie: ctx.setCookie }, input)),
  totpSetup: protectedProcedure.mutation(({ ctx }) => beginTotpEnrollment(ctx, ctx.user)),
  totpEnable: protectedProcedure
    .input(
      z
        .object({
          code: z
            .string()
            .trim()
            .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
        })
        .strict(),
    )
    .mutation(({ ctx, input }) =>
      completeTotpEnrollment(ctx, { meta: ctx.meta, setCookie: ctx.setCookie }, ctx.user, ctx.session, input.code),
    ),
});
