import {
  forgotPasswordSchema,
  loginSchema,
  regenerateRecoveryCodesSchema,
  registerSchema,
  resetPasswordSchema,
  totpEnableSchema,
} from '../../src/shared/schemas/auth';
import {
  beginTotpEnrollment,
  completeTotpEnrollment,
  login,
  logout,
  regenerateRecoveryCodes,
  registerClient,
  requestPasswordReset,
  resetPassword,
  toAuthUserDto,
} from '../services/accounts/index';
import { redeemBrowserClaim } from '../services/applications/index';
import type { Context } from '../trpc/context';
import { protectedProcedure, publicProcedure, router } from '../trpc/init';

/** After sign-in: the one-hour claim the submission answer left in this browser, spent once it has been used. */
const claimFromBrowser = (ctx: Context) => async (userId: string) => {
  const { linked, spent } = await redeemBrowserClaim(ctx.db, {
    token: ctx.visitor.claimToken(),
    userId,
    meta: ctx.meta,
  });
  if (spent) ctx.visitor.setClaim(null);
  return linked;
};

export const authRouter = router({
  /** The signed-in user, or 401 (the client reads a failure as signed out). */
  user: protectedProcedure.query(({ ctx }) => toAuthUserDto(ctx.user, ctx.session)),
  /** The same, but null instead of 401: the shell asks on every page load. */
  current: publicProcedure.query(({ ctx }) => (ctx.user ? toAuthUserDto(ctx.user, ctx.session) : null)),
  login: publicProcedure.input(loginSchema).mutation(({ ctx, input }) =>
    login(
      ctx,
      {
        meta: ctx.meta,
        setCookie: ctx.setCookie,
        currentSession: ctx.session,
        device: ctx.device,
        afterSignIn: claimFromBrowser(ctx),
      },
      input,
    ),
  ),
  logout: publicProcedure.mutation(({ ctx }) => {
    // The next person at this browser starts with no visitor id and no claim.
    ctx.visitor.clear();
    return logout(ctx, { meta: ctx.meta, setCookie: ctx.setCookie }, ctx.session, ctx.user?.id ?? null);
  }),
  register: publicProcedure
    .input(registerSchema)
    .mutation(({ ctx, input }) =>
      registerClient(
        ctx,
        { meta: ctx.meta, setCookie: ctx.setCookie, currentSession: ctx.session, afterSignIn: claimFromBrowser(ctx) },
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
    .input(totpEnableSchema)
    .mutation(({ ctx, input }) =>
      completeTotpEnrollment(ctx, { meta: ctx.meta, setCookie: ctx.setCookie }, ctx.user, ctx.session, input),
    ),
  recoveryCodesRegenerate: protectedProcedure
    .input(regenerateRecoveryCodesSchema)
    .mutation(({ ctx, input }) =>
      regenerateRecoveryCodes(ctx, { meta: ctx.meta, setCookie: ctx.setCookie }, ctx.user, ctx.session, input),
    ),
});
