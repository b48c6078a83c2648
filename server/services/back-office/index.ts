export { exportApplicantsCsv, getApplicantDetail, listApplicants } from './applicants';
export { getApplicationDetail } from './application-detail';
export { applicationsByEmail, listApplications, recentApplications } from './application-list';
export { encodeCursor } from './cursor';
export { getAnalytics, getDashboard } from './dashboard';
export { downloadContentType, encodeRfc8187, openDocument, sanitiseFileName } from './documents';
export { RECOUNT_LIST_COUNTERS_SQL } from './list-counters';
export { listActiveLoans } from './loans';
export { listRefinanceRequests } from './refinance';
