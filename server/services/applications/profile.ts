import { desc, eq } from 'drizzle-orm';
import { applications } from '../../../drizzle/schema/index';
import type { AuthUser } from '../../auth/lucia';
import type { DbOrTx } from '../../db';
import type { ClientProfileDto } from '../../../src/shared/schemas/application';
import { maskEin, maskSsn } from '../../lib/pii';

/** The signed-in client's most recent application (their own rows only), with the columns a new one reuses. */
export async function findLastApplication(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: applications.id,
      loanAmountCents: applications.loanAmountCents,
      businessName: applications.businessName,
      businessType: applications.businessType,
      timeInBusiness: applications.timeInBusiness,
      businessStartDate: applications.businessStartDate,
      businessAddress: applications.businessAddress,
      businessAddress2: applications.businessAddress2,
      einEnc: applications.einEnc,
      einLast4: applications.einLast4,
      ssnEnc: applications.ssnEnc,
      ssnLast4: applications.ssnLast4,
      dateOfBirthEnc: applications.dateOfBirthEnc,
      ownerName: applications.ownerName,
      email: applications.email,
      phone: applications.phone,
      estimatedCreditScore: applications.estimatedCreditScore,
      monthlyRevenue: applications.monthlyRevenue,
      additionalInfo: applications.additionalInfo,
    })
    .from(applications)
    .where(eq(applications.userId, userId))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(1);
  return row ?? null;
}

/**
 * Returning-client prefill ("Client profile response"). SSN and EIN are masked and the birth date
 * is not returned at all (docs/product.md 3); a new submission that leaves them empty reuses the stored values.
 */
export async function getClientProfile(
  db: DbOrTx,
  user: Pick<AuthUser, 'id' | 'firstName' | 'lastName' | 'email' | 'businessName'>,
): Promise<ClientProfileDto> {
  const last = await findLastApplication(db, user.id);
  return {
    success: true as const,
    data: {
      user: { firstName: user.firstName, lastName: user.lastName, email: user.email, businessName: user.businessName },
      lastApplication: last
        ? {
            loanAmount: Math.round(last.loanAmountCents / 100),
            businessName: last.businessName,
            ein: maskEin(last.einLast4),
            businessAddress: last.businessAddress,
            businessAddress2: last.businessAddress2 ?? '',
            businessStartDate: last.businessStartDate,
            businessType: last.businessType,
            timeInBusiness: last.timeInBusiness,
            ownerName: last.ownerName,
            ssn: maskSsn(last.ssnLast4),
            email: last.email,
            phone: last.phone,
            estimatedCreditScore: last.estimatedCreditScore,
            monthlyRevenue: last.monthlyRevenue,
            additionalInfo: last.additionalInfo ?? '',
          }
        : null,
    },
  };
}
