/** The category taxonomy lives in the zod-free core (the first page load imports it); the domain modules read it here. */
export * from '../core/categories.js';
