/**
 * What can go wrong in the domain, said without HTTP: repositories and services throw these, and
 * runtime/errors.ts is the one place that turns them (and DynamoDB's own error names) into status
 * codes. Every message is safe to show to the caller as it is.
 */
export interface Issue {
  path: string;
  message: string;
}

export abstract class DomainError extends Error {
  abstract readonly code: string;
  readonly details?: Record<string, unknown>;
  readonly issues?: Issue[];
}

/** The thing does not exist, or belongs to another organization (whose ids are never revealed). */
export class NotFound extends DomainError {
  readonly code = 'NOT_FOUND';
  constructor(
    readonly entity: string,
    options: { message?: string; details?: Record<string, unknown> } = {},
  ) {
    super(options.message ?? `${entity} was not found.`);
    this.name = 'NotFound';
    Object.assign(this, options.details && { details: options.details });
  }
}

/** The request clashes with the current state (a stale version, a limit, something still referenced). */
export class Conflict extends DomainError {
  constructor(
    readonly code: string,
    message: string,
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'Conflict';
    Object.assign(this, details && { details });
  }
}

/** A business rule refuses the input (it passed the schema but cannot be accepted). */
export class Invalid extends DomainError {
  readonly code = 'VALIDATION';
  constructor(message: string, issues?: Issue[]) {
    super(message);
    this.name = 'Invalid';
    Object.assign(this, issues && { issues });
  }
}

/** A field names something the caller cannot use (another organization's property, a foreign receipt). */
export class InvalidReference extends Invalid {
  constructor(
    readonly field: string,
    message: string,
  ) {
    // A person reads both: the sentence names no API field (the issue's path places it at the form's field).
    const text = message.charAt(0).toUpperCase() + message.slice(1);
    super(/[.!?]$/.test(text) ? text : `${text}.`, [{ path: field, message: text }]);
    this.name = 'InvalidReference';
  }
}

/** Not now: contention, throttling or work in progress. Trying again later is the answer. */
export class Busy extends DomainError {
  constructor(
    message: string,
    readonly code = 'BUSY',
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'Busy';
    Object.assign(this, details && { details });
  }
}

/** The caller's role does not allow this change (a rule of the domain, beyond the route's roles). */
export class NotAllowed extends DomainError {
  constructor(
    message: string,
    readonly code = 'FORBIDDEN',
  ) {
    super(message);
    this.name = 'NotAllowed';
  }
}

/** Too many requests of one kind in a window (invitations sent per day, invitation links guessed per hour). */
export class TooMany extends DomainError {
  constructor(
    message: string,
    readonly code = 'RATE_LIMITED',
  ) {
    super(message);
    this.name = 'TooMany';
  }
}

/** A caller without a user who proved who they are by other means (a Plaid webhook's signature) failed to. */
export class Unverified extends DomainError {
  readonly code = 'UNVERIFIED';
  constructor(message = 'The request could not be verified.') {
    super(message);
    this.name = 'Unverified';
  }
}

/** A service we depend on (Plaid) failed or did not answer: 502. The message never carries its raw reply. */
export class Upstream extends DomainError {
  constructor(
    message: string,
    readonly code = 'UPSTREAM',
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'Upstream';
    Object.assign(this, details && { details });
  }
}
