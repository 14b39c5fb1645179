// Compile-time checks of what users may do with a call's context: `npm run typecheck` fails if a misuse below
// stops being a type error (each `@ts-expect-error` must still have an error to expect). jest only checks that
// the file loads. What the pipeline itself writes is typed internally (src/contracts/pipeline-context.ts).
import {
  Ctx,
  ExecutionContext,
  Provider,
  Tool,
  type CallHandler,
  type ExceptionFilter,
  type Guard,
  type Interceptor,
} from '@tessera/core';
// @ts-expect-error the dependency resolver's progress type is internal
import type { ResolverProgress } from '@tessera/core';
// @ts-expect-error the flow's telemetry mark is internal
import type { FlowProgress } from '@tessera/core';
// @ts-expect-error the endpoint is in the advanced tier, not the main entry
import { McpEndpoint } from '@tessera/core';

export type Internals = [ResolverProgress, FlowProgress, typeof McpEndpoint];

@Provider()
export class ReadsItsContext {
  @Tool()
  reads(@Ctx() ctx: ExecutionContext): string {
    // reading is what a direct-form handler does with its own state
    return `${ctx.target} ${String(ctx.requestState)} ${ctx.era}`;
  }

  @Tool()
  writesState(@Ctx() ctx: ExecutionContext): void {
    // @ts-expect-error requestState is read-only: the next state goes back in the InputRequiredResult
    ctx.requestState = { step: 2 };
  }

  @Tool()
  readsResolverProgress(@Ctx() ctx: ExecutionContext): unknown {
    // @ts-expect-error the dependency resolver's progress is not on the public context
    return ctx.resolverProgress;
  }

  @Tool()
  readsFlow(@Ctx() ctx: ExecutionContext): unknown {
    // @ts-expect-error the flow's telemetry mark is not on the public context
    return ctx.flow;
  }

  @Tool()
  writesFacts(@Ctx() ctx: ExecutionContext): void {
    // @ts-expect-error the call's arguments are read-only
    ctx.arguments.extra = 1;
    // @ts-expect-error so is what the call is for
    ctx.target = 'another';
  }
}

export class RewritesState implements Interceptor {
  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<unknown> {
    // @ts-expect-error an interceptor sees plaintext state, and cannot replace it
    ctx.requestState = undefined;
    return next();
  }
}

export class ClearsProgress implements Guard {
  canActivate(ctx: ExecutionContext): boolean {
    // @ts-expect-error a guard cannot reach the resolver's progress either
    ctx.resolverProgress.outgoing = undefined;
    return true;
  }
}

export class MarksFlow implements ExceptionFilter {
  catch(error: unknown, ctx: ExecutionContext): unknown {
    // @ts-expect-error nor can a filter move the flow's mark
    ctx.flow.outgoing = undefined;
    return error;
  }
}

test('the compile-time checks of this file load', () => {
  expect(typeof ExecutionContext).toBe('symbol');
});
