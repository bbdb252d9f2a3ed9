// A credit report as the bureau returns it, before it is stored (CreditReport,
// Debt, Collection; inquiries date the newCreditInquiry alerts). Money in integer cents, dates 'yyyy-MM-dd'.
// The credit-bureau provider produces these; the underwriting reads them.

/** Bureau account type codes the product knows; others pass through. */
export const ACCOUNT_TYPE_CODES = ['AU', 'CC', 'CH', 'CV', 'FE', 'FX', 'LC', 'SM', 'ST', 'US'] as const;
export type KnownAccountTypeCode = (typeof ACCOUNT_TYPE_CODES)[number];

export const PORTFOLIO_TYPES = ['installment', 'lineOfCredit', 'mortgage', 'open', 'revolving'] as const;
export type PortfolioType = (typeof PORTFOLIO_TYPES)[number];

/** ECOA designator: whose account it is (individual, joint, authorized user...). */
export type EcoaDesignator = 'individual' | 'joint' | 'authorizedUser' | 'cosigner' | 'terminated';

/** A tradeline (spec: Debt). */
export type BureauTradeline = {
  accountNumber: string;
  /** A bureau code such as CC; unknown codes are kept as reported. */
  accountType: string;
  /** Bureau rating: '01' current, '02' 30 days late ... '09' charged off. */
  accountRating: string;
  currentBalance: number;
  dateOpened: string;
  dateClosed: string | null;
  ecoaDesignator: EcoaDesignator;
  highCredit: number | null;
  creditLimit: number | null;
  late30DaysTotal: number;
  late60DaysTotal: number;
  late90DaysTotal: number;
  /** The creditor's name as the bureau reports it (e.g. 'CAPITAL ONE BANK USA NA'). */
  lenderName: string;
  monthsReviewedCount: number;
  /** Date of the most recent payment. */
  mostRecentPayment: string | null;
  pastDue: number;
  portfolioType: PortfolioType;
  scheduledMonthlyPayment: number;
  /** Interest rate when the bureau reports one (basis points); most files do not. */
  currentApr?: number | null;
};

/** A collection account (spec: Collection). */
export type BureauCollection = {
  accountNumber: string;
  accountType: string;
  accountRating: string;
  currentBalance: number;
  originalBalance: number;
  dateOpened: string;
  dateClosed: string | null;
  ecoaDesignator: EcoaDesignator;
  /** The collection agency. */
  subscriberName: string;
  /** The creditor the debt was first owed to. */
  originalLenderName: string;
  monthsReviewedCount: number;
  mostRecentPayment: string | null;
  pastDue: number;
  portfolioType: PortfolioType;
  scheduledMonthlyPayment: number;
};

export type BureauInquiry = { date: string; subscriberName: string; industryCode: string | null };

export type BureauCreditReport = {
  /** VantageScore 3.0 (300 to 850), null when the file cannot be scored. */
  vantageScore: number | null;
  debts: BureauTradeline[];
  collections: BureauCollection[];
  inquiries: BureauInquiry[];
};

/** A stored portfolio type read back; anything unknown reads as 'open' (the bureau's catch-all). */
export const asPortfolioType = (value: string | null | undefined): PortfolioType =>
  (PORTFOLIO_TYPES as readonly string[]).includes(value ?? '') ? (value as PortfolioType) : 'open';

/** The person whose file is pulled: the borrower or the spouse, as entered on /household. */
export type CreditApplicant = {
  role: 'borrower' | 'spouse';
  firstName: string;
  lastName: string;
  /** 'yyyy-MM-dd'. */
  dateOfBirth: string;
  addressLine1: string;
  city: string;
  state: string;
  zipCode: string;
  /** Homeowners' files carry a mortgage in the sandbox's typical persona. */
  isHomeowner: boolean;
};
