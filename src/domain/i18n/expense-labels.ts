import { defineMessages } from '@formatjs/intl';

// The expense groups and lines the domain names (EXPENSE_GROUPS in src/domain/validation/expenses.ts), as
// messages worded exactly as the domain's English. A group's key is its category; a line's is
// `${category}_${key}` (expenseLineKey). The server sends each line with its key and a page words the label by
// it; the budget's refusals name a line by its message, worded in the reader's language inside the sentence. A
// test checks every domain label has its message, under the key the domain gives it.

export const EXPENSE_GROUP_MESSAGES = defineMessages({
  housing: { id: 'apply.expenses.group.housing', defaultMessage: 'Housing' },
  transportation: { id: 'apply.expenses.group.transportation', defaultMessage: 'Transportation' },
  utilities: { id: 'apply.expenses.group.utilities', defaultMessage: 'Utilities' },
  food: { id: 'apply.expenses.group.food', defaultMessage: 'Food' },
  healthcare: { id: 'apply.expenses.group.healthcare', defaultMessage: 'Medical' },
  personal: { id: 'apply.expenses.group.personal', defaultMessage: 'Personal' },
  studentLoans: { id: 'apply.expenses.group.studentLoans', defaultMessage: 'Student loan payments' },
  otherDebts: { id: 'apply.expenses.group.otherDebts', defaultMessage: 'Other debts' },
  savings: { id: 'apply.expenses.group.savings', defaultMessage: 'Savings and Donations' },
  miscellaneous: { id: 'apply.expenses.group.miscellaneous', defaultMessage: 'Miscellaneous' },
});

