import 'reflect-metadata';
import { IsIn, IsString, MinLength } from 'class-validator';
import { Args, createApp, Elicit, Field, Provider, Tool, type TesseraApp } from '@tessera/core';
import type { FlowServer } from './flow-servers';

/** Tessera's side of flow-servers.ts: the same flow with `@Elicit`. */
class ProvisionArgs {
  @Field({ description: 'Machine name' })
  @IsString()
  @MinLength(3)
  name!: string;
}

class RegionChoice {
  @Field({ title: 'Region' })
  @IsIn(['eu', 'us'])
  region!: string;
}

@Provider()
class Machines {
  @Tool({ description: 'Provision a machine' })
  provision(
    @Args() args: ProvisionArgs,
    @Elicit<ProvisionArgs>({ key: 'region', message: ({ args }) => `Where should ${args.name} run?`, schema: RegionChoice }) where: RegionChoice,
  ): string {
    return `provisioned ${args.name} in ${where.region}`;
  }
}

/** Tessera: the README's example, on the defaults (sealed with AES-256-GCM under a process-local key). */
export function tesseraFlowApp(): TesseraApp {
  return createApp({ name: 'tessera-flow', version: '1.0.0', providers: [Machines] });
}

/** Tessera's flow server as a fetch face (in-process benchmarks). */
export function tesseraFlowServer(): FlowServer {
  const app = tesseraFlowApp();
  return { name: 'Tessera @Elicit (sealed state, AES-256-GCM)', fetch: app.fetch, close: () => app.close() };
}
