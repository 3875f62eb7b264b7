export * from './describe.js';
export * from './match.js';
export * from './normalizePattern.js';
export * from './order.js';
export * from './pattern.js';
export * from './validate.js';
