export * from './api/route.js';
export * from './api/routes.js';
export * from './domain/common.js';
export * from './domain/money.js';
export * from './domain/organization.js';
export * from './domain/property.js';
export * from './domain/roles.js';
