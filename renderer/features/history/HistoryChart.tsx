import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { t } from '@lingui/core/macro';
import { formatLocales } from '../../i18n';
import type { HistoryPoint, TimelineEvent } from '../../../shared/model/history';
import { slotsWithGaps, type ChartSlot } from './gaps';
import { timeTickFormat } from './timeTicks';

/**
 * The History chart on a canvas with uPlot, which is imported here on first use so that only this
 * view loads it. Figures arrive as decimal strings: they become floats only as plotting
 * coordinates, and the hover readout (drawn by the view) shows the strings themselves.
 */
export function HistoryChart(props: {
  points: HistoryPoint[];
  /** The time axis (Unix ms): the whole range, even where it has no snapshot yet. */
  from: number;
  to: number;
  /** Asset mode draws the amount too, on its own scale. */
  withAmount: boolean;
  events: TimelineEvent[];
  label: string;
  onHover(index: number | null): void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const onHover = useRef(props.onHover);
  // The chart is built once per data; the latest handler is read when the cursor moves.
  useEffect(() => {
    onHover.current = props.onHover;
  });

  useEffect(() => {
    const host = box.current;
    if (!host) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const color = (name: string) => resolveColor(host, name);
        // A break where snapshots stop for a while: uPlot leaves a null out of the line (spanGaps off).
        const slots = slotsWithGaps(props.points.map((p) => p.at));
        const pointAt = (slot: ChartSlot) => (slot.point === null ? undefined : props.points[slot.point]);
        const xs = slots.map((slot) => slot.at / 1000);
        const values = slots.map((slot) => {
          const value = pointAt(slot)?.value;
          return value === undefined || value === null ? null : Number(value);
        });
        const amounts = slots.map((slot) => {
          const amount = pointAt(slot)?.amount;
          return amount === undefined ? null : Number(amount);
        });
        const data: uPlot.AlignedData = props.withAmount ? [xs, values, amounts] : [xs, values];
        const few = props.points.length < 60;
        const accent = color('--accent');
        const muted = color('--text-muted');
        const grid = color('--border');
        const marks = props.events.map((e) => ({ x: e.at / 1000, color: color(e.kind === 'alert_fired' ? '--warning' : '--info') }));
        const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
        // Tick labels in the chosen language (uPlot's own are English: "2pm", "11/22/26",
        // "2,500,000,000"). Ticks are plot coordinates, not amounts: the exact figures are in the
        // readout above the chart, so a compact label is right here, with as many digits as it
        // takes for neighbouring labels to differ (a flat day of a large total).
        const locales = formatLocales() as string[] | undefined;
        const tickTime = new Intl.DateTimeFormat(locales, timeTickFormat(props.from, props.to));
        // The drawn labels are also written on the chart's element (data-x-ticks, data-y-ticks), so
        // what the canvas shows can be read back: by the browser specs, and by nothing else.
        const drawn = { x: [] as { label: string; at: number }[], y: [] as string[] };
        const numberTicks = (_u: uPlot, splits: number[]) => (drawn.y = distinctLabels(splits, locales));
        const timeTicks = (u: uPlot, splits: number[]) => {
          const labels = splits.map((v) => tickTime.format(new Date(v * 1000)));
          drawn.x = labels.map((label, i) => ({ label, at: Math.round(u.valToPos(splits[i]!, 'x')) }));
          return labels;
        };
        // Room for the widest label at about 7.5 px a character, so labels never run together.
        const timeSpace = 24 + 7.5 * tickTime.format(new Date(props.to)).length;
        const fit = (_u: uPlot, labels: string[] | null) => 18 + 7.5 * Math.max(4, ...(labels ?? []).map((l) => l.length));
        const options: uPlot.Options = {
          width: Math.max(200, host.clientWidth),
          height: 280,
          legend: { show: false },
          // The nearest point answers wherever the cursor is over the plot, however far from it.
          cursor: { y: false, points: { size: 10 }, hover: { prox: Infinity } },
          scales: {
            x: { time: true, range: [Math.min(props.from, props.to - 10_000) / 1000, props.to / 1000] },
            // Around the data, never stretched to zero: a single snapshot gets a narrow band round it.
            y: { range: (_u, min, max) => fitRange(UPlot, min, max) },
            amount: { range: (_u, min, max) => fitRange(UPlot, min, max) },
          },
          series: [
            {},
            { label: 'Value', stroke: accent, width: 2, fill: color('--accent-soft'), points: { show: few }, spanGaps: false },
            ...(props.withAmount ? [{ label: 'Amount', stroke: color('--positive'), width: 1.5, scale: 'amount', points: { show: few }, spanGaps: false }] : []),
          ],
          axes: [
            { ...axis, space: timeSpace, values: timeTicks },
            { ...axis, size: fit, values: numberTicks },
            ...(props.withAmount ? [{ ...axis, scale: 'amount', side: 1, grid: { show: false }, size: fit, values: numberTicks }] : []),
          ],
          hooks: {
            // Leaving the plot for an axis keeps the last point: the readout clears only when the
            // pointer leaves the whole chart (onMouseLeave below).
            // A break in the line has no figures: the readout keeps the snapshot it showed.
            setCursor: [
              (u) => {
                const point = u.cursor.idx == null ? null : (slots[u.cursor.idx]?.point ?? null);
                if (point !== null) onHover.current(point);
              },
            ],
            // Withdrawals sent and alerts fired, as vertical marks across the plot.
            draw: [
              () => {
                host.dataset.xTicks = JSON.stringify(drawn.x);
                host.dataset.yTicks = JSON.stringify(drawn.y);
              },
              (u) => {
                const ctx = u.ctx;
                ctx.save();
                ctx.lineWidth = 2 * devicePixelRatio;
                ctx.setLineDash([4 * devicePixelRatio, 4 * devicePixelRatio]);
                for (const mark of marks) {
                  const x = Math.round(u.valToPos(mark.x, 'x', true));
                  if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) continue;
                  ctx.strokeStyle = mark.color;
                  ctx.beginPath();
                  ctx.moveTo(x, u.bbox.top);
                  ctx.lineTo(x, u.bbox.top + u.bbox.height);
                  ctx.stroke();
                }
                ctx.restore();
              },
            ],
          },
        };
        chart = new UPlot(options, data, host);
        observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(200, host.clientWidth), height: 280 }));
        observer.observe(host);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [props.points, props.withAmount, props.events, props.from, props.to]);

  if (failed) return <p className="history-chart__failed">{t`The chart could not be drawn. The figures above are still exact.`}</p>;
  return <div ref={box} className="history-chart" role="img" aria-label={props.label} data-testid="history-chart" onMouseLeave={() => props.onHover(null)} />;
}

/**
 * Tick labels with the fewest significant digits (at least 3) at which no two neighbours read the
 * same; past 15 digits a float cannot tell them apart anyway.
 */
export function distinctLabels(splits: number[], locales: string[] | undefined): string[] {
  let labels: string[] = [];
  for (let digits = 3; digits <= 15; digits++) {
    const format = new Intl.NumberFormat(locales, { notation: 'compact', maximumSignificantDigits: digits });
    labels = splits.map((v) => format.format(v));
    if (labels.every((label, i) => i === 0 || label !== labels[i - 1])) return labels;
  }
  return labels;
}

function fitRange(UPlot: typeof uPlot, min: number, max: number): uPlot.Range.MinMax {
  if (min === max) {
    const pad = Math.abs(min) * 0.001 || 1;
    return [min - pad, max + pad];
  }
  return UPlot.rangeNum(min, max, 0.1, false);
}

/** A design token as a colour the canvas understands (tokens use light-dark(), resolved by the page). */
function resolveColor(host: HTMLElement, token: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${token})`;
  probe.hidden = true;
  host.append(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return value || 'currentColor';
}
