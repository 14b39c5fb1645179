import { Type } from 'class-transformer';
import { IsString, ValidateNested } from 'class-validator';
import {
  createApp,
  Elicit,
  Field,
  Provider,
  silentLogger,
  Tool,
  UnsupportedElicitationSchemaError,
} from '@tessera/core';

// A form is flat: a nested DTO in an @Elicit schema gets that answer at once, not first a request for
// @ValidateNested() and @Type() that would not make it a form either.

class Addr {
  @Field() @IsString() street!: string;
}

class Bare {
  @Field() @IsString() name!: string;
  @Field() addr!: Addr;
}

class Typed {
  @Field() @IsString() name!: string;
  @Field() @ValidateNested() @Type(() => Addr) addr!: Addr;
}

class Listed {
  @Field({ type: () => [Addr] }) stops!: Addr[];
}

function refusal(schema: new () => unknown): Error {
  @Provider()
  class Shipping {
    @Tool()
    ship(@Elicit({ key: 'to', message: 'Ship where?', schema, inject: 'value' }) to: unknown): string {
      return String(to);
    }
  }
  try {
    createApp({ name: 'forms', version: '1', providers: [Shipping], logger: silentLogger });
  } catch (error) {
    return error as Error;
  }
  throw new Error('accepted');
}

const NESTED =
  'nested objects are not supported; elicitation forms are flat (string, number, integer, boolean, single- or multi-select enum)';
const ARRAY = 'arrays of objects are not supported; only multi-select arrays of string options are';

test.each([
  ['without @Type', Bare, `Bare.addr cannot be elicited: ${NESTED}`],
  ['with @ValidateNested() and @Type()', Typed, `Typed.addr cannot be elicited: ${NESTED}`],
  ['in an array, without @Type', Listed, `Listed.stops cannot be elicited: ${ARRAY}`],
])('a nested DTO %s is refused as a form field, with no word of @Type', (_how, schema, message) => {
  const error = refusal(schema);
  expect(error).toBeInstanceOf(UnsupportedElicitationSchemaError);
  expect(error.message).toBe(message);
});
