import type { UsStateCode } from '#domain/validation/states';
import type { Rng } from './random';

// Made-up people for the seed data: common US first and last names, real towns with one of their zip codes
// and area codes, and phone numbers in the 555-0100..0199 range that is reserved for fiction.

/** A list written as one space-separated string, to keep long name lists compact. */
const words = (list: string): readonly string[] => list.split(/\s+/);

const FIRST_NAMES = words(
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard ' +
    'Susan Joseph Jessica Thomas Karen Christopher Sarah Charles Lisa Daniel Nancy Matthew Sandra ' +
    'Anthony Betty Mark Ashley Donald Emily Steven Kimberly Andrew Margaret Paul Donna Joshua ' +
    'Michelle Kenneth Carol Kevin Amanda Brian Melissa Timothy Deborah Ronald Stephanie Jason Rebecca ' +
    'Jeffrey Laura Ryan Sharon Jacob Cynthia Gary Kathleen Luis Maria Carlos Rosa Jamal Aaliyah Wei ' +
    'Mei Arjun Priya Tyrone Keisha Diego Camila Minh Linh Omar Fatima Darnell Tanisha',
);

const LAST_NAMES = words(
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez ' +
    'Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris ' +
    'Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill ' +
    'Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips ' +
    'Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers ' +
    'Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Kim Cox Ward Richardson Watson ' +
    "Patel Chen Washington Okafor O'Brien Brooks Sanders Price Bennett Wood",
);

const STREET_NAMES = words(
  'Main Oak Maple Cedar Pine Elm Washington Lake Hill Park Walnut Sunset Lincoln Jackson Highland ' +
    'Church Willow Meadow Ridge Franklin River Spring Chestnut Jefferson Madison Birch Forest Valley ' +
    'Mill Center',
);
const STREET_SUFFIXES = ['St', 'Ave', 'Rd', 'Dr', 'Ln', 'Ct', 'Blvd', 'Way', 'Pl'] as const;

export type Town = { city: string; state: UsStateCode; zipCode: string; areaCode: string };

/** Towns in states where plans are offered, each with one of its zip codes and area codes. */
export const TOWNS: readonly Town[] = [
  { city: 'Springfield', state: 'IL', zipCode: '62701', areaCode: '217' },
  { city: 'Chicago', state: 'IL', zipCode: '60614', areaCode: '312' },
  { city: 'Columbus', state: 'OH', zipCode: '43215', areaCode: '614' },
  { city: 'Cleveland', state: 'OH', zipCode: '44113', areaCode: '216' },
  { city: 'Detroit', state: 'MI', zipCode: '48226', areaCode: '313' },
  { city: 'Grand Rapids', state: 'MI', zipCode: '49503', areaCode: '616' },
  { city: 'Indianapolis', state: 'IN', zipCode: '46204', areaCode: '317' },
  { city: 'Milwaukee', state: 'WI', zipCode: '53202', areaCode: '414' },
  { city: 'Minneapolis', state: 'MN', zipCode: '55401', areaCode: '612' },
  { city: 'St. Louis', state: 'MO', zipCode: '63101', areaCode: '314' },
  { city: 'Kansas City', state: 'MO', zipCode: '64105', areaCode: '816' },
  { city: 'Louisville', state: 'KY', zipCode: '40202', areaCode: '502' },
  { city: 'Nashville', state: 'TN', zipCode: '37203', areaCode: '615' },
  { city: 'Memphis', state: 'TN', zipCode: '38103', areaCode: '901' },
  { city: 'Atlanta', state: 'GA', zipCode: '30303', areaCode: '404' },
  { city: 'Charlotte', state: 'NC', zipCode: '28202', areaCode: '704' },
  { city: 'Raleigh', state: 'NC', zipCode: '27601', areaCode: '919' },
  { city: 'Richmond', state: 'VA', zipCode: '23219', areaCode: '804' },
  { city: 'Baltimore', state: 'MD', zipCode: '21201', areaCode: '410' },
  { city: 'Philadelphia', state: 'PA', zipCode: '19103', areaCode: '215' },
  { city: 'Pittsburgh', state: 'PA', zipCode: '15222', areaCode: '412' },
  { city: 'Newark', state: 'NJ', zipCode: '07102', areaCode: '973' },
  { city: 'Buffalo', state: 'NY', zipCode: '14202', areaCode: '716' },
  { city: 'Hartford', state: 'CT', zipCode: '06103', areaCode: '860' },
  { city: 'Worcester', state: 'MA', zipCode: '01608', areaCode: '508' },
  { city: 'Jacksonville', state: 'FL', zipCode: '32202', areaCode: '904' },
  { city: 'Tampa', state: 'FL', zipCode: '33602', areaCode: '813' },
  { city: 'Birmingham', state: 'AL', zipCode: '35203', areaCode: '205' },
  { city: 'New Orleans', state: 'LA', zipCode: '70112', areaCode: '504' },
  { city: 'Houston', state: 'TX', zipCode: '77002', areaCode: '713' },
  { city: 'San Antonio', state: 'TX', zipCode: '78205', areaCode: '210' },
  { city: 'Dallas', state: 'TX', zipCode: '75201', areaCode: '214' },
  { city: 'Oklahoma City', state: 'OK', zipCode: '73102', areaCode: '405' },
  { city: 'Denver', state: 'CO', zipCode: '80202', areaCode: '303' },
  { city: 'Phoenix', state: 'AZ', zipCode: '85004', areaCode: '602' },
  { city: 'Albuquerque', state: 'NM', zipCode: '87102', areaCode: '505' },
  { city: 'Salt Lake City', state: 'UT', zipCode: '84101', areaCode: '801' },
  { city: 'Sacramento', state: 'CA', zipCode: '95814', areaCode: '916' },
  { city: 'Fresno', state: 'CA', zipCode: '93721', areaCode: '559' },
  { city: 'Portland', state: 'OR', zipCode: '97204', areaCode: '503' },
  { city: 'Spokane', state: 'WA', zipCode: '99201', areaCode: '509' },
  { city: 'Boise', state: 'ID', zipCode: '83702', areaCode: '208' },
] as const;

