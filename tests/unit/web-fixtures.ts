import type { CategorizationRule, Transaction } from '@rent/shared';

/** A complete wire transaction; each test overrides only what it is about. */
export function wireTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 'txn-1',
    organizationId: 'org-1',
    userId: 'user-1',
    externalId: null,
    plaidTransactionId: null,
    institutionId: null,
    bankAccountId: null,
    amount: -12.5,
    date: '2026-03-04',
    name: 'Rossi Plumbing',
    category: null,
    notes: null,
    categorizationSource: null,
    categorizationConfidence: null,
    categorizedAt: null,
    source: 'user_created',
    createdAt: '2026-03-04T10:00:00.000Z',
    updatedAt: '2026-03-04T10:00:00.000Z',
    leaseId: null,
    maintenanceRequestId: null,
    parts: null,
    splitReviewFrom: null,
    propertyId: null,
    isReviewed: false,
    isIgnored: false,
    hasReceipt: false,
    hasOpenReviewRequests: false,
    hasReviewHistory: false,
    version: 1,
    ...overrides,
  };
}

/** A complete saved rule; each test overrides only what it is about. */
export function savedRule(overrides: Partial<CategorizationRule> = {}): CategorizationRule {
  return {
    id: 'rule-1',
    userId: 'user-1',
    organizationId: 'org-1',
    name: 'Home Depot',
    description: null,
    isActive: true,
    priority: 5,
    namePattern: 'home depot',
    amountMin: null,
    amountMax: null,
    amountExact: null,
    category: 'supplies',
    propertyId: null,
    split: null,
    createdAt: '2026-03-04T10:00:00.000Z',
    updatedAt: '2026-03-04T10:00:00.000Z',
    version: 3,
    ...overrides,
  };
}

/** A Map-backed localStorage (Node has none). */
export function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}
