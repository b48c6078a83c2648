import { z } from 'zod';
import type { DocumentKind } from '../constants';

// Document requests (stipulations, docs/product.md 6.7): staff ask the applicant for named documents with a
// message; the applicant answers in the client portal with the wizard's upload rules.

/**
 * open: waiting for the applicant; received: the applicant uploaded, staff to look; closed: staff looked at what
 * came in; cancelled: staff withdrew it before an answer.
 */
export const DOCUMENT_REQUEST_STATUSES = ['open', 'received', 'closed', 'cancelled'] as const;
export type DocumentRequestStatus = (typeof DOCUMENT_REQUEST_STATUSES)[number];

/** The badge shown beside the application's status while a request waits for the applicant. */
export const DOCUMENTS_REQUESTED_LABEL = 'Documents requested';

export const DOCUMENT_REQUEST_STATUS_LABELS: Record<DocumentRequestStatus, string> = {
  open: 'Waiting for the applicant',
  received: 'Documents received',
  closed: 'Reviewed',
  cancelled: 'Cancelled',
};

export const DOCUMENT_REQUEST_MAX_ITEMS = 6;
export const DOCUMENT_REQUEST_ITEM_MAX = 120;
export const DOCUMENT_REQUEST_MESSAGE_MAX = 2000;

export const DOCUMENT_REQUEST_MESSAGES = {
  itemRequired: 'Name at least one document',
  itemTooLong: `A document name is at most ${DOCUMENT_REQUEST_ITEM_MAX} characters`,
  tooManyItems: `Ask for at most ${DOCUMENT_REQUEST_MAX_ITEMS} documents in one request`,
  messageRequired: 'Please write a message to the applicant',
  messageTooLong: `The message is at most ${DOCUMENT_REQUEST_MESSAGE_MAX} characters`,
  noOwner:
    'This application is not linked to a client account yet, so the applicant cannot answer a request in the portal.',
  notOpen: 'This request is no longer open.',
  notReceived: 'Only a request whose documents were received can be marked reviewed.',
  noFiles: 'Please choose at least one file to upload',
  requestNotFound: 'Document request not found',
} as const;

const id = z.string().trim().min(1, 'Missing id').max(64, 'Invalid id');
const M = DOCUMENT_REQUEST_MESSAGES;

export const createDocumentRequestSchema = z
  .object({
    applicationId: id,
    documents: z
      .array(z.string().trim().min(1, M.itemRequired).max(DOCUMENT_REQUEST_ITEM_MAX, M.itemTooLong))
      .min(1, M.itemRequired)
      .max(DOCUMENT_REQUEST_MAX_ITEMS, M.tooManyItems),
    message: z.string().trim().min(1, M.messageRequired).max(DOCUMENT_REQUEST_MESSAGE_MAX, M.messageTooLong),
  })
  .strict();
export type CreateDocumentRequestInput = z.infer<typeof createDocumentRequestSchema>;

export const documentRequestIdSchema = z.object({ id }).strict();
export const applicationDocumentRequestsSchema = z.object({ applicationId: id }).strict();

/** A file that answered a request. */
export type DocumentRequestFileDto = {
  id: string;
  kind: DocumentKind;
  originalName: string;
  sizeBytes: number;
  /** ISO 8601 UTC. */
  uploadedAt: string;
};

/** One request as the applicant sees it (never who on staff asked). */
export type ClientDocumentRequestDto = {
  id: string;
  applicationId: string;
  businessName: string;
  documents: string[];
  message: string;
  status: DocumentRequestStatus;
  /** ISO 8601 UTC. */
  requestedAt: string;
  receivedAt: string | null;
  files: DocumentRequestFileDto[];
};

/** One request as staff see it. */
export type StaffDocumentRequestDto = Omit<ClientDocumentRequestDto, 'businessName'> & {
  requestedBy: string;
  closedBy: string | null;
  closedAt: string | null;
};
