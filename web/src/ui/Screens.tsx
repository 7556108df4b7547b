// The screens around the table: the menu, the new-game form, the saved games (with a save
// file's export and import), the settings and the rules. Each draws its part of the view
// and sends the core what the person did.
import type { AppView, FormEvent, FormState, SettingsAction, PlayerKind, Preset, RuleOption, RuleValue, RulesDescription, SaveRow, Throw } from '../pkg/yut_web';
import { core, send } from '../core';
import { currentLang, has, keepLang, loadLang, setLang, t, type Lang } from '../i18n';
import { seatNames, throwName } from './words';
import { KeptRooms } from './Online';
import { CoreField } from './CoreField';

const form = (event: FormEvent): void => send({ Form: { event } });
const open = (screen: string): void => send({ Open: { screen: screen as never } });

export function Menu({ view, onLang }: { view: AppView; onLang: (l: Lang) => void }) {
  return (
    <main class="menu" data-screen="menu">
      <h1>{t('app_name')}</h1>
      <p class="tagline">{t('menu_tagline')}</p>
      <nav class="menu-buttons">
        {view.menu.continue_id ? (
          <button type="button" class="primary" onClick={() => send('Continue')}>{t('menu_continue')}</button>
        ) : null}
        {view.menu.table_open ? (
          <button type="button" class="primary" onClick={() => open('Table')}>{t('menu_back_to_table')}</button>
        ) : null}
        <button type="button" class={view.menu.continue_id ? 'secondary' : 'primary'} data-testid="new-game" onClick={() => open('NewGame')}>{t('menu_new_game')}</button>
        <button type="button" class="secondary" onClick={() => open('SavedGames')}>{t('menu_resume')}</button>
        <button type="button" class="secondary" onClick={() => open('Online')}>{t('menu_online')}</button>
        <button type="button" class="secondary" onClick={() => open('Settings')}>{t('menu_settings')}</button>
      </nav>
      <LangSwitch onLang={onLang} />
    </main>
  );
}

function LangSwitch({ onLang }: { onLang: (l: Lang) => void }) {
  // The language's strings are a chunk of their own: the switch waits for them (offline
  // and not yet kept, it does not happen), so no screen is ever half translated.
  const pick = (l: Lang): void => {
    void loadLang(l).then(() => {
      keepLang(l);
      setLang(l);
      send(seatNames());
      onLang(l);
    }, () => undefined);
  };
  return (
    <div class="lang" role="group" aria-label={t('language')}>
      <button type="button" class="link" aria-pressed={currentLang() === 'en'} onClick={() => pick('en')}>English</button>
      <button type="button" class="link" aria-pressed={currentLang() === 'ko'} lang="ko" onClick={() => pick('ko')}>한국어</button>
    </div>
  );
}

export function Back() {
  return <button type="button" class="back" onClick={() => send('Back')} aria-label={t('back')}>‹ {t('back')}</button>;
}

/// Who can sit in a seat, with their words' ids (the new-game form's and the lobby's).
export const PLAYERS: Array<[string, PlayerKind]> = [
  ['player_human', 'Human'],
  ['bot_easy', { Bot: { level: 'Easy' } }],
  ['bot_medium', { Bot: { level: 'Medium' } }],
  ['bot_hard', { Bot: { level: 'Hard' } }],
];
export const playerKey = (p: PlayerKind): string => (p === 'Human' ? 'player_human' : `bot_${p.Bot.level.toLowerCase()}`);

function ruleLabel(o: RuleOption): string {
  return has(`rule_${o.key}`) ? t(`rule_${o.key}`) : o.label;
}
function choiceLabel(o: RuleOption, id: string, fallback: string): string {
  return has(`choice_${id}`) ? t(`choice_${id}`) : fallback;
}

