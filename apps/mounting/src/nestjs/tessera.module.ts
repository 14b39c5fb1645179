// TesseraModule: a Tessera app as a NestJS module. Nest owns the application's services; the factory
// receives the ones the tools need (`inject`) and hands them to the app as values (`services: [{ token,
// useValue }]`), so each service is one object, built by Nest. Tessera keeps only its handler classes, built
// per call (a call's rounds may reach different instances, and its context is not a Nest request's).
import {
  All,
  Controller,
  Inject,
  Injectable,
  Module,
  Req,
  Res,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type InjectionToken,
  type ModuleMetadata,
  type OnApplicationShutdown,
  type OptionalFactoryDependency,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import type { Request, Response } from 'express';
import type { TesseraApp } from '@tessera/core';
import { nodeHandler, type NodeHandlerOptions } from '@tessera/core/node';

/** The Nest token of the mounted TesseraApp (for `notify`, `describePipeline`, or a test). */
export const TESSERA_APP = Symbol('TESSERA_APP');

export interface TesseraModuleOptions {
  /** Builds the app, from the `inject`ed Nest providers. */
  useFactory: (...deps: never[]) => TesseraApp | Promise<TesseraApp>;
  inject?: Array<InjectionToken | OptionalFactoryDependency>;
  /** Modules exporting the injected providers. */
  imports?: ModuleMetadata['imports'];
  /** The route, default `mcp`; the global prefix applies as to any controller. */
  path?: string;
  /** Passed to `nodeHandler` (e.g. `allowedHosts`). */
  handler?: NodeHandlerOptions;
  /**
   * On Nest's shutdown: how long calls in flight may take before the connections still open (a
   * subscriptions/listen stream waits for its client) are cut, so the HTTP server can stop; default 5000 ms.
   */
  drainMs?: number;
}

const DRAIN_MS = Symbol('TESSERA_DRAIN_MS');

@Injectable()
class TesseraShutdown implements BeforeApplicationShutdown, OnApplicationShutdown {
  private cut?: NodeJS.Timeout;

  constructor(
    @Inject(TESSERA_APP) private readonly tessera: TesseraApp,
    @Inject(DRAIN_MS) private readonly drainMs: number,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  /** Before Nest closes its HTTP server: the deadline after which connections still open are cut. */
  beforeApplicationShutdown(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (server) this.cut = setTimeout(() => server.closeAllConnections(), this.drainMs);
  }

  /** Nest's `app.close()` (and the signals of `enableShutdownHooks()`): after the HTTP server stopped. */
  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.cut);
    await this.tessera.close();
  }
}

function mcpController(path: string, options: NodeHandlerOptions) {
  @Controller(path)
  class McpController {
    private readonly serve;

    constructor(@Inject(TESSERA_APP) tessera: TesseraApp) {
      this.serve = nodeHandler(tessera, options);
    }

    /** GET, POST and DELETE of Streamable HTTP; Nest's JSON parser has read the body, handed over as is. */
    @All()
    handle(@Req() req: Request, @Res() res: Response): Promise<void> {
      return this.serve(req, res, req.body);
    }
  }
  return McpController;
}

@Module({})
export class TesseraModule {
  static forRootAsync(options: TesseraModuleOptions): DynamicModule {
    return {
      module: TesseraModule,
      imports: options.imports ?? [],
      controllers: [mcpController(options.path ?? 'mcp', options.handler ?? {})],
      providers: [
        {
          provide: TESSERA_APP,
          useFactory: options.useFactory as (...deps: unknown[]) => TesseraApp,
          inject: options.inject ?? [],
        },
        { provide: DRAIN_MS, useValue: options.drainMs ?? 5000 },
        TesseraShutdown,
      ],
      exports: [TESSERA_APP],
    };
  }

  /** An app that needs nothing from Nest. */
  static forRoot(app: TesseraApp, options: Omit<TesseraModuleOptions, 'useFactory' | 'inject'> = {}): DynamicModule {
    return TesseraModule.forRootAsync({ ...options, useFactory: () => app });
  }
}
