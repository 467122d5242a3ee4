// Reference lists the browser and server share: US states (50 plus DC), lead types and the lookup
// categories (spec part 1 §3, §7 and part 3 §7).

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

/**
 * GET lookup?category=: categories stored in the table (BusinessOwner, Destination, LeadType, CrmLob;
 * items have Value) plus the account's reference lists served from code (TimeZone, State).
 */
export const STORED_LOOKUP_CATEGORIES = ['BusinessOwner', 'Destination', 'LeadType', 'CrmLob'] as const;
export const LOOKUP_CATEGORIES = [...STORED_LOOKUP_CATEGORIES, 'TimeZone', 'State'] as const;
export type LookupCategory = (typeof LOOKUP_CATEGORIES)[number];
