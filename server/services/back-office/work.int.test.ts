import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffNotes } from '../../../drizzle/schema/index';
import { REST_ROUTES } from '../../rest/index';
import { appRouter } from '../../routers/index';
import { insertApplication } from '../../test/factories';
import { insertLoan, insertUnderwriting } from '../../test/factories/admin';
import { callerFor, getTestDeps, insertUser, sessionCookieFor, testServerForFile, auditsFor } from '../../test/harness';

const server = testServerForFile();

/** Applications of this test only: the shared database holds other tests' rows in review too. */
async function queueOf(caller: Awaited<ReturnType<typeof callerFor>>, ids: string[], assignee: 'all' | 'mine' = 'all') {
  return (await queueItems(caller, ids, assignee)).map((item) => item.id);
}

async function queueItems(
  caller: Awaited<ReturnType<typeof callerFor>>,
  ids: string[],
  assignee: 'all' | 'mine' = 'all',
) {
  const found: Awaited<ReturnType<typeof caller.admin.workQueue>>['items'] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page += 1) {
    const answer = await caller.admin.workQueue({ assignee, cursor, limit: 50 });
    found.push(...answer.items.filter((item) => ids.includes(item.id)));
    if (!answer.nextCursor) break;
    cursor = answer.nextCursor;
  }
  return found;
}

describe('work queue and assignment', () => {
  it('lists applications in review oldest first with their reasons, and nothing else', async () => {
    const admin = await insertUser({ role: 'admin' });
    const caller = await callerFor(admin);
    const day = 24 * 3600_000;
    const older = await insertApplication({ status: 'review', createdAt: new Date(Date.now() - 400 * day) });
    const newer = await insertApplication({ status: 'review', createdAt: new Date(Date.now() - 399 * day) });
    const pending = await insertApplication({ status: 'pending', createdAt: new Date(Date.now() - 401 * day) });
    await insertUnderwriting(older.id, {
      analysis: { statements: [{ note: '1 page(s); balances do not reconcile for 2026-03-01..2026-03-31.' }] },
    });
    expect(await queueOf(caller, [newer.id, older.id, pending.id])).toEqual([older.id, newer.id]);
    const [first] = await queueItems(caller, [older.id]);
    expect(first?.reasons).toEqual(['review', 'notReconciled']);
    expect(first?.assignee).toBeNull();
  });

  it('assigns to oneself, to a colleague and unassigns, each audited; "Mine" lists only one\'s own', async () => {
    const me = await insertUser({ role: 'admin', firstName: 'Uma' });
    const colleague = await insertUser({ role: 'super_admin', firstName: 'Cole' });
    const client = await insertUser({ role: 'client' });
    const caller = await callerFor(me);
    const application = await insertApplication({ status: 'review' });
    const other = await insertApplication({ status: 'review' });

    await caller.admin.assignApplication({ id: application.id, assigneeId: me.id });
    expect(await queueOf(caller, [application.id, other.id], 'mine')).toEqual([application.id]);
    const mine = await caller.admin.listApplications({ assignee: 'mine' });
    expect(mine.items.map((item) => item.id)).toEqual([application.id]);
    expect(
      (await caller.admin.listApplications({ assignee: 'mine', search: 'Factory' })).items.map((i) => i.id),
    ).toEqual([application.id]);

    await caller.admin.assignApplication({ id: application.id, assigneeId: colleague.id });
    expect((await caller.admin.listApplications({ assignee: 'mine' })).items).toEqual([]);
    const queue = await (await callerFor(colleague)).admin.workQueue({ assignee: 'mine' });
    expect(queue.items.find((item) => item.id === application.id)?.assignee).toEqual({
      id: colleague.id,
      name: 'Cole User',
    });
    await caller.admin.assignApplication({ id: application.id, assigneeId: null });

    const audits = await auditsFor(application.id, 'application.assign');
    expect(audits.map((row) => row.detail)).toEqual([
      { from: colleague.id, to: null },
      { from: me.id, to: colleague.id },
      { from: null, to: me.id },
    ]);
    expect(audits.every((row) => row.actorId === me.id)).toBe(true);

    const detail = await caller.admin.applicationById({ id: application.id });
    expect(detail.assignee).toBeNull();
    expect(detail.history.filter((event) => event.action === 'application.assign').map((e) => [e.from, e.to])).toEqual([
      ['Cole User', null],
      ['Uma User', 'Cole User'],
      [null, 'Uma User'],
    ]);

    await expect(caller.admin.assignApplication({ id: application.id, assigneeId: client.id })).rejects.toMatchObject({
      message: 'Applications can only be assigned to an active staff member',
    });
    await expect(caller.admin.assignApplication({ id: randomUUID(), assigneeId: me.id })).rejects.toMatchObject({
      message: 'Application not found',
    });
    const staff = await caller.admin.assignableStaff();
    expect(staff.map((s) => s.id)).toEqual(expect.arrayContaining([me.id, colleague.id]));
    expect(staff.map((s) => s.id)).not.toContain(client.id);
  });
});

