// The zip code field's rules (spec part 1 §5): digits only, at most 5 characters; Update needs exactly 5.
export const ZIP_LENGTH = 5;

/** What the field keeps of what was typed or pasted. */
export const zipInput = (typed: string): string => typed.replace(/\D/g, '').slice(0, ZIP_LENGTH);

export const isCompleteZip = (zip: string): boolean => /^\d{5}$/.test(zip);
