// The component project's DOM: vitest's own happy-dom environment, with one window per worker instead of
// one per test file. The project's files already share a worker's module graph (vitest.config.ts,
// isolate: false); a new window for each file cost about half a second of CPU (happy-dom makes its
// classes again for each window). Between files the window is put back as a new one would be: its
// timers and requests aborted, an empty document (no attributes on its root element) at the starting
// address, and empty storage.
import type { Environment } from 'vitest/environments';
import { builtinEnvironments } from 'vitest/environments';

/** The parts of happy-dom's window put back between files (this file is type-checked without the DOM library). */
interface HappyWindow {
  happyDOM: { abort(): Promise<void>; setURL(url: string): void };
  document: {
    documentElement: { getAttributeNames(): string[]; removeAttribute(name: string): void };
    head: { replaceChildren(): void };
    body: { replaceChildren(): void };
  };
  localStorage: { clear(): void };
  sessionStorage: { clear(): void };
}

/** The global the window was put on (the worker's, shared by its files). */
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
    // vitest's own starting address, unless the project names one.
    const address = (options.happyDOM as { url?: string } | undefined)?.url ?? 'http://localhost:3000';
    return {
      async teardown() {
        await win.happyDOM.abort();
        const root = win.document.documentElement;
        for (const name of root.getAttributeNames()) root.removeAttribute(name);
        win.document.head.replaceChildren();
        win.document.body.replaceChildren();
        win.localStorage.clear();
        win.sessionStorage.clear();
        win.happyDOM.setURL(address);
      },
    };
  },
} satisfies Environment;
