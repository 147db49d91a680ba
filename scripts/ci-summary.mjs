// Adds up the runners' JSON reports (Vitest and Playwright) into one closing line CI can read.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    // Vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else {
    // Playwright: a test that passed on retry counts as passed (and is reported as flaky).
    const { expected, unexpected, flaky, skipped: s } = report.stats;
    passed += expected + flaky;
    failed += unexpected;
    skipped += s;
    console.log(`${file}: ${expected + flaky} passed (${flaky} flaky), ${unexpected} failed`);
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 ? 1 : 0;
