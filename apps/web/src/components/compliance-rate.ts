import type { BadgeTone } from './badge';

/** Spec section 9: 90 or more is good (green), 75 to under 90 a warning (amber), below 75 poor (red). */
export type RateLevel = 'good' | 'warning' | 'poor';

export const GOOD_RATE = 90;
export const WARNING_RATE = 75;

export function rateLevel(rate: number): RateLevel {
  if (rate >= GOOD_RATE) return 'good';
  if (rate >= WARNING_RATE) return 'warning';
  return 'poor';
}

interface RateStyle {
  label: string;
  /** Text colour for a large figure. */
  text: string;
  /** Fill of a bar or a chart segment. */
  fill: string;
  /** The SVG fill of the same colour. */
  svgFill: string;
  /** The matching badge colour. */
  tone: BadgeTone;
}

const STYLES: Record<RateLevel, RateStyle> = {
  good: { label: 'Good', text: 'text-green-600', fill: 'bg-green-500', svgFill: 'fill-green-500', tone: 'green' },
  warning: { label: 'Warning', text: 'text-amber-600', fill: 'bg-amber-500', svgFill: 'fill-amber-500', tone: 'amber' },
  poor: { label: 'Poor', text: 'text-red-600', fill: 'bg-red-500', svgFill: 'fill-red-500', tone: 'red' },
};

export function rateStyle(rate: number): RateStyle {
  return STYLES[rateLevel(rate)];
}

/** A rate as the screens print it: '65.4%', '59%'. */
export function formatRate(rate: number): string {
  return `${Number.isInteger(rate) ? rate : rate.toFixed(1)}%`;
}

/** Keeps a bar's width inside 0–100%. */
export function barWidth(rate: number): string {
  return `${Math.min(100, Math.max(0, rate))}%`;
}
