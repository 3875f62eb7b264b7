/**
 * The Plaid stand-in's fixed world: sandbox institutions, sandbox users and the merchants generated
 * transactions come from. Names and ids follow Plaid's sandbox (ins_109508 "First Platypus Bank" …).
 */

export interface InstitutionDef {
  institution_id: string;
  name: string;
}

export const INSTITUTIONS: readonly InstitutionDef[] = [
  { institution_id: 'ins_109508', name: 'First Platypus Bank' },
  { institution_id: 'ins_109509', name: 'First Gingham Credit Union' },
  { institution_id: 'ins_109510', name: 'Tattersall Federal Credit Union' },
  { institution_id: 'ins_109511', name: 'Tartan Bank' },
];

export interface SandboxUser {
  username: string;
  password: string;
  /** What Link shows next to the user. */
  description: string;
  /** Transactions on a freshly linked item (generated, deterministic). */
  history: { count: number; days: number };
  /** Stand-in hours after linking when the item needs a new login (ITEM_LOGIN_REQUIRED). */
  reloginAfterHours?: number;
}

export const SANDBOX_USERS: readonly SandboxUser[] = [
  {
    username: 'user_good',
    password: 'pass_good',
    description: 'Healthy connection with 90 days of history',
    history: { count: 60, days: 90 },
  },
  {
    username: 'user_relogin',
    password: 'pass_good',
    description: 'Needs to sign in again 24 hours after linking',
    history: { count: 30, days: 60 },
    reloginAfterHours: 24,
  },
  {
    username: 'user_new',
    password: 'pass_good',
    description: 'New account, no transactions yet',
    history: { count: 0, days: 0 },
  },
];

export function sandboxUser(username: string | null | undefined): SandboxUser | undefined {
  return SANDBOX_USERS.find((u) => u.username === (username ?? 'user_good'));
}

export interface AccountTemplate {
  name: string;
  official_name: string;
  mask: string;
  type: 'depository' | 'credit';
  subtype: 'checking' | 'savings' | 'credit card';
  current: number;
  available: number | null;
  limit: number | null;
}

/** Every sandbox item has these three accounts (as Plaid's sandbox items do: checking, savings, a card). */
export const ACCOUNT_TEMPLATES: readonly AccountTemplate[] = [
  {
    name: 'Plaid Checking',
    official_name: 'Plaid Gold Standard 0% Interest Checking',
    mask: '0000',
    type: 'depository',
    subtype: 'checking',
    current: 110,
    available: 100,
    limit: null,
  },
  {
    name: 'Plaid Saving',
    official_name: 'Plaid Silver Standard 0.1% Interest Saving',
    mask: '1111',
    type: 'depository',
    subtype: 'savings',
    current: 210,
    available: 200,
    limit: null,
  },
  {
    name: 'Plaid Credit Card',
    official_name: 'Plaid Diamond 12.5% APR Interest Credit Card',
    mask: '3333',
    type: 'credit',
    subtype: 'credit card',
    current: 410,
    available: null,
    limit: 2000,
  },
];

export interface Merchant {
  name: string;
  merchant_name: string | null;
  /** Amount range in cents, outflow-positive (negative = money in). */
  min: number;
  max: number;
  primary: string;
  detailed: string;
  channel: 'online' | 'in store' | 'other';
  /** Which account it usually hits. */
  account: 'checking' | 'credit card' | 'savings';
  website: string | null;
  /** Relative frequency. */
  weight: number;
}

