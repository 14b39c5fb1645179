import { IsString } from 'class-validator';
import { Args, Field, Provider, Tool, type ToolInputSchema } from '@tessera/core';

/**
 * The input schema of `json_schema_2020_12_tool`, as the suite's json-schema-2020-12 scenario expects to see
 * it listed: 2020-12 keywords a DTO cannot say ($defs with $anchor, $ref, allOf/anyOf, if/then/else).
 */
const CONTACT_SCHEMA: ToolInputSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

export class RoutedQuery {
  @Field({ header: 'Region', description: 'Where the query runs; mirrored into the Mcp-Param-Region header' })
  @IsString()
  region!: string;

  @Field({ description: 'The query itself (body only)' })
  @IsString()
  query!: string;
}

/** Schema fixtures: a hand-written 2020-12 input schema (json-schema-2020-12) and header mirroring (SEP-2243). */
@Provider()
export class SchemaTools {
  @Tool({ description: 'Tool with JSON Schema 2020-12 features', inputSchema: CONTACT_SCHEMA })
  json_schema_2020_12_tool(@Args() contact: Record<string, unknown>): string {
    return `contact ${JSON.stringify(contact)}`;
  }

  @Tool({ description: 'Runs a query in the region its Mcp-Param-Region header names' })
  test_routed_query(@Args() args: RoutedQuery): string {
    return `ran "${args.query}" in ${args.region}`;
  }
}
