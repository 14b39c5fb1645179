import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, IsString, ValidateIf, ValidateNested } from 'class-validator';
import { Args, createApp, Field, Provider, silentLogger, Tool } from '@tessera/core';
import { sendRaw } from '@tessera/testing';
import { jsonSchemaForDto } from '../../src/schema/json-schema-for-dto';
import { validateArguments } from '../../src/validation/validate-arguments';
import { validateOutput } from '../../src/validation/validate-output';

// What `inputSchema` calls required, or an array, or an object, the validator must enforce too:
// class-validator's @ValidateNested skips `undefined`, validates a lone object given for an array (and each
// element of an array given for an object), and `{ each: true }` constraints accept a lone value.

class Address {
  @IsString() city!: string;
}

class Deep {
  @ValidateNested() @Type(() => Address) home!: Address;
  @IsOptional() @ValidateNested() @Type(() => Address) annex?: Address;
}

class Contact {
  @Field({ nullable: true }) @IsOptional() @ValidateNested() @Type(() => Address) office?: Address | null;
  @Field({ nullable: true, optional: true }) @IsString() phone?: string | null;
  @Field({ nullable: true }) @IsOptional() @IsIn(['low', 'high']) level?: string | null;
}

class NullableButRequired {
  @Field({ nullable: true }) @ValidateNested() @Type(() => Address) office!: Address | null;
}

class Person {
  @IsString() name!: string;
  @ValidateNested() @Type(() => Address) address!: Address;
  @IsOptional() @IsString() nickname?: string;
}

class Team {
  @ValidateNested({ each: true }) @Type(() => Person) members!: Person[];
  @IsString({ each: true }) tags!: string[];
  @IsOptional() @ValidateNested() @Type(() => Address) office?: Address;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => Address) sites?: Address[];
  @ValidateNested() @Type(() => Deep) deep!: Deep;
  @Field({ description: 'free-form note' }) note!: string;
}

class Conditional {
  @IsString() kind!: string;
  @ValidateIf((o: Conditional) => o.kind === 'vm') @IsInt() cpus?: number;
}

const okTeam = () => ({
  members: [{ name: 'a', address: { city: 'Paris' } }],
  tags: ['x'],
  deep: { home: { city: 'Oslo' } },
  note: 'n',
});

function problems(cls: Function, input: unknown): Record<string, string[]> {
  const result = validateArguments(cls as new () => object, input);
  if (result.ok) return {};
  return Object.fromEntries(result.issues.map((i) => [i.path, i.messages]));
}

