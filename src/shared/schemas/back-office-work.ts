import { z } from 'zod';
import { ADMIN_PAGE_SIZE, NOTE_SUBJECTS } from '../constants';

// The back office as a workplace: the work queue, who owns a file, and staff notes.

const id = z.string().trim().min(1, 'Id is required').max(64);

/** Whose files a list shows: everyone's, or the signed-in staff member's own. */
export const ASSIGNEE_FILTERS = ['all', 'mine'] as const;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number];

export const workQueueSchema = z
  .object({
    assignee: z.enum(ASSIGNEE_FILTERS).default('all'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
    cursor: z.string().max(200).optional(),
    direction: z.enum(['next', 'prev']).default('next'),
  })
  .strict();
export type WorkQueueQuery = z.output<typeof workQueueSchema>;

/** Why an application is in the queue, in the words staff read in the Reason column. */
export const QUEUE_REASONS = {
  review: 'Under review',
  ocrFinished: 'OCR finished',
  notReconciled: 'Statements do not reconcile',
  documentsReceived: 'Documents received',
  offerExpiring: 'Offer about to expire',
} as const;
export type QueueReason = keyof typeof QUEUE_REASONS;

/** `assigneeId: null` unassigns. */
export const assignApplicationSchema = z.object({ id, assigneeId: id.nullable() }).strict();
export type AssignApplicationInput = z.infer<typeof assignApplicationSchema>;

export const NOTE_MAX_LENGTH = 4000;
/** How long the author may still correct a note; after that it is part of the record. */
export const NOTE_EDIT_WINDOW_MS = 10 * 60 * 1000;

const noteBody = z
  .string()
  .trim()
  .min(1, 'Please write the note')
  .max(NOTE_MAX_LENGTH, `A note is at most ${NOTE_MAX_LENGTH} characters`);

export const noteSubjectSchema = z.object({ subjectType: z.enum(NOTE_SUBJECTS), subjectId: id }).strict();
export type NoteSubjectInput = z.infer<typeof noteSubjectSchema>;

export const addNoteSchema = z.object({ subjectType: z.enum(NOTE_SUBJECTS), subjectId: id, body: noteBody }).strict();
export type AddNoteInput = z.infer<typeof addNoteSchema>;

export const editNoteSchema = z.object({ id, body: noteBody }).strict();
export type EditNoteInput = z.infer<typeof editNoteSchema>;

export type StaffNoteDto = {
  id: string;
  body: string;
  authorId: string;
  authorName: string;
  createdAt: Date;
  editedAt: Date | null;
  /** True while the signed-in staff member may still edit it (its author, within the window). */
  canEdit: boolean;
};

export type QueueItemDto = {
  id: string;
  businessName: string;
  ownerName: string;
  loanAmount: number;
  status: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  reasons: QueueReason[];
  /** With the offerExpiring reason: when the offer runs out (ISO 8601 UTC); else null. */
  offerValidUntil: string | null;
  assignee: { id: string; name: string } | null;
};
