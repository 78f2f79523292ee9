// A JavaScript bot module's worker in a page: a dedicated module Web Worker (src/engines/bot-module.ts).

import { expose } from 'comlink';
import { createBotModuleApi } from '../src/engines/bot-module';
import { gameById } from '../src/games';

expose(createBotModuleApi(gameById));
