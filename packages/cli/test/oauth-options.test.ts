import type { TesseraOAuthProvider } from '@tessera/client';
import { parseCommandLine, type CommandLine } from '../src/command/parse-command-line';
import { cliAuth } from '../src/connect/cli-auth';
import { CliError } from '../src/errors/cli-error';

const URL_ = 'http://127.0.0.1:3000/mcp';
const line = (argv: string[], env: Record<string, string> = {}) => parseCommandLine(argv, env) as CommandLine;

describe('tessera OAuth options', () => {
  it('reads --client-id, --client-secret, --scope and --no-browser', () => {
    expect(line(['tools', URL_]).oauth).toEqual({ browser: true });
    expect(
      line(['tools', URL_, '--client-id', 'ci', '--client-secret', 's', '--scope', 'mcp files:write', '--no-browser'])
        .oauth,
    ).toEqual({ clientId: 'ci', clientSecret: 's', scope: 'mcp files:write', browser: false });
  });

  it('takes the secret from TESSERA_CLIENT_SECRET, the command line winning', () => {
    expect(line(['tools', URL_, '--client-id', 'ci'], { TESSERA_CLIENT_SECRET: 'env' }).oauth.clientSecret).toBe('env');
    expect(
      line(['tools', URL_, '--client-id', 'ci', '--client-secret', 'argv'], { TESSERA_CLIENT_SECRET: 'env' }).oauth
        .clientSecret,
    ).toBe('argv');
  });

  it('refuses a secret without a client id (exit 2)', () => {
    const failure = (() => {
      try {
        return line(['tools', URL_], { TESSERA_CLIENT_SECRET: 'env' });
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(CliError);
    expect(failure).toMatchObject({ exitCode: 2 });
    expect((failure as Error).message).toMatch(/needs --client-id/);
  });

  it('sends no OAuth when the user gives an Authorization header', () => {
    expect(cliAuth({ browser: true }, { authorization: 'Bearer x' }, () => undefined)).toBeUndefined();
  });

  it('uses client credentials with a secret, the browser flow (a loopback redirect) without', async () => {
    const machine = cliAuth({ clientId: 'ci', clientSecret: 's', browser: true }, {}, () => undefined);
    expect(machine?.clientMetadata.grant_types).toEqual(['client_credentials']);
    expect(machine?.redirectUrl).toBeUndefined();
    const person = cliAuth({ clientId: 'desk', browser: true }, {}, () => undefined) as TesseraOAuthProvider;
    await person.prepare();
    try {
      expect(person.clientMetadata.grant_types).toEqual(['authorization_code', 'refresh_token']);
      expect(person.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      expect(await person.clientInformation()).toEqual({ client_id: 'desk' });
    } finally {
      await person.release();
    }
  });

  it.each([true, false])('prints the sign-in URL (browser opened: %s)', async (browser) => {
    const said: string[] = [];
    const opened: string[] = [];
    const provider = cliAuth(
      { browser },
      {},
      (l) => said.push(l),
      (u) => opened.push(u),
    ) as TesseraOAuthProvider;
    await provider.prepare();
    provider.state();
    provider.redirectToAuthorization(new URL('https://as.example/authorize?x=1'));
    await new Promise((resolve) => setImmediate(resolve));
    await provider.release();
    await expect(provider.authorizationResponse()).rejects.toThrow(/stopped before an answer came back/);
    expect(said).toEqual(['tessera: the server wants you to sign in; open https://as.example/authorize?x=1']);
    expect(opened).toEqual(browser ? ['https://as.example/authorize?x=1'] : []);
  });
});