describe('what the schema calls required is checked', () => {
  test('a required nested DTO left out is a field error, as the schema says', () => {
    expect(jsonSchemaForDto(Person).required).toEqual(['name', 'address']);
    expect(problems(Person, { name: 'x' })).toEqual({ address: ['address is required'] });
  });

  test('required nested DTOs at any depth, in arrays too', () => {
    expect(problems(Team, { ...okTeam(), members: [{ name: 'a' }], deep: {} })).toEqual({
      'members.0.address': ['address is required'],
      'deep.home': ['home is required'],
    });
  });

  test('a required array of nested DTOs left out', () => {
    const { members: _m, ...rest } = okTeam();
    expect(problems(Team, rest)).toEqual({ members: ['members is required'] });
  });

  test('a required @Field-only property left out', () => {
    const { note: _n, ...rest } = okTeam();
    expect(jsonSchemaForDto(Team).required).toContain('note');
    expect(problems(Team, rest)).toEqual({ note: ['note is required'] });
  });

  test('a lone object where the schema says array, and an array where it says object', () => {
    expect(problems(Team, { ...okTeam(), members: { name: 'a', address: { city: 'P' } } })).toEqual({
      members: ['members must be an array'],
    });
    expect(problems(Team, { ...okTeam(), tags: 'x' })).toEqual({ tags: ['tags must be an array'] });
    expect(problems(Person, { name: 'x', address: [{ city: 'P' }] })).toEqual({
      address: ['address must be an object'],
    });
  });

  test('optional markers: @IsOptional with @ValidateNested may be left out, and is checked when present', () => {
    expect(jsonSchemaForDto(Team).required).toEqual(['members', 'tags', 'deep', 'note']);
    expect(validateArguments(Team, okTeam()).ok).toBe(true);
    expect(problems(Team, { ...okTeam(), office: {} })).toEqual({ 'office.city': ['city is required'] });
    expect(problems(Team, { ...okTeam(), sites: { city: 'P' } })).toEqual({ sites: ['sites must be an array'] });
  });

  test('null for an optional nested DTO, array or value the schema types is a field error naming it, as the schema says', () => {
    expect(jsonSchemaForDto(Team).properties.office).toMatchObject({ type: 'object' });
    expect(problems(Team, { ...okTeam(), office: null, sites: null })).toEqual({
      office: ['office must be an object or left out, not null'],
      sites: ['sites must be an array or left out, not null'],
    });
    expect(problems(Team, { ...okTeam(), members: [{ name: 'a', address: { city: 'P' }, nickname: null }] })).toEqual({
      'members.0.nickname': ['nickname must be a string or left out, not null'],
    });
    expect(problems(Team, { ...okTeam(), deep: { home: { city: 'Oslo' }, annex: null } })).toEqual({
      'deep.annex': ['annex must be an object or left out, not null'],
    });
  });

  test('@Field({ nullable: true }) with @IsOptional: null is accepted and the schema says so', () => {
    const schema = jsonSchemaForDto(Contact);
    expect(schema.properties.office).toMatchObject({
      type: ['object', 'null'],
      properties: { city: { type: 'string' } },
    });
    expect(schema.properties.phone).toEqual({ type: ['string', 'null'] });
    expect(schema.properties.level).toEqual({ type: ['string', 'null'], enum: ['low', 'high', null] });
    expect(schema.required).toEqual([]);
    expect(validateArguments(Contact, { office: null, phone: null, level: null }).ok).toBe(true);
    expect(validateArguments(Contact, {}).ok).toBe(true);
    expect(problems(Contact, { office: { city: 3 } })).toEqual({ 'office.city': ['city must be a string'] });
  });

  test('nullable without @IsOptional is refused when the schema is built, naming the property', () => {
    expect(() => jsonSchemaForDto(NullableButRequired)).toThrow(
      /NullableButRequired\.office.*nullable: true needs @IsOptional\(\)/,
    );
  });

  test('@ValidateIf is conditional, so the schema does not call it required', () => {
    expect(jsonSchemaForDto(Conditional).required).toEqual(['kind']);
    expect(validateArguments(Conditional, { kind: 'app' }).ok).toBe(true);
    expect(problems(Conditional, { kind: 'vm' })).toEqual({ cpus: ['cpus must be an integer number'] });
  });

  test('output DTOs too (instances and plain objects)', () => {
    const person = new Person();
    person.name = 'x';
    expect(validateOutput(Person, person).ok).toBe(false);
    expect(validateOutput(Person, { name: 'x' }).ok).toBe(false);
  });
});

@Provider()
class People {
  @Tool()
  register(@Args() args: Person): string {
    return `registered ${args.name} in ${args.address.city}`;
  }
}

test('tools/call without a required nested DTO answers the field error; the handler does not run', async () => {
  const app = createApp({ name: 'people', version: '1', providers: [People], logger: silentLogger });
  const r = await sendRaw(app, 'tools/call', { name: 'register', arguments: { name: 'x' } });
  expect(r.body.result).toMatchObject({
    isError: true,
    content: [{ type: 'text', text: expect.stringContaining('address: address is required') }],
  });
});

@Provider()
class Offices {
  @Tool()
  move(@Args() args: Team): string {
    return `moved to ${args.office?.city ?? 'nowhere'}`;
  }
}

test('tools/call with null for an optional nested DTO answers the field error naming it; the handler does not run', async () => {
  const app = createApp({ name: 'offices', version: '1', providers: [Offices], logger: silentLogger });
  const r = await sendRaw(app, 'tools/call', { name: 'move', arguments: { ...okTeam(), office: null } });
  expect(r.body.result).toMatchObject({
    isError: true,
    content: [
      { type: 'text', text: expect.stringContaining('office: office must be an object or left out, not null') },
    ],
  });
  expect(JSON.stringify(r.body.result)).not.toContain('moved to');
});
