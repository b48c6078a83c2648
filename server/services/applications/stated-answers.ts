import { applications } from '../../../drizzle/schema/index';
import type { StatedAnswers } from '../underwriting/index';

// What the applicant stated that the engine decides on: the columns read back for a run, and the engine's input
// made from them (the submission's first run and every rebuild after OCR or new statements use the same).

export const STATED_COLUMNS = {
  loanAmountCents: applications.loanAmountCents,
  estimatedCreditScore: applications.estimatedCreditScore,
  monthlyRevenue: applications.monthlyRevenue,
  timeInBusiness: applications.timeInBusiness,
  businessStartDate: applications.businessStartDate,
  businessType: applications.businessType,
  businessName: applications.businessName,
  ownerName: applications.ownerName,
};

export type StatedRow = {
  loanAmountCents: number;
  estimatedCreditScore: number;
  monthlyRevenue: string;
  timeInBusiness: string;
  businessStartDate: string;
  businessType: string;
  businessName: string;
  ownerName: string;
};

export function statedAnswersOf(row: StatedRow): StatedAnswers {
  return {
    loanAmount: row.loanAmountCents / 100,
    estimatedCreditScore: row.estimatedCreditScore,
    monthlyRevenue: row.monthlyRevenue,
    timeInBusiness: row.timeInBusiness,
    businessStartDate: row.businessStartDate,
    businessType: row.businessType,
    businessName: row.businessName,
    ownerName: row.ownerName,
  };
}
