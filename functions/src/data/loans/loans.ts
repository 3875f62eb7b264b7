import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LoanItemTerms } from '@rent/shared';
import { Conflict, NotFound } from '../../domain-errors.js';
import { versionedUpdate } from '../../lib/versionedUpdate.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { keys, orgPk } from '../keys.js';
import { indexPrefixQuery, prefixQuery, queryAll } from '../query.js';
import { type TransactOp, transact } from '../transact.js';

/**
 * Mortgage loans (docs/reports-and-tax.md "Loans"): one item per loan, ORG#o / LOAN#l, pointing at its property on
 * GSI2 like leases, and counted on the property item (loanCount) so a property with loans is never deleted. The item
 * carries the payments split by the loan (`payments`, by transaction id) and the bills paid from its escrow
 * (`escrowPayments`): what its interest and escrow per the ledger are read from.
 */

/** A payment split by the loan (cents, positive: what each part took of the payment). */
export interface LoanPaymentRecord {
  date: string;
  amount: number;
  paymentNumber: number;
  interest: number;
  principal: number;
  escrowTaxes: number;
  escrowInsurance: number;
  appliedAt: string;
}

export interface LoanRecord extends LoanItemTerms {
  id: string;
  organizationId: string;
  propertyId: string;
  /** Interest per the lender's Form 1098, by year (YYYY), in cents. */
  interest1098: Record<string, number>;
  payments: Record<string, LoanPaymentRecord>;
  /** The transactions of the bills the lender paid from its escrow, in the order they were recorded. */
  escrowPayments: string[];
  createdAt: string;
  updatedAt: string;
  version: number;
}

export type LoanTermsRecord = LoanItemTerms & { interest1098: Record<string, number> };

const loanNotFound = () => new NotFound('Loan');
/** A change whose version check failed at the write: the service re-reads the loan for its 409. */
const loanChanged = () =>
  new Conflict('CONFLICT', 'This loan was changed by someone else while you were editing. Reload it, then try again.');

function toLoanRecord(item: Record<string, unknown>): LoanRecord {
  const { PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, type, ...rest } = item;
  const r = rest as unknown as LoanRecord;
  return {
    ...r,
    interest1098: r.interest1098 ?? {},
    payments: r.payments ?? {},
    escrowPayments: r.escrowPayments ?? [],
  };
}

/** Every loan of one property (GSI2, the property's reference partition), the earliest first payment first. */
export async function loansOfProperty(orgId: string, propertyId: string): Promise<LoanRecord[]> {
  const k = keys.loansOfProperty(orgId, propertyId);
  const items = await queryAll(indexPrefixQuery(tableName(), 'GSI2', k.GSI2PK, k.GSI2SKPrefix));
  return items
    .map(toLoanRecord)
    .sort((a, b) => a.firstPaymentDate.localeCompare(b.firstPaymentDate) || a.id.localeCompare(b.id));
}

/** Every loan of the organization: one Query of its partition (`LOAN#`), what a payment arriving is matched against. */
export async function loansOfOrganization(orgId: string): Promise<LoanRecord[]> {
  return (await queryAll(prefixQuery(tableName(), orgPk(orgId), 'LOAN#'))).map(toLoanRecord);
}

export async function getLoan(orgId: string, loanId: string): Promise<LoanRecord> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.loan(orgId, loanId), ConsistentRead: true }),
  );
  if (Item?.type !== 'Loan') throw loanNotFound();
  return toLoanRecord(Item);
}

/** Writes a new loan and counts it on its property (loanCount), in one TransactWriteItems conditioned on the property. */
export async function putNewLoan(orgId: string, propertyId: string, terms: LoanTermsRecord): Promise<LoanRecord> {
  const now = new Date().toISOString();
  const record: LoanRecord = {
    ...terms,
    id: randomUUID(),
    organizationId: orgId,
    propertyId,
    payments: {},
    escrowPayments: [],
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  await transact([
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.loan(orgId, record.id),
            ...keys.loanByProperty(orgId, propertyId, record.id),
            type: 'Loan',
            ...record,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.property(orgId, propertyId),
          UpdateExpression: 'ADD loanCount :one',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
      onConditionFailure: () => new NotFound('Property'),
    },
  ]);
  return record;
}

/** Replaces a loan's terms if it is still at the version that was read (else the loan's Conflict). */
export async function updateLoanTerms(current: LoanRecord, terms: LoanTermsRecord): Promise<LoanRecord> {
  const next: LoanRecord = { ...current, ...terms, updatedAt: new Date().toISOString(), version: current.version + 1 };
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.loan(current.organizationId, current.id),
        ...versionedUpdate(current.version, { set: { ...terms, updatedAt: next.updatedAt } }),
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw loanChanged();
    throw error;
  }
  return next;
}

/** Deletes a loan and takes it off its property's loanCount, in one TransactWriteItems. */
export async function deleteLoan(loan: LoanRecord): Promise<void> {
  await transact([
    {
      item: {
        Delete: {
          TableName: tableName(),
          Key: keys.loan(loan.organizationId, loan.id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      onConditionFailure: loanNotFound,
    },
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.property(loan.organizationId, loan.propertyId),
          UpdateExpression: 'ADD loanCount :minus',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':minus': -1 },
        },
      },
    },
  ]);
}

/**
 * Records on the loan a payment split by it (by transaction id: applying the same payment again replaces it). The
 * loan's version does not move: a payment is not a change of its terms, and a form open on the loan stays valid.
 */
export async function recordLoanPayment(
  loan: LoanRecord,
  transactionId: string,
  payment: LoanPaymentRecord,
): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.loan(loan.organizationId, loan.id),
        UpdateExpression: 'SET #payments.#t = :payment',
        ConditionExpression: 'attribute_exists(PK) AND attribute_exists(#payments)',
        ExpressionAttributeNames: { '#payments': 'payments', '#t': transactionId },
        ExpressionAttributeValues: { ':payment': payment },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw loanNotFound();
    throw error;
  }
}

/**
 * Records a bill paid from the loan's escrow (its transaction's id), in the TransactWriteItems that writes the
 * transaction: the loan must still exist, so a loan deleted meanwhile leaves no transaction behind. Its version does
 * not move (see recordLoanPayment).
 */
export function recordEscrowPaymentOp(loan: LoanRecord, transactionId: string): TransactOp {
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.loan(loan.organizationId, loan.id),
        UpdateExpression: 'SET #e = list_append(if_not_exists(#e, :none), :id)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#e': 'escrowPayments' },
        ExpressionAttributeValues: { ':none': [], ':id': [transactionId] },
      },
    },
    onConditionFailure: loanNotFound,
  };
}
