// The worker's API run in the test process itself (no thread), with the cores from build/.

import { readCoreModule } from '../../src/engine/node-cores';
import { createSearchApi } from '../../workers/api';

export const api = createSearchApi((core) => readCoreModule('build', core));
