import { describe, expect, it } from 'vitest';
import { matchingPlaces } from './place-search.tsx';

const rows = [
  { CityName: 'Austin', CountyName: 'Travis' },
  { CityName: 'West Lake Hills', CountyName: 'Travis' },
  { CityName: 'Round Rock', CountyName: 'Williamson' },
  { CityName: 'Austwell', CountyName: 'Refugio' },
];

describe('the city or county search', () => {
  it('offers nothing before three characters are typed', () => {
    expect(matchingPlaces(rows, 'city', 'Au')).toEqual([]);
  });

  it('offers each matching name once, ignoring case, names that start with the text first', () => {
    expect(matchingPlaces(rows, 'city', 'aus')).toEqual(['Austin', 'Austwell']);
    expect(matchingPlaces(rows, 'city', 'lake')).toEqual(['West Lake Hills']);
    expect(matchingPlaces(rows, 'county', 'tra')).toEqual(['Travis']);
    expect(matchingPlaces(rows, 'county', 'son')).toEqual(['Williamson']);
  });
});
