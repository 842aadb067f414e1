import type { Db } from '../db/client';

/** Total funding received. Funding is not built yet (issue 6): until then nothing was received. */
export async function totalRevenue(_db: Db): Promise<number> {
  return 0;
}
