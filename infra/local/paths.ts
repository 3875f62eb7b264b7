import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** Git-ignored: DynamoDB Local's files, s3rver's objects, the certificate and the signing key. */
export const dataDir = `${repoRoot}.data`;
export const webDist = `${repoRoot}web/dist`;
export const functionsHttpDir = `${repoRoot}functions/src/http`;
export const functionsJobsDir = `${repoRoot}functions/src/jobs`;
