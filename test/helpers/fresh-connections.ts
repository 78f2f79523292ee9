// Every request a test sends goes on a connection of its own. A connection kept alive from the last request may be
// closed by the server's keep-alive timeout just as it is used again when the machine is loaded (seen as a
// `fetch failed` ECONNRESET after a server had answered everything right): a test would then fail on how fast the
// machine was, not on what the server did. (Vitest's setup file for every project.)

import { Agent, setGlobalDispatcher } from 'undici';

// pipelining 0: no connection is kept alive (undici's own fetch and Node's read the same global dispatcher).
setGlobalDispatcher(new Agent({ pipelining: 0 }));
