import {
  ConsoleLogger,
  createApp,
  Elicit,
  Field,
  InvalidConfigurationError,
  InvalidDecoratorUseError,
  ListRoots,
  Prompt,
  Provider,
  RequestStateSecurity,
  Resource,
  ResourceTemplate,
  Sample,
  silentLogger,
  Tool,
  type AppModule,
} from '@tessera/core';
import { createLowLevelServer } from '@tessera/core/advanced';
import { listen, nodeHandler, serveStdio, stopOnSignals } from '@tessera/core/node';
import { protectRequestState, RequestStateConfigError } from '@tessera/request-state';

// Every options object a user writes refuses a key it does not know, by name and listing the known ones: a
// misspelt `requiredScopes` used to let every token through, a misspelt `task` to serve the tool inline.

@Provider()
class Hello {
  @Tool()
  hello(): string {
    return 'hi';
  }
}

const appModule = (extra: Partial<AppModule> = {}): AppModule => ({
  name: 'keys',
  version: '1',
  providers: [Hello],
  logger: silentLogger,
  ...extra,
});

/** The message `build` throws, checking it is an instance of `type`. */
function refusal(build: () => unknown, type: abstract new (...args: never[]) => Error): string {
  try {
    build();
  } catch (error) {
    expect(error).toBeInstanceOf(type);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

const ISSUER = 'https://id.example.com';
const AUDIENCE = 'https://mcp.example.com/mcp';

describe('createApp options', () => {
  test('auth: a misspelt requiredScopes is refused, naming it and the known options', () => {
    const bad = { issuer: ISSUER, audience: AUDIENCE, requiredScope: ['admin'] };
    expect(refusal(() => createApp(appModule(), { auth: bad as never }), InvalidConfigurationError)).toBe(
      'auth: "requiredScope" is not an option; known: issuer, audience, requiredScopes, scopesSupported, ' +
        'algorithms, clockToleranceSeconds, tokenType, jwksUri, jwks, introspection, resourceName, ' +
        'documentationUrl, allowInsecureIssuer, fetch, timeoutMs.',
    );
  });

  test('auth.jwks and auth.introspection refuse unknown keys too', () => {
    const jwks = { issuer: ISSUER, audience: AUDIENCE, jwks: { cooldown: 1 } };
    expect(refusal(() => createApp(appModule(), { auth: jwks as never }), InvalidConfigurationError)).toBe(
      'auth.jwks: "cooldown" is not an option; known: maxAgeMs, cooldownMs.',
    );
    const introspection = { issuer: ISSUER, audience: AUDIENCE, introspection: { clientId: 'a', secret: 'b' } };
    expect(refusal(() => createApp(appModule(), { auth: introspection as never }), InvalidConfigurationError)).toMatch(
      /^auth\.introspection: "secret" is not an option; known: clientId, clientSecret, endpoint\.$/,
    );
  });

  test('auth with a verifier of your own: its own three keys', () => {
    const verifier = { verifyAccessToken: () => Promise.reject(new Error('no')) };
    const bad = { verifier, requiredScope: ['admin'] };
    expect(refusal(() => createApp(appModule(), { auth: bad as never }), InvalidConfigurationError)).toBe(
      'auth (with a verifier of your own): "requiredScope" is not an option; known: verifier, requiredScopes, resourceMetadataUrl.',
    );
    expect(() => createApp(appModule(), { auth: { verifier, requiredScopes: ['a'] } })).not.toThrow();
  });

  test('legacySessions: maxSession for maxSessions', () => {
    expect(
      refusal(() => createApp(appModule(), { legacySessions: { maxSession: 5 } as never }), InvalidConfigurationError),
    ).toBe(
      'legacySessions: "maxSession" is not an option; known: maxSessions, idleMs, maxSubscriptions, resumeEvents, retryMs.',
    );
  });
});

describe('the other options objects of core', () => {
  test('cacheHints: a method that is not cacheable, and a misspelt hint', () => {
    expect(
      refusal(
        () => createApp(appModule({ cacheHints: { 'tools/lists': { ttlMs: 1 } } as never })),
        InvalidConfigurationError,
      ),
    ).toMatch(/^Module "keys": cacheHints: "tools\/lists" is not an option; known: tools\/list, prompts\/list, /);
    expect(
      refusal(
        () => createApp(appModule({ cacheHints: { 'tools/list': { ttl: 1 } } as never })),
        InvalidConfigurationError,
      ),
    ).toBe('Module "keys": cacheHints["tools/list"]: "ttl" is not an option; known: ttlMs, cacheScope.');
  });

  test('createLowLevelServer, telemetry and ConsoleLogger', () => {
    const server = { name: 'low', version: '1', tools: [], callTool: () => ({ content: [] }), logger: silentLogger };
    expect(refusal(() => createLowLevelServer({ ...server, pagesize: 5 } as never), InvalidConfigurationError)).toMatch(
      /^createLowLevelServer: "pagesize" is not an option; known: name, version, /,
    );
    expect(refusal(() => createApp(appModule({ telemetry: { tracer: {} } as never })), InvalidConfigurationError)).toBe(
      'Module telemetry: "tracer" is not an option; known: tracerProvider, meterProvider.',
    );
    expect(refusal(() => new ConsoleLogger({ levl: 'debug' } as never), InvalidConfigurationError)).toBe(
      'ConsoleLogger: "levl" is not an option; known: level, write, sensitiveFields.',
    );
    expect(refusal(() => new ConsoleLogger({ level: 'verbose' } as never), InvalidConfigurationError)).toBe(
      'ConsoleLogger: level must be one of "debug", "info", "warn", "error", got "verbose".',
    );
  });
});

describe('RequestStateSecurity', () => {
  test('tll for ttl, and a misspelt idempotentLegs key', () => {
    expect(refusal(() => RequestStateSecurity.ephemeral({ tll: 60 } as never), RequestStateConfigError)).toMatch(
      /^RequestStateSecurity: "tll" is not an option; known: keys, codec, ttl, audience, /,
    );
    expect(
      refusal(
        () => new RequestStateSecurity({ keys: ['k'.repeat(32)], idempotentLegs: { lease: 1 } } as never),
        RequestStateConfigError,
      ),
    ).toBe('RequestStateSecurity idempotentLegs: "lease" is not an option; known: leaseMs, waitMs, firstLegWindowMs.');
    expect(
      refusal(
        () => protectRequestState(RequestStateSecurity.ephemeral(), { audiance: 'x' } as never),
        RequestStateConfigError,
      ),
    ).toBe('protectRequestState: "audiance" is not an option; known: audience, bindPrincipal, onInvalid, rejectWith.');
  });
});

describe('decorator options', () => {
  const decorate = (define: () => unknown) => refusal(define, InvalidDecoratorUseError);

  test('@Tool: taks for task, and a task value that is not one', () => {
    expect(
      decorate(() => {
        class T {
          @Tool({ taks: 'optional' } as never)
          run(): void {}
        }
        return T;
      }),
    ).toBe(
      '@Tool() on T.run: "taks" is not an option; known: name, title, description, annotations, icons, _meta, ' +
        'args, inputSchema, output, outputSchema, scopes, visible, returnsInputRequired, task, ui.',
    );
    expect(
      decorate(() => {
        class T {
          @Tool({ task: 'sometimes' } as never)
          run(): void {}
        }
        return T;
      }),
    ).toBe('@Tool() on T.run: task must be one of "optional", "required", got "sometimes".');
  });

  test('@Prompt, @Resource, @ResourceTemplate, @Provider and @Field', () => {
    const cases: Array<[() => unknown, RegExp]> = [
      [
        () => {
          class P {
            @Prompt({ scope: ['a'] } as never)
            p(): void {}
          }
          return P;
        },
        /^@Prompt\(\) on P\.p: "scope" is not an option; known: name, /,
      ],
      [
        () => {
          class R {
            @Resource('notes://all', { mimetype: 'text/plain' } as never)
            r(): void {}
          }
          return R;
        },
        /^@Resource\(\) on R\.r: "mimetype" is not an option; known: name, title, description, mimeType, /,
      ],
      [
        () => {
          class R {
            @ResourceTemplate('notes://{id}', { scope: [] } as never)
            r(): void {}
          }
          return R;
        },
        /^@ResourceTemplate\(\) on R\.r: "scope" is not an option/,
      ],
      [
        () => {
          @Provider({ prefx: 'a' } as never)
          class Pr {}
          return Pr;
        },
        /^@Provider\(\) on Pr: "prefx" is not an option; known: prefix, scopes\.$/,
      ],
      [
        () => {
          class Dto {
            @Field({ descripton: 'x' } as never)
            name!: string;
          }
          return Dto;
        },
        /^@Field\(\) on Dto\.name: "descripton" is not an option; known: description, /,
      ],
    ];
    for (const [define, message] of cases) expect(decorate(define)).toMatch(message);
  });

  test('@Elicit, @Elicit.url, @Sample and @ListRoots, and an inject value that is not one', () => {
    const cases: Array<[() => unknown, RegExp]> = [
      [
        () => {
          class E {
            run(
              @Elicit({ message: 'm', schema: { type: 'object', properties: {} }, keys: 'k' } as never) _x: unknown,
            ) {}
          }
          return E;
        },
        /^@Elicit\(\) on parameter #0 of E\.run: "keys" is not an option; known: message, schema, key, after, when, inject, app\.$/,
      ],
      [
        () => {
          class E {
            run(
              @Elicit({ message: 'm', schema: { type: 'object', properties: {} }, inject: 'all' } as never) _x: unknown,
            ) {}
          }
          return E;
        },
        /^@Elicit\(\) on parameter #0 of E\.run: inject must be one of "value", "outcome", got "all"\.$/,
      ],
      [
        () => {
          class E {
            run(@Elicit.url({ message: 'm', url: 'https://x', id: 'i' } as never) _x: unknown) {}
          }
          return E;
        },
        /^@Elicit\.url\(\) on parameter #0 of E\.run: "id" is not an option/,
      ],
      [
        () => {
          class S {
            run(
              @Sample({ request: { messages: [], maxTokens: 1 }, after: [], wen: () => true } as never) _x: unknown,
            ) {}
          }
          return S;
        },
        /^@Sample\(\) on parameter #0 of S\.run: "wen" is not an option; known: request, key, after, when\.$/,
      ],
      [
        () => {
          class L {
            run(@ListRoots({ kee: 'r' } as never) _x: unknown) {}
          }
          return L;
        },
        /^@ListRoots\(\) on parameter #0 of L\.run: "kee" is not an option; known: key, after, when\.$/,
      ],
    ];
    for (const [define, message] of cases) expect(decorate(define)).toMatch(message);
  });
});

describe('the Node faces', () => {
  test('listen, nodeHandler, serveStdio and stopOnSignals refuse a misspelt option before doing anything', async () => {
    const app = createApp(appModule());
    await expect(listen(app, { allowedHost: ['a'] } as never)).rejects.toThrow(
      'listen: "allowedHost" is not an option; known: port, host, path, allowedHosts, ',
    );
    expect(refusal(() => nodeHandler(app, { allowedHost: ['a'] } as never), InvalidConfigurationError)).toBe(
      'nodeHandler: "allowedHost" is not an option; known: allowedHosts, fastPath.',
    );
    expect(refusal(() => serveStdio(app, { legcy: 'reject' } as never), InvalidConfigurationError)).toMatch(
      /^serveStdio: "legcy" is not an option; known: legacy, transport, onerror, maxSubscriptions\.$/,
    );
    expect(refusal(() => serveStdio(app, { legacy: 'refuse' } as never), InvalidConfigurationError)).toBe(
      'serveStdio: legacy must be one of "serve", "reject", got "refuse".',
    );
    expect(refusal(() => stopOnSignals(app, { deadlineMs: 5 } as never), InvalidConfigurationError)).toBe(
      'stopOnSignals: "deadlineMs" is not an option; known: signals, exitDeadlineMs, exit.',
    );
    await app.close();
  });
});
