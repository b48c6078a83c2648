// Reads a corpus case the way a submission does (pdf.js text, the statement parser, insights) and compares what
// was read with the ledger: transactions, true revenue per calendar month, financing positions, reconciliation.
import {
  computeInsights,
  extractPdfText,
  parseStatementPages,
  type ParsedStatement,
  type StatementInsights,
} from '../../services/underwriting/index';
import { expectedCorpusMonths, shownEntries } from './corpus-ledger';
import { printedDescriptionOf, type CorpusCase } from './corpus';

export type CaseReport = {
  ok: boolean;
  problems: string[];
  statements: ParsedStatement[];
  insights: StatementInsights | null;
  readMs: number;
};

type Row = { date: string; amountCents: number; direction: string };
const key = (row: Row) => `${row.date}|${row.direction}|${row.amountCents}`;

export async function checkCase(item: CorpusCase): Promise<CaseReport> {
  const problems: string[] = [];
  const statements: ParsedStatement[] = [];
  const started = performance.now();
  for (const [index, pdf] of item.pdfs.entries()) {
    const text = await extractPdfText(new Uint8Array(pdf));
    if (!text.ok) {
      problems.push(`pdf ${index + 1}: ${text.reason}`);
      continue;
    }
    const parsed = parseStatementPages(text.pages);
    if (!parsed.ok) problems.push(`pdf ${index + 1} unreadable: ${parsed.reason}`);
    else statements.push(parsed.statement);
  }
  const readMs = performance.now() - started;
  const insights = computeInsights(statements.map((statement, index) => ({ documentId: `d${index}`, statement })));

  // Transactions: the same multiset of (date, direction, amount).
  const printedEntries = [...shownEntries(item.ledger), ...item.otherAccounts];
  const truth = printedEntries.map(key).sort();
  const read = statements
    .flatMap((statement) => statement.segments.flatMap((segment) => segment.transactions))
    .map(key)
    .sort();
  if (truth.join() !== read.join()) {
    const missing = diff(truth, read);
    const extra = diff(read, truth);
    problems.push(
      `transactions: ${read.length} read, ${truth.length} printed; missing ${missing.length} (${missing.slice(0, 3).join(' ')}), extra ${extra.length} (${extra.slice(0, 3).join(' ')})`,
    );
  }
  // Descriptions: the printed words, wrapped lines joined; no reference, second date or type word leaks in.
  const printed = new Map<string, string[]>();
  for (const entry of printedEntries) {
    const list = printed.get(key(entry)) ?? [];
    list.push(printedDescriptionOf(entry).replace(/\s+/g, ' '));
    printed.set(key(entry), list);
  }
  const wrongDescriptions: string[] = [];
  for (const transaction of statements.flatMap((statement) => statement.segments.flatMap((s) => s.transactions))) {
    const list = printed.get(key(transaction));
    const index = list?.indexOf(transaction.description) ?? -1;
    if (list && index >= 0) list.splice(index, 1);
    else if (list) wrongDescriptions.push(`"${transaction.description}" (printed "${list.join('" or "')}")`);
  }
  if (wrongDescriptions.length > 0)
    problems.push(`descriptions: ${wrongDescriptions.length} wrong, e.g. ${wrongDescriptions.slice(0, 2).join('; ')}`);
  // Monthly true revenue, to the cent.
  const expected = expectedCorpusMonths(item.ledger).map((m) => `${m.month}:${m.coveredDays}:${m.trueRevenueCents}`);
  const months = (insights?.months ?? [])
    .filter((m) => m.coveredDays > 0)
    .map((m) => `${m.month}:${m.coveredDays}:${m.trueRevenueCents}`);
  if (expected.join() !== months.join())
    problems.push(`months: read ${months.join(' ')} expected ${expected.join(' ')}`);
  // Positions: each funder found once, at its amount.
  const positions = insights?.financingPositions ?? [];
  for (const [name, cents] of [
    ['PINECREST', item.ledger.dailyPositionCents],
    ['NORTHGATE', item.ledger.weeklyPositionCents],
  ] as const) {
    const found = positions.filter((position) => position.counterparty.includes(name));
    const days = shownEntries(item.ledger).filter((entry) => entry.description.includes(name)).length;
    // A funder paid only a few times in the statements shown is too short a run to call a position.
    const enough = name === 'PINECREST' ? days >= 10 : days >= 4;
    if (cents !== null && enough && (found.length !== 1 || found[0]?.amountCents !== cents))
      problems.push(
        `position ${name}: found ${found.map((p) => `${p.counterparty}@${p.amountCents}`).join(', ') || 'none'}`,
      );
    if (cents === null && found.length > 0) problems.push(`position ${name} found but none paid`);
  }
  // A subscription paid by card at one amount every week is never a financing position.
  for (const position of positions)
    if (/CLOUDPEAK|PURCHASE/i.test(position.counterparty))
      problems.push(`card purchases read as a position: ${position.counterparty}@${position.amountCents}`);
  // The holder's names from the address block at the top of the first page, not the bank's.
  for (const [index, statement] of statements.entries())
    if (statement.holderNames.join('|') !== item.holderNames.join('|'))
      problems.push(
        `pdf ${index + 1} holder names: read ${statement.holderNames.join(', ')} printed ${item.holderNames.join(', ')}`,
      );
  // Each account of a combined statement is named checking or savings from its title, whatever its words.
  if (item.family === 'combined-accounts')
    for (const segment of statements.flatMap((statement) => statement.segments)) {
      const expected = segment.account?.last4 === item.ledger.accountLast4 ? 'checking' : 'savings';
      if (segment.account?.kind !== expected)
        problems.push(
          `${segment.periodStart} account ${segment.account?.last4 ?? '?'}: kind ${segment.account?.kind ?? 'none'}, printed ${expected}`,
        );
    }
  // Every statement reconciles.
  for (const statement of statements)
    for (const segment of statement.segments)
      if (segment.balanceCheck.status === 'mismatch')
        problems.push(`${segment.periodStart}..${segment.periodEnd} does not reconcile: ${segment.balanceCheck.note}`);
  return { ok: problems.length === 0, problems, statements, insights, readMs };
}

function diff(a: string[], b: string[]): string[] {
  const counts = new Map<string, number>();
  for (const item of b) counts.set(item, (counts.get(item) ?? 0) + 1);
  const out: string[] = [];
  for (const item of a) {
    const count = counts.get(item) ?? 0;
    if (count > 0) counts.set(item, count - 1);
    else out.push(item);
  }
  return out;
}
