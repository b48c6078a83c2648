export { assignApplication } from './assignment';
export {
  CLAIM_LINK_INVALID,
  CLAIM_WRONG_ACCOUNT,
  RESEND_ANSWER,
  issueClaim,
  previewClaimLink,
  redeemBrowserClaim,
  redeemClaim,
  resendClaimLinks,
  sweepClaims,
} from './claims';
export { listClientApplications } from './client-applications';
export { sweepOrphanDocuments, type UploadedDocument } from './documents';
export { carryKeyToScope, keyScopeOf, sweepIdempotencyKeys } from './idempotency';
export { countUnfinishedOcrJobs } from './ocr-jobs';
export { startOcrLoop } from './ocr-loop';
export { revealApplicationPii } from './pii-reveal';
export { getClientProfile } from './profile';
export { quarantineTestFiles, type WarnLog } from './screening-malware';
export { stripImageMetadata } from './screening-image';
export { setApplicationStatus } from './status';
export { assertKeyNotInFlight, submitApplication } from './submission';
export { getDecisionContext, listClientNotices, resendAdverseActionNotice } from './decisions';
export { answerDocumentRequest } from './document-request-upload';
export {
  closeDocumentRequest,
  createDocumentRequest,
  documentRequestView,
  filesOfDocumentRequests,
  findOpenClientRequest,
  listClientDocumentRequests,
} from './document-requests';
