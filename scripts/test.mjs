// Runs every Vitest project and ends with the plain line CI reads: `N passed, N failed`. In a whole run (no
// arguments) a skipped test (one whose tool is missing: python3 for the example Python engine) is named and
// counted as not passed; a run narrowed by arguments (a file, -t NAME) skips the rest on purpose.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const report = 'test-results/vitest.json';
const narrowed = process.argv.length > 2;
rmSync(report, { force: true });
const run = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
let failed = 1;
if (existsSync(report)) {
  const { numPassedTests, numFailedTests, testResults } = JSON.parse(readFileSync(report, 'utf8'));
  // A file that fails to load has no tests of its own: count it as a failed test.
  const unloaded = testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
  const skipped = narrowed ? [] : testResults.flatMap((file) => file.assertionResults.filter((test) => ['skipped', 'pending', 'todo'].includes(test.status)));
  if (skipped.length > 0) console.log(`${skipped.length} skipped, counted as failed: ${skipped.map((test) => test.fullName).join('; ')}`);
  // An error outside any test (an unhandled rejection) fails the run too: the line says so, as the exit status does.
  const outside = run.status !== 0 && numFailedTests + unloaded === 0 ? 1 : 0;
  if (outside) console.log('vitest ended with an error outside the tests (above), counted as one failed');
  failed = numFailedTests + unloaded + skipped.length + outside;
  console.log(`${numPassedTests} passed, ${failed} failed`);
} else {
  console.log('0 passed, 1 failed');
}
process.exit(failed > 0 ? 1 : (run.status ?? 1));
