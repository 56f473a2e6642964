import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';

/** The order each of these documents belongs to, by document id (a passport page's job names its document). */
export async function ordersOfDocuments(
  db: Db,
  documentIds: string[],
): Promise<Map<string, string>> {
  if (!documentIds.length) return new Map();
  const rows = await db
    .select({ id: documents.id, applicationId: documents.applicationId })
    .from(documents)
    .where(inArray(documents.id, documentIds));
  return new Map(rows.map((d) => [d.id, d.applicationId]));
}
