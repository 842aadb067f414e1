// Adds up the JSON reports of the CI run into one closing line: "N passed, N failed, N skipped".
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'ci-results';
let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  let p, f, s;
  if (report.stats && 'expected' in report.stats) {
    // Playwright
    ({ expected: p, unexpected: f, skipped: s } = report.stats);
    f += report.stats.flaky ?? 0;
  } else {
    // Vitest
    p = report.numPassedTests;
    f = report.numFailedTests;
    s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  console.log(`${name}: ${p} passed, ${f} failed, ${s} skipped`);
  passed += p;
  failed += f;
  skipped += s;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
