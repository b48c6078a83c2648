import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { isStaff } from '../../src/shared/roles';
import type { Context } from './context';
import { fieldErrorsOf, toTRPCError } from './errors';

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // Explicit: tRPC's default turns on stack traces whenever NODE_ENV is not 'production'.
  isDev: false,
  errorFormatter({ shape, error }) {
    const safe = toTRPCError(error);
    return {
      message: safe.message,
      code: shape.code,
      data: {
        code: safe.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        fieldErrors: safe.code === 'BAD_REQUEST' ? fieldErrorsOf(safe) : undefined,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/** Converts AppError/ZodError into the matching TRPCError before tRPC picks the HTTP status. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw toTRPCError(result.error);
  return result;
});

export const publicProcedure = t.procedure.use(mapErrors);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  return next({ ctx: { user: ctx.user, session: ctx.session } });
});

/** Staff only, and only once the second factor passed in this session (docs/product.md 2). */
export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!isStaff(ctx.user.role)) throw new TRPCError({ code: 'FORBIDDEN', message: 'Forbidden' });
  if (!ctx.session.mfaVerified) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Two-factor verification required' });
  }
  return next();
});

export const superAdminProcedure = adminProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'super_admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Forbidden' });
  return next();
});
