import { createCallerFactory, router } from '../trpc/init';
import { adminRouter } from './admin';
import { applicationRouter } from './application';
import { authRouter } from './auth';
import { chatGuardRouter } from './chat-guard';
import { clientRouter } from './client';
import { rewardsRouter } from './rewards';

export const appRouter = router({
  auth: authRouter,
  application: applicationRouter,
  client: clientRouter,
  admin: adminRouter,
  rewards: rewardsRouter,
  chatGuard: chatGuardRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;
