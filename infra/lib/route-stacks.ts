import { type RouteDef, type RouteDomain, routeDomains } from '@rent/shared';

/**
 * Which CloudFormation stack deploys each domain's route functions (docs/deploy.md "The API in several stacks"):
 * a stack of every route (~7 resources each) would pass CloudFormation's 500. A function moved to another stack is
 * deleted and created again, so a domain keeps the stack it was first deployed in; a new domain joins a stack with
 * room, or gets one of its own. A unit test checks that every domain is in exactly one stack.
 */
export const ROUTE_STACKS = {
  People: ['people'],
  Account: ['account'],
  Ledger: ['ledger', 'receipts', 'properties'],
  Rules: ['rules'],
  Books: ['reports', 'maintenance', 'leases', 'loans'],
  Banks: ['banking', 'reconciliation'],
  Imports: ['imports'],
} as const satisfies Record<string, readonly RouteDomain[]>;

/** The routes each stack deploys. */
export const routesByStack = (): [string, RouteDef[]][] =>
  Object.entries(ROUTE_STACKS).map(([stack, domains]) => [
    stack,
    domains.flatMap((domain) => Object.values(routeDomains[domain]) as RouteDef[]),
  ]);
