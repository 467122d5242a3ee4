import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { parseRouteValues } from './route-values.ts';

describe('parseRouteValues', () => {
  it('keeps names of word characters and hyphens', () => {
    expect(parseRouteValues({ agentID: 'A000002', firstName: 'Mary-Ann', lastName: 'O_Neil' })).toEqual({
      agentID: 'A000002',
      firstName: 'Mary-Ann',
      lastName: 'O_Neil',
    });
  });

  it.each(['Car los', 'Capt!ve', "O'Neil", ''])('answers not found, not an error, for the name %j', (name) => {
    let thrown: unknown;
    try {
      parseRouteValues({ agentID: 'A000002', firstName: name, lastName: 'Captive' });
    } catch (err) {
      thrown = err;
    }
    expect(isNotFound(thrown)).toBe(true);
  });
});
