import 'reflect-metadata';
import { Args, Elicit, Field, Provider, Tool, UseGuards, type Guard } from '@tessera/core';
import { IsString } from 'class-validator';
import { compileApp } from '../../src/compiler/compile-app';
import { flattenModules } from '../../src/compiler/flatten-modules';

// A handler plan lives as long as the app. Handlers with no enhancers, dependency parameters or scopes of their
// own share one frozen empty value for each, so an app with a thousand tools holds a thousand plans, not
// a thousand sets of empty lists; a handler that has any gets lists of its own.

class AllowAll implements Guard {
  canActivate(): boolean {
    return true;
  }
}

class Region {
  @Field()
  @IsString()
  region!: string;
}

class TextArgs {
  @Field()
  @IsString()
  text!: string;
}

@Provider()
class Plain {
  @Tool()
  first(@Args() args: TextArgs): string {
    return args.text;
  }

  @Tool()
  second(@Args() args: TextArgs): string {
    return args.text;
  }
}

@Provider({ scopes: ['tools:write'] })
class Guarded {
  @Tool()
  @UseGuards(AllowAll)
  guarded(@Elicit('Which region?', Region) region: Region): string {
    return region.region;
  }
}

function plans() {
  const { units } = flattenModules({ name: 'plans', providers: [Plain, Guarded] });
  return compileApp(units).tools;
}

describe('handler plans share their empty parts', () => {
  test('two plain tools share one frozen empty enhancers, dependency list and scope list', () => {
    const tools = plans();
    const [first, second] = [tools.get('first')!, tools.get('second')!];
    expect(first.enhancers).toBe(second.enhancers);
    expect(first.dependencies).toBe(second.dependencies);
    expect(first.scopes).toBe(second.scopes);
    for (const list of [...Object.values(first.enhancers), first.dependencies, first.scopes]) {
      expect(list).toEqual([]);
      expect(Object.isFrozen(list)).toBe(true);
    }
    expect(Object.isFrozen(first.enhancers)).toBe(true);
  });

  test('a tool with a guard, a dependency parameter and scopes gets its own', () => {
    const tools = plans();
    const [plain, guarded] = [tools.get('first')!, tools.get('guarded')!];
    expect(guarded.enhancers).not.toBe(plain.enhancers);
    expect(guarded.enhancers.guards).toEqual([AllowAll]);
    expect(guarded.dependencies.map((d) => d.key)).toEqual(['guarded:0']);
    expect(guarded.scopes).toEqual(['tools:write']);
  });
});
