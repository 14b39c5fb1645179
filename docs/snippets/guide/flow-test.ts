import { answer, createFlowTester, FakeClock } from '@tessera/testing';
import { machinesModule } from '../shared/machines';

// #region example
const clock = new FakeClock();
const tester = await createFlowTester(machinesModule, { clock }); // an app module, or a built app

const flow = await tester.callTool(
  'provision',
  { name: 'web1' },
  { answers: { region: [answer.wrong({ region: 'moon' }), answer.accept({ region: 'eu' })] } },
);
flow
  .expectRounds(2)
  .expectAsked(1, {
    region: { message: 'Where should web1 run?', schema: { properties: { region: { enum: ['eu', 'us'] } } } },
  })
  .expectAsked(2, ['region'])
  .expectResult('provisioned web1 in eu');

const late = await tester.callTool(
  'provision',
  { name: 'web1' },
  {
    answers: { region: answer.accept({ region: 'eu' }) },
    beforeRetry: () => clock.advanceSeconds(601), // past the 600 s TTL
  },
);
late.expectError({ code: -32602, message: 'Invalid or expired requestState' });
await tester.close();
// #endregion example
