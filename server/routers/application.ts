import type { WizardStartDto } from '../../src/shared/schemas/application';
import { getClientProfile } from '../services/applications/index';
import { protectedProcedure, publicProcedure, router } from '../trpc/init';
import { siteRouter } from './site';

/** The spec's check on a browser maps key (public spec §7): a fixed prefix and a plausible length. */
export function isUsableMapsKey(key: string): boolean {
  return key.startsWith('AIza') && key.length > 30 && key.length < 50;
}

// The wizard's reads (issue 4); submission is multipart, so it is a REST route (server/rest/application.ts).
// The public site's procedures live under `site` (issue 3).
export const applicationRouter = router({
  site: siteRouter,
  /** Returning-client prefill (GET /api/client/profile): SSN and EIN masked, birth date never returned. */
  profile: protectedProcedure.query(({ ctx }) => getClientProfile(ctx.db, ctx.user)),
  /** GET /api/google-maps-key: the browser key, or '' when none is configured. */
  mapsKey: publicProcedure.query(({ ctx }) => ({ apiKey: ctx.env.GOOGLE_MAPS_API_KEY ?? '' })),
  /**
   * Everything the wizard needs on load in one call. It also issues the visitor cookie up front, so an anonymous
   * submission whose answer is lost still belongs to this browser when the applicant creates an account.
   */
  start: publicProcedure.query(async ({ ctx }): Promise<WizardStartDto> => {
    ctx.visitor.ensure();
    const apiKey = ctx.env.GOOGLE_MAPS_API_KEY ?? '';
    return {
      profile: ctx.user?.role === 'client' ? await getClientProfile(ctx.db, ctx.user) : null,
      mapsApiKey: isUsableMapsKey(apiKey) ? apiKey : '',
      mapsKeyConfigured: apiKey !== '',
    };
  }),
});
