// A page's live figures: a function called every few milliseconds while its element is on the page (a Lit
// reactive controller: started when the element is connected, stopped when it leaves).

import type { ReactiveControllerHost } from 'lit';

export function every(host: ReactiveControllerHost, ms: number, tick: () => void): void {
  let timer: ReturnType<typeof setInterval> | undefined;
  host.addController({
    hostConnected: () => (timer = setInterval(tick, ms)),
    hostDisconnected: () => clearInterval(timer),
  });
}
