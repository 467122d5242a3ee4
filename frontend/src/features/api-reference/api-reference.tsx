// The rendered API reference (issue 24): an OpenAPI document (shared/api/openapi.ts) grouped by tag,
// each operation with its method, path, summary, who may call it, its parameters, body and answers as
// readable types and field tables, and for vendor calls a curl line to paste. Reusable: staff's
// /apiReference shows every tag; the partner portal's Integration screen embeds it with
// `tags={['intake']}` and the vendor's sandbox `curl` options. Operations open one by one (their
// details are only drawn when open), and tables and code wrap, so nothing is wider than a 390 px phone.
import { Accordion, Badge, Box, Button, Code, CopyButton, Group, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import { fieldRows, limitsText, typeText, type JsonSchema } from '#shared/api/openapi-text.ts';
import { curlExample, type CurlOptions } from './curl-example.ts';
import { authText, groupByTag, jsonSchemaIn, type OpenApiDocument, type OpenApiParameter, type Operation } from './openapi-document.ts';

export interface ApiReferenceProps {
  document: OpenApiDocument;
  /** Only these tags (areas), e.g. `['intake']` for vendors; default every tag of the document. */
  tags?: readonly string[];
  /** Curl lines for vendor calls against this base URL and token (the sandbox's). */
  curl?: CurlOptions;
  /** The level of the tag headings (2 on a page of its own, 3 inside another page's section). */
  headingLevel?: 2 | 3;
}

const METHOD_COLORS: Record<string, string> = { GET: 'blue.9', POST: 'green.9', PUT: 'orange.9', PATCH: 'orange.9', DELETE: 'red.9' };

export function ApiReference({ document, tags, curl, headingLevel = 2 }: ApiReferenceProps) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string[]>([]);
  const groups = groupByTag(document, { ...(tags ? { tags } : {}), search });
  const count = groups.reduce((n, g) => n + g.operations.length, 0);
  const statusId = useId();

  return (
    <Stack gap="lg">
      <TextInput
        label="Search the API"
        description="By path, method, name or area"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        aria-describedby={statusId}
        maw={480}
      />
      <Text size="sm" id={statusId} role="status">
        {count === 1 ? '1 call' : `${count} calls`}
      </Text>
      {groups.map((group) => (
        <Stack key={group.tag} gap="xs" component="section" aria-labelledby={`${statusId}-${group.tag}`}>
          <Title order={headingLevel} size="h3" id={`${statusId}-${group.tag}`}>
            {group.tag}
          </Title>
          {group.description && (
            <Text size="sm" c="dimmed">
              {group.description}
            </Text>
          )}
          <Accordion multiple value={open} onChange={setOpen} variant="separated">
            {group.operations.map((o) => {
              // The item's value names its ids (aria-controls): the operation id has no spaces or slashes.
              const id = o.operation.operationId;
              return (
                <Accordion.Item key={id} value={id}>
                  <Accordion.Control>
                    <OperationTitle operation={o} />
                  </Accordion.Control>
                  <Accordion.Panel>{open.includes(id) && <OperationDetails operation={o} curl={curl} headingLevel={headingLevel} components={document.components?.schemas} />}</Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        </Stack>
      ))}
      {count === 0 && <Text size="sm">No call matches the search.</Text>}
    </Stack>
  );
}

function OperationTitle({ operation: o }: { operation: Operation }) {
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Badge color={METHOD_COLORS[o.method] ?? 'gray.9'} variant="filled" radius="sm" miw={64}>
        {o.method}
      </Badge>
      <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
        /api{o.path}
      </Text>
      <Text size="sm" c="dimmed">
        {o.operation.summary}
      </Text>
    </Group>
  );
}

interface DetailsProps {
  operation: Operation;
  curl: CurlOptions | undefined;
  headingLevel: 2 | 3;
  components: Record<string, JsonSchema> | undefined;
}

function OperationDetails({ operation: o, curl, headingLevel, components }: DetailsProps) {
  const sub = (headingLevel + 1) as 3 | 4;
  const body = jsonSchemaIn(o.operation.requestBody?.content);
  const parameters = o.operation.parameters ?? [];
  const example = curl ? curlExample(o, curl) : undefined;
  return (
    <Stack gap="sm">
      {o.operation.description && <Text size="sm">{o.operation.description}</Text>}
      <Text size="sm">
        <Text span fw={600}>
          Authentication:{' '}
        </Text>
        {authText(o.operation)}
      </Text>
      {parameters.length > 0 && (
        <>
          <Title order={sub} size="h5">
            Parameters
          </Title>
          <ParameterTable parameters={parameters} caption={`Parameters of ${o.method} ${o.path}`} />
        </>
      )}
      {body && (
        <>
          <Title order={sub} size="h5">
            Body (JSON)
          </Title>
          <SchemaView schema={body} caption={`Body of ${o.method} ${o.path}`} />
        </>
      )}
      <Title order={sub} size="h5">
        Answers
      </Title>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {Object.entries(o.operation.responses).map(([status, answer]) => {
          const schema = jsonSchemaIn(answer.content);
          return (
            <Box component="li" key={status}>
              <Text size="sm">
                <Text span fw={700} ff="monospace">
                  {status}
                </Text>{' '}
                {answer.description}
              </Text>
              {schema && <TypeText schema={resolve(schema, components)} />}
            </Box>
          );
        })}
      </Stack>
      {example && (
        <>
          <Title order={sub} size="h5">
            Example
          </Title>
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {example}
          </Code>
          <CopyButton value={example}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy} w="fit-content">
                {copied ? 'Copied' : 'Copy curl line'}
              </Button>
            )}
          </CopyButton>
        </>
      )}
    </Stack>
  );
}

