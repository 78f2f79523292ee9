// The benchmark suites, by name.

import type { BenchSuite } from './harness';
import { arenaSuites } from './arena';
import { matrixSuites } from './matrix';
import { tictactoeSuite } from './tictactoe';

export const suites: readonly BenchSuite[] = [tictactoeSuite, ...matrixSuites, ...arenaSuites];
