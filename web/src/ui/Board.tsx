// The 말판: 29 stations and their lines from the core's layout, the stacks on them, the
// pieces that may move, the picked piece's destinations, the hint, and the last move
// travelling along its path. SVG, so each station is a button a screen reader names.
import type { BoardLayout, Spot, TableState, StackView } from '../pkg/yut_web';
import { send } from '../core';
import { t } from '../i18n';
import { spotKey, stationName } from './words';
import { useNow } from './frames';

const PAD = 9;
const SPAN = 100 - 2 * PAD;
const at = (v: number): number => PAD + v * SPAN;

const tap = (spot: Spot): void => send({ Table: { action: { Tap: { spot } } } });

/// Where the last move's stack is now (unit square), while it travels.
function travelling(table: TableState, now: number): { x: number; y: number } | undefined {
  const m = table.last_move;
  if (!m || now >= m.lands_at_ms || m.points.length < 2 || m.step_ms === 0) return undefined;
  const steps = (now - m.started_at_ms) / m.step_ms;
  if (steps < 0) return m.points[0];
  const i = Math.min(Math.floor(steps), m.points.length - 2);
  const f = Math.min(steps - i, 1);
  const a = m.points[i]!;
  const b = m.points[i + 1]!;
  return { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f };
}

function Stack({ s, x, y }: { s: StackView | { counts: StackView['counts']; size: number }; x: number; y: number }) {
  const first = s.counts[0];
  return (
    <g class="stack" pointer-events="none">
      {s.counts.map((c, i) => (
        <circle cx={at(x) + i * 1.2} cy={at(y) - i * 1.2} r={3.3} fill={c.colour} stroke="#fff" stroke-width={0.6} />
      ))}
      {s.size > 1 && (
        <text x={at(x) + (s.counts.length - 1) * 1.2} y={at(y) - (s.counts.length - 1) * 1.2 + 1.4} class="count">
          {s.size}
        </text>
      )}
      {first === undefined ? null : null}
    </g>
  );
}

export function Board({ board, table }: { board: BoardLayout; table: TableState }) {
  const moving = table.last_move ? table.last_move.lands_at_ms : 0;
  const now = useNow(moving);
  const pos = travelling(table, now);
  const hidden = pos && table.last_move ? spotKey(table.last_move.path[table.last_move.path.length - 1] ?? 'Done') : '';
  const byId = new Map(board.stations.map((s) => [s.id, s]));
  const movable = new Set(table.movable.map(spotKey));
  const dests = new Map((table.selection?.destinations ?? []).map((d) => [spotKey(d.to), d]));
  const hintTo = table.hint ? spotKey(table.hint.mv.to) : undefined;
  const picked = table.selection ? spotKey(table.selection.from) : undefined;
  const stacks = table.snapshot.stacks;
  return (
    <svg class="board" viewBox="0 0 100 100" role="group" aria-label={t('board_label')}>
      <rect x="1" y="1" width="98" height="98" rx="3" class="board-paper" />
      {board.lines.map((l) => {
        const a = byId.get(l.from);
        const b = byId.get(l.to);
        return a && b ? <line x1={at(a.x)} y1={at(a.y)} x2={at(b.x)} y2={at(b.y)} class="board-line" /> : null;
      })}
      {board.stations.map((s) => {
        const here = stacks.find((k) => k.station === s.id);
        const dest = dests.get(s.id);
        const label = [
          stationName(board, s.id),
          here ? here.counts.map((c) => t('board_stack_short', c.count)).join(', ') : '',
          dest ? t('board_move_to', stationName(board, s.id)) : '',
        ].filter(Boolean).join(' · ');
        return (
          <g
            class={`station${movable.has(s.id) ? ' movable' : ''}${dest ? ' dest' : ''}${picked === s.id ? ' picked' : ''}`}
            role="button"
            tabIndex={movable.has(s.id) || dest ? 0 : -1}
            aria-label={label}
            data-station={s.id}
            onClick={() => tap({ Station: { id: s.id } })}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && tap({ Station: { id: s.id } })}
          >
            <circle cx={at(s.x)} cy={at(s.y)} r={s.corner_or_center ? 4.6 : 2.9} class="spot" />
            {s.corner_or_center && s.name_korean ? (
              <text x={at(s.x)} y={at(s.y) + (s.y > 0.5 ? -6.2 : 8.4)} class="corner-name">{s.name_korean}</text>
            ) : null}
            {dest ? <circle cx={at(s.x)} cy={at(s.y)} r={4.8} class="dest-ring" /> : null}
            {hintTo === s.id ? <circle cx={at(s.x)} cy={at(s.y)} r={5.6} class="hint-ring" /> : null}
            <circle cx={at(s.x)} cy={at(s.y)} r={6} fill="transparent" />
          </g>
        );
      })}
      {stacks.filter((k) => k.station !== hidden).map((k) => <Stack s={k} x={k.x} y={k.y} />)}
      {pos && table.last_move ? (
        <Stack s={{ counts: [{ seat: table.last_move.seat, colour: table.last_move.colour, count: table.last_move.pieces }], size: table.last_move.pieces }} x={pos.x} y={pos.y} />
      ) : null}
    </svg>
  );
}
