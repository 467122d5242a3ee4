// The component tests' DOM (happy-dom) with what every test needs: media queries answer "desktop,
// light" (the same stand-in whatever the DOM implements, so a test's phone layout is its own choice),
// element resize observation and scrolling do nothing, no request reaches a network, and every test
// starts from an empty document.
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

afterEach(() => cleanup());

/** The parts of happy-dom's own API used here (not in the DOM's types). */
const happyDom = (window as unknown as { happyDOM?: HappyDom }).happyDOM;
interface HappyDom {
  abort(): Promise<void>;
  setURL(url: string): void;
  settings: { fetch: { interceptor: unknown } };
}

// The `component` project's files share a worker's window (vitest sets an environment up once per
// worker when files are not isolated), so each file first gets it as a new window would be: no
// attributes on its root element, an empty head and body (Mantine's shared portal node makes itself
// again), empty storage and the starting address. A file's timers and requests still pending when it
// ends are aborted, so none fires in the next file.
const root = document.documentElement;
for (const name of root.getAttributeNames()) root.removeAttribute(name);
document.head.replaceChildren();
document.body.replaceChildren();
localStorage.clear();
sessionStorage.clear();
happyDom?.setURL('http://localhost:3000/');
afterAll(() => happyDom?.abort());

// findBy* and waitFor wait for what a test expects to appear up to this long (testing-library's own
// default is 1 s). On a loaded two-core machine a page's first render has taken longer: the fresh-clone
// CI run of 89fbbe2 failed 'switches a list off by its id' on findByRole alone. A test still moves on
// the moment its element appears; the project's test timeout (30 s) stays the bound.
configure({ asyncUtilTimeout: 15_000 });

window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= NoResize as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => undefined;
// mantine-datatable scrolls its viewport back to the top in an animation frame after a page turns: under
// jsdom that frame, when it ran before the test's cleanup, failed the whole run with an unhandled
// "scrollTo is not a function". Nothing scrolls here.
Element.prototype.scrollTo ??= () => undefined;
window.scrollTo = () => undefined;

// No component test reaches a server: a request that no test answers fails here at once, as with no
// network, instead of going to happy-dom's default origin (http://localhost:3000) where anything may listen.
if (happyDom)
  happyDom.settings.fetch.interceptor = {
    beforeAsyncRequest: async ({ request }: { request: { url: string } }) => {
      throw new TypeError(`Failed to fetch ${request.url}: component tests have no server`);
    },
  };
