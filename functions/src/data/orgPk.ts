/** The partition of an organization: every organization-scoped key starts with it (data/keys.ts). */
export const orgPk = (orgId: string) => `ORG#${orgId}`;
