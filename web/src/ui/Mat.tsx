// The stick mat: the four sticks drawn from the flight the core planned (the same pose
// track the phones play for the same swipe), in a light perspective with their shadows;
// before a throw, the bundle in the hand. Pointer events (touch, pen, mouse) go to the
// core as the drag's samples, which it turns into the swipe.
import { useEffect, useRef } from 'preact/hooks';
import type { MatLayout, Pose, TableAction, TableState, ThrowShown } from '../pkg/yut_web';
import { send } from '../core';
import { board as colours } from '../theme';
import { t } from '../i18n';

interface Props {
  table: TableState;
  layout: MatLayout | undefined;
  onSize: (w: number, h: number) => void;
}

const mat = (action: TableAction): void => send({ Table: { action } });

/// The poses to draw at `now`: the flight's frame, a drop onto the resting poses, or the
/// bundle in the hand.
export function posesAt(shown: ThrowShown | null | undefined, layout: MatLayout | undefined, w: number, h: number, now: number): Pose[] {
  if (shown && shown.flight.sticks.length === 4) {
    const f = shown.flight;
    const elapsed = Math.max(0, now - shown.started_at_ms);
    if (shown.motion === 'Drop') {
      const span = Math.max(1, shown.lands_at_ms - shown.started_at_ms);
      const left = Math.max(0, 1 - elapsed / span);
      const lift = (layout?.release_height ?? 60) * left * left;
      return f.sticks.map((s) => {
        const p = s.frames[s.frames.length - 1]!;
        return { ...p, z: p.z + lift };
      });
    }
    const i = Math.floor((elapsed * f.fps) / 1000);
    return f.sticks.map((s) => s.frames[Math.min(i, s.frames.length - 1)]!);
  }
  const spacing = layout?.hand_spacing ?? 22;
  const z = layout?.size.thickness ?? 4;
  return [0, 1, 2, 3].map((k) => ({
    x: w / 2 + (k - 1.5) * spacing,
    y: h * 0.62,
    z,
    axis_x: 0, axis_y: -1, axis_z: 0,
    normal_x: 0, normal_y: 0, normal_z: 1,
  }));
}

function drawMat(ctx: CanvasRenderingContext2D, w: number, h: number, rim: number): void {
  ctx.fillStyle = colours.floor!;
  ctx.fillRect(0, 0, w, h);
  const g = ctx.createLinearGradient(0, 0, 0, h);
  g.addColorStop(0, colours.mat_far!);
  g.addColorStop(1, colours.mat!);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = colours.mat_straw!;
  ctx.lineWidth = 1;
  for (let y = 4; y < h; y += 6) {
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.lineTo(w, y);
    ctx.stroke();
  }
  ctx.strokeStyle = colours.mat_weave!;
  for (let x = 10; x < w; x += 22) {
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x, h);
    ctx.stroke();
  }
  ctx.lineWidth = Math.max(2, rim);
  ctx.strokeStyle = colours.rim!;
  ctx.strokeRect(ctx.lineWidth / 2, ctx.lineWidth / 2, w - ctx.lineWidth, h - ctx.lineWidth);
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = colours.rim_top!;
  ctx.strokeRect(rim, rim, w - 2 * rim, h - 2 * rim);
}

