import { Badge, Box, Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { toaster } from '@/components/ui/toaster';
import { getErrorMessage } from '@/lib/errors';
import { trpc } from '@/lib/trpc';
import type { NoteSubject } from '@shared/constants';
import { NOTE_MAX_LENGTH, type StaffNoteDto } from '@shared/schemas/back-office-work';
import { formatDateTime } from '@shared/format';

/** One line of a timeline: an audited event (status change, assignment, document opened...) or a staff note. */
export type TimelineEvent = { at: Date; title: string; actorName: string };

type Entry = { kind: 'event'; at: Date; event: TimelineEvent } | { kind: 'note'; at: Date; note: StaffNoteDto };

/**
 * Staff notes with the subject's events, newest first, and the form to write one. Notes are staff-only: the
 * client portal never reads them. The author may correct a note in its first ten minutes.
 */
export function NotesTimeline({
  subjectType,
  subjectId,
  events,
  label,
}: {
  subjectType: NoteSubject;
  subjectId: string;
  events: TimelineEvent[];
  label: string;
}) {
  const notes = trpc.admin.notes.useQuery({ subjectType, subjectId });
  const entries: Entry[] = [
    ...events.map((event): Entry => ({ kind: 'event', at: new Date(event.at), event })),
    ...(notes.data ?? []).map((note): Entry => ({ kind: 'note', at: new Date(note.createdAt), note })),
  ].sort((a, b) => b.at.getTime() - a.at.getTime());

  return (
    <Stack gap="4">
      <NoteForm subjectType={subjectType} subjectId={subjectId} onSaved={() => void notes.refetch()} />
      {notes.isError && <Text color="fg.error">Failed to load notes</Text>}
      {entries.length === 0 ? (
        <Text color="fg.muted">Nothing has happened yet.</Text>
      ) : (
        <Stack as="ol" gap="3" listStyleType="none" aria-label={label}>
          {entries.map((entry, index) =>
            entry.kind === 'note' ? (
              <NoteItem key={entry.note.id} note={entry.note} onSaved={() => void notes.refetch()} />
            ) : (
              <Box
                as="li"
                key={`${entry.at.toISOString()}-${index}`}
                borderLeftWidth="3px"
                borderColor="brand.solid"
                ps="3"
              >
                <Text fontWeight="medium">{entry.event.title}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {entry.event.actorName} · {formatDateTime(entry.at)}
                </Text>
              </Box>
            ),
          )}
        </Stack>
      )}
    </Stack>
  );
}

function NoteForm({
  subjectType,
  subjectId,
  onSaved,
}: {
  subjectType: NoteSubject;
  subjectId: string;
  onSaved: () => void;
}) {
  const [body, setBody] = useState('');
  const add = trpc.admin.addNote.useMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    add.mutate(
      { subjectType, subjectId, body },
      {
        onSuccess: () => {
          setBody('');
          toaster.create({ type: 'success', title: 'Note added' });
          onSaved();
        },
        onError: (error) =>
          toaster.create({ type: 'error', title: 'Failed to add the note', description: getErrorMessage(error) }),
      },
    );
  };
  return (
    <Stack as="form" gap="2" onSubmit={submit}>
      <Field.Root>
        <Field.Label>Staff note</Field.Label>
        <Textarea value={body} rows={3} maxLength={NOTE_MAX_LENGTH} onChange={(event) => setBody(event.target.value)} />
        <Field.HelperText>Only staff see notes. You can correct a note for 10 minutes.</Field.HelperText>
      </Field.Root>
      <HStack>
        <Button type="submit" size="sm" loading={add.isPending} disabled={!body.trim()}>
          Add note
        </Button>
      </HStack>
    </Stack>
  );
}

function NoteItem({ note, onSaved }: { note: StaffNoteDto; onSaved: () => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const edit = trpc.admin.editNote.useMutation();
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (draft === null || !draft.trim()) return;
    edit.mutate(
      { id: note.id, body: draft },
      {
        onSuccess: () => {
          setDraft(null);
          toaster.create({ type: 'success', title: 'Note updated' });
          onSaved();
        },
        onError: (error) =>
          toaster.create({ type: 'error', title: 'Failed to update the note', description: getErrorMessage(error) }),
      },
    );
  };
  return (
    <Box as="li" borderLeftWidth="3px" borderColor="orange.solid" ps="3" bg="bg.subtle" py="2" pe="2" rounded="sm">
      <HStack gap="2" mb="1">
        <Badge colorPalette="orange" variant="subtle">
          Note
        </Badge>
        <Text fontSize="sm" color="fg.muted">
          {note.authorName} · {formatDateTime(note.createdAt)}
          {note.editedAt ? ` · edited ${formatDateTime(note.editedAt)}` : ''}
        </Text>
      </HStack>
      {draft === null ? (
        <>
          <Text whiteSpace="pre-wrap">{note.body}</Text>
          {note.canEdit && (
            <Button size="xs" variant="ghost" mt="1" onClick={() => setDraft(note.body)}>
              Edit note
            </Button>
          )}
        </>
      ) : (
        <Stack as="form" gap="2" onSubmit={save}>
          <Field.Root>
            <Field.Label>Edit note</Field.Label>
            <Textarea value={draft} rows={3} maxLength={NOTE_MAX_LENGTH} onChange={(e) => setDraft(e.target.value)} />
          </Field.Root>
          <HStack>
            <Button type="submit" size="xs" loading={edit.isPending}>
              Save note
            </Button>
            <Button size="xs" variant="ghost" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </HStack>
        </Stack>
      )}
    </Box>
  );
}
