// The wire shape of a zip (PascalCase, as the spec's address calls and zip lookup result show it).
import type { ZipRow } from '#shared/api/address.ts';
import type { ZipPlace } from './zip-index.ts';

export const toZipRow = (place: ZipPlace): ZipRow => ({
  ZipCode: place.zip,
  CityName: place.city,
  CountyName: place.county,
  StateAbbreviation: place.state,
});
