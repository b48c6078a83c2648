import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { applications, staffNotes, users } from '../../../drizzle/schema/index';
import type { NoteSubject } from '../../../src/shared/constants';
import {
  NOTE_EDIT_WINDOW_MS,
  type AddNoteInput,
  type EditNoteInput,
  type NoteSubjectInput,
  type StaffNoteDto,
} from '../../../src/shared/schemas/back-office-work';
import type { DbOrTx } from '../../db';
import { asUtcDate } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import { auditedTransaction, recordAudit } from '../../lib/audit';
import { type Actor, type ServiceDeps } from '../../deps';
import { staffNames } from '../accounts/index';

// ---------------------------------------------------------------------------------------------------------------
// Staff notes on an application or an applicant. The author may correct a note for ten minutes; after that it is
// part of the record. Adding and editing are audited with the note's id only: a note's words may hold personal
// details, which never go into the audit log.
// ---------------------------------------------------------------------------------------------------------------

async function assertSubjectExists(db: DbOrTx, subjectType: NoteSubject, subjectId: string) {
  const [row] =
    subjectType === 'application'
      ? await db.select({ id: applications.id }).from(applications).where(eq(applications.id, subjectId)).limit(1)
      : await db.select({ id: users.id }).from(users).where(eq(users.id, subjectId)).limit(1);
  if (!row)
    throw new AppError('NOT_FOUND', subjectType === 'application' ? 'Application not found' : 'Applicant not found');
}

const editableBy = (viewerId: string, note: { authorId: string; createdAt: Date }, at: number) =>
  note.authorId === viewerId && at - note.createdAt.getTime() < NOTE_EDIT_WINDOW_MS;

export async function listNotes(
  deps: Pick<ServiceDeps, 'db'>,
  viewerId: string,
  input: NoteSubjectInput,
): Promise<StaffNoteDto[]> {
  const rows = await deps.db
    .select()
    .from(staffNotes)
    .where(and(eq(staffNotes.subjectType, input.subjectType), eq(staffNotes.subjectId, input.subjectId)))
    .orderBy(asc(staffNotes.createdAt), asc(staffNotes.id))
    .limit(500);
  const names = await staffNames(
    deps.db,
    rows.map((row) => row.authorId),
  );
  const at = Date.now();
  return rows.map((row) => {
    const createdAt = asUtcDate(row.createdAt);
    return {
      id: row.id,
      body: row.body,
      authorId: row.authorId,
      authorName: names(row.authorId),
      createdAt,
      editedAt: row.editedAt ? asUtcDate(row.editedAt) : null,
      canEdit: editableBy(viewerId, { authorId: row.authorId, createdAt }, at),
    };
  });
}

export async function addNote(deps: Pick<ServiceDeps, 'db'>, actor: Actor, input: AddNoteInput) {
  const id = randomUUID();
  await auditedTransaction(deps.db, async (tx) => {
    await assertSubjectExists(tx, input.subjectType, input.subjectId);
    await tx.insert(staffNotes).values({
      id,
      subjectType: input.subjectType,
      subjectId: input.subjectId,
      authorId: actor.id,
      body: input.body,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: 'note.add',
      targetType: input.subjectType,
      targetId: input.subjectId,
      ip: actor.ip,
      detail: { noteId: id },
    });
  });
  return { id };
}

export async function editNote(deps: Pick<ServiceDeps, 'db'>, actor: Actor, input: EditNoteInput) {
  await auditedTransaction(deps.db, async (tx) => {
    const [note] = await tx.select().from(staffNotes).where(eq(staffNotes.id, input.id)).for('update');
    if (!note) throw new AppError('NOT_FOUND', 'Note not found');
    if (note.authorId !== actor.id) throw new AppError('FORBIDDEN', 'Only the author can edit a note');
    if (!editableBy(actor.id, { authorId: note.authorId, createdAt: asUtcDate(note.createdAt) }, Date.now())) {
      throw new AppError('CONFLICT', 'A note can only be edited in the first 10 minutes');
    }
    await tx.update(staffNotes).set({ body: input.body, editedAt: new Date() }).where(eq(staffNotes.id, input.id));
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      action: 'note.edit',
      targetType: note.subjectType,
      targetId: note.subjectId,
      ip: actor.ip,
      detail: { noteId: note.id },
    });
  });
  return { id: input.id };
}
