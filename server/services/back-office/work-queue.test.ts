import { describe, expect, it } from 'vitest';
import { expiringOfferWindow } from '../offers/index';
import { reasonsOf } from './work-queue';

const now = new Date('2026-11-27T12:00:00Z');
const window = expiringOfferWindow(30, now);
const DAY = 24 * 3600_000;
const facts = {
  status: 'pending',
  decidedAt: null as Date | null,
  ocrFinishedAt: null as Date | null,
  documentsReceived: 0,
  statementsUnreconciled: false,
  staffDecisions: 0,
};

describe('the reasons a queued file shows', () => {
  it('names OCR results only when they came after the last decision, unless the file is under review', () => {
    const decidedAt = new Date(now.getTime() - 10 * DAY);
    const before = new Date(decidedAt.getTime() - 1000);
    const after = new Date(decidedAt.getTime() + 1000);
    expect(reasonsOf({ ...facts, status: 'approved', decidedAt, ocrFinishedAt: before }, window)).toEqual([]);
    expect(reasonsOf({ ...facts, status: 'approved', decidedAt, ocrFinishedAt: after }, window)).toEqual([
      'ocrFinished',
    ]);
    expect(reasonsOf({ ...facts, status: 'review', decidedAt, ocrFinishedAt: before }, window)).toEqual([
      'review',
      'ocrFinished',
    ]);
    expect(reasonsOf({ ...facts, ocrFinishedAt: before }, window)).toEqual(['ocrFinished']);
  });

  it('names unreconciled statements until a staff decision, and every fact of a file under review in order', () => {
    expect(reasonsOf({ ...facts, statementsUnreconciled: true }, window)).toEqual(['notReconciled']);
    expect(reasonsOf({ ...facts, statementsUnreconciled: true, staffDecisions: 1 }, window)).toEqual([]);
    expect(
      reasonsOf(
        {
          ...facts,
          status: 'review',
          ocrFinishedAt: now,
          statementsUnreconciled: true,
          staffDecisions: 2,
          documentsReceived: 1,
        },
        window,
      ),
    ).toEqual(['review', 'ocrFinished', 'notReconciled', 'documentsReceived']);
  });

  it('names an approved offer in its last 3 days, and not one with more time or already expired', () => {
    const at = (days: number) => new Date(now.getTime() - days * DAY);
    expect(reasonsOf({ ...facts, status: 'approved', decidedAt: at(28) }, window)).toEqual(['offerExpiring']);
    expect(reasonsOf({ ...facts, status: 'approved', decidedAt: at(20) }, window)).toEqual([]);
    expect(reasonsOf({ ...facts, status: 'approved', decidedAt: at(31) }, window)).toEqual([]);
    expect(reasonsOf({ ...facts, status: 'declined', decidedAt: at(28), documentsReceived: 2 }, window)).toEqual([
      'documentsReceived',
    ]);
  });
});
