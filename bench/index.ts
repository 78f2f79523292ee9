// The benchmark suites, by name.

import type { BenchSuite } from './harness';
import { arenaSuites } from './arena';
import { cardsSuite } from './cards';
import { clockSuite } from './clock';
import { clusterSuite } from './cluster';
import { connect4Suites } from './connect4';
import { connect4EmptySuite } from './connect4-empty';
import { connect4AnswersSuite } from './connect4-answers';
import { enginesSuite } from './engines';
import { matrixSuites } from './matrix';
import { neuralSuite } from './neural';
import { puzzle15Suites } from './puzzle15';
import { puzzle24Suites } from './puzzle24';
import { labRecordingSuite, labSuite } from './lab';
import { ladderSuite } from './ladder';
import { sandboxSuite } from './sandbox';
import { serverSuite } from './server';
import { sprtSuite } from './sprt';
import { strengthSuite } from './strength';
import { tictactoeSuite } from './tictactoe';

export const suites: readonly BenchSuite[] = [
  tictactoeSuite,
  ...matrixSuites,
  ...connect4Suites,
  connect4EmptySuite,
  connect4AnswersSuite,
  neuralSuite,
  ...puzzle15Suites,
  ...puzzle24Suites,
  cardsSuite,
  ...arenaSuites,
  clockSuite,
  strengthSuite,
  sprtSuite,
  enginesSuite,
  sandboxSuite,
  clusterSuite,
  serverSuite,
  labSuite,
  labRecordingSuite,
  ladderSuite,
];
