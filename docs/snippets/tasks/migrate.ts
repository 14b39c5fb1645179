// A task tool, whole: its arguments, its question and the work it does.
import 'reflect-metadata';
import { Args, createApp, Ctx, Elicit, ExecutionContext, Field, Provider, Tool } from '@tessera/core';
import { ArrayNotEmpty, Equals, IsBoolean, IsString } from '@tessera/core/validators';
import { serveStdio } from '@tessera/core/node';
import { setTimeout as sleep } from 'node:timers/promises';

class MigrateArgs {
  @Field({ description: 'Tables to copy' })
  @IsString({ each: true })
  @ArrayNotEmpty()
  tables!: string[];
}

class Confirm {
  @Field({ title: 'Go ahead?' })
  @IsBoolean()
  @Equals(true)
  ok!: boolean;
}

/** Your own work: here a pause per table, stopped by the signal. */
async function copyTable(table: string, options: { signal: AbortSignal }): Promise<void> {
  await sleep(1000, table, options);
}

@Provider()
class Migrations {
  @Tool({ description: 'Copy tables to the new database', task: 'optional' }) // or 'required'
  async migrate(
    @Args() args: MigrateArgs,
    @Elicit({ key: 'confirm', message: 'Migrate the production database?', schema: Confirm }) confirm: Confirm,
    @Ctx() ctx: ExecutionContext,
  ): Promise<string> {
    for (const [i, table] of args.tables.entries()) {
      await ctx.task?.status(`table ${i + 1} of ${args.tables.length}`); // or ctx.progress(i, total)
      await copyTable(table, { signal: ctx.signal }); // aborted by tasks/cancel
    }
    return `migrated ${args.tables.length} tables (confirmed: ${confirm.ok})`;
  }
}

serveStdio(createApp({ name: 'migrations', version: '1.0.0', providers: [Migrations] }));
