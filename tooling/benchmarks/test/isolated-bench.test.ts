import type { Measured } from '../src/support/measure';
import { timeCells, timeRatio } from '../src/support/isolated-bench';

const measured = (us: number, cpu: number): Measured => ({
  name: 'x',
  us,
  min: us - 1,
  max: us + 1,
  cpu,
  cpuMin: cpu - 1,
  cpuMax: cpu + 1,
  opsPerRound: 100,
  rounds: 1,
});

describe("the in-process benches' shared table cells", () => {
  it('prints wall [min-max], the rate and CPU [min-max] of a row', () => {
    const cells = timeCells(measured(20, 10)).split(' | ');
    expect(cells).toHaveLength(3);
    expect(cells[0]).toMatch(/^\S+ \[\S+-\S+\]$/);
    expect(cells[2]).toMatch(/^\S+ \[\S+-\S+\]$/);
  });

  it('prints a ratio of wall and of CPU time, 1.00 meaning the same', () => {
    expect(timeRatio(measured(30, 12), measured(20, 12))).toBe('1.50 / 1.00');
  });
});
