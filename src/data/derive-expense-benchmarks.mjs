// Derives expense-benchmarks.json from the shipped BLS and IRS CSVs beside it.
// Run: node src/data/derive-expense-benchmarks.mjs (no dependencies). Every split rule is written into the JSON
// next to the numbers; docs/decisions/0011-expense-benchmarks.md explains why.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** A minimal CSV reader: quoted fields may hold commas; no escaped quotes in these files. */
function readCsv(name) {
  const text = readFileSync(join(here, name), 'utf8').trim();
  return text.split(/\r?\n/).map((row) => {
    const cells = [];
    let cell = '';
    let quoted = false;
    for (const ch of row) {
      if (ch === '"') quoted = !quoted;
      else if (ch === ',' && !quoted) {
        cells.push(cell);
        cell = '';
      } else cell += ch;
    }
    cells.push(cell);
    return cells;
  });
}

const [header, ...rows] = readCsv('bls_ce_2024_table1203_income_before_taxes.csv');
const brackets = header.slice(2); // skip 'item' and 'All consumer units'
const item = (name) => {
  const row = rows.find((r) => r[0] === name);
  if (!row) throw new Error(`missing line ${name}`);
  return row.slice(2).map(Number);
};

const foodAtHomeRows = readCsv('bls_ce_food_at_home_2024.csv')
  .slice(1)
  .filter((r) => r[2] !== 'ALL' && !r[2].startsWith('QUINTILE'));
const foodAtHome = foodAtHomeRows.map((r) => Number(r[5]));

const irs = readCsv('irs_out_of_pocket_health_care_2024.csv').slice(1);
const outOfPocketUnder65 = Number(irs.find((r) => r[3] === 'Under 65')[4]);

/** Annual dollars → monthly cents, to the cent. */
const monthly = (annualDollars) => Math.round((annualDollars * 100) / 12);

const RULES = {
  perHousehold:
    'BLS values are annual means per consumer unit (all units of the bracket, owners and renters); monthly = annual / 12.',
  homeownerHoa:
    "15% of 'Maintenance, repairs, insurance, other expenses for owned dwelling', divided by the bracket's homeowner share (a per-homeowner figure).",
  homeownerInsurance:
    "35% of 'Maintenance, repairs, insurance, other expenses for owned dwelling', divided by the homeowner share.",
  homeownerMaintenance:
    "50% of 'Maintenance, repairs, insurance, other expenses for owned dwelling', divided by the homeowner share.",
  homeownerPropertyTaxes:
    "45% of ('Owned dwellings' minus 'Maintenance, repairs, insurance, other expenses'), i.e. of mortgage interest plus property taxes, divided by the homeowner share.",
  rentersInsurance: '15% of the bracket homeowners insurance figure (renters policies cover contents only).',
  carOwnerGasoline:
    "'Gasoline and other fuels' divided by min(1, vehicles per consumer unit): a per-car-owner figure in brackets where some units have no vehicle.",
  carOwnerInsurance: "'Vehicle insurance', divided by min(1, vehicles per consumer unit).",
  carOwnerMaintenance:
    "50% of ('Other vehicle expenses' minus 'Vehicle insurance'), divided by min(1, vehicles per consumer unit); the rest is finance charges, leases and licences.",
  publicTransportationCarOwner:
    "25% of 'Public and other transportation' (the local share; the rest is mostly air fares).",
  publicTransportationNoCar: "100% of 'Public and other transportation' (a household without a car relies on it).",
  electricity: "'Electricity'.",
  utilityGas: "'Natural gas' plus 'Fuel oil and other fuels'.",
  water: "'Water and other public services'.",
  wireless: "75% of 'Telephone services' (the cellular share).",
  cableInternetLandline: "25% of 'Telephone services' plus 25% of 'Entertainment' (television and streaming services).",
  foodAtHome: "'Food at home' (bls_ce_food_at_home_2024.csv).",
  foodAway: "'Food' minus 'Food at home'.",
  healthInsurance:
    "'Healthcare' minus the IRS out-of-pocket allowance for the bracket's average people per unit (x12), never below zero.",
  outOfPocketPerPerson:
    'IRS Collection Financial Standards, out-of-pocket health care per person under 65 (monthly, effective 2024-04-22); 30% prescription drugs, 70% services and appointments.',
  lifeInsurance: "4% of 'Personal insurance and pensions' (the life and other personal insurance share).",
  entertainment: "55% of 'Entertainment' (the rest: 25% television and streaming, 20% pets).",
  pets: "20% of 'Entertainment'.",
  apparel: "'Apparel and services'.",
  personalCare: "'Personal care products and services'.",
  donations: "50% of 'Cash contributions' (the rest is gifts and support paid to people outside the household).",
  childcarePerChild:
    "40% of 'Household operations' (the personal services share) divided by the bracket's average children under 18.",
  education: "'Education'.",
  other: "'Miscellaneous' plus 'Housekeeping supplies'.",
};

