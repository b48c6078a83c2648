import { desc, eq } from 'drizzle-orm';
import { documentRequests } from '../../../drizzle/schema/index';
import type { StaffDocumentRequestDto } from '../../../src/shared/schemas/document-requests';
import type { ServiceDeps } from '../../deps';
import { isoFromDb } from '../../lib/dates';
import { documentRequestView, filesOfDocumentRequests } from '../applications/index';
import { staffNames } from '../accounts/index';

// The document requests of an application as staff see them (docs/product.md 6.7): who asked, who closed it.

/** An application has a handful of requests; the cap only bounds the answer. */
const LIST_LIMIT = 200;

/** Every request on an application, newest first, with who asked and the files that answered it. */
export async function listDocumentRequests(
  deps: Pick<ServiceDeps, 'db'>,
  applicationId: string,
): Promise<StaffDocumentRequestDto[]> {
  const rows = await deps.db
    .select()
    .from(documentRequests)
    .where(eq(documentRequests.applicationId, applicationId))
    .orderBy(desc(documentRequests.createdAt), desc(documentRequests.id))
    .limit(LIST_LIMIT);
  const [files, nameOf] = await Promise.all([
    filesOfDocumentRequests(
      deps.db,
      rows.map((row) => row.id),
    ),
    staffNames(
      deps.db,
      rows.flatMap((row) => [row.requestedBy, row.closedBy]),
    ),
  ]);
  return rows.map((row) => ({
    ...documentRequestView(row, files),
    requestedBy: nameOf(row.requestedBy),
    closedBy: row.closedBy ? nameOf(row.closedBy) : null,
    closedAt: row.closedAt ? isoFromDb(row.closedAt) : null,
  }));
}
