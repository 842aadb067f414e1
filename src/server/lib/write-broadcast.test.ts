import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { type Written, WriteEvents } from './list-caches';
import { startWriteBroadcast, type WriteBroadcast } from './write-broadcast';

// Two instances' announcements over one database (issue 19): the other instance hears every kind
// of write one announces, however many writes share one announcement, and the writer does not.

let database: TestDatabase;
const instances: { writes: WriteEvents; heard: Written[]; broadcast: WriteBroadcast }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  for (let i = 0; i < 2; i++) {
    const writes = new WriteEvents();
    const heard: Written[] = [];
    for (const what of ['donation-requests', 'users', 'blogs'] as const) writes.onWrite([what], () => heard.push(what));
    const broadcast = await startWriteBroadcast(database.pool, writes);
    heard.length = 0; // a new listener forgets every list once
    instances.push({ writes, heard, broadcast });
  }
});

afterAll(async () => {
  for (const i of instances) await i.broadcast.close();
  await database?.drop();
});

/** Until `instance` has heard `count` announcements (a notification arrives on its own connection). */
const heardBy = async (instance: (typeof instances)[number], count: number) => {
  await expect.poll(() => instance.heard.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(count);
};

describe('startWriteBroadcast', () => {
  it('announces every kind of write of one turn, to the other instance only', async () => {
    const [a, b] = instances as [(typeof instances)[number], (typeof instances)[number]];
    b.heard.length = 0;
    a.heard.length = 0;
    await Promise.all((['blogs', 'users', 'donation-requests', 'blogs'] as const).map((what) => a.writes.publish!(what)));
    await heardBy(b, 3);
    expect([...b.heard].sort()).toEqual(['blogs', 'donation-requests', 'users']);
    expect(a.heard).toEqual([]);
  });

  it('announces writes made while an announcement is on its way in the next one, none lost', async () => {
    const [a, b] = instances as [(typeof instances)[number], (typeof instances)[number]];
    b.heard.length = 0;
    const first = a.writes.publish!('users');
    await new Promise((resolve) => setImmediate(resolve)); // the first announcement has been sent, its answer not read yet
    const later = [a.writes.publish!('blogs'), a.writes.publish!('donation-requests')];
    await Promise.all([first, ...later]);
    await heardBy(b, 3);
    expect([...b.heard].sort()).toEqual(['blogs', 'donation-requests', 'users']);
  });
});
