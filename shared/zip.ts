// Zip code, SCF and radius rules shared by the browser and the server (spec part 1 §5 and §9,
// part 2 §5 and §9, part 3 §5), with the spec's messages where it gives them, and the address
// area's response rows.
import { z } from 'zod';

export const ZIP_MESSAGES = {
  invalidZip: 'Invalid Zip Code',
  zipNotFound: 'Zip Code not found.',
  // The spec gives no texts for these three; they say what the caller must fix.
  invalidRadius: 'Radius must be 5 to 50 miles in steps of 5.',
  invalidState: 'State must be a two-letter code.',
  nameRequired: 'A city or county name is required.',
} as const;

export const ZIP_LENGTH = 5;
export const SCF_LENGTH = 3;

/** What a zip field accepts while typing: digits only, at most 5 (settings, zip entry, forms). */
export const ZIP_INPUT_PATTERN = /^\d{0,5}$/;

/** Part 2 §5: 3 digits is an SCF, 5 digits a single zip; any other length cannot be added. */
export function zipEntryKind(text: string): 'scf' | 'zip' | undefined {
  if (/^\d{3}$/.test(text)) return 'scf';
  if (/^\d{5}$/.test(text)) return 'zip';
  return undefined;
}

/** Part 2 §9: radius 5 to 50 miles in steps of 5, default 5. */
export const RADIUS_MILES = { min: 5, max: 50, step: 5, default: 5 } as const;
export const RADIUS_CHOICES: readonly number[] = Array.from(
  { length: (RADIUS_MILES.max - RADIUS_MILES.min) / RADIUS_MILES.step + 1 },
  (_, i) => RADIUS_MILES.min + i * RADIUS_MILES.step,
);

export const zipCodeSchema = z.string().regex(/^\d{5}$/, ZIP_MESSAGES.invalidZip);
export const zipOrScfSchema = z
  .string()
  .refine((text) => zipEntryKind(text) !== undefined, ZIP_MESSAGES.invalidZip);

/** Miles as a path segment ("25") or a number from a form field. */
export const radiusMilesSchema = z
  .union([z.number(), z.string()])
  // Only plain digits count as miles; anything else becomes NaN and fails the check below.
  .transform((miles) => (typeof miles === 'number' ? miles : /^\d+$/.test(miles) ? Number(miles) : Number.NaN))
  .refine((miles) => RADIUS_CHOICES.includes(miles), ZIP_MESSAGES.invalidRadius);

/** A state or USPS territory code, any case; answered in upper case. */
export const stateCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, ZIP_MESSAGES.invalidState)
  .transform((code) => code.toUpperCase());

/** A city or county name as typed; matched case-insensitively. */
export const placeNameSchema = z.string().trim().min(1, ZIP_MESSAGES.nameRequired).max(100, ZIP_MESSAGES.nameRequired);

// The zip row shapes are part of the API contract: shared/api/address.ts.