describe('staff notes', () => {
  it('adds notes with author and time, lets the author edit for 10 minutes only, audits without the words', async () => {
    const author = await insertUser({ role: 'admin', firstName: 'Nora' });
    const colleague = await insertUser({ role: 'admin' });
    const application = await insertApplication({ status: 'review' });
    const caller = await callerFor(author);
    const { id } = await caller.admin.addNote({
      subjectType: 'application',
      subjectId: application.id,
      body: 'Called the owner; October statement on its way.',
    });
    const [note] = await caller.admin.notes({ subjectType: 'application', subjectId: application.id });
    expect(note).toMatchObject({ id, authorName: 'Nora User', canEdit: true, editedAt: null });
    expect(
      (await (await callerFor(colleague)).admin.notes({ subjectType: 'application', subjectId: application.id }))[0]
        ?.canEdit,
    ).toBe(false);

    await caller.admin.editNote({ id, body: 'Called the owner; October statement received.' });
    const [edited] = await caller.admin.notes({ subjectType: 'application', subjectId: application.id });
    expect(edited?.body).toBe('Called the owner; October statement received.');
    expect(edited?.editedAt).toBeInstanceOf(Date);

    await expect((await callerFor(colleague)).admin.editNote({ id, body: 'Not mine' })).rejects.toMatchObject({
      message: 'Only the author can edit a note',
    });
    const { db } = await getTestDeps();
    await db
      .update(staffNotes)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(staffNotes.id, id));
    await expect(caller.admin.editNote({ id, body: 'Too late' })).rejects.toMatchObject({
      message: 'A note can only be edited in the first 10 minutes',
    });
    expect((await caller.admin.notes({ subjectType: 'application', subjectId: application.id }))[0]?.canEdit).toBe(
      false,
    );

    const audits = [
      ...(await auditsFor(application.id, 'note.add')),
      ...(await auditsFor(application.id, 'note.edit')),
    ];
    expect(audits.map((row) => row.detail)).toEqual([{ noteId: id }, { noteId: id }]);
    expect(JSON.stringify(audits)).not.toContain('October');

    const applicant = await insertUser({ role: 'client' });
    await caller.admin.addNote({ subjectType: 'applicant', subjectId: applicant.id, body: 'Prefers email.' });
    expect(
      (await caller.admin.notes({ subjectType: 'applicant', subjectId: applicant.id })).map((n) => n.body),
    ).toEqual(['Prefers email.']);
    await expect(
      caller.admin.addNote({ subjectType: 'application', subjectId: randomUUID(), body: 'Nowhere' }),
    ).rejects.toMatchObject({ message: 'Application not found' });
    await expect(
      caller.admin.addNote({ subjectType: 'application', subjectId: application.id, body: '   ' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('no client path returns a note: every client tRPC query and every GET /api route', async () => {
    const client = await insertUser({ role: 'client' });
    const staff = await insertUser({ role: 'admin' });
    const loan = await insertLoan({ userId: client.id });
    const application = await insertApplication({ userId: client.id, status: 'review' });
    const marker = `staff-only-${randomUUID()}`;
    const staffCaller = await callerFor(staff);
    for (const subjectId of [application.id, loan.application.id]) {
      await staffCaller.admin.addNote({ subjectType: 'application', subjectId, body: marker });
    }
    await staffCaller.admin.addNote({ subjectType: 'applicant', subjectId: client.id, body: marker });

    const seen: string[] = [];
    const clientCaller = await callerFor(client);
    const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })
      ._def.procedures;
    const inputs = [
      undefined,
      { id: application.id },
      { id: loan.application.id },
      { id: loan.id },
      { loanId: loan.id },
    ];
    let answered = 0;
    for (const [path, procedure] of Object.entries(procedures)) {
      if (path.startsWith('admin.') || procedure._def.type !== 'query') continue;
      const call = path
        .split('.')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], clientCaller) as (
        input: unknown,
      ) => Promise<unknown>;
      for (const input of inputs) {
        try {
          seen.push(JSON.stringify(await call(input)));
          answered += 1;
        } catch {
          // A shape this procedure does not take.
        }
      }
    }
    const cookie = await sessionCookieFor({ id: client.id, role: 'client' });
    for (const route of REST_ROUTES) {
      if (route.method !== 'GET' || route.path.startsWith('/api/admin')) continue;
      for (const id of [application.id, loan.application.id, loan.id]) {
        const response = await server.request(route.path.replace(/:[a-z]+/gi, id), { cookie });
        const text = await response.text();
        if (response.ok) answered += 1;
        seen.push(text);
      }
    }
    expect(answered).toBeGreaterThan(10);
    expect(seen.join('\n')).not.toContain(marker);
  });
});
