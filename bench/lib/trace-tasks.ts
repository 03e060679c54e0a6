/**
 * What the page's main thread did around each tap, from a Chrome trace: every task of the
 * renderer's main thread that overlaps the window from a tap's first input event to 400 ms after
 * it, with the time of its notable parts (script, style, layout, paint, …). For `bench:inp
 * --trace`: Event Timing says how long an interaction took, this says what took the time.
 */
type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string; url?: string; functionName?: string } };
};

const PARTS: Record<string, string> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  'v8.evaluateModule': 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  EventDispatch: 'script',
  RunMicrotasks: 'script',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  ParseHTML: 'parse',
  UpdateLayoutTree: 'style',
  ScheduleStyleRecalculation: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  Commit: 'paint',
  HitTest: 'hit-test',
  'V8.GC_SCAVENGER': 'gc',
  MinorGC: 'gc',
  MajorGC: 'gc',
};

export type TraceTask = { start: number; duration: number; parts: Record<string, number>; detail: string };

/** The renderer main thread of the page: the CrRendererMain thread that dispatched the taps. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const dispatcher = events.find(
    (event) => event.name === 'EventDispatch' && event.args?.data?.type === 'click',
  );
  return dispatcher ? { pid: dispatcher.pid, tid: dispatcher.tid } : null;
}

/** Tasks overlapping each tap's window, times in ms from the tap's first input event. */
export function tasksAroundTaps(trace: { traceEvents: TraceEvent[] }): TraceTask[][] {
  const events = trace.traceEvents;
  const thread = mainThread(events);
  if (!thread) return [];
  const own = events
    .filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const taps = own.filter(
    (event) => event.name === 'EventDispatch' && event.args?.data?.type === 'pointerdown',
  );
  const tasks = own.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > 1000);
  return taps.map((tap) => {
    const from = tap.ts - 50_000;
    const to = tap.ts + 400_000;
    return tasks
      .filter((task) => task.ts + (task.dur ?? 0) >= from && task.ts <= to)
      .map((task) => {
        const end = task.ts + (task.dur ?? 0);
        const parts: Record<string, number> = {};
        const names = new Map<string, number>();
        const within = own.filter(
          (event) => event.ts >= task.ts && event.ts < end && event !== task && PARTS[event.name],
        );
        for (const event of within) {
          const part = PARTS[event.name] as string;
          // Count only the outermost event of each part, so nested calls are not added twice.
          const inside = within.some(
            (outer) =>
              outer !== event &&
              PARTS[outer.name] === part &&
              outer.ts <= event.ts &&
              outer.ts + (outer.dur ?? 0) >= event.ts + (event.dur ?? 0) &&
              (outer.dur ?? 0) > (event.dur ?? 0),
          );
          if (inside) continue;
          parts[part] = (parts[part] ?? 0) + (event.dur ?? 0) / 1000;
          const label =
            event.name === 'EventDispatch' ? `${event.name}:${event.args?.data?.type}` : event.name;
          names.set(label, (names.get(label) ?? 0) + (event.dur ?? 0) / 1000);
        }
        const detail = [...names.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
          .join(', ');
        return { start: (task.ts - tap.ts) / 1000, duration: (task.dur ?? 0) / 1000, parts, detail };
      });
  });
}