function RuleInput({ o }: { o: RuleOption }) {
  const set = (value: RuleValue): void => form({ SetRule: { key: o.key, value } });
  const id = `rule-${o.key}`;
  const v = o.value;
  if ('Flag' in v) {
    return <input id={id} type="checkbox" checked={v.Flag.on} onChange={(e) => set({ Flag: { on: e.currentTarget.checked } })} />;
  }
  if ('Choice' in v) {
    return (
      <select id={id} value={v.Choice.id} onChange={(e) => set({ Choice: { id: e.currentTarget.value } })}>
        {o.choices.map((c) => <option value={c.id}>{choiceLabel(o, c.id, c.label)}</option>)}
      </select>
    );
  }
  if ('Count' in v) {
    const k = o.kind as { Count: { min: number; max: number } };
    return <CoreField id={id} type="number" min={k.Count.min} max={k.Count.max} value={String(v.Count.value)} onCommit={(typed) => set({ Count: { value: Number(typed) } })} />;
  }
  if ('Probability' in v) {
    const k = o.kind as { Probability: { min: number; max: number } };
    return <CoreField id={id} type="number" step="0.01" min={k.Probability.min} max={k.Probability.max} value={String(v.Probability.value)} onCommit={(typed) => set({ Probability: { value: Number(typed) } })} />;
  }
  if ('Throws' in v) {
    const on = new Set(v.Throws.results);
    return (
      <span id={id} class="set" role="group" aria-label={ruleLabel(o)}>
        {o.choices.map((c) => {
          const r = ({ back_do: 'BackDo', do: 'Do', gae: 'Gae', geol: 'Geol', yut: 'Yut', mo: 'Mo' } as Record<string, Throw>)[c.id];
          if (!r) return null;
          return (
            <label>
              <input type="checkbox" checked={on.has(r)} onChange={(e) => set({ Throws: { results: v.Throws.results.filter((x) => x !== r).concat(e.currentTarget.checked ? [r] : []) } })} />
              {throwName(r)}
            </label>
          );
        })}
      </span>
    );
  }
  if ('Stations' in v) {
    const on = new Set(v.Stations.ids);
    return (
      <span id={id} class="set" role="group" aria-label={ruleLabel(o)}>
        {o.choices.map((c) => (
          <label>
            <input type="checkbox" checked={on.has(c.id)} onChange={(e) => set({ Stations: { ids: v.Stations.ids.filter((x) => x !== c.id).concat(e.currentTarget.checked ? [c.id] : []) } })} />
            {c.label}
          </label>
        ))}
      </span>
    );
  }
  return null;
}

/// The form opened to host a room: the host's name, and a room opened instead of a game.
export interface HostForm {
  name: string;
  onName: (name: string) => void;
  open: () => void;
}

