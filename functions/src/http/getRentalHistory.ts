import { routes } from '@rent/shared';
import { http } from '../runtime/http.js';
import { rentalHistory } from '../services/tenancy/leases.js';

export const handler = http(routes.getRentalHistory, ({ caller }) => rentalHistory(caller));
