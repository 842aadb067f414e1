import type { Db } from '../db/client';
import { totalFunding } from '../funding/service';

/** Total funding received, in the configured currency's major unit. */
export async function totalRevenue(db: Db, currency: string): Promise<number> {
  return (await totalFunding(db, currency)).total;
}
