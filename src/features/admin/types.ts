import type { RouterInputs, RouterOutputs } from '@/lib/trpc';

// Shapes of the admin procedures, as the router answers them (never retyped by hand).
type AdminOutputs = RouterOutputs['admin'];
type AdminInputs = RouterInputs['admin'];

export type DashboardData = AdminOutputs['dashboard'];
export type AnalyticsData = AdminOutputs['analytics'];
export type ApplicationRow = AdminOutputs['listApplications']['items'][number];
export type ApplicationDetail = AdminOutputs['applicationById'];
export type ApplicantRow = AdminOutputs['listApplicants']['items'][number];
export type ApplicantDetail = AdminOutputs['applicantById'];
export type LoanRow = AdminOutputs['listLoans']['loans'][number];
export type LoanPayments = AdminOutputs['loanPayments'];
export type RefinanceRow = AdminOutputs['refinanceRequests']['items'][number];
export type StaffRow = AdminOutputs['listStaff'][number];
export type OfferSignature = NonNullable<ApplicationDetail['signature']>;
export type LowerPaymentRequest = LoanPayments['lowerPaymentRequests'][number];
export type ListApplicationsInput = AdminInputs['listApplications'];
export type ListApplicantsInput = AdminInputs['listApplicants'];
