// The OpenAPI document as the reference reads it (shared/api/openapi.ts makes it): operations grouped
// by tag in the document's order, each with its parameters, body and answers, filtered by tag and by
// what a reader types. Pure, so it is tested without rendering.
import type { JsonSchema } from '#shared/api/openapi-text.ts';

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiAnswer {
  description: string;
  content?: Record<string, { schema: JsonSchema }>;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema & { examples?: unknown[] } }> };
  responses: Record<string, OpenApiAnswer>;
  'x-auth'?: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, { description?: string; type: string; scheme?: string; in?: string; name?: string }> };
}

/** One operation with where it lives. */
export interface Operation {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

export interface TagGroup {
  tag: string;
  description: string;
  operations: Operation[];
}

/** The document's operations by tag (the document's tag order), only the `tags` given and those matching `search`. */
export function groupByTag(doc: OpenApiDocument, options: { tags?: readonly string[]; search?: string } = {}): TagGroup[] {
  const words = (options.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (o: Operation) => {
    const text = `${o.method} ${o.path} ${o.operation.summary} ${o.operation.operationId} ${o.operation.tags.join(' ')}`.toLowerCase();
    return words.every((w) => text.includes(w));
  };
  const all: Operation[] = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })));
  const names = doc.tags?.map((t) => t.name) ?? [...new Set(all.map((o) => o.operation.tags[0] ?? 'other'))];
  return names
    .filter((name) => !options.tags || options.tags.includes(name))
    .map((tag) => ({
      tag,
      description: doc.tags?.find((t) => t.name === tag)?.description ?? '',
      operations: all.filter((o) => (o.operation.tags[0] ?? 'other') === tag && matches(o)),
    }))
    .filter((group) => group.operations.length > 0);
}

/** The JSON schema of a body or answer, when it has one. */
export const jsonSchemaIn = (content: Record<string, { schema: JsonSchema }> | undefined): JsonSchema | undefined => content?.['application/json']?.schema;

/** How the operation authenticates, in words. */
export function authText(operation: OpenApiOperation): string {
  const schemes = operation.security.flatMap((s) => Object.keys(s));
  if (schemes.length === 0) return 'Public: no sign-in.';
  const names: Record<string, string> = {
    sessionCookie: 'the session cookie (signed in)',
    vendorToken: 'the vendor token',
    vendorSandboxToken: 'the sandbox token',
    providerSignature: "the payment provider's signature",
  };
  return `With ${schemes.map((s) => names[s] ?? s).join(' or ')}.`;
}
