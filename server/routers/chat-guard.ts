import { chatMessageSchema, verifyChallengeSchema } from '../../src/shared/schemas/chat-guard';
import { getGuardStatus, sendChatMessage, verifyChallenge } from '../services/chat-guard/index';
import type { Context } from '../trpc/context';
import { publicProcedure, router } from '../trpc/init';

// Chat assistant and its loop guard. Keyed on the anonymous visitor cookie and the client address.
const guardIo = (ctx: Context) => ({ visitor: ctx.visitor, ip: ctx.meta.ip });

export const chatGuardRouter = router({
  send: publicProcedure
    .input(chatMessageSchema)
    .mutation(({ ctx, input }) => sendChatMessage(ctx, guardIo(ctx), input)),
  status: publicProcedure.query(({ ctx }) => getGuardStatus(ctx, guardIo(ctx))),
  verify: publicProcedure
    .input(verifyChallengeSchema)
    .mutation(({ ctx, input }) => verifyChallenge(ctx, guardIo(ctx), input)),
});
