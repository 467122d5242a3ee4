// The component project's DOM: vitest's own happy-dom environment, with one window per worker instead of
// one per test file. The project's files already share a worker's module graph (vitest.config.ts,
// isolate: false); a new window for each file cost about half a second of CPU (happy-dom makes its
// classes again for each window). Between files the window is put back as a new one would be: its
// timers and requests aborted, an empty document at the same address, no storage.
import type { Environment } from 'vitest/environments';
import { builtinEnvironments } from 'vitest/environments';

/** The parts of happy-dom's window put back between files (this file is type-checked without the DOM library). */
interface HappyWindow {
  happyDOM: { abort(): Promise<void>; setURL(url: string): void };
  document: { head: { replaceChildren(): void }; body: { replaceChildren(): void } };
  localStorage: { clear(): void };
  sessionStorage: { clear(): void };
}

const URL = 'http://localhost:3000';
let made: object | undefined;

const happyDom = builtinEnvironments['happy-dom'];

export default {
  name: 'shared-happy-dom',
  viteEnvironment: 'client',
  async setup(global, options) {
    if (made !== global) {
      await happyDom.setup(global, options);
      made = global;
    }
    const win = global as unknown as HappyWindow;
    return {
      async teardown() {
        await win.happyDOM.abort();
        win.document.head.replaceChildren();
        win.document.body.replaceChildren();
        win.localStorage.clear();
        win.sessionStorage.clear();
        win.happyDOM.setURL(URL);
      },
    };
  },
} satisfies Environment;
