// The stick mat: the four sticks as the core draws them (yut-app `poses`) from the flight
// it planned (the same pose track the phones play for the same swipe), frame by frame with
// their shadows; before a throw, the sticks waiting on the mat. Pointer events (touch, pen, mouse) go to the
// core as the drag's samples, which it turns into the swipe.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Mat as MatSize, MatDrawn, StickDrawing, TableAction, TableState, ThrowFrames, ThrowShown } from '../pkg/yut_web';
import { send } from '../core';
import { board as colours } from '../theme';
import { t } from '../i18n';

interface Props {
  table: TableState;
  layout: MatDrawn | undefined;
  frames: ThrowFrames | undefined;
  /// A throw is held until the throw's simulation has downloaded.
  sticksComing: boolean;
  onSize: (w: number, h: number) => void;
}

const mat = (action: TableAction): void => send({ Table: { action } });

/// The sticks to draw at `now`, in the mat's points of `mat`: the core's frame of the
/// throw for the time since the release (its last, at rest, from the landing on), or the
/// sticks waiting on the mat before any throw. Only the clock is kept here.
export function sticksAt(shown: ThrowShown | null | undefined, frames: ThrowFrames | undefined, layout: MatDrawn | undefined, now: number): { sticks: StickDrawing[]; mat: MatSize | undefined } {
  if (shown && frames && frames.seq === shown.seq && frames.started_at_ms === shown.started_at_ms && frames.frames.length > 0) {
    const i = Math.floor((Math.max(0, now - shown.started_at_ms) * frames.fps) / 1000);
    return { sticks: frames.frames[Math.min(i, frames.frames.length - 1)]!, mat: shown.flight.mat };
  }
  return { sticks: layout?.waiting ?? [], mat: layout?.layout.mat };
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

function drawStick(ctx: CanvasRenderingContext2D, d: StickDrawing): void {
  const quad = (ox: number, oy: number): void => {
    ctx.beginPath();
    ctx.moveTo(d.x + ox + d.along_x + d.across_x, d.y + oy + d.along_y + d.across_y);
    ctx.lineTo(d.x + ox + d.along_x - d.across_x, d.y + oy + d.along_y - d.across_y);
    ctx.lineTo(d.x + ox - d.along_x - d.across_x, d.y + oy - d.along_y - d.across_y);
    ctx.lineTo(d.x + ox - d.along_x + d.across_x, d.y + oy - d.along_y + d.across_y);
    ctx.closePath();
  };
  ctx.globalAlpha = d.opacity;
  ctx.fillStyle = 'rgba(0,0,0,0.28)';
  quad(d.shadow_x, d.shadow_y);
  ctx.fill();
  ctx.fillStyle = d.flat_up ? colours.stick_flat! : colours.stick_round!;
  quad(0, 0);
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = colours.stick_grain!;
  ctx.stroke();
  if (d.flat_up && d.marked) {
    const [ax, ay, bx, by] = [d.along_x, d.along_y, d.across_x, d.across_y];
    ctx.strokeStyle = colours.stick_mark!;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(d.x - bx * 0.6 + ax * 0.1, d.y - by * 0.6 + ay * 0.1);
    ctx.lineTo(d.x + bx * 0.6 - ax * 0.1, d.y + by * 0.6 - ay * 0.1);
    ctx.moveTo(d.x + bx * 0.6 + ax * 0.1, d.y + by * 0.6 + ay * 0.1);
    ctx.lineTo(d.x - bx * 0.6 - ax * 0.1, d.y - by * 0.6 - ay * 0.1);
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
}

/// The mat without its sticks, drawn once per size into a canvas of its own: every frame
/// of a flight copies it (one image) instead of filling and stroking it again at the
/// device's pixel ratio.
let matImage: { key: string; canvas: HTMLCanvasElement } | undefined;

function matBackground(w: number, h: number, dpr: number, rim: number): HTMLCanvasElement | undefined {
  const key = `${w}x${h}@${dpr}/${rim}`;
  if (matImage?.key === key) return matImage.canvas;
  const c = document.createElement('canvas');
  c.width = Math.round(w * dpr);
  c.height = Math.round(h * dpr);
  const ctx = c.getContext('2d');
  if (!ctx) return undefined;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  drawMat(ctx, w, h, rim);
  matImage = { key, canvas: c };
  return c;
}

export function Mat({ table, layout, frames, sticksComing, onSize }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const shown = table.throw;
  const tableRef = useRef(table);
  tableRef.current = table;
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  const framesRef = useRef(frames);
  framesRef.current = frames;

  // The mat's size in CSS pixels, as the last layout left it: a frame of a flight reads it
  // here rather than asking the canvas (getBoundingClientRect in an animation frame forces
  // the style and layout of everything the latest view changed, inside the frame's script:
  // the long frames at each landing on a slowed phone).
  const size = useRef<{ w: number; h: number } | undefined>(undefined);
  const [, redraw] = useState(0);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver((entries) => {
      const r = entries[entries.length - 1]?.contentRect ?? el.getBoundingClientRect();
      size.current = { w: r.width, h: r.height };
      redraw((n) => n + 1);
      onSize(Math.round(r.width), Math.round(r.height));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    let raf = 0;
    const draw = (): void => {
      const c = canvas.current;
      const r = size.current;
      if (!c || !r) return;
      const dpr = window.devicePixelRatio || 1;
      if (c.width !== Math.round(r.w * dpr)) c.width = Math.round(r.w * dpr);
      if (c.height !== Math.round(r.h * dpr)) c.height = Math.round(r.h * dpr);
      const ctx = c.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      const w = r.w;
      const h = r.h;
      const th = tableRef.current.throw;
      const lay = layoutRef.current;
      const now = Date.now();
      const { sticks, mat: drawnOn } = sticksAt(th, framesRef.current, lay, now);
      const sx = drawnOn && drawnOn.width > 0 ? w / drawnOn.width : 1;
      const sy = drawnOn && drawnOn.height > 0 ? h / drawnOn.height : 1;
      const rim = (th?.flight.size.rim ?? lay?.layout.size.rim ?? 6) * sx;
      const bg = matBackground(w, h, dpr, rim);
      if (bg) {
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.drawImage(bg, 0, 0);
        ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      } else drawMat(ctx, w, h, rim);
      ctx.save();
      ctx.scale(sx, sy);
      for (const d of sticks) drawStick(ctx, d);
      ctx.restore();
      if (th && now < th.lands_at_ms + 50) raf = requestAnimationFrame(draw);
    };
    draw();
    return () => cancelAnimationFrame(raf);
  }, [shown?.seq, shown?.started_at_ms, frames?.seq, layout?.layout.mat.width, layout?.layout.mat.height, size.current]);

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
  const label = sticksComing ? t('web_sticks_coming') : table.can_throw ? t('game_swipe_hint') : table.throw && !table.throw.outcome ? t('game_sticks_flying') : t('mat_label');
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
      {sticksComing ? (
        <div class="mat-hint" role="status" data-testid="sticks-coming">{t('web_sticks_coming')}</div>
      ) : table.can_throw ? (
        <div class="mat-hint" aria-hidden="true">{t('game_swipe_hint')}</div>
      ) : null}
    </div>
  );
}
