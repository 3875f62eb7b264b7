import { RENT_CATEGORIES } from '@rent/shared';
import { tableName } from '../client.js';
import { keys } from '../keys.js';
import { queryAll } from '../query.js';

/**
 * Rent received on one property, per month (YYYY-MM -> cents), for the months from..to inclusive: income
 * (amount > 0) in a rent category (RENT_CATEGORIES), not ignored. One Query of the property's ledger
 * partition (GSI2 ORG#o#PROP#p, TXN#date range) projecting only date and amount.
 */
export async function rentReceivedByMonth(
  orgId: string,
  propertyId: string,
  fromMonth: string,
  toMonth: string,
): Promise<Map<string, number>> {
  const k = keys.transactionsOfProperty(orgId, propertyId);
  const categories = Object.fromEntries(RENT_CATEGORIES.map((c, i) => [`:c${i}`, c]));
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
    FilterExpression: `#amount > :zero AND #category IN (${Object.keys(categories).join(', ')}) AND (attribute_not_exists(#ignored) OR #ignored = :false) AND (attribute_not_exists(#pending) OR #pending = :false)`,
    ProjectionExpression: '#date, #amount',
    ExpressionAttributeNames: {
      '#date': 'date',
      '#amount': 'amount',
      '#category': 'category',
      '#ignored': 'isIgnored',
      '#pending': 'pending',
    },
    ExpressionAttributeValues: {
      ':pk': k.GSI2PK,
      ':from': `${k.GSI2SKPrefix}${fromMonth}-01`,
      ':to': `${k.GSI2SKPrefix}${toMonth}-31#~`,
      ':zero': 0,
      ':false': false,
      ...categories,
    },
  });
  const byMonth = new Map<string, number>();
  for (const item of items) {
    const month = (item.date as string).slice(0, 7);
    byMonth.set(month, (byMonth.get(month) ?? 0) + (item.amount as number));
  }
  return byMonth;
}
