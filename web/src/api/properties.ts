import type { PropertyInputBody, Property as StaffProperty } from '@rent/shared/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../auth/session';
import { callRoute } from './client';
import type { Quiet } from './quiet';

/**
 * The property as staff see it. A tenant's list holds only id, address and type (TenantProperty in
 * the route's PropertyView union): no tenant page reads the other fields.
 */
export type Property = StaffProperty;

export const propertiesKey = ['properties'] as const;

/** The texts of a failed properties fetch (docs/product.md "Error messages"). */
export const PROPERTIES_FETCH_ERROR = 'Failed to fetch properties';
export const PROPERTIES_ERROR_TOAST = {
  title: 'Error',
  description: 'Failed to load properties. Please try again.',
  duration: 5000,
};

function listProperties() {
  return callRoute('listProperties') as Promise<Property[]>;
}

/** A property's address in a loaded list of properties; undefined when the list has not come or no longer holds it. */
export function addressIn(properties: readonly Property[] | undefined, id: string): string | undefined {
  return properties?.find((p) => p.id === id)?.address;
}

/**
 * A property's address from the properties already loaded (by the picker that chose it), read when asked: for a
 * download's file name. It does not listen for the properties, so their answer draws nothing again.
 */
export function useAddressOf() {
  const client = useQueryClient();
  return useCallback((id: string) => addressIn(client.getQueryData<Property[]>(propertiesKey), id), [client]);
}

/** The organization's properties (a tenant gets their own). `enabled` lets the picker load lazily. */
export function useProperties(options: { enabled?: boolean } & Quiet = {}) {
  const session = useSession();
  return useQuery({
    queryKey: propertiesKey,
    queryFn: async () => {
      try {
        return await listProperties();
      } catch (error) {
        console.error(PROPERTIES_FETCH_ERROR, error);
        throw error;
      }
    },
    enabled: session.status === 'authenticated' && (options.enabled ?? true),
    meta: { errorToast: PROPERTIES_ERROR_TOAST },
    notifyOnChangeProps: options.notifyOnChangeProps,
  });
}

export function useCreateProperty() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PropertyInputBody) => callRoute('createProperty', { body }),
    onSuccess: (created) => {
      client.setQueryData<Property[]>(propertiesKey, (list) => (list ? [...list, created] : list));
      void client.invalidateQueries({ queryKey: propertiesKey });
    },
  });
}

export function useUpdateProperty() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PropertyInputBody & { version: number } }) =>
      callRoute('updateProperty', { params: { id }, body }),
    onSuccess: (updated) => {
      client.setQueryData<Property[]>(propertiesKey, (list) =>
        list ? list.map((p) => (p.id === updated.id ? updated : p)) : list,
      );
      void client.invalidateQueries({ queryKey: propertiesKey });
    },
  });
}

export function useDeleteProperty() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute('deleteProperty', { params: { id } }),
    onSuccess: ({ id }) => {
      client.setQueryData<Property[]>(propertiesKey, (list) => (list ? list.filter((p) => p.id !== id) : list));
      void client.invalidateQueries({ queryKey: propertiesKey });
    },
  });
}

/** Loads one property afresh (after a 409, to show what someone else saved). */
export function fetchProperty(id: string) {
  return callRoute('getProperty', { params: { id } }) as Promise<Property>;
}
