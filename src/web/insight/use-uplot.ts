import { type RefObject, useEffect, useEffectEvent } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme } from '../lib/theme';

/** A colour of the current theme (a daisyUI variable: `--color-success`...), at `alpha` over `over` (another theme colour) or see-through. */
export const themeColor = (name: string, alpha: number | undefined = 1, over?: string) => {
  const css = getComputedStyle(document.documentElement);
  const value = css.getPropertyValue(`--color-${name}`).trim() || '#888';
  const under = over ? css.getPropertyValue(`--color-${over}`).trim() || 'transparent' : 'transparent';
  return alpha === 1 ? value : `color-mix(in oklch, ${value} ${Math.round(alpha * 100)}%, ${under})`;
};

/**
 * A uPlot chart in `container`, as wide as it is: rebuilt when the data or the theme change
 * (its colours are read from the theme), resized with its container.
 */
export function useUplot(container: RefObject<HTMLDivElement | null>, options: (width: number) => Omit<uPlot.Options, 'width' | 'height'>, data: uPlot.AlignedData, height = 240) {
  const theme = useTheme();
  const optionsFor = useEffectEvent((width: number) => options(width));
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const width = () => Math.max(200, Math.floor(el.clientWidth));
    // The theme is read by `options` (its colours): a change rebuilds the chart.
    void theme;
    const chart = new uPlot({ ...optionsFor(width()), width: width(), height }, data, el);
    const observer = new ResizeObserver(() => chart.setSize({ width: width(), height }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [container, data, theme, height]);
}

/** Axis styles that read well in both themes. */
export function axes(yLabel: string, yFormat?: (v: number) => string): uPlot.Axis[] {
  const stroke = themeColor('base-content', 0.8);
  const grid = { stroke: themeColor('base-content', 0.12), width: 1 };
  return [
    { stroke, grid, ticks: grid, font: '11px system-ui, sans-serif' },
    { stroke, grid, ticks: grid, font: '11px system-ui, sans-serif', label: yLabel, labelFont: '12px system-ui, sans-serif', size: 48, values: yFormat ? (_u, vals) => vals.map(yFormat) : undefined },
  ];
}

/** The x range with half a period on each side, so the first and last bars are whole. */
export const padded =
  (bucket: 'week' | 'month'): uPlot.Range.Function =>
  (_u, min, max) => {
    const half = ((bucket === 'week' ? 7 : 30.5) * 86_400) / 2;
    return [min - half, max + half];
  };

/** Seconds of a YYYY-MM-DD day (midnight UTC: the axis shows the day as written). */
export const secondsOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
export { uPlot };
