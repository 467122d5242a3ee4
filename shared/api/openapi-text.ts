// JSON Schemas of the OpenAPI document written as compact TypeScript-like types
// (`{ LeadId: string; Reasons?: string[] }`), for the rendered API reference (frontend
// features/api-reference) and docs/api.md. Pure: it reads the document, never zod.

/** The parts of a JSON Schema 2020-12 object the text uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  description?: string;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  $ref?: string;
  default?: unknown;
}

const wrap = (t: string) => (t.includes(' | ') ? `(${t})` : t);

/** The schema as a type: objects with their fields (`?` optional), unions, arrays, literals. */
export function typeText(s: JsonSchema): string {
  if (s.$ref) return s.$ref.split('/').pop() ?? 'unknown';
  if (s.const !== undefined) return JSON.stringify(s.const);
  // A long enum that names itself (`.describe('Permission')`) is written by its name.
  if (s.enum) return s.enum.length > 12 && s.description ? s.description : s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = s.anyOf ?? s.oneOf;
  if (union) return union.map(typeText).join(' | ');
  if (s.allOf) return s.allOf.map(typeText).join(' & ');
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) return types.map((t) => typeText({ ...s, type: t })).join(' | ');
  switch (types[0]) {
    case 'object': {
      const props = Object.entries(s.properties ?? {});
      if (props.length === 0) return typeof s.additionalProperties === 'object' ? `Record<string, ${typeText(s.additionalProperties)}>` : '{}';
      const required = new Set(s.required ?? []);
      return `{ ${props.map(([k, v]) => `${k}${required.has(k) ? '' : '?'}: ${typeText(v)}`).join('; ')} }`;
    }
    case 'array':
      return s.prefixItems ? `[${s.prefixItems.map(typeText).join(', ')}]` : `${wrap(typeText(s.items ?? {}))}[]`;
    case 'integer':
      return 'integer';
    case 'null':
    case 'string':
    case 'number':
    case 'boolean':
      return types[0];
    default:
      return 'unknown';
  }
}

/** One field of an object schema, for a table: name, type, whether it is required, its description and limits. */
export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/** What a string or number field is held to, in words (`5 to 64 characters`, `pattern ^\d{5}$`). */
export function limitsText(s: JsonSchema): string {
  const parts: string[] = [];
  if (s.format) parts.push(s.format);
  if (s.minLength !== undefined && s.maxLength !== undefined) parts.push(`${s.minLength} to ${s.maxLength} characters`);
  else if (s.maxLength !== undefined) parts.push(`at most ${s.maxLength} characters`);
  else if (s.minLength !== undefined && s.minLength > 0) parts.push(`at least ${s.minLength} characters`);
  if (s.minimum !== undefined && s.maximum !== undefined) parts.push(`${s.minimum} to ${s.maximum}`);
  else if (s.maximum !== undefined) parts.push(`at most ${s.maximum}`);
  else if (s.minimum !== undefined) parts.push(`at least ${s.minimum}`);
  if (s.pattern) parts.push(`pattern ${s.pattern}`);
  return parts.join('; ');
}

/** The fields of an object schema as rows (none: not an object with fields). */
export function fieldRows(s: JsonSchema): FieldRow[] {
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {}).map(([name, field]) => ({
    name,
    type: typeText({ ...field, description: field.enum && field.enum.length > 12 ? field.description : undefined }),
    required: required.has(name),
    description: [field.description, limitsText(field)].filter(Boolean).join('. '),
  }));
}
