// jsdom lacks a few browser APIs Mantine calls while rendering (media queries for colour scheme and
// breakpoints, element resize observation, scrolling); these stand-ins answer "desktop,
// light, nothing moves", and every test starts from an empty document.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// findBy* and waitFor wait for what a test expects to appear up to this long (testing-library's own
// default is 1 s). On a loaded two-core machine a page's first render has taken longer: the fresh-clone
// CI run of 89fbbe2 failed 'switches a list off by its id' on findByRole alone. A test still moves on
// the moment its element appears; the project's test timeout (30 s) stays the bound.
configure({ asyncUtilTimeout: 15_000 });

if (!window.matchMedia) {
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
}

class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= NoResize as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => undefined;
// mantine-datatable scrolls its viewport back to the top in an animation frame after a page turns: jsdom
// has no Element.scrollTo, and that frame, when it ran before the test's cleanup, failed the whole run
// with an unhandled "scrollTo is not a function". jsdom's window.scrollTo only logs "Not implemented".
Element.prototype.scrollTo ??= () => undefined;
window.scrollTo = () => undefined;
