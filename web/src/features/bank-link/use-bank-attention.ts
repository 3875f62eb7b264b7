import { isTenant, type Role } from '@rent/shared/core/roles';
import { useBankStatus } from '../../api/banks';

/**
 * What a page needs for the bank banner: whether the status is known yet (pages hold their body until then, so
 * the banner never pushes content in) and the connections that need someone. Only staff are asked: not a tenant
 * (403), and not before the role is known, since it may be a tenant's.
 */
export function useBankAttention(role: Role | null) {
  const status = useBankStatus({ enabled: !!role && !isTenant(role) });
  return {
    ready: isTenant(role) || !status.isPending || status.isError,
    attention: status.data?.attention ?? [],
  };
}
