// `npm start`: build what is missing or stale, then run the server in this process.
import { ensureBuilt } from './build.mjs';

await ensureBuilt({ log: (m) => console.log(`[start] ${m}`) });
await import('../dist/server/main.js');