const shelterMrio = item('Maintenance repairs insurance other expenses for owned dwelling');
const ownedDwellings = item('Owned dwellings');
const homeownerShare = item('Percent homeowner').map((p) => p / 100);
const vehicles = item('Average vehicles per consumer unit');
const people = item('Average people per consumer unit');
const children = item('Average children under 18');
const telephone = item('Telephone services');
const entertainmentAll = item('Entertainment');
const otherVehicle = item('Other vehicle expenses');
const vehicleInsurance = item('Vehicle insurance');
const publicTransport = item('Public and other transportation');
const food = item('Food');
const healthcare = item('Healthcare');

/** Income bracket bounds in annual dollars, parsed from the column labels. */
function bounds(label) {
  const numbers = [...label.matchAll(/\$([\d,]+)/g)].map((m) => Number(m[1].replaceAll(',', '')));
  if (label.startsWith('Less than')) return { min: 0, max: numbers[0] };
  if (label.endsWith('and more')) return { min: numbers[0], max: null };
  return { min: numbers[0], max: numbers[1] + 1 };
}

const out = brackets.map((label, i) => {
  const { min, max } = bounds(label);
  const vehicleShare = Math.min(1, vehicles[i]);
  const homeownerInsurance = (0.35 * shelterMrio[i]) / homeownerShare[i];
  return {
    incomeRange: label,
    minAnnualIncome: min * 100,
    maxAnnualIncome: max === null ? null : max * 100,
    averagePeople: people[i],
    averageChildren: children[i],
    values: {
      homeownerHoa: monthly((0.15 * shelterMrio[i]) / homeownerShare[i]),
      homeownerInsurance: monthly(homeownerInsurance),
      homeownerMaintenance: monthly((0.5 * shelterMrio[i]) / homeownerShare[i]),
      homeownerPropertyTaxes: monthly((0.45 * (ownedDwellings[i] - shelterMrio[i])) / homeownerShare[i]),
      rentersInsurance: monthly(0.15 * homeownerInsurance),
      carOwnerGasoline: monthly(item('Gasoline and other fuels')[i] / vehicleShare),
      carOwnerInsurance: monthly(vehicleInsurance[i] / vehicleShare),
      carOwnerMaintenance: monthly((0.5 * (otherVehicle[i] - vehicleInsurance[i])) / vehicleShare),
      publicTransportationCarOwner: monthly(0.25 * publicTransport[i]),
      publicTransportationNoCar: monthly(publicTransport[i]),
      electricity: monthly(item('Electricity')[i]),
      utilityGas: monthly(item('Natural gas')[i] + item('Fuel oil and other fuels')[i]),
      water: monthly(item('Water and other public services')[i]),
      wireless: monthly(0.75 * telephone[i]),
      cableInternetLandline: monthly(0.25 * telephone[i] + 0.25 * entertainmentAll[i]),
      foodAtHome: monthly(foodAtHome[i]),
      foodAway: monthly(food[i] - foodAtHome[i]),
      healthInsurance: monthly(Math.max(0, healthcare[i] - outOfPocketUnder65 * 12 * people[i])),
      lifeInsurance: monthly(0.04 * item('Personal insurance and pensions')[i]),
      entertainment: monthly(0.55 * entertainmentAll[i]),
      pets: monthly(0.2 * entertainmentAll[i]),
      apparel: monthly(item('Apparel and services')[i]),
      personalCare: monthly(item('Personal care products and services')[i]),
      donations: monthly(0.5 * item('Cash contributions')[i]),
      childcarePerChild: monthly((0.4 * item('Household operations')[i]) / children[i]),
      education: monthly(item('Education')[i]),
      other: monthly(item('Miscellaneous')[i] + item('Housekeeping supplies')[i]),
    },
  };
});

const table = {
  source:
    'US Bureau of Labor Statistics, Consumer Expenditure Survey 2024, Table 1203 (income before taxes), with Food at home from the same table; IRS Collection Financial Standards, out-of-pocket health care (effective 2024-04-22)',
  year: 2024,
  units:
    'Monthly amounts in integer cents. Income bounds are annual income in cents, min inclusive, max exclusive. averagePeople and averageChildren are per consumer unit.',
  generatedBy: 'src/data/derive-expense-benchmarks.mjs',
  outOfPocketHealthCarePerPerson: outOfPocketUnder65 * 100,
  outOfPocketDrugsShareBp: 3000,
  rules: RULES,
  brackets: out,
};

writeFileSync(join(here, 'expense-benchmarks.json'), `${JSON.stringify(table, null, 2)}\n`);
console.log(`expense-benchmarks.json: ${out.length} brackets`);