export function NewGame({ f, host }: { f: FormState; host?: HostForm | undefined }) {
  return (
    <main class="form" data-screen="new-game" data-hosting={host ? 'yes' : undefined}>
      <Back />
      <h1>{host ? t('online_host') : t('new_game_title')}</h1>
      {host ? (
        <>
          <p class="help">{t('online_host_help')}</p>
          <label class="field">
            <span>{t('online_name')}</span>
            <input data-testid="host-name" autocomplete="nickname" maxLength={24} value={host.name} onInput={(e) => host.onName(e.currentTarget.value)} />
          </label>
        </>
      ) : null}
      <label class="field">
        <span>{t('new_game_preset')}</span>
        <select data-testid="preset" value={f.preset} onChange={(e) => form({ SelectPreset: { preset: e.currentTarget.value as Preset } })}>
          {f.presets.map((p) => <option value={p.preset}>{has(`preset_${p.id}`) ? t(`preset_${p.id}`) : p.label}</option>)}
        </select>
      </label>
      <h2>{t('new_game_seats', f.seats.length, f.min_seats, f.max_seats)}</h2>
      <ol class="seat-forms">
        {f.seats.map((s, i) => (
          <li class="seat-form" data-seat={i}>
            <span class="dot" style={{ background: s.colour }} aria-hidden="true" />
            <CoreField aria-label={t('new_game_seat_name', i + 1)} value={s.name} onCommit={(typed) => form({ SetSeatName: { seat: i, name: typed } })} />
            <select aria-label={t('new_game_player', i + 1)} data-testid={`player-${i}`} value={playerKey(s.player)} onChange={(e) => {
              const p = PLAYERS.find(([k]) => k === e.currentTarget.value);
              if (p) form({ SetSeatPlayer: { seat: i, player: p[1] } });
            }}>
              {PLAYERS.map(([k]) => <option value={k}>{t(k)}</option>)}
            </select>
            <select aria-label={t('new_game_colour')} value={s.colour} onChange={(e) => form({ SetSeatColour: { seat: i, colour: e.currentTarget.value } })}>
              {f.palette.map((c, n) => <option value={c}>{t('colour_n', n + 1)}</option>)}
            </select>
            {f.teams ? (
              <select aria-label={t('new_game_side')} value={s.side} onChange={(e) => form({ SetSeatSide: { seat: i, side: Number(e.currentTarget.value) } })}>
                {[0, 1, 2].map((n) => <option value={n}>{t('team_name', n + 1)}</option>)}
              </select>
            ) : null}
            {f.can_remove_seat ? <button type="button" class="link" aria-label={t('new_game_remove_seat')} onClick={() => form({ RemoveSeat: { seat: i } })}>✕</button> : null}
          </li>
        ))}
      </ol>
      {f.can_add_seat ? <button type="button" class="secondary" data-testid="add-seat" onClick={() => form('AddSeat')}>{t('new_game_add_seat')}</button> : null}
      <label class="field check">
        <input type="checkbox" checked={f.teams} disabled={!f.teams_allowed} onChange={(e) => form({ SetTeams: { on: e.currentTarget.checked } })} />
        <span>{t('new_game_teams')}</span>
      </label>
      {!f.teams_allowed ? <p class="help">{t('new_game_teams_need_seats')}</p> : null}
      <label class="field check">
        <input type="checkbox" checked={f.undo} onChange={(e) => form({ SetUndo: { on: e.currentTarget.checked } })} />
        <span>{t('new_game_undo')}</span>
      </label>
      <details class="house-rules">
        <summary>{t('new_game_house_rules')}{f.changed.length > 0 ? ` (${f.changed.length})` : ''}</summary>
        {f.changed.length > 0 ? <button type="button" class="link" onClick={() => form('ResetRules')}>{t('new_game_reset_all')}</button> : null}
        {f.options.map((o) => (
          <div class="rule">
            <label for={`rule-${o.key}`}>{ruleLabel(o)}</label>
            <RuleInput o={o} />
            {has(`rule_${o.key}_help`) ? <p class="help">{t(`rule_${o.key}_help`)}</p> : null}
          </div>
        ))}
      </details>
      {host ? (
        <button type="button" class="primary start" data-testid="open-room" onClick={() => host.open()}>{t('online_host_start')}</button>
      ) : (
        <button type="button" class="primary start" data-testid="start" onClick={() => form('Start')}>{t('new_game_start')}</button>
      )}
    </main>
  );
}

function summaryLine(r: SaveRow): string {
  const s = r.summary;
  if (!s) return r.health === 'Damaged' ? t('resume_damaged') : typeof r.health === 'object' ? t('resume_newer') : '';
  const names = s.seats.map((x) => x.name).join(', ');
  if (s.finished) return t('resume_finished', names);
  return t('resume_progress', s.turn_number, names);
}

