import {
  createApp,
  type ExceptionFilter,
  ExecutionContext,
  ForbiddenError,
  type Guard,
  type Interceptor,
  Provider,
  Tool,
  ToolError,
  UseFilters,
  UseGuards,
} from '@tessera/core';

// #region guard
/** Lets a call through when the caller's token holds the scope. */
class RequireScope implements Guard {
  constructor(private readonly scope: string) {}

  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.principal?.scopes.includes(this.scope)) return true;
    throw new ForbiddenError(`needs the "${this.scope}" scope`); // or return false: "Forbidden: tool "x" refused this caller."
  }
}

@Provider()
@UseGuards(new RequireScope('admin')) // every handler of the class
class Users {
  @Tool({ description: 'Delete a user' })
  @UseGuards(new RequireScope('users:delete')) // this tool only, after the class's guard
  deleteUser(): string {
    return 'deleted';
  }
}
// #endregion guard

// #region interceptor
/** Logs how long each call took; `next()` runs the stages after it and the method. */
class Timing implements Interceptor {
  async intercept(ctx: ExecutionContext, next: () => Promise<unknown>): Promise<unknown> {
    const started = Date.now();
    try {
      return await next();
    } finally {
      ctx.logger.info('call timed', { target: ctx.target, ms: Date.now() - started });
    }
  }
}
// #endregion interceptor

// #region filter
/** Turns a database's unique-key error into a sentence for the model; passes anything else on. */
class DuplicateKeyFilter implements ExceptionFilter {
  catch(error: unknown): unknown {
    if (error instanceof Error && error.message.includes('duplicate key')) throw new ToolError('That name is taken.');
    return undefined;
  }
}

@Provider()
@UseFilters(DuplicateKeyFilter) // a class is resolved from the container
class Teams {
  @Tool({ description: 'Create a team' })
  create(): string {
    throw new Error('duplicate key value violates unique constraint "teams_name_key"');
  }
}
// #endregion filter

// #region app
const app = createApp({
  name: 'admin',
  version: '1.0.0',
  providers: [Users, Teams],
  guards: [new RequireScope('mcp')], // application-wide: run before the class's and the method's
  interceptors: [Timing], // application-wide: outermost
});
console.log(app.describePipeline('tools/call', 'deleteUser'));
// #endregion app