/** A `$ref` to the document's components (the ErrorMessages answer) as its schema. */
function resolve(schema: JsonSchema, components: Record<string, JsonSchema> | undefined): JsonSchema {
  const name = schema.$ref?.split('/').pop();
  return name && components?.[name] ? components[name] : schema;
}

function TypeText({ schema }: { schema: JsonSchema }) {
  return (
    <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {typeText(schema)}
    </Code>
  );
}

/** Tables that wrap instead of scrolling: fixed columns, any long word broken, so nothing is wider than a phone. */
const WRAPPING = { tableLayout: 'fixed', width: '100%' } as const;
const CELL = { overflowWrap: 'anywhere', verticalAlign: 'top' } as const;

function ParameterTable({ parameters, caption }: { parameters: OpenApiParameter[]; caption: string }) {
  const rows = parameters.map((p) => ({
    key: `${p.in}:${p.name}`,
    name: p.name,
    where: `${p.in}, ${p.required ? 'required' : 'optional'}`,
    type: typeText(p.schema),
    description: [p.description, limitsText(p.schema)].filter(Boolean).join('. '),
  }));
  return <NamesTable caption={caption} nameTitle="Name" rows={rows} />;
}

/** An object schema as a table of its fields; anything else as its type. */
function SchemaView({ schema, caption }: { schema: JsonSchema; caption: string }) {
  const rows = fieldRows(schema);
  if (rows.length === 0) return <TypeText schema={schema} />;
  return <NamesTable caption={caption} nameTitle="Field" rows={rows.map((r) => ({ ...r, key: r.name, where: r.required ? 'required' : 'optional' }))} />;
}

interface NamedRow {
  key: string;
  name: string;
  /** Under the name: where it goes (parameters) and whether it is required. */
  where: string;
  type: string;
  description: string;
}

/** Parameters or fields: the name (and where, whether required), the type and the description. */
function NamesTable({ caption, nameTitle, rows }: { caption: string; nameTitle: string; rows: NamedRow[] }) {
  return (
    <Table withTableBorder striped fz="sm" style={WRAPPING}>
      <VisuallyHidden component="caption">{caption}</VisuallyHidden>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="30%">{nameTitle}</Table.Th>
          <Table.Th w="30%">Type</Table.Th>
          <Table.Th>Description</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Td style={CELL}>
              <Text span ff="monospace" size="sm">
                {r.name}
              </Text>
              <Text size="xs">{r.where}</Text>
            </Table.Td>
            <Table.Td ff="monospace" style={CELL}>
              {r.type}
            </Table.Td>
            <Table.Td style={CELL}>{r.description}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
