import type { Role } from '@rent/shared/domain/roles';

/**
 * The shell's copy of shared's humanizeRole (SPEC §6: lower-cased and humanised; no role reads
 * "Member"). shared/src/domain/roles.ts builds a zod enum at module level, so importing it from
 * the always-loaded shell would put zod (about 24 KB gzip) into the first load. Lazy pages use
 * the shared function itself. Drop this copy once shared keeps its plain helpers in a zod-free module.
 */
export function humanizeRole(role: Role | string | null | undefined): string {
  if (!role) return 'Member';
  const words = role.toLowerCase().split('_').filter(Boolean);
  if (words.length === 0) return 'Member';
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
}
