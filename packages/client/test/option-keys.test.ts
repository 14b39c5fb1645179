import {
  authorizationCode,
  clientCredentials,
  InvalidClientOptionsError,
  loopbackRedirect,
  TesseraClient,
  workloadIdentity,
} from '@tessera/client';

// A misspelt client option is refused by name, listing the known ones, instead of being silently ignored.

test('new TesseraClient refuses a misspelt option, and one in legRetry or tasks', () => {
  expect(() => new TesseraClient({ maxRound: 3 } as never)).toThrow(
    new InvalidClientOptionsError(
      'TesseraClient options: "maxRound" is not an option; known: name, version, protocol, maxRounds, logLevel, ' +
        'onLog, timeoutMs, refuse, hooks, sleep, restartOnInvalidState, legRetry, tasks, skills, elicitation, ' +
        'sampling, listRoots.',
    ),
  );
  expect(() => new TesseraClient({ legRetry: { retries: 0 } } as never)).toThrow(
    /^TesseraClient options\.legRetry: "retries" is not an option; known: maxRetries, /,
  );
  expect(() => new TesseraClient({ tasks: { interval: 5 } } as never)).toThrow(
    /^TesseraClient options\.tasks: "interval" is not an option; known: /,
  );
  expect(() => new TesseraClient({ tasks: false, legRetry: { maxRetries: 0 } })).not.toThrow();
});

test("connect's and a call's options refuse a misspelt key before anything is sent", async () => {
  const client = new TesseraClient();
  await expect(client.connect({ url: 'http://127.0.0.1:1/mcp' }, { timeout: 5 } as never)).rejects.toThrow(
    new InvalidClientOptionsError('connect options: "timeout" is not an option; known: timeoutMs, signal.'),
  );
  await expect(client.callTool({ name: 'x' }, { timeout: 5 } as never)).rejects.toThrow(
    /^call options: "timeout" is not an option; known: signal, timeoutMs, /,
  );
  await expect(client.callTool({ name: 'x' }, { task: 'follow' } as never)).rejects.toThrow(
    'call options: task must be one of "drive", "handle", got "follow".',
  );
});

test('the OAuth grants and loopbackRedirect refuse a misspelt option', () => {
  expect(() => clientCredentials({ clientId: 'a', clientSecret: 'b', scopes: 'mcp' } as never)).toThrow(
    new InvalidClientOptionsError(
      'clientCredentials: "scopes" is not an option; known: store, scope, dpop, clientName, clientId, clientSecret.',
    ),
  );
  expect(() => workloadIdentity({ clientId: 'a', assertion: () => 'x', clientSecret: 'b' } as never)).toThrow(
    /^workloadIdentity: "clientSecret" is not an option; known: /,
  );
  const redirect = loopbackRedirect({ open: () => undefined });
  expect(() => authorizationCode({ redirect, client_id: 'a' } as never)).toThrow(
    /^authorizationCode: "client_id" is not an option; known: store, scope, dpop, clientName, redirect, clientId, /,
  );
  expect(() => loopbackRedirect({ open: () => undefined, timeout: 5 } as never)).toThrow(
    'loopbackRedirect: "timeout" is not an option; known: open, port, path, timeoutMs.',
  );
});
