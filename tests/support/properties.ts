import type { PropertyInput } from '@rent/shared';

/** A property with only its address: what tests that write through the services in-process create. */
export const propertyInput = (address: string): PropertyInput => ({
  address,
  googlePlaceId: null,
  latitude: null,
  longitude: null,
  propertyType: null,
  numberOfUnits: null,
  acquisitionDate: null,
  acquisitionPrice: null,
  approximateLoan: null,
  currentMarketValue: null,
  monthlyRent: null,
  downPayment: null,
  closingCosts: null,
  initialRepairs: null,
  otherInitialCosts: null,
  landValue: null,
});
