import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { freePort, startServerProcess, type ServerProcess } from '../test/server-process';
import { startSmppStandIn, type SmppStandIn } from '../test/smpp-stand-in';
import { ADMIN } from './api';

// The suite's own server sends no SMS, so the specs about SMS (issue 32) start one that does: a
// real server process on a fresh embedded database, bound over SMPP to the SMSC stand-in, one per
// worker.

export interface Texting {
  server: ServerProcess;
  smsc: SmppStandIn;
  baseUrl: string;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no test-scoped fixtures, one worker-scoped
export const test = base.extend<{}, { texting: Texting }>({
  texting: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter
    async ({}, use) => {
      const [smsc, dataDir, port] = await Promise.all([startSmppStandIn({ systemId: 'blood', password: 'e2e-pw' }), fs.mkdtemp(path.join(os.tmpdir(), 'bd-e2e-sms-')), freePort()]);
      const server = await startServerProcess({
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMS_URL: smsc.url,
        WEB_DIST_DIR: path.resolve('dist/web'),
        NEW_ACCOUNT_HOURS: '0',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      });
      try {
        await use({ server, smsc, baseUrl: `http://localhost:${server.port}` });
      } finally {
        process.kill(-server.child.pid!, 'SIGTERM');
        await server.exited;
        await smsc.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

