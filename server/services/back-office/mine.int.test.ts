import { describe, expect, it } from 'vitest';
import { insertApplication } from '../../test/factories';
import { insertLoan, insertRefinanceRequest } from '../../test/factories/admin';
import { callerFor, insertUser, testServerForFile } from '../../test/harness';

testServerForFile();

type Caller = Awaited<ReturnType<typeof callerFor>>;

/** Every applicant of "Mine", one keyset page of one row at a time (a repeat or a gap between pages shows). */
async function mineApplicants(caller: Caller, search?: string) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page += 1) {
    const answer = await caller.admin.listApplicants({ assignee: 'mine', search, cursor, limit: 1 });
    ids.push(...answer.items.map((item) => item.id));
    if (!answer.nextCursor) break;
    cursor = answer.nextCursor;
  }
  return ids;
}

async function mineLoans(caller: Caller) {
  const ids: string[] = [];
  let total = -1;
  let cursor: string | undefined;
  for (let page = 0; page < 20; page += 1) {
    const answer = await caller.admin.listLoans({ assignee: 'mine', cursor, limit: 1 });
    total = answer.total;
    ids.push(...answer.loans.map((loan) => loan.id));
    if (!answer.nextCursor) break;
    cursor = answer.nextCursor;
  }
  return { ids, total };
}

describe('"Mine" on the Applicants, Active Loans and Refinancing lists', () => {
  it("returns exactly the rows of the viewer's files, in keyset pages", async () => {
    const me = await insertUser({ role: 'admin' });
    const colleague = await insertUser({ role: 'admin' });
    const caller = await callerFor(me);
    const assign = (id: string, assigneeId: string) => caller.admin.assignApplication({ id, assigneeId });
    const client = () => insertUser({ role: 'client', firstName: 'Minewood' });
    const mineOlder = await client();
    const mineNewer = await client();
    const theirs = await client();
    const nobodys = await client();

    // Two files of one applicant assigned to me: the applicant is listed once.
    const first = await insertApplication({ userId: mineOlder.id, status: 'review' });
    const second = await insertApplication({ userId: mineOlder.id, status: 'pending' });
    const loanOfMine = await insertLoan({ userId: mineNewer.id });
    const paidOffOfMine = await insertLoan({ userId: mineNewer.id, status: 'paid_off' });
    const loanOfTheirs = await insertLoan({ userId: theirs.id });
    const unassignedLoan = await insertLoan({ userId: nobodys.id });
    for (const id of [first.id, second.id, loanOfMine.application.id, paidOffOfMine.application.id]) {
      await assign(id, me.id);
    }
    await assign(loanOfTheirs.application.id, colleague.id);
    const myRequest = await insertRefinanceRequest({ userId: mineNewer.id, loanId: loanOfMine.id });
    await insertRefinanceRequest({ userId: theirs.id, loanId: loanOfTheirs.id });
    await insertRefinanceRequest({ userId: nobodys.id, loanId: unassignedLoan.id });

    const mine = [mineNewer.id, mineOlder.id].sort();
    expect((await mineApplicants(caller)).sort()).toEqual(mine);
    expect((await mineApplicants(caller, 'minewood')).sort()).toEqual(mine);
    expect(await mineLoans(caller)).toEqual({ ids: [loanOfMine.id], total: 1 });
    const requests = await caller.admin.refinanceRequests({ assignee: 'mine' });
    expect(requests.items.map((request) => request.id)).toEqual([myRequest.id]);

    // Everyone's lists still hold the others' rows.
    const everyone = await caller.admin.listApplicants({ search: 'minewood' });
    expect(everyone.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([mineNewer.id, mineOlder.id, theirs.id, nobodys.id]),
    );
    expect((await caller.admin.refinanceRequests()).items.length).toBeGreaterThanOrEqual(3);

    // The colleague sees only theirs; a staff member with no files sees nothing.
    const theirCaller = await callerFor(colleague);
    expect(await mineApplicants(theirCaller)).toEqual([theirs.id]);
    expect(await mineLoans(theirCaller)).toEqual({ ids: [loanOfTheirs.id], total: 1 });
    const idle = await callerFor(await insertUser({ role: 'admin' }));
    expect(await mineApplicants(idle)).toEqual([]);
    expect(await mineLoans(idle)).toEqual({ ids: [], total: 0 });
    expect((await idle.admin.refinanceRequests({ assignee: 'mine' })).items).toEqual([]);
  });
});
