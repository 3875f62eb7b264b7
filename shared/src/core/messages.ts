/**
 * User-facing texts that both the server and the browser show. Zod-free, so the first page load may import it.
 * The server sends these as `error` messages; the web shows the same words before a request is made.
 */
export const MESSAGES = {
  /** Why a bank transaction offers Ignore instead of Delete (refused by the server, explained in the flyout). */
  bankTransactionDelete:
    'Bank transactions cannot be deleted: the next bank sync would bring them back. Ignore it instead; ignored transactions are left out of every total and report.',
  /** Why a property cannot be deleted yet (the server's 409; the help page says the same). */
  propertyStillReferenced:
    'This property still has transactions, rules, tenants or maintenance requests. Move them to another property (or to no property) first, then delete it.',
  /** Deleting a property that leases point at. */
  propertyHasLeases:
    'This property has leases. Delete its leases under "Tenants and leases" first, then delete the property.',
  /** The organization's rule limit was reached (the server's 409 on create). */
  tooManyRules: (max: number) =>
    `An organization can keep at most ${max} rules. Delete rules you no longer need, or combine several into one pattern such as "comcast|xfinity".`,
} as const;
