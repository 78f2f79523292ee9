// Runs every Vitest project and ends with the plain line CI reads: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const report = 'test-results/vitest.json';
rmSync(report, { force: true });
const run = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
if (existsSync(report)) {
  const { numPassedTests, numFailedTests, testResults } = JSON.parse(readFileSync(report, 'utf8'));
  // A file that fails to load has no tests of its own: count it as a failed test.
  const unloaded = testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
  console.log(`${numPassedTests} passed, ${numFailedTests + unloaded} failed`);
} else {
  console.log('0 passed, 1 failed');
}
process.exit(run.status ?? 1);
