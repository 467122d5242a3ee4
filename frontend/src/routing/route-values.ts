// Path values of the admin routes named by agent (spec part 1 §2.1: "Route values for names are
// limited to word characters and hyphens"). Anything else is an address no page lives at, so it is
// the not-found page, never the error screen.
import { notFound } from '@tanstack/react-router';

const ROUTE_VALUE = /^[\w-]+$/;

export const isRouteValue = (value: string): boolean => ROUTE_VALUE.test(value);

/** The route's params as they are, or the not-found page when any value breaks the rule. */
export function parseRouteValues<P extends Record<string, string>>(raw: P): P {
  if (!Object.values(raw).every(isRouteValue)) throw notFound();
  return raw;
}
