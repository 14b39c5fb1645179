import path from 'node:path';
import ts from 'typescript';
import { createApp, MissingArgsTypeError, silentLogger, TesseraError } from '@tessera/core';
import type { Class } from '../../src/types/class';

// A parameter type reflection cannot use is refused at createApp with what reflection saw and the fix. The
// fixture is compiled by a whole TypeScript program, as `tsc` builds an app, because only then is a class
// imported with `import type` reflected as `Function` (a file-by-file compiler writes `Object`).

const ROOT = path.resolve(__dirname, '../../../..');
const FIXTURES = path.join(__dirname, 'fixtures', 'erased-types');
const SOURCE = path.join(FIXTURES, 'providers.source.ts');

type Providers = Record<string, Class>;

function compileWithTsc(): Providers {
  const program = ts.createProgram([SOURCE], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    strict: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    skipLibCheck: true,
    types: [],
    baseUrl: ROOT,
    paths: { '@tessera/core': ['packages/core/src/index.ts'] },
  });
  let code = '';
  program.emit(program.getSourceFile(SOURCE), (_name, text) => (code = text));
  // the emitted code's own require, resolving the fixture's relative imports from its folder
  const fixtureRequire = (id: string): unknown =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require(id.startsWith('.') ? path.join(FIXTURES, id) : id);
  const module = { exports: {} as Providers };
  new Function('require', 'module', 'exports', code)(fixtureRequire, module, module.exports);
  return module.exports;
}

let providers: Providers;
beforeAll(() => {
  providers = compileWithTsc();
}, 60_000);

function refusal(name: string): Error {
  try {
    createApp({ name: 'erased', version: '1', providers: [providers[name]!], logger: silentLogger });
  } catch (error) {
    return error as Error;
  }
  throw new Error(`${name} was accepted`);
}

describe('@Args() on a type reflection cannot use', () => {
  test('a DTO imported with `import type` is named as erased, with the value import and @Args(() => X) as fixes', () => {
    const error = refusal('ArgsImportedAsType');
    expect(error).toBeInstanceOf(MissingArgsTypeError);
    expect(error.message).toMatch(
      /ArgsImportedAsType\.plan, parameter #0: reflection sees Function: the type was erased.*`import type \{ X \}`/s,
    );
    expect(error.message).toMatch(/Import the DTO class as a value.*@Args\(\(\) => MyArgs\)/s);
    expect(error.message).not.toMatch(/DTO class Function/);
  });

  test('an interface is named as Object: an interface, type alias, union or any', () => {
    const error = refusal('ArgsAsInterface');
    expect(error).toBeInstanceOf(MissingArgsTypeError);
    expect(error.message).toMatch(/parameter #0: reflection sees Object: an interface, a type alias, a union/);
  });

  test('a string is named as String, with a DTO class holding the field as the fix', () => {
    const error = refusal('ArgsAsString');
    expect(error).toBeInstanceOf(MissingArgsTypeError);
    expect(error.message).toMatch(
      /parameter #0: reflection sees String\. @Args\(\) receives the whole arguments object/,
    );
    expect(error.message).not.toMatch(/interface, union or any/);
  });
});

describe('@Elicit on a type-only import', () => {
  test.each([['ElicitationImportedAsType'], ['ElicitedDtoImportedAsType']])(
    '%s: the parameter is named as erased, with the imports to change and the inject option',
    (name) => {
      const error = refusal(name);
      expect(TesseraError.isInstance(error)).toBe(true);
      expect(error.message).toMatch(
        new RegExp(
          `${name}\\.plan.*\\(@Elicit "trip"\\) reflects as Function: its type was erased.*` +
            '`import type \\{ Elicitation \\}` or `import type \\{ Trip \\}`; import it as a value instead.*' +
            "inject: 'value'.*inject: 'outcome'",
          's',
        ),
      );
    },
  );
});
