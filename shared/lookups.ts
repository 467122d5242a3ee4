// Reference lists the browser and server share: US states (50 plus DC), lead types, CRM lines of
// business and the staff lookups (spec part 1 §3, §7 and part 3 §7).

export const US_STATES = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
  ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'],
  ['FL', 'Florida'], ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'],
  ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'],
  ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'],
  ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'],
  ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'],
  ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
  ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'],
  ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
].map(([StateAbbreviation, StateName]) => ({ StateAbbreviation: StateAbbreviation!, StateName: StateName! }));

/** Lead type (part 1 §3): Employer 1, Health 2, Life 3, Medicare 4, Supplemental 5. */
export const LEAD_TYPES = [
  { Id: 1, Name: 'Employer' },
  { Id: 2, Name: 'Health' },
  { Id: 3, Name: 'Life' },
  { Id: 4, Name: 'Medicare' },
  { Id: 5, Name: 'Supplemental' },
] as const;

/** CRM lines of business a campaign can be filed under (GET campaign/crmlob). */
export const CRM_LINES_OF_BUSINESS = [
  { Id: 1, Name: 'Employer' },
  { Id: 2, Name: 'Health' },
  { Id: 3, Name: 'Life' },
  { Id: 4, Name: 'Medicare' },
  { Id: 5, Name: 'Supplemental' },
  { Id: 6, Name: 'Dental' },
  { Id: 7, Name: 'Vision' },
] as const;

/**
 * GET lookup?category=: the staff lookups (BusinessOwner, Destination; items have Value) and the
 * account's reference lists (TimeZone, State).
 */
export const LOOKUP_CATEGORIES = ['BusinessOwner', 'Destination', 'TimeZone', 'State'] as const;
export type LookupCategory = (typeof LOOKUP_CATEGORIES)[number];

export const BUSINESS_OWNERS = ['Agency Distribution', 'Broker Distribution', 'Direct to Consumer', 'Employer Markets', 'Marketing'];
export const DESTINATIONS = ['Agent Portal', 'Call Center', 'Post Target', 'CRM'];