function drawStick(ctx: CanvasRenderingContext2D, p: Pose, length: number, width: number, marked: boolean, w: number, h: number): void {
  // A light perspective: higher is larger and a little further up the screen.
  // Seen from above: a stick in the air is larger, and its shadow further off.
  const depth = 2.5 * Math.max(w, h);
  const s = depth / Math.max(depth * 0.4, depth - p.z);
  const cx = w / 2 + (p.x - w / 2) * s;
  const cy = h / 2 + (p.y - h / 2) * s;
  // The side across the flat face: normal × axis.
  const sx = p.normal_y * p.axis_z - p.normal_z * p.axis_y;
  const sy = p.normal_z * p.axis_x - p.normal_x * p.axis_z;
  const ax = p.axis_x * length * 0.5 * s;
  const ay = p.axis_y * length * 0.5 * s;
  const half = Math.max(0.18, Math.hypot(sx, sy)) * width * 0.5 * s;
  const sl = Math.hypot(sx, sy) || 1;
  const bx = (sx / sl) * half;
  const by = (sy / sl) * half;
  const quad = (ox: number, oy: number): void => {
    ctx.beginPath();
    ctx.moveTo(cx + ox + ax + bx, cy + oy + ay + by);
    ctx.lineTo(cx + ox + ax - bx, cy + oy + ay - by);
    ctx.lineTo(cx + ox - ax - bx, cy + oy - ay - by);
    ctx.lineTo(cx + ox - ax + bx, cy + oy - ay + by);
    ctx.closePath();
  };
  // Shadow on the mat, offset by the height.
  ctx.fillStyle = 'rgba(0,0,0,0.28)';
  quad(p.z * 0.25 + 2, p.z * 0.4 + 2);
  ctx.fill();
  const flat = p.normal_z > 0;
  ctx.fillStyle = flat ? colours.stick_flat! : colours.stick_round!;
  quad(0, 0);
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = colours.stick_grain!;
  ctx.stroke();
  if (flat && marked) {
    ctx.strokeStyle = colours.stick_mark!;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(cx - bx * 0.6 + ax * 0.1, cy - by * 0.6 + ay * 0.1);
    ctx.lineTo(cx + bx * 0.6 - ax * 0.1, cy + by * 0.6 - ay * 0.1);
    ctx.moveTo(cx + bx * 0.6 + ax * 0.1, cy + by * 0.6 + ay * 0.1);
    ctx.lineTo(cx - bx * 0.6 - ax * 0.1, cy - by * 0.6 - ay * 0.1);
    ctx.stroke();
  }
}

export function Mat({ table, layout, onSize }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const shown = table.throw;
  const tableRef = useRef(table);
  tableRef.current = table;
  const layoutRef = useRef(layout);
  layoutRef.current = layout;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => {
      const r = el.getBoundingClientRect();
      onSize(Math.round(r.width), Math.round(r.height));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    let raf = 0;
    const draw = (): void => {
      const c = canvas.current;
      if (!c) return;
      const r = c.getBoundingClientRect();
      const dpr = window.devicePixelRatio || 1;
      if (c.width !== Math.round(r.width * dpr)) c.width = Math.round(r.width * dpr);
      if (c.height !== Math.round(r.height * dpr)) c.height = Math.round(r.height * dpr);
      const ctx = c.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      const w = r.width;
      const h = r.height;
      const th = tableRef.current.throw;
      const lay = layoutRef.current;
      const f = th?.flight;
      const sx = f && f.mat.width > 0 ? w / f.mat.width : 1;
      const sy = f && f.mat.height > 0 ? h / f.mat.height : 1;
      drawMat(ctx, w, h, (f?.size.rim ?? lay?.size.rim ?? 6) * sx);
      const now = Date.now();
      const poses = posesAt(th, lay, w, h, now);
      const length = f?.size.length ?? lay?.size.length ?? 90;
      const width = f?.size.width ?? lay?.size.width ?? 14;
      const order = poses.map((p, i) => ({ p, i })).sort((a, b) => a.p.z - b.p.z);
      ctx.save();
      ctx.scale(sx, sy);
      for (const { p, i } of order) drawStick(ctx, p, length, width, f ? (f.sticks[i]?.marked ?? false) : i === 0, w / sx, h / sy);
      ctx.restore();
      if (th && now < th.lands_at_ms + 50) raf = requestAnimationFrame(draw);
    };
    draw();
    return () => cancelAnimationFrame(raf);
  }, [shown?.seq, shown?.started_at_ms, layout?.mat.width, layout?.mat.height]);

  const down = (e: PointerEvent): void => {
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    mat({ SwipeStart: { x: e.offsetX, y: e.offsetY, t_ms: e.timeStamp } });
  };
  const move = (e: PointerEvent): void => {
    if ((e.currentTarget as HTMLElement).hasPointerCapture(e.pointerId)) {
      for (const c of e.getCoalescedEvents?.() ?? [e]) mat({ SwipeMove: { x: c.offsetX, y: c.offsetY, t_ms: c.timeStamp } });
    }
  };
  const up = (e: PointerEvent): void => {
    mat({ SwipeEnd: { x: e.offsetX, y: e.offsetY, t_ms: e.timeStamp } });
  };
  const label = table.can_throw ? t('game_swipe_hint') : table.throw && !table.throw.outcome ? t('game_sticks_flying') : t('mat_label');
  return (
    <div class="mat" ref={box}>
      <canvas
        ref={canvas}
        class="mat-canvas"
        role="img"
        aria-label={label}
        data-testid="mat"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      {table.can_throw ? <div class="mat-hint" aria-hidden="true">{t('game_swipe_hint')}</div> : null}
    </div>
  );
}
