import { fmtSpread, spread, type Spread } from './http-config';

/**
 * Whether an accelerator earns its place, from one run's rounds with it on and off (same rounds, side by side):
 * its gain per round (on ÷ off for a figure where higher is better, off ÷ on where lower is) against the
 * run-to-run spread of those rounds (the wider of the two variants' (max - min) ÷ median). A gain that does not
 * clear the spread is one the bench cannot tell from noise, and such a shortcut goes (issue #40, rule 4).
 */
export interface AcceleratorEvidence {
  /** What the figure is measured on, e.g. `10 tools`. */
  where: string;
  on: number[];
  off: number[];
  better: 'higher' | 'lower';
}

export interface AcceleratorGain {
  where: string;
  /** Per round, above 1 = the accelerator helps. */
  gain: Spread;
  /** Run-to-run spread of the rounds, as a fraction of the median (0.08 = 8 %). */
  noise: number;
  clears: boolean;
}

export type Verdict = 'keeps its place' | 'inside the spread: remove' | 'inside the spread on some loads: look again';

export function acceleratorGain(evidence: AcceleratorEvidence): AcceleratorGain {
  const { where, on, off, better } = evidence;
  if (on.length === 0 || on.length !== off.length)
    throw new Error(`accelerator gain (${where}): on and off need the same rounds, got ${on.length} and ${off.length}`);
  const gain = spread(on.map((value, round) => (better === 'higher' ? value / off[round]! : off[round]! / value)));
  const relative = (values: number[]) => {
    const s = spread(values);
    return (s.max - s.min) / s.median;
  };
  const noise = Math.max(relative(on), relative(off));
  return { where, gain, noise, clears: gain.median - 1 > noise };
}

export function verdictOf(gains: AcceleratorGain[]): Verdict {
  if (gains.every((g) => g.clears)) return 'keeps its place';
  return gains.some((g) => g.clears) ? 'inside the spread on some loads: look again' : 'inside the spread: remove';
}

/** One line per accelerator: its gain and the spread on each load, then the verdict. */
export function verdictLine(accelerator: string, metric: string, evidence: AcceleratorEvidence[]): string {
  const gains = evidence.map(acceleratorGain);
  const parts = gains.map(
    (g) => `${g.where}: ×${fmtSpread(g.gain, 2)} against a spread of ${(g.noise * 100).toFixed(0)} %`,
  );
  return `- ${accelerator} (${metric}, on ÷ off per round) ${parts.join('; ')}: **${verdictOf(gains)}**`;
}
