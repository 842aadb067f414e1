import { type RefObject, useEffect, useEffectEvent, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Bucket } from '../../shared/insight/model';
import { useTheme } from '../lib/theme';
import { type InsightFormats, useInsightFormats } from './format';

/** A colour of the current theme (a daisyUI variable: `--color-success`...), at `alpha` over `over` (another theme colour) or see-through. */
export const themeColor = (name: string, alpha: number | undefined = 1, over?: string) => {
  const css = getComputedStyle(document.documentElement);
  const value = css.getPropertyValue(`--color-${name}`).trim() || '#888';
  const under = over ? css.getPropertyValue(`--color-${over}`).trim() || 'transparent' : 'transparent';
  return alpha === 1 ? value : `color-mix(in oklch, ${value} ${Math.round(alpha * 100)}%, ${under})`;
};

/**
 * A uPlot chart in `container`, as wide as it is: rebuilt when the data, the theme (its colours
 * are read from the theme) or `texts` (its labels, in the current language) change, resized with
 * its container.
 */
export function useUplot(container: RefObject<HTMLDivElement | null>, options: (width: number) => Omit<uPlot.Options, 'width' | 'height'>, data: uPlot.AlignedData, texts: string, height = 240) {
  const theme = useTheme();
  const optionsFor = useEffectEvent((width: number) => options(width));
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const width = () => Math.max(200, Math.floor(el.clientWidth));
    // The theme is read by `options` (its colours), the texts are its labels: a change rebuilds the chart.
    void theme;
    void texts;
    const chart = new uPlot({ ...optionsFor(width()), width: width(), height }, data, el);
    const observer = new ResizeObserver(() => chart.setSize({ width: width(), height }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [container, data, theme, texts, height]);
}

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';
const WEEKDAYS = (style: 'long' | 'short') => Array.from({ length: 7 }, (_, d) => new Intl.DateTimeFormat('bn-BD', { weekday: style, timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 2, 1 + d))));

/** uPlot's time labels ("Jan", "8/28", "2026") in Bangla: Bangla month names and digits, the day first. */
function banglaDates(formats: InsightFormats): uPlot.Options['fmtDate'] {
  const names: uPlot.DateNames = { MMM: formats.months, MMMM: formats.months, WWW: WEEKDAYS('short'), WWWW: WEEKDAYS('long') };
  return (tpl) => {
    // Days as Bangladesh writes them: "২৮ আগ", not the American "৮/২৮".
    const format = uPlot.fmtDate(tpl.replace('{M}/{D}', '{D} {MMM}'), names);
    return (date) => format(date).replace(/\d/g, (d) => BANGLA_DIGITS[Number(d)]!);
  };
}

/** Axis styles that read well in both themes, with the language's digits and a font that has them. */
function axes(formats: InsightFormats, yLabel: string, yFormat: (v: number) => string): uPlot.Axis[] {
  const stroke = themeColor('base-content', 0.8);
  const grid = { stroke: themeColor('base-content', 0.12), width: 1 };
  const family = formats.lang === 'bn' ? '"Noto Sans Bengali", system-ui, sans-serif' : 'system-ui, sans-serif';
  return [
    { stroke, grid, ticks: grid, font: `11px ${family}` },
    { stroke, grid, ticks: grid, font: `11px ${family}`, label: yLabel, labelFont: `12px ${family}`, size: 48, values: (_u, vals) => vals.map(yFormat) },
  ];
}

/** The x range with half a period on each side, so the first and last bars are whole. */
const padded =
  (bucket: Bucket): uPlot.Range.Function =>
  (_u, min, max) => {
    const half = ((bucket === 'week' ? 7 : 30.5) * 86_400) / 2;
    return [min - half, max + half];
  };

/** Seconds of a YYYY-MM-DD day (midnight UTC: the axis shows the day as written). */
const secondsOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

export interface TimeChart<P extends { start: string }> {
  points: P[];
  bucket: Bucket;
  /** The y values of each series, per point (a stable function: the data are memoised on it). */
  columns: (points: P[]) => (number | null)[][];
  /** The top of the y scale for the highest value shown. */
  yMax: (max: number) => number;
  yLabel: string;
  yFormat: (v: number) => string;
  /** The series after x, in `columns`' order (called at each build: they read the theme's colours). */
  series: () => uPlot.Series[];
}

/**
 * A chart of values per period (the requests and pledge charts): no uPlot legend or cursor (each
 * chart has its own legend and table), half a period of room on each side, labels in the current
 * language. Returns the ref of the element to draw in.
 */
export function useTimeChart<P extends { start: string }>(chart: TimeChart<P>) {
  const ref = useRef<HTMLDivElement>(null);
  const formats = useInsightFormats();
  const { points, columns } = chart;
  const data = useMemo<uPlot.AlignedData>(() => [points.map((p) => secondsOf(p.start)), ...columns(points)], [points, columns]);
  // The y label and the digits are the chart's only texts (uPlot's own legend is off).
  const texts = `${formats.lang}|${chart.yLabel}`;
  useUplot(
    ref,
    () => ({
      legend: { show: false },
      cursor: { show: false },
      ...(formats.lang === 'bn' ? { fmtDate: banglaDates(formats) } : {}),
      scales: { x: { time: true, range: padded(chart.bucket) }, y: { range: (_u, _min, max) => [0, chart.yMax(max)] } },
      axes: axes(formats, chart.yLabel, chart.yFormat),
      series: [{}, ...chart.series()],
    }),
    data,
    texts,
  );
  return ref;
}

export { uPlot };
