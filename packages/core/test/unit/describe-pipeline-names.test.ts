import 'reflect-metadata';
import { IsString } from 'class-validator';
import {
  Args,
  createApp,
  createParamDecorator,
  Ctx,
  Elicit,
  Field,
  InjectParam,
  ListRoots,
  Provider,
  Sample,
  silentLogger,
  Tool,
  UseGuards,
  UseInterceptors,
  type ExecutionContext,
  type Guard,
  type Interceptor,
} from '@tessera/core';

// describePipeline names what it lists: enhancers given as plain objects, and every parameter with its
// decorator and what it carries (a dependency's key), so a listing can be read without the source.

class ProvisionArgs {
  @Field({ description: 'Host name' })
  @IsString()
  name!: string;
}

class Region {
  @Field({ description: 'Region' })
  @IsString()
  region!: string;
}

class Clock {}

const named: Guard & { name: string } = { name: 'admins only', canActivate: () => true };
const unnamed: Interceptor = { intercept: (_ctx, next) => next() };
class Audit implements Interceptor {
  intercept: Interceptor['intercept'] = (_ctx, next) => next();
}
const Tenant = createParamDecorator(function tenantOf(ctx: ExecutionContext) {
  return ctx.principal?.clientId;
});

@Provider()
class Hosts {
  @Tool()
  @UseGuards(named)
  @UseInterceptors(unnamed, new Audit())
  provision(
    @Args() _args: ProvisionArgs,
    @Elicit({ key: 'region', message: 'Region?', schema: Region }) _region: Region,
    @Sample({ request: { messages: [], maxTokens: 10 } }) _summary: unknown,
    @ListRoots() _roots: unknown,
    @Ctx() _ctx: ExecutionContext,
    @InjectParam(Clock) _clock: Clock,
    @Tenant() _tenant: string,
  ): string {
    return 'ok';
  }
}

const app = createApp({ name: 'names', version: '1', providers: [Hosts], services: [Clock], logger: silentLogger });
const runs = (stage: string) => app.describePipeline('tools/call', 'provision').find((s) => s.stage === stage)?.runs;

describe('describePipeline names what it lists', () => {
  test('a plain-object enhancer by its name property, else by the methods it implements; an instance by its class', () => {
    expect(runs('guards')).toEqual(['admins only']);
    expect(runs('interceptors')).toEqual(['object { intercept }', 'Audit instance']);
  });

  test('each parameter by its decorator, with the DTO, the dependency key (default: method:index) or the token', () => {
    expect(runs('params')).toEqual([
      '#0 @Args ProvisionArgs',
      "#1 @Elicit 'region'",
      "#2 @Sample 'provision:2'",
      "#3 @ListRoots 'provision:3'",
      '#4 @Ctx',
      '#5 @InjectParam Clock',
      '#6 custom tenantOf',
    ]);
  });
});
