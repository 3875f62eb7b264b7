export * from './api/route.js';
export * from './api/routes.js';
// The zod-free core; its roles come through domain/roles.js, which adds the zod enum under the same name.
export * from './core/categories.js';
export * from './core/filters.js';
export * from './core/messages.js';
export * from './core/money.js';
export * from './core/validation.js';
export * from './domain/common.js';
export * from './domain/member.js';
export * from './domain/money.js';
export * from './domain/organization.js';
export * from './domain/property.js';
export * from './domain/receipt.js';
export * from './domain/roles.js';
export * from './domain/rule.js';
export * from './domain/transaction.js';
export * from './rules/index.js';
