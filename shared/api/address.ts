// The address area's calls (parts 1, 2, 3 §7) and the public sales forms' zip look-up (part 3 §7).
import { z } from 'zod';
import { placeNameSchema, radiusMilesSchema, stateCodeSchema, zipCodeSchema, zipOrScfSchema } from '../zip.ts';
import { areaContract, built } from './define.ts';

/** A zip as the spec's address calls show it. */
export const zipRowSchema = z.object({ ZipCode: z.string(), CityName: z.string(), CountyName: z.string(), StateAbbreviation: z.string() });
export type ZipRow = z.infer<typeof zipRowSchema>;
/** A zip found by a radius search, with its great-circle distance from the centre zip in miles. */
export const zipDistanceRowSchema = zipRowSchema.extend({ Distance: z.number() });
export type ZipDistanceRow = z.infer<typeof zipDistanceRowSchema>;
/** One city and county pair of a state. */
export const statePlaceRowSchema = z.object({ CityName: z.string(), CountyName: z.string() });
export type StatePlaceRow = z.infer<typeof statePlaceRowSchema>;

const placeParams = z.object({ state: stateCodeSchema, name: placeNameSchema });

export const addressApi = areaContract<'address'>()({
  'address.isValidZip': built({ params: z.object({ zip: zipCodeSchema }), response: z.boolean() }),
  'address.zipCodes': built({ params: z.object({ zip: zipOrScfSchema }), response: z.array(zipRowSchema) }),
  'address.radius': built({ params: z.object({ zip: zipCodeSchema, miles: radiusMilesSchema }), response: z.array(zipDistanceRowSchema) }),
  'address.citiesAndCounties': built({ params: z.object({ state: stateCodeSchema }), response: z.array(statePlaceRowSchema) }),
  'address.cityZips': built({ params: placeParams, response: z.array(zipRowSchema) }),
  'address.countyZips': built({ params: placeParams, response: z.array(zipRowSchema) }),
});
