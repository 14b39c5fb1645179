import { acceleratorGain, verdictLine, verdictOf } from '../src/support/accelerator-verdict';

describe("an accelerator's verdict", () => {
  it('keeps an accelerator whose gain clears the spread of the rounds', () => {
    const gain = acceleratorGain({ where: '10 tools', on: [200, 210, 190], off: [100, 105, 95], better: 'higher' });
    expect(gain.gain).toEqual({ median: 2, min: 2, max: 2 });
    expect(gain.noise).toBeCloseTo(0.1);
    expect(gain.clears).toBe(true);
    expect(verdictOf([gain])).toBe('keeps its place');
  });

  it('removes one whose gain is inside the spread', () => {
    const gain = acceleratorGain({ where: '10 tools', on: [104, 90, 110], off: [100, 100, 100], better: 'higher' });
    expect(gain.clears).toBe(false);
    expect(verdictOf([gain])).toBe('inside the spread: remove');
  });

  it('reads a figure where lower is better the other way round', () => {
    const gain = acceleratorGain({ where: 'CPU', on: [50, 50], off: [100, 100], better: 'lower' });
    expect(gain.gain.median).toBe(2);
    expect(acceleratorGain({ where: 'CPU', on: [100, 100], off: [50, 50], better: 'lower' }).clears).toBe(false);
  });

  it('asks for another look when it clears on some loads only', () => {
    const clears = acceleratorGain({ where: '10 tools', on: [300, 300], off: [100, 100], better: 'higher' });
    const inside = acceleratorGain({ where: '1000 tools', on: [101, 95], off: [100, 100], better: 'higher' });
    expect(verdictOf([clears, inside])).toBe('inside the spread on some loads: look again');
  });

  it('prints one line per accelerator with each load and the verdict', () => {
    expect(
      verdictLine('core: lane', 'req/s', [{ where: '10 tools', on: [200, 200], off: [100, 100], better: 'higher' }]),
    ).toBe(
      '- core: lane (req/s, on ÷ off per round) 10 tools: ×2.00 [2.00-2.00] against a spread of 0 %: **keeps its place**',
    );
  });

  it('refuses rounds that do not pair up, naming the load', () => {
    expect(() => acceleratorGain({ where: '10 tools', on: [1, 2], off: [1], better: 'higher' })).toThrow(
      'accelerator gain (10 tools): on and off need the same rounds, got 2 and 1',
    );
  });
});
