// jsdom lacks a few browser APIs Mantine calls while rendering (media queries for colour scheme and
// breakpoints, element resize observation, scrolling into view); these stand-ins answer "desktop,
// light, nothing moves", and every test starts from an empty document.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

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
