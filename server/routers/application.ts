import type { WizardStartDto } from '../../src/shared/schemas/application';
import { claimTokenSchema, resendClaimSchema } from '../../src/shared/schemas/claims';
import { getClientProfile, previewClaimLink, redeemClaim, resendClaimLinks } from '../services/applications/index';
import { protectedProcedure, publicProcedure, router } from '../trpc/init';
import { siteRouter } from './site';

/** The spec's check on a browser maps key: a fixed prefix and a plausible length. */
export function isUsableMapsKey(key: string): boolean {
  return key.startsWith('AIza') && key.length > 30 && key.length < 50;
}

// The wizard's reads; submission is multipart, so it is a REST route (server/rest/application.ts).
// The public site's procedures live under `site`.
export const applicationRouter = router({
  site: siteRouter,
  /** Returning-client prefill (GET /api/client/profile): SSN and EIN masked, birth date never returned. */
  profile: protectedProcedure.query(({ ctx }) => getClientProfile(ctx.db, ctx.user)),
  /** GET /api/google-maps-key: the browser key, or '' when none is configured. */
  mapsKey: publicProcedure.query(({ ctx }) => ({ apiKey: ctx.env.GOOGLE_MAPS_API_KEY ?? '' })),
  /** Everything the wizard needs on load in one call; it also issues the visitor cookie up front. */
  start: publicProcedure.query(async ({ ctx }): Promise<WizardStartDto> => {
    ctx.visitor.ensure();
    const apiKey = ctx.env.GOOGLE_MAPS_API_KEY ?? '';
    return {
      profile: ctx.user?.role === 'client' ? await getClientProfile(ctx.db, ctx.user) : null,
      mapsApiKey: isUsableMapsKey(apiKey) ? apiKey : '',
      mapsKeyConfigured: apiKey !== '',
    };
  }),
  /** The emailed claim link's page: the decision summary, or 400 when the link is dead or used. */
  claimPreview: publicProcedure
    .input(claimTokenSchema)
    .query(({ ctx, input }) => previewClaimLink(ctx.db, input.token)),
  /** Claims the link's application for the signed-in client whose email is the applicant's (once). */
  claim: protectedProcedure
    .input(claimTokenSchema)
    .mutation(({ ctx, input }) =>
      redeemClaim(ctx.db, { token: input.token, kind: 'link', userId: ctx.user.id, meta: ctx.meta }),
    ),
  /** Resend form: the same answer whether or not the address applied; throttled. */
  resendClaimLink: publicProcedure
    .input(resendClaimSchema)
    .mutation(({ ctx, input }) => resendClaimLinks(ctx, ctx.meta, input.email)),
});
