// What an applicant is told about their statements, through the real HTTP submission: revenue from statements
// only when a statement was read, a statement that does not add up sent to an underwriter with the reason, and
// honesty when nothing could be read.
import { describe, expect, it } from 'vitest';
import { applicationFiles, applicationFormData, postApplication, type UploadFile } from '../factories/applications';
import { testServerForFile } from '../harness';
import { letterPdf } from './bad-files';
import { buildCorpusCase, caseOptionsFor } from './corpus';
import { expectedCorpusMonths } from './corpus-ledger';
import { buildLedger } from './ledger';
import { renderStatementPdf } from './render';

const server = testServerForFile();

type Answer = {
  approved: boolean;
  bankStatementInsights: { averageMonthlyRevenue: number };
  nextSteps: string[];
  revenueSource: string;
  revenueNote: string;
  statements: Array<{ fileName: string; status: string; reason: string }>;
  approvedAmount: number;
  explanation?: { lessThanAsked: string | null; whatWouldChange: string[] };
};

/** The new-applicant files with `statements` as the bank statements. */
async function withStatements(statements: Array<{ name: string; content: Buffer }>): Promise<UploadFile[]> {
  const others = (await applicationFiles()).filter((file) => file.field !== 'bankStatements');
  return [
    ...statements.map(({ name, content }) => ({ field: 'bankStatements', name, type: 'application/pdf', content })),
    ...others,
  ];
}

async function submit(
  statements: Array<{ name: string; content: Buffer }>,
  answers: Record<string, unknown> = {},
): Promise<Answer> {
  const response = await postApplication(server.url, {
    formData: applicationFormData({ monthlyRevenue: '$50,000 - $100,000', ...answers }),
    files: await withStatements(statements),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: Answer }).data;
}

describe('the submission answer about statements', () => {
  it('says in plain words why an approval is for less than asked (docs/product.md 4)', async () => {
    const [statement] = (await applicationFiles()).filter((file) => file.field === 'bankStatements');
    const answer = await submit([{ name: 'statement.pdf', content: statement!.content }], { loanAmount: '400,000' });
    expect(answer.approved).toBe(true);
    expect(answer.approvedAmount).toBeLessThan(400_000);
    expect(answer.explanation?.lessThanAsked).toMatch(
      new RegExp(
        `^We can offer \\$${answer.approvedAmount.toLocaleString('en-US')} of the \\$400,000 you asked for because ` +
          '(weekly payments are capped at 15% of the weekly revenue your bank statements show|' +
          'we advance at most [\\d.]+ times the average monthly revenue your bank statements show)',
      ),
    );
    const full = await submit([{ name: 'statement.pdf', content: statement!.content }], { loanAmount: '20,000' });
    expect(full).toMatchObject({ approved: true, approvedAmount: 20_000, explanation: { lessThanAsked: null } });
  });

  it('says revenue is unverified and shows no revenue figure when no statement could be read', async () => {
    const answer = await submit([{ name: 'letter.pdf', content: await letterPdf() }]);
    expect(answer.revenueSource).toBe('stated');
    expect(answer.revenueNote).toMatch(/^Revenue is unverified: no bank statement could be read/);
    expect(answer.bankStatementInsights.averageMonthlyRevenue).toBe(0);
    expect(answer.approved).toBe(false);
    expect(answer.nextSteps[0]).toMatch(/underwriter will review/);
    expect(answer.statements).toEqual([{ fileName: 'letter.pdf', status: 'not-read', reason: expect.any(String) }]);
  });

  it('reads a layout of another bank to the cent and says each statement reconciled', async () => {
    // Three whole calendar months printed by an online-banking printout (newest first, signed amounts).
    const options = { ...caseOptionsFor('online-printout', 3), cycles: 3, cycleDay: 1, dropCycle: null };
    const item = await buildCorpusCase(options);
    const answer = await submit(item.pdfs.map((content, index) => ({ name: `activity-${index + 1}.pdf`, content })));
    const months = expectedCorpusMonths(item.ledger);
    const mean = months.reduce((sum, month) => sum + month.trueRevenueCents, 0) / months.length;
    expect(answer.revenueSource).toBe('statements');
    expect(answer.bankStatementInsights.averageMonthlyRevenue).toBe(Math.round(Math.round(mean) / 100));
    expect(answer.revenueNote).toMatch(/Mean of 3 whole calendar months/);
    expect(answer.statements.map((statement) => statement.status)).toEqual(['reconciled']);
  });

  it('sends a statement that does not add up to an underwriter and says which one', async () => {
    const ledger = buildLedger({ seed: 5, firstMonth: '2025-10', months: 3, revenuePerMonthCents: 70_000_00 });
    const content = await renderStatementPdf(ledger, { layout: 'signed-amount', closingBalanceErrorCents: 1_000_00 });
    const answer = await submit([{ name: 'october.pdf', content }]);
    expect(answer.approved).toBe(false);
    expect(answer.revenueSource).toBe('statements');
    const [statement] = answer.statements;
    expect(statement).toMatchObject({ fileName: 'october.pdf', status: 'not-reconciled' });
    expect(statement?.reason).toMatch(/2025-10-01 to 2025-10-31: does not reconcile\. .*off by \$1,000\.00/);
  });
});