export function Saved({ view }: { view: AppView }) {
  const pending = view.saved.pending_delete;
  const pick = (): void => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'application/json,.json';
    input.onchange = async () => {
      const file = input.files?.[0];
      if (file) core.importSave(file.name, new Uint8Array(await file.arrayBuffer()));
    };
    input.click();
  };
  return (
    <main class="saved" data-screen="saved">
      <Back />
      <h1>{t('resume_title')}</h1>
      {view.saved.rows.length === 0 ? <p>{t('resume_empty')}</p> : null}
      <ul class="rows">
        {view.saved.rows.map((r) => (
          <li class="save-row" data-id={r.id}>
            <p>{summaryLine(r)}</p>
            {r.health === 'Backup' ? <p class="help">{t('resume_backup')}</p> : null}
            <div class="row-buttons">
              {r.can_open ? <button type="button" class="primary" onClick={() => send({ Table: { action: { Resume: { id: r.id } } } })}>{t('resume_open')}</button> : null}
              {r.can_open ? <button type="button" class="secondary" onClick={() => core.exportSave(r.id)}>{t('save_export')}</button> : null}
              <button type="button" class="secondary" onClick={() => send({ Saved: { action: { RequestDelete: { id: r.id } } } })}>{t('resume_delete')}</button>
            </div>
          </li>
        ))}
      </ul>
      <button type="button" class="secondary" data-testid="import" onClick={pick}>{t('save_import')}</button>
      <KeptRooms kept={view.online.kept} busy={view.online.busy} />
      {pending ? (
        <div class="dialog" role="alertdialog" aria-modal="true" aria-labelledby="delete-title">
          <div class="card">
            <h2 id="delete-title">{t('resume_delete_title')}</h2>
            <p>{t('resume_delete_text')}</p>
            <button type="button" class="primary" onClick={() => send({ Saved: { action: { Delete: { id: pending } } } })}>{t('resume_delete')}</button>
            <button type="button" class="secondary" onClick={() => send('Dismiss')}>{t('cancel')}</button>
          </div>
        </div>
      ) : null}
    </main>
  );
}

export function Settings({ view, onLang }: { view: AppView; onLang: (l: Lang) => void }) {
  const s = view.settings;
  const set = (action: SettingsAction): void => send({ Settings: { action } });
  return (
    <main class="settings" data-screen="settings">
      <Back />
      <h1>{t('menu_settings')}</h1>
      <label class="field check">
        <input type="checkbox" checked={!s.muted} onChange={(e) => set({ SetMuted: { on: !e.currentTarget.checked } })} />
        <span>{t('settings_sound')}</span>
      </label>
      <p class="help">{t('settings_sound_help')}</p>
      <label class="field check">
        <input type="checkbox" checked={s.quick_bots} onChange={(e) => set({ SetQuickBots: { on: e.currentTarget.checked } })} />
        <span>{t('settings_quick_bots')}</span>
      </label>
      <p class="help">{t('settings_quick_bots_help')}</p>
      <p class="help">{t('settings_motion_help')}</p>
      <h2>{t('language')}</h2>
      <LangSwitch onLang={onLang} />
    </main>
  );
}

export function Rules({ rules }: { rules: RulesDescription | null | undefined }) {
  return (
    <main class="rules" data-screen="rules">
      <Back />
      <h1>{t('rules_title')}</h1>
      <p>{t('rules_how_goal')}</p>
      <p>{t('rules_how_throw')}</p>
      <p>{t('rules_how_move')}</p>
      <p>{t('rules_how_capture')}</p>
      <p>{t('rules_how_corners')}</p>
      {rules ? (
        <>
          <h2>{t('rules_in_play_title')}</h2>
          <dl>
            {rules.options.map((o) => (
              <>
                <dt>{ruleLabel(o)}</dt>
                <dd>{valueText(o)}</dd>
              </>
            ))}
          </dl>
        </>
      ) : null}
    </main>
  );
}

function valueText(o: RuleOption): string {
  const v = o.value;
  if ('Flag' in v) return v.Flag.on ? t('value_on') : t('value_off');
  if ('Choice' in v) return choiceLabel(o, v.Choice.id, o.choices.find((c) => c.id === v.Choice.id)?.label ?? v.Choice.id);
  if ('Count' in v) return String(v.Count.value);
  if ('Probability' in v) return v.Probability.value.toFixed(2);
  if ('Throws' in v) return v.Throws.results.map((r) => throwName(r)).join(', ') || t('value_none');
  if ('Stations' in v) return v.Stations.ids.join(', ') || t('value_none');
  return '';
}
