import 'reflect-metadata';
import { IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { Field } from '../../src/decorators/field.decorator';
import type { FieldOptions } from '../../src/schema/field.metadata';
import { compileDtoModel } from '../../src/schema/dto-model';
import { paramHeadersOf } from '../../src/http-headers/param-headers';
import { seededRandom } from '../support/seeded-random';

// createApp walks a tool's schema for x-mcp-header declarations only when its DTO tree declares a
// `@Field({ header })` (DtoModel.declaresHeader). On random DTO trees, some with `x-mcp-header` in their
// examples, defaults, descriptions and enum titles as traps: wherever the flag is false, the full walk finds
// no header and refuses nothing, so skipping it changes no app. FUZZ_SEED=n replays one seed.

type Pick = <T>(options: readonly T[]) => T;

const HEADER_NAMES = ['Region', 'X-Trace', 'bad name', '', 'Zone', 'region'];
const TRAPS: ReadonlyArray<Partial<FieldOptions>> = [
  { examples: [{ 'x-mcp-header': 'Region' }] },
  { default: { 'x-mcp-header': 'Zone', properties: { a: { 'x-mcp-header': 'A' } } } },
  { description: 'set "x-mcp-header" to mirror it' },
  { title: '"x-mcp-header"' },
];

function randomDto(random: () => number, pick: Pick, depth: number, id: { next: number }): new () => object {
  class Dto {}
  Object.defineProperty(Dto, 'name', { value: `Dto${id.next++}` });
  const count = 1 + Math.floor(random() * 4);
  for (let i = 0; i < count; i++) {
    const name = `p${i}`;
    const options: FieldOptions = {};
    if (random() < 0.3) Object.assign(options, pick(TRAPS));
    if (random() < 0.25) options.header = pick(HEADER_NAMES);
    const optional = random() < 0.3;
    if (optional) {
      options.optional = true;
      if (random() < 0.3) options.nullable = true;
    }
    const kind =
      depth > 0 ? pick(['string', 'int', 'nested', 'nested-array'] as const) : pick(['string', 'int'] as const);
    if (kind === 'nested' || kind === 'nested-array') {
      const child = randomDto(random, pick, depth - 1, id);
      options.type = kind === 'nested' ? () => child : () => [child];
      ValidateNested(kind === 'nested-array' ? { each: true } : undefined)(Dto.prototype, name);
      Type(() => child)(Dto.prototype, name);
    } else {
      options.type = () => (kind === 'int' ? Number : String);
      if (kind === 'int') IsInt()(Dto.prototype, name);
      else {
        IsString()(Dto.prototype, name);
        if (random() < 0.2) options.enumTitles = { a: '"x-mcp-header"' };
      }
    }
    if (optional && random() < 0.5) IsOptional()(Dto.prototype, name);
    Field(options)(Dto.prototype, name);
  }
  return Dto;
}

function walk(schema: unknown): { headers: number } | { refused: string } {
  try {
    return { headers: paramHeadersOf('t', 'Dto.t', schema).length };
  } catch (error) {
    return { refused: (error as Error).message };
  }
}

describe('DtoModel.declaresHeader', () => {
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
  test(`false only where the schema walk finds and refuses nothing (seed ${seed}; FUZZ_SEED=${seed} replays it)`, () => {
    const random = seededRandom(seed);
    const pick: Pick = (options) => options[Math.floor(random() * options.length)]!;
    const id = { next: 0 };
    const seen = { flagged: 0, found: 0, refused: 0, trapsSkipped: 0 };
    for (let round = 0; round < 400; round++) {
      const dto = randomDto(random, pick, 2, id);
      let model;
      try {
        model = compileDtoModel(dto);
      } catch {
        continue; // a DTO the schema compiler refuses (nullable without @IsOptional) never reaches the walk
      }
      const result = walk(model.schema);
      if (!model.declaresHeader) {
        expect({ dto: dto.name, schema: model.schema, result }).toEqual({
          dto: dto.name,
          schema: model.schema,
          result: { headers: 0 },
        });
        if (JSON.stringify(model.schema).includes('"x-mcp-header"')) seen.trapsSkipped++;
      } else {
        seen.flagged++;
        if ('refused' in result) seen.refused++;
        else if (result.headers > 0) seen.found++;
      }
    }
    // the random trees reach every case: headers found, headers refused, and traps the flag lets skip
    expect(seen.found).toBeGreaterThan(10);
    expect(seen.refused).toBeGreaterThan(10);
    expect(seen.trapsSkipped).toBeGreaterThan(10);
  });
});