export const EXPENSE_LINE_MESSAGES = defineMessages({
  housing_mortgage: { id: 'apply.expenses.line.housing.mortgage', defaultMessage: 'Mortgage' },
  housing_hoa: { id: 'apply.expenses.line.housing.hoa', defaultMessage: 'HOA fees' },
  housing_homeownersInsurance: {
    id: 'apply.expenses.line.housing.homeownersInsurance',
    defaultMessage: 'Homeowners insurance',
  },
  housing_taxes: { id: 'apply.expenses.line.housing.taxes', defaultMessage: 'Property taxes' },
  housing_maintenanceImprovements: {
    id: 'apply.expenses.line.housing.maintenanceImprovements',
    defaultMessage: 'Maintenance and improvements',
  },
  housing_rent: { id: 'apply.expenses.line.housing.rent', defaultMessage: 'Rent' },
  housing_rentersInsurance: {
    id: 'apply.expenses.line.housing.rentersInsurance',
    defaultMessage: 'Renters insurance',
  },
  transportation_carPayment: {
    id: 'apply.expenses.line.transportation.carPayment',
    defaultMessage: 'Car payment',
  },
  transportation_gas: { id: 'apply.expenses.line.transportation.gas', defaultMessage: 'Gas and tolls' },
  transportation_insurance: {
    id: 'apply.expenses.line.transportation.insurance',
    defaultMessage: 'Car insurance',
  },
  transportation_maintenanceRepairs: {
    id: 'apply.expenses.line.transportation.maintenanceRepairs',
    defaultMessage: 'Car maintenance and repairs',
  },
  transportation_publicTransportation: {
    id: 'apply.expenses.line.transportation.publicTransportation',
    defaultMessage: 'Bus/train/taxi',
  },
  utilities_cableInternetLandline: {
    id: 'apply.expenses.line.utilities.cableInternetLandline',
    defaultMessage: 'Cable/internet/landline',
  },
  utilities_electricity: { id: 'apply.expenses.line.utilities.electricity', defaultMessage: 'Electricity' },
  utilities_gas: { id: 'apply.expenses.line.utilities.gas', defaultMessage: 'Gas' },
  utilities_water: { id: 'apply.expenses.line.utilities.water', defaultMessage: 'Water' },
  utilities_wireless: { id: 'apply.expenses.line.utilities.wireless', defaultMessage: 'Wireless phone' },
  food_home: { id: 'apply.expenses.line.food.home', defaultMessage: 'Groceries' },
  food_away: { id: 'apply.expenses.line.food.away', defaultMessage: 'Restaurants including delivery' },
  healthcare_drugs: { id: 'apply.expenses.line.healthcare.drugs', defaultMessage: 'Prescription drugs' },
  healthcare_healthInsurance: {
    id: 'apply.expenses.line.healthcare.healthInsurance',
    defaultMessage: 'Health insurance',
  },
  healthcare_lifeInsurance: {
    id: 'apply.expenses.line.healthcare.lifeInsurance',
    defaultMessage: 'Life insurance',
  },
  healthcare_medicalServices: {
    id: 'apply.expenses.line.healthcare.medicalServices',
    defaultMessage: 'Services and appointments',
  },
  personal_entertainment: {
    id: 'apply.expenses.line.personal.entertainment',
    defaultMessage: 'Entertainment',
  },
  personal_apparel: { id: 'apply.expenses.line.personal.apparel', defaultMessage: 'Clothing' },
  personal_personalCare: { id: 'apply.expenses.line.personal.personalCare', defaultMessage: 'Personal care' },
  studentLoans_studentLoans: {
    id: 'apply.expenses.line.studentLoans.studentLoans',
    defaultMessage: 'Minimum payment',
  },
  otherDebts_heloc: {
    id: 'apply.expenses.line.otherDebts.heloc',
    defaultMessage: 'Home equity line of credit',
  },
  otherDebts_installmentSales: {
    id: 'apply.expenses.line.otherDebts.installmentSales',
    defaultMessage: 'Installment sales',
  },
  otherDebts_lease: { id: 'apply.expenses.line.otherDebts.lease', defaultMessage: 'Lease' },
  otherDebts_note: { id: 'apply.expenses.line.otherDebts.note', defaultMessage: 'Note' },
  otherDebts_recreationalMerchandise: {
    id: 'apply.expenses.line.otherDebts.recreationalMerchandise',
    defaultMessage: 'Recreational merchandise',
  },
  otherDebts_rentalAgreement: {
    id: 'apply.expenses.line.otherDebts.rentalAgreement',
    defaultMessage: 'Rental agreement',
  },
  otherDebts_secured: { id: 'apply.expenses.line.otherDebts.secured', defaultMessage: 'Secured loan' },
  otherDebts_securedCreditCard: {
    id: 'apply.expenses.line.otherDebts.securedCreditCard',
    defaultMessage: 'Secured credit card',
  },
  otherDebts_telecommunication: {
    id: 'apply.expenses.line.otherDebts.telecommunication',
    defaultMessage: 'Telecommunication',
  },
  otherDebts_utilityCompany: {
    id: 'apply.expenses.line.otherDebts.utilityCompany',
    defaultMessage: 'Utility company',
  },
  savings_savings: { id: 'apply.expenses.line.savings.savings', defaultMessage: 'Savings' },
  savings_donations: { id: 'apply.expenses.line.savings.donations', defaultMessage: 'Donations' },
  miscellaneous_childcare: { id: 'apply.expenses.line.miscellaneous.childcare', defaultMessage: 'Childcare' },
  miscellaneous_education: { id: 'apply.expenses.line.miscellaneous.education', defaultMessage: 'Education' },
  miscellaneous_pets: { id: 'apply.expenses.line.miscellaneous.pets', defaultMessage: 'Petcare' },
  miscellaneous_childSupport: {
    id: 'apply.expenses.line.miscellaneous.childSupport',
    defaultMessage: 'Child support',
  },
  miscellaneous_alimony: { id: 'apply.expenses.line.miscellaneous.alimony', defaultMessage: 'Alimony' },
  miscellaneous_other: { id: 'apply.expenses.line.miscellaneous.other', defaultMessage: 'Other' },
});

/** A line's label as a key of EXPENSE_LINE_MESSAGES: what the answers carry, for a page to word it by. */
export type ExpenseLineKey = keyof typeof EXPENSE_LINE_MESSAGES;

export const EXPENSE_LINE_KEYS = Object.keys(EXPENSE_LINE_MESSAGES) as [ExpenseLineKey, ...ExpenseLineKey[]];

export const isExpenseLineKey = (key: string): key is ExpenseLineKey =>
  Object.hasOwn(EXPENSE_LINE_MESSAGES, key);
