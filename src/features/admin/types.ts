import type { TRPCClient } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { trpc } from '@/lib/trpc';

// Shapes of the admin procedures, taken from the typed client (the client never imports server code).
type AppRouterOf<T> = T extends { createClient: (...args: never[]) => TRPCClient<infer Router> } ? Router : never;
type AppRouter = AppRouterOf<typeof trpc>;
type AdminOutputs = inferRouterOutputs<AppRouter>['admin'];
type AdminInputs = inferRouterInputs<AppRouter>['admin'];

export type DashboardData = AdminOutputs['dashboard'];
export type AnalyticsData = AdminOutputs['analytics'];
export type ApplicationRow = AdminOutputs['listApplications']['items'][number];
export type ApplicationDetail = AdminOutputs['applicationById'];
export type ApplicantRow = AdminOutputs['listApplicants']['items'][number];
export type ApplicantDetail = AdminOutputs['applicantById'];
export type LoanRow = AdminOutputs['listLoans']['loans'][number];
export type LoanPayments = AdminOutputs['loanPayments'];
export type RefinanceRow = AdminOutputs['refinanceRequests'][number];
export type StaffRow = AdminOutputs['listStaff'][number];
export type ListApplicationsInput = AdminInputs['listApplications'];
export type ListApplicantsInput = AdminInputs['listApplicants'];
