import { readFileSync } from 'node:fs';

/**
 * Checks a value against the schemas of Plaid's published API (tests/fixtures/plaid/schemas.json, extracted
 * from plaid/plaid-openapi 2020-09-14.yml): every required field present, every field of a known type
 * (null only where nullable, enums respected), no field the schema does not name, recursively.
 */
interface PropertySchema {
  type?: string;
  ref?: string;
  nullable?: boolean;
  enum?: unknown[];
  items?: PropertySchema;
}
interface ObjectSchema {
  required: string[];
  properties: Record<string, PropertySchema>;
}

const fixture = JSON.parse(readFileSync(new URL('../fixtures/plaid/schemas.json', import.meta.url), 'utf8')) as {
  schemas: Record<string, ObjectSchema>;
};

export function schemaProblems(value: unknown, schemaName: string, path = schemaName): string[] {
  const schema = fixture.schemas[schemaName];
  if (!schema) return [`${path}: no schema ${schemaName} in the fixture`];
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [`${path}: expected an object`];
  const record = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const field of schema.required) if (!(field in record)) problems.push(`${path}.${field}: required, missing`);
  for (const [field, fieldValue] of Object.entries(record)) {
    const property = schema.properties[field];
    if (!property) problems.push(`${path}.${field}: not in ${schemaName}`);
    else problems.push(...propertyProblems(fieldValue, property, `${path}.${field}`));
  }
  return problems;
}

function propertyProblems(value: unknown, property: PropertySchema, path: string): string[] {
  if (value === null) return property.nullable ? [] : [`${path}: null but not nullable`];
  if (property.ref) return schemaProblems(value, property.ref, path);
  if (property.enum && !property.enum.includes(value)) return [`${path}: ${JSON.stringify(value)} not in enum`];
  switch (property.type) {
    case 'string':
      return typeof value === 'string' ? [] : [`${path}: expected a string`];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${path}: expected a boolean`];
    case 'number':
      return typeof value === 'number' ? [] : [`${path}: expected a number`];
    case 'integer':
      return Number.isInteger(value) ? [] : [`${path}: expected an integer`];
    case 'array':
      if (!Array.isArray(value)) return [`${path}: expected an array`];
      return property.items ? value.flatMap((item, i) => propertyProblems(item, property.items!, `${path}[${i}]`)) : [];
    case 'object':
      return typeof value === 'object' ? [] : [`${path}: expected an object`];
    default:
      return [];
  }
}