export const MERCHANTS: readonly Merchant[] = [
  m(
    'THE HOME DEPOT #4021',
    'The Home Depot',
    1200,
    48000,
    'HOME_IMPROVEMENT',
    'HOME_IMPROVEMENT_HARDWARE',
    'in store',
    'credit card',
    'homedepot.com',
    6,
  ),
  m(
    "LOWE'S #1187",
    "Lowe's",
    900,
    36000,
    'HOME_IMPROVEMENT',
    'HOME_IMPROVEMENT_HARDWARE',
    'in store',
    'credit card',
    'lowes.com',
    4,
  ),
  m(
    'PG&E WEB ONLINE PAYMENT',
    'PG&E',
    6000,
    32000,
    'RENT_AND_UTILITIES',
    'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY',
    'online',
    'checking',
    'pge.com',
    3,
  ),
  m(
    'CITY OF OAKLAND WATER',
    null,
    4000,
    15000,
    'RENT_AND_UTILITIES',
    'RENT_AND_UTILITIES_WATER',
    'online',
    'checking',
    null,
    2,
  ),
  m(
    'COMCAST CABLE COMM',
    'Comcast',
    7999,
    12999,
    'RENT_AND_UTILITIES',
    'RENT_AND_UTILITIES_INTERNET_AND_CABLE',
    'online',
    'checking',
    'xfinity.com',
    2,
  ),
  m(
    'STATE FARM INSURANCE',
    'State Farm',
    9000,
    21000,
    'GENERAL_SERVICES',
    'GENERAL_SERVICES_INSURANCE',
    'online',
    'checking',
    'statefarm.com',
    1,
  ),
  m(
    'ROTO-ROOTER PLUMBING',
    'Roto-Rooter',
    15000,
    65000,
    'HOME_IMPROVEMENT',
    'HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE',
    'other',
    'credit card',
    'rotorooter.com',
    2,
  ),
  m(
    'GREEN THUMB LANDSCAPING',
    null,
    8000,
    25000,
    'HOME_IMPROVEMENT',
    'HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE',
    'other',
    'checking',
    null,
    2,
  ),
  m(
    'SHELL OIL 57442',
    'Shell',
    3000,
    8000,
    'TRANSPORTATION',
    'TRANSPORTATION_GAS',
    'in store',
    'credit card',
    'shell.com',
    3,
  ),
  m(
    'STARBUCKS STORE 0712',
    'Starbucks',
    350,
    1400,
    'FOOD_AND_DRINK',
    'FOOD_AND_DRINK_COFFEE',
    'in store',
    'credit card',
    'starbucks.com',
    4,
  ),
  m(
    'ALAMEDA COUNTY TAX COLLECTOR',
    null,
    150000,
    450000,
    'GOVERNMENT_AND_NON_PROFIT',
    'GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT',
    'online',
    'checking',
    null,
    1,
  ),
  m(
    'ROCKET MORTGAGE PMT',
    'Rocket Mortgage',
    180000,
    260000,
    'LOAN_PAYMENTS',
    'LOAN_PAYMENTS_MORTGAGE_PAYMENT',
    'online',
    'checking',
    'rocketmortgage.com',
    2,
  ),
  m('ZELLE FROM JANE TENANT', null, -240000, -180000, 'INCOME', 'INCOME_OTHER_INCOME', 'other', 'checking', null, 4),
  m(
    'VENMO CASHOUT RENT',
    'Venmo',
    -210000,
    -150000,
    'TRANSFER_IN',
    'TRANSFER_IN_ACCOUNT_TRANSFER',
    'other',
    'checking',
    'venmo.com',
    2,
  ),
  m('INTEREST PAYMENT', null, -300, -50, 'INCOME', 'INCOME_INTEREST_EARNED', 'other', 'savings', null, 1),
];

function m(
  name: string,
  merchant_name: string | null,
  min: number,
  max: number,
  primary: string,
  detailed: string,
  channel: Merchant['channel'],
  account: Merchant['account'],
  website: string | null,
  weight: number,
): Merchant {
  return { name, merchant_name, min, max, primary, detailed, channel, account, website, weight };
}

/** The offline stand-in's fixed credentials: not secrets, never valid at Plaid. */
export const OFFLINE_PLAID_CREDENTIALS = {
  clientId: 'rent-today-offline-client',
  secret: 'rent-today-offline-sandbox-secret',
} as const;