/** The one place plans are not offered (isLicensedState): used for the 'not licensed' outcome. */
export const UNLICENSED_TOWN: Town = { city: 'Washington', state: 'DC', zipCode: '20001', areaCode: '202' };

/** Phone numbers in the range reserved for fiction: 555-0100 to 555-0199. */
const FICTIONAL_LINE = { min: 100, max: 199 } as const;
/** Applicants are adults of working age. */
const AGE_YEARS = { min: 22, max: 74 } as const;

export type SeedPerson = {
  firstName: string;
  lastName: string;
  /** MM-dd-yyyy, as the form sends it. */
  dateOfBirth: string;
  phoneNumber: string;
};

export type SeedAddress = {
  addressLine1: string;
  addressLine2?: string;
  city: string;
  state: UsStateCode;
  zipCode: string;
};

export const fictionalPhone = (rng: Rng, areaCode: string) =>
  `${areaCode}-555-0${rng.int(FICTIONAL_LINE.min, FICTIONAL_LINE.max)}`;

export function dateOfBirth(rng: Rng, today: Date, aroundAge?: number): string {
  const age = aroundAge
    ? Math.min(AGE_YEARS.max, Math.max(AGE_YEARS.min, aroundAge + rng.int(-6, 6)))
    : rng.int(AGE_YEARS.min, AGE_YEARS.max);
  const year = today.getUTCFullYear() - age - 1;
  const month = rng.int(1, 12);
  const day = rng.int(1, 28);
  return `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}-${year}`;
}

export const ageOf = (dob: string, today: Date) => today.getUTCFullYear() - Number(dob.slice(6)) - 1;

export function person(rng: Rng, today: Date, o: { town: Town; lastName?: string; aroundAge?: number }) {
  return {
    firstName: rng.pick(FIRST_NAMES),
    lastName: o.lastName ?? rng.pick(LAST_NAMES),
    dateOfBirth: dateOfBirth(rng, today, o.aroundAge),
    phoneNumber: fictionalPhone(rng, o.town.areaCode),
  } satisfies SeedPerson;
}

export function address(rng: Rng, town: Town): SeedAddress {
  const line1 = `${rng.int(100, 9899)} ${rng.pick(STREET_NAMES)} ${rng.pick(STREET_SUFFIXES)}`;
  return {
    addressLine1: line1,
    ...(rng.chance(0.2) ? { addressLine2: `Apt ${rng.int(1, 40)}${rng.pick(['', 'A', 'B'])}` } : {}),
    city: town.city,
    state: town.state,
    zipCode: town.zipCode,
  };
}
