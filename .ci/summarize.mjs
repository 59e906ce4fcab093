// Adds up the vitest and Playwright JSON reports into one closing line: "total: N passed, N failed, N skipped".
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const [vitestReport, playwrightReport] = process.argv.slice(2);

if (vitestReport && existsSync(vitestReport)) {
  const r = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // A file that fails to load has no tests but is a failure all the same.
  failed += (r.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0).length;
} else {
  console.log('no vitest report found');
  failed += 1;
}

if (playwrightReport && existsSync(playwrightReport)) {
  const s = JSON.parse(readFileSync(playwrightReport, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
} else {
  console.log('no Playwright report found');
  failed += 1;
}

console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 ? 1 : 0;
