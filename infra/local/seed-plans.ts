import type { Category } from '@rent/shared';

/**
 * The demo portfolio's plans (infra/local/seed-transactions.ts turns them into two years of bookkeeping, and
 * infra/local/seed.ts into leases): per property its units and their leases, mortgage, insurance, taxes, utilities
 * and extras; the repairs and capital expenditures drawn from. Money in cents.
 */

/** The demo tenant's lease (Tara, who signs in as TENANT): a late month with its fee, a partial payment, a deposit. */
export const TARA_LEASE_ID = 'tenancy-tara';
/** The late fee of the demo leases: $75 after the grace days. */
export const LATE_FEE = 7_500;

export interface Unit {
  tenant: string;
  rent: number;
  /** The unit's lease (infra/local/seed.ts writes it); its rent is linked to it. */
  leaseId: string;
  /** The tenant's full name (the lease's tenant, a TENANT member); the demo tenant's is their sign-in name. */
  name: string;
  unitLabel: string | null;
  /** The last this many months the unit stood empty: its lease ended before them, no rent came. */
  vacantMonths?: number;
  /** Rent the landlord has not linked to the lease yet ("Link past rent to leases" does it, from the names). */
  unlinked?: true;
}

export interface PropertyPlan {
  id: string;
  units: Unit[];
  lender: string;
  mortgage: number;
  /** Month (1-12) the yearly premium is paid, and how much. */
  insurance: { month: number; cents: number; carrier: string };
  /** Illinois property tax: two installments, June and September. */
  taxInstallment: number;
  county: string;
  utilities: { name: string; cents: number }[];
  extras: { name: string; category: Category; cents: number; months?: number[] }[];
}

export const PLANS: PropertyPlan[] = [
  {
    id: 'prop-maple-12',
    units: [
      {
        tenant: 'J. Alvarez (Unit 1)',
        rent: 155_000,
        leaseId: 'lease-alvarez',
        name: 'Julia Alvarez',
        unitLabel: 'Unit 1',
        unlinked: true,
      },
      { tenant: 'T. Tenant (Unit 2)', rent: 155_000, leaseId: TARA_LEASE_ID, name: '', unitLabel: 'Unit 2' },
      {
        tenant: 'M. Okafor (Unit 3)',
        rent: 155_000,
        leaseId: 'lease-okafor',
        name: 'Michael Okafor',
        unitLabel: 'Unit 3',
        vacantMonths: 2,
        unlinked: true,
      },
    ],
    lender: 'Springfield Savings Bank',
    mortgage: 171_240,
    insurance: { month: 6, cents: 284_000, carrier: 'State Farm' },
    taxInstallment: 412_500,
    county: 'Sangamon County',
    utilities: [
      { name: 'City Water, Light & Power', cents: 18_500 },
      { name: 'Republic Services trash', cents: 7_400 },
    ],
    extras: [
      { name: 'CSC ServiceWorks laundry revenue', category: 'laundry', cents: 8_600 },
      { name: 'GreenCut Lawn Care', category: 'cleaning_maintenance', cents: -12_000, months: [4, 5, 6, 7, 8, 9, 10] },
    ],
  },
  {
    id: 'prop-oak-48',
    units: [{ tenant: 'D. Chen', rent: 195_000, leaseId: 'lease-chen', name: 'David Chen', unitLabel: null }],
    lender: 'Midwest Home Loans',
    mortgage: 108_930,
    insurance: { month: 3, cents: 132_000, carrier: 'Allstate' },
    taxInstallment: 221_000,
    county: 'Sangamon County',
    utilities: [],
    extras: [{ name: 'Pet rent – D. Chen', category: 'pet_fees', cents: 3_500 }],
  },
  {
    id: 'prop-lake-7c',
    units: [{ tenant: 'R. Patel', rent: 285_000, leaseId: 'lease-patel', name: 'Riya Patel', unitLabel: null }],
    lender: 'Lakeshore Mortgage Co.',
    mortgage: 192_410,
    insurance: { month: 9, cents: 68_000, carrier: 'Chubb HO-6' },
    taxInstallment: 305_000,
    county: 'Cook County',
    utilities: [],
    extras: [
      { name: 'Lakeview Condominiums HOA dues', category: 'other_expenses', cents: -48_500 },
      { name: 'Lakeshore Property Management', category: 'management_fees', cents: -22_800 },
    ],
  },
  {
    id: 'prop-birch-220',
    units: [{ tenant: 'S. Williams', rent: 168_000, leaseId: 'lease-williams', name: 'Sam Williams', unitLabel: null }],
    lender: 'Heartland Credit Union',
    mortgage: 97_820,
    insurance: { month: 11, cents: 118_000, carrier: 'Country Financial' },
    taxInstallment: 176_000,
    county: 'Peoria County',
    utilities: [{ name: 'Illinois American Water', cents: 6_900 }],
    extras: [],
  },
  {
    id: 'prop-main-301',
    units: [
      {
        tenant: 'Main Street Coffee Co.',
        rent: 350_000,
        leaseId: 'lease-coffee',
        name: 'Main Street Coffee Co.',
        unitLabel: 'Suite A',
      },
      {
        tenant: 'Bloomington Dental LLC',
        rent: 260_000,
        leaseId: 'lease-dental',
        name: 'Bloomington Dental LLC',
        unitLabel: 'Suite B',
      },
    ],
    lender: 'First Midwest Commercial Lending',
    mortgage: 305_180,
    insurance: { month: 1, cents: 612_000, carrier: 'Travelers commercial' },
    taxInstallment: 890_000,
    county: 'McLean County',
    utilities: [
      { name: 'Bloomington Water Department', cents: 21_000 },
      { name: 'Ameren Illinois – common areas', cents: 16_500 },
    ],
    extras: [
      { name: 'Reserved parking – Bloomington Dental', category: 'parking', cents: 15_000 },
      {
        name: 'CAM reconciliation – tenant share',
        category: 'tenant_pass_throughs',
        cents: 42_000,
        months: [3, 6, 9, 12],
      },
    ],
  },
];

export const REPAIRS = [
  { vendor: 'Rossi Plumbing', category: 'repairs', cents: 38_500 },
  { vendor: 'Bright Spark Electric', category: 'repairs', cents: 27_500 },
  { vendor: 'Handy Andy Home Repair', category: 'repairs', cents: 19_000 },
  { vendor: 'ABC Appliance Service', category: 'repairs', cents: 16_900 },
  { vendor: 'The Home Depot', category: 'supplies', cents: 8_700 },
  { vendor: 'Menards', category: 'supplies', cents: 6_400 },
  { vendor: 'Orkin Pest Control', category: 'cleaning_maintenance', cents: 14_900 },
  { vendor: 'Sparkle Turnover Cleaning', category: 'cleaning_maintenance', cents: 22_500 },
] as const;

export const CAPEX = [
  {
    property: 'prop-maple-12',
    monthsAgo: 19,
    name: 'Summit Roofing – full roof replacement',
    category: 'roof_replacement',
    cents: 1_480_000,
  },
  {
    property: 'prop-oak-48',
    monthsAgo: 14,
    name: "Lowe's – refrigerator and range",
    category: 'appliances',
    cents: 248_700,
  },
  {
    property: 'prop-main-301',
    monthsAgo: 8,
    name: 'Airflow Mechanical – rooftop unit replacement',
    category: 'hvac_plumbing_electrical',
    cents: 965_000,
  },
  {
    property: 'prop-birch-220',
    monthsAgo: 4,
    name: 'Prairie Fence Co. – backyard fence',
    category: 'fencing_landscaping',
    cents: 412_000,
  },
] as const;
