import { silentLogger } from '@tessera/core';
import { createDecoratedDeployer, createDeployerHandler, InProcessKms } from '../src/index';
import { runDeployerDemo } from '../src/run-demo';

function kmsWithKey(): InProcessKms {
  const kms = new InProcessKms();
  kms.createKey('alias/rs');
  return kms;
}

describe('deployer demo', () => {
  test('the plain SDK deployer: one question, the state shown sealed, the ticket only in the result', async () => {
    const lines: string[] = [];
    const text = await runDeployerDemo(createDeployerHandler({ kms: kmsWithKey(), keyId: 'alias/rs' }), (l) =>
      lines.push(l),
    );
    expect(text).toBe('Deployed api to eu-west-1 under CHG-3-internal');
    expect(lines[0]).toBe('-> tools/call deploy');
    expect(lines[1]).toMatch(/^<- input required, requestState kms1\.\.\. \(\d+ chars\)$/);
    expect(lines[2]).toBe('   ? "Which region should api go to?" -> eu-west-1');
    expect(lines[3]).toMatch(/^-> tools\/call deploy with requestState kms1\.\.\. \(\d+ chars\)$/);
    expect(lines[4]).toBe('<- result');
    expect(lines.slice(0, 5).join('\n')).not.toContain('CHG-3');
  });

  test('the decorated deployer answers the same flow', async () => {
    const app = createDecoratedDeployer({ kms: kmsWithKey(), keyId: 'alias/rs', logger: silentLogger });
    const lines: string[] = [];
    try {
      const text = await runDeployerDemo(app, (l) => lines.push(l), 'ap-south-1');
      expect(text).toContain('ap-south-1');
      expect(lines.filter((l) => l.startsWith('->'))).toHaveLength(2);
      expect(lines.some((l) => /^<- input required, requestState kms1\./.test(l))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
