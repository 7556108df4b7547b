//! A learned evaluation for the most played tables: two players with Yunnori rules and
//! two, three or four pieces each, and two players with four pieces under Culin's rules
//! (one network per table).
//!
//! Why: the hand-made race model (eval.rs) prices progress and the next throw's threat, but
//! not how pieces stand against each other a few throws on (who chases whom, which stack is
//! worth carrying). A small network trained by self-play (TD(λ), see `train`) learns that
//! from play. It sees the board one-hot per (route, index, stack size), the pieces waiting
//! and finished, the mover's hand, which result of either side could hit which stack, and
//! the race model's results-still-needed per side.
//!
//! The weights are data (`net_yunnori.bin`, `net_yunnori_3p.bin`, `net_yunnori_2p.bin`,
//! `net_culin1895.bin`), made by `cargo run --release -p yut-train -- network [--pieces
//! 3|2] [--preset culin1895]` (`bot::train`); other tables and house rules keep the race
//! model. (The Russian set's bonus throws on Do make its hands large and its training about
//! 30 times slower: not trained yet.)

use super::eval::{Model, DENSE};
use crate::game::{Game, Phase};
use crate::rules::{Preset, RuleSet};
use std::sync::{Arc, OnceLock};

/// Route slots × indices along a route.
const SLOTS: usize = 5 * 21;
/// Per side: (slot, stack size ≥ k) for k = 1..4, waiting 0..4, finished 0..4.
const SIDE: usize = SLOTS * 4 + 5 + 5;
/// The mover's throws owed (0, 1, 2+), hand counts (≥1, ≥2 per result), a Move-phase flag,
/// then the hits each side's next result could make: (attacker, result, size hit).
const EXTRA: usize = 3 + 12 + 1 + HITS;
const HITS: usize = 2 * 6 * 4;
pub(crate) const SPARSE: usize = 2 * SIDE + EXTRA;
/// Largest hidden layer the fixed-size evaluation buffers hold.
pub(crate) const MAX_HIDDEN: usize = 128;
/// Most sparse features one position switches on.
pub(crate) const MAX_ACTIVE: usize = 2 * (4 * 4 + 2) + 1 + 12 + 1 + HITS;

const MAGIC: &[u8; 4] = b"YNN1";

/// The network: a tanh-like hidden layer, sigmoid output, and a direct path from the dense inputs
/// to the output (so the race model's logit carries through from the start).
#[derive(Clone, Debug)]
pub(crate) struct Net {
    pub hidden: usize,
    /// SPARSE rows of `hidden` weights.
    pub w_sparse: Vec<f32>,
    /// DENSE rows of `hidden` weights.
    pub w_dense: Vec<f32>,
    pub b_hidden: Vec<f32>,
    pub w_out: Vec<f32>,
    pub w_skip: [f32; DENSE],
    pub b_out: f32,
}

/// One position as the network sees it, from the mover's side.
#[derive(Clone, Debug)]
pub(crate) struct Inputs {
    active: [u16; MAX_ACTIVE],
    len: usize,
    pub dense: [f32; DENSE],
}

impl Inputs {
    pub(crate) fn active(&self) -> &[u16] {
        &self.active[..self.len]
    }

    fn push(&mut self, i: usize) {
        // Capacity is the most a legal position switches on; anything past it is dropped
        // rather than trusted.
        if self.len < MAX_ACTIVE {
            self.active[self.len] = i as u16;
            self.len += 1;
        }
    }
}

/// The hidden activations and output of one evaluation (for training).
#[cfg(feature = "train")]
pub(crate) struct Forward {
    pub hidden: Vec<f32>,
    pub value: f32,
}

impl Net {
    /// A fresh network that reproduces the race model: hidden weights small and seeded,
    /// output = the race model's logit.
    #[cfg(any(test, feature = "train"))]
    pub(crate) fn fresh(hidden: usize, seed: u64) -> Net {
        let mut s = seed | 1;
        let mut rnd = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            ((s >> 11) as f64 / (1u64 << 53) as f64 - 0.5) as f32
        };
        let w_sparse = (0..SPARSE * hidden).map(|_| rnd() * 0.2).collect();
        let w_dense = (0..DENSE * hidden).map(|_| rnd() * 0.2).collect();
        let mut w_skip = [0.0; DENSE];
        // The race difference alone already predicts the winner a fair way.
        w_skip[2] = 2.0;
        Net {
            hidden,
            w_sparse,
            w_dense,
            b_hidden: vec![0.0; hidden],
            w_out: (0..hidden).map(|_| rnd() * 0.02).collect(),
            w_skip,
            b_out: 0.0,
        }
    }

    /// The network trained for `rules`, if one was. `Err` when one was trained but its
    /// weights are not loaded yet (only without the `embedded-nets` feature, see
    /// [`provide`]).
    pub(crate) fn for_rules(rules: &RuleSet) -> Result<Option<Arc<Net>>, NetError> {
        match table_net(rules) {
            Some(file) => loaded(file),
            None => Ok(None),
        }
    }

    /// The pair for a player facing the medium bot at `rules`' table, if one was trained
    /// (Yunnori, 2 seats × 4 pieces); `Err` as for [`Net::for_rules`].
    pub(crate) fn against_medium_for_rules(
        rules: &RuleSet,
    ) -> Result<Option<Arc<AgainstMedium>>, NetError> {
        static PAIR: OnceLock<Option<Arc<AgainstMedium>>> = OnceLock::new();
        if table_net(rules) != Some(NetFile::Yunnori) {
            return Ok(None);
        }
        if let Some(pair) = PAIR.get() {
            return Ok(pair.clone());
        }
        let (own, medium) = (
            loaded(NetFile::YunnoriVsMedium)?,
            loaded(NetFile::YunnoriVsMediumRival)?,
        );
        Ok(PAIR
            .get_or_init(|| {
                Some(Arc::new(AgainstMedium {
                    own: own?,
                    medium: medium?,
                }))
            })
            .clone())
    }

    /// The hidden layer's pre-activations into `pre` (length `hidden`).
    fn hidden_pre(&self, x: &Inputs, pre: &mut [f32]) {
        let h = self.hidden;
        pre.copy_from_slice(&self.b_hidden);
        for &i in x.active() {
            let row = &self.w_sparse[i as usize * h..(i as usize + 1) * h];
            for (p, w) in pre.iter_mut().zip(row) {
                *p += w;
            }
        }
        for (d, &v) in x.dense.iter().enumerate() {
            let row = &self.w_dense[d * h..(d + 1) * h];
            for (p, w) in pre.iter_mut().zip(row) {
                *p += w * v;
            }
        }
    }

    fn output(&self, x: &Inputs, act: &[f32]) -> f32 {
        let mut z = self.b_out;
        for (a, w) in act.iter().zip(&self.w_out) {
            z += a * w;
        }
        for (v, w) in x.dense.iter().zip(&self.w_skip) {
            z += v * w;
        }
        sigmoid(z)
    }

    /// The mover's chance of winning, without allocating (the search calls this most).
    pub(crate) fn value(&self, x: &Inputs) -> f32 {
        let mut buf = [0.0f32; MAX_HIDDEN];
        let pre = &mut buf[..self.hidden.min(MAX_HIDDEN)];
        self.hidden_pre(x, pre);
        for p in pre.iter_mut() {
            *p = squash(*p);
        }
        self.output(x, pre)
    }

    #[cfg(feature = "train")]
    pub(crate) fn forward(&self, x: &Inputs) -> Forward {
        let mut pre = vec![0.0; self.hidden];
        self.hidden_pre(x, &mut pre);
        for p in pre.iter_mut() {
            *p = squash(*p);
        }
        let value = self.output(x, &pre);
        Forward { hidden: pre, value }
    }

    #[cfg(feature = "train")]
    /// One step of gradient descent on the cross-entropy between the output and `target`.
    pub(crate) fn learn(&mut self, x: &Inputs, f: &Forward, target: f32, rate: f32) {
        let h = self.hidden;
        let g = f.value - target;
        for (d, v) in x.dense.iter().enumerate() {
            self.w_skip[d] -= rate * 0.1 * g * v;
        }
        self.b_out -= rate * g;
        let gh: Vec<f32> = f
            .hidden
            .iter()
            .zip(&self.w_out)
            .map(|(a, w)| g * w * squash_slope(*a))
            .collect();
        let units = self.w_out.iter_mut().zip(self.b_hidden.iter_mut());
        for ((w, b), (a, gj)) in units.zip(f.hidden.iter().zip(&gh)) {
            *w -= rate * g * a;
            *b -= rate * gj;
        }
        for &i in x.active() {
            let row = &mut self.w_sparse[i as usize * h..(i as usize + 1) * h];
            for (w, gj) in row.iter_mut().zip(&gh) {
                *w -= rate * gj;
            }
        }
        for (d, &v) in x.dense.iter().enumerate() {
            if v != 0.0 {
                let row = &mut self.w_dense[d * h..(d + 1) * h];
                for (w, gj) in row.iter_mut().zip(&gh) {
                    *w -= rate * gj * v;
                }
            }
        }
    }

    #[cfg(any(test, feature = "train"))]
    pub(crate) fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        for n in [SPARSE, DENSE, self.hidden] {
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
        let all = self
            .w_sparse
            .iter()
            .chain(&self.w_dense)
            .chain(&self.b_hidden)
            .chain(&self.w_out)
            .chain(&self.w_skip)
            .chain(std::iter::once(&self.b_out));
        for v in all {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }

    /// Reads weights written by `to_bytes`; `None` when they do not fit this feature layout.
    pub(crate) fn from_bytes(b: &[u8]) -> Option<Net> {
        let word = |k: usize| -> Option<u32> {
            let s = b.get(4 + 4 * k..8 + 4 * k)?;
            Some(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
        };
        if b.get(..4)? != MAGIC
            || word(0)? as usize != SPARSE
            || word(1)? as usize != DENSE
            || !(1..=MAX_HIDDEN as u32).contains(&word(2)?)
        {
            return None;
        }
        let h = word(2)? as usize;
        let count = SPARSE * h + DENSE * h + h + h + DENSE + 1;
        let body = b.get(16..)?;
        if body.len() != count * 4 {
            return None;
        }
        let mut vals = body
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        let mut take = |n: usize| -> Vec<f32> { vals.by_ref().take(n).collect() };
        let w_sparse = take(SPARSE * h);
        let w_dense = take(DENSE * h);
        let b_hidden = take(h);
        let w_out = take(h);
        let skip = take(DENSE);
        let b_out = *take(1).first()?;
        if [&w_sparse, &w_dense, &b_hidden, &w_out, &skip]
            .iter()
            .flat_map(|v| v.iter())
            .any(|v| !v.is_finite())
            || !b_out.is_finite()
        {
            return None;
        }
        let mut w_skip = [0.0; DENSE];
        w_skip.copy_from_slice(&skip);
        Some(Net {
            hidden: h,
            w_sparse,
            w_dense,
            b_hidden,
            w_out,
            w_skip,
            b_out,
        })
    }

    /// The mover's chance of winning, or `None` when the network does not cover the
    /// position (more than two sides, teams, a finished game).
    pub(crate) fn mover_wins(&self, model: &Model, game: &Game) -> Option<f64> {
        let x = inputs(model, game)?;
        Some(self.value(&x) as f64)
    }
}

/// Whether `rules` are their preset's own, up to who starts and the pieces each (which
/// pick the network): a house rule changes the game a network was trained for.
fn preset_rules(rules: &RuleSet) -> bool {
    let mut base = RuleSet::preset(rules.preset);
    base.first_player = rules.first_player;
    base.pieces_per_player = rules.pieces_per_player;
    *rules == base
}

/// A trained network, named by the file its weights ship in (`core/src/bot/net_*.bin`).
///
/// Why names: with the `embedded-nets` feature (on by default: the terminal, the server,
/// the phones) the weights are compiled in; without it (the browser, where they were 60 %
/// of the WebAssembly a first visit downloads) the caller fetches the files a game needs
/// ([`missing`]) and hands them over with [`provide`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NetFile {
    Yunnori,
    Yunnori3p,
    Yunnori2p,
    Culin1895,
    YunnoriVsMedium,
    YunnoriVsMediumRival,
}

impl NetFile {
    pub const ALL: [NetFile; 6] = [
        NetFile::Yunnori,
        NetFile::Yunnori3p,
        NetFile::Yunnori2p,
        NetFile::Culin1895,
        NetFile::YunnoriVsMedium,
        NetFile::YunnoriVsMediumRival,
    ];

    /// The weights' file name in `core/src/bot/`.
    pub fn file_name(self) -> &'static str {
        match self {
            NetFile::Yunnori => "net_yunnori.bin",
            NetFile::Yunnori3p => "net_yunnori_3p.bin",
            NetFile::Yunnori2p => "net_yunnori_2p.bin",
            NetFile::Culin1895 => "net_culin1895.bin",
            NetFile::YunnoriVsMedium => "net_yunnori_vs_medium.bin",
            NetFile::YunnoriVsMediumRival => "net_yunnori_vs_medium_rival.bin",
        }
    }

    pub fn from_file_name(name: &str) -> Option<NetFile> {
        NetFile::ALL.into_iter().find(|f| f.file_name() == name)
    }

    #[cfg(feature = "embedded-nets")]
    fn embedded(self) -> &'static [u8] {
        match self {
            NetFile::Yunnori => include_bytes!("net_yunnori.bin"),
            NetFile::Yunnori3p => include_bytes!("net_yunnori_3p.bin"),
            NetFile::Yunnori2p => include_bytes!("net_yunnori_2p.bin"),
            NetFile::Culin1895 => include_bytes!("net_culin1895.bin"),
            NetFile::YunnoriVsMedium => include_bytes!("net_yunnori_vs_medium.bin"),
            NetFile::YunnoriVsMediumRival => include_bytes!("net_yunnori_vs_medium_rival.bin"),
        }
    }
}

/// A network a bot cannot use (yet).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    /// The search needs this network and it has not been provided: wait for it.
    #[error("the bot's network {} is not loaded yet", .0.file_name())]
    Missing(NetFile),
    /// The bytes given are not a network of this build's layout.
    #[error("the bytes given for {} are not a network this build can read", .0.file_name())]
    Damaged(NetFile),
}

/// The networks read so far, one slot per [`NetFile`] (`None`: built-in bytes that do not
/// read, which leaves the race model, as before the networks existed).
static LOADED: [OnceLock<Option<Arc<Net>>>; 6] = [const { OnceLock::new() }; 6];

/// The network in `file`, read once per process and then shared by every bot.
fn loaded(file: NetFile) -> Result<Option<Arc<Net>>, NetError> {
    let slot = &LOADED[file as usize];
    #[cfg(feature = "embedded-nets")]
    {
        Ok(slot
            .get_or_init(|| Net::from_bytes(file.embedded()).map(Arc::new))
            .clone())
    }
    #[cfg(not(feature = "embedded-nets"))]
    {
        slot.get().cloned().ok_or(NetError::Missing(file))
    }
}

/// Hands over the weights of `file` (its bytes as shipped). Without the `embedded-nets`
/// feature this is how a network gets into the process; with it the bytes are only
/// checked and the built-in network stays. A network once there never changes under a bot,
/// so giving one twice keeps the first.
pub fn provide(file: NetFile, bytes: &[u8]) -> Result<(), NetError> {
    let net = Net::from_bytes(bytes).ok_or(NetError::Damaged(file))?;
    if cfg!(not(feature = "embedded-nets")) {
        let _ = LOADED[file as usize].set(Some(Arc::new(net)));
    }
    Ok(())
}

/// Whether `file` can be used now (always, with the networks built in).
pub fn is_loaded(file: NetFile) -> bool {
    loaded(file).is_ok()
}

/// The networks a hard search at `game` reads: the table's own where one was trained and
/// covers the game (two seats, the preset's own rules), and the pair trained against the
/// medium bot when the rival is that bot (`rival_medium`) at Yunnori's 2 × 4 table.
pub fn needed(game: &Game, rival_medium: bool) -> Vec<NetFile> {
    if game.seats() != 2 || game.sides().len() != 2 {
        return Vec::new();
    }
    let Some(table) = table_net(game.rules()) else {
        return Vec::new();
    };
    let mut files = vec![table];
    if rival_medium && table == NetFile::Yunnori {
        files.extend([NetFile::YunnoriVsMedium, NetFile::YunnoriVsMediumRival]);
    }
    files
}

/// [`needed`] less what is already loaded: what to fetch before such a search.
pub fn missing(game: &Game, rival_medium: bool) -> Vec<NetFile> {
    needed(game, rival_medium)
        .into_iter()
        .filter(|f| !is_loaded(*f))
        .collect()
}

/// The network trained for `rules`' table, if one was.
fn table_net(rules: &RuleSet) -> Option<NetFile> {
    if !preset_rules(rules) {
        return None;
    }
    match (rules.preset, rules.pieces_per_player) {
        (Preset::Yunnori, 4) => Some(NetFile::Yunnori),
        (Preset::Yunnori, 3) => Some(NetFile::Yunnori3p),
        (Preset::Yunnori, 2) => Some(NetFile::Yunnori2p),
        (Preset::Culin1895, 4) => Some(NetFile::Culin1895),
        _ => None,
    }
}

/// Two networks that value positions for a player whose rival is the medium bot: the
/// medium bot is no perfect player, so a position is worth more against it than the
/// self-play network says, and the search, which knows the bot's moves, needs to know by
/// how much. Each answers for the side to throw: `own` when that is the player, `medium`
/// when it is the bot. Trained by `train::train_versus`.
#[derive(Debug)]
pub(crate) struct AgainstMedium {
    pub(crate) own: Arc<Net>,
    pub(crate) medium: Arc<Net>,
}

fn sigmoid(z: f32) -> f32 {
    1.0 / (1.0 + (-z).exp())
}

/// A cheap tanh (Padé, clamped at ±1): the hidden layer runs thousands of times per move.
fn squash(x: f32) -> f32 {
    let x = x.clamp(-3.0, 3.0);
    let x2 = x * x;
    (x * (27.0 + x2) / (27.0 + 9.0 * x2)).clamp(-1.0, 1.0)
}

/// The slope of `squash` at the point where it gave `a` (the tanh rule, zero where clamped).
#[cfg(feature = "train")]
fn squash_slope(a: f32) -> f32 {
    if a.abs() >= 1.0 {
        0.0
    } else {
        1.0 - a * a
    }
}

/// The network's view of `game`, from the mover's side; `None` outside its table.
pub(crate) fn inputs(model: &Model, game: &Game) -> Option<Inputs> {
    if game.sides().len() != 2 || game.seats() != 2 || game.phase() == Phase::Over {
        return None;
    }
    let mover = game.side_of(game.to_move());
    let mut x = Inputs {
        active: [0; MAX_ACTIVE],
        len: 0,
        dense: model.net_dense(game),
    };
    for st in game.stacks() {
        let block = if st.side as usize == mover { 0 } else { SIDE };
        let slot = model.slot_of(st);
        for k in 0..(st.size() as usize).min(4) {
            x.push(block + slot * 4 + k);
        }
    }
    for seat in 0..2 {
        let block = if game.side_of(seat) == mover { 0 } else { SIDE };
        let home = (game.home(seat) as usize).min(4);
        let done = (game.done(seat) as usize).min(4);
        x.push(block + SLOTS * 4 + home);
        x.push(block + SLOTS * 4 + 5 + done);
    }
    let base = 2 * SIDE;
    x.push(base + (game.owed() as usize).min(2));
    let mut counts = [0usize; 6];
    for h in game.hand() {
        counts[h.throw as usize] += 1;
    }
    for (t, &c) in counts.iter().enumerate() {
        for k in 0..c.min(2) {
            x.push(base + 3 + t * 2 + k);
        }
    }
    if game.phase() == Phase::Move {
        x.push(base + 15);
    }
    // Who can hit whom with which result: a pair of pieces counts once per result.
    let hits = base + 16;
    for (dir, attacker) in [mover, 1 - mover.min(1)].into_iter().enumerate() {
        let has_home = game.sides()[attacker]
            .iter()
            .any(|s| game.home(*s as usize) > 0);
        let mut on_board = false;
        let mut reach = [0u32; 6];
        for st in game.stacks().iter().filter(|s| s.side as usize == attacker) {
            on_board = true;
            for (r, m) in reach.iter_mut().zip(model.reach_of(st)) {
                *r |= m;
            }
        }
        if has_home {
            let entry = model.entry_reach();
            for t in crate::throw::Throw::ALL {
                if t != crate::throw::Throw::BackDo || !on_board {
                    reach[t as usize] |= entry[t as usize];
                }
            }
        }
        let mut hit = [[false; 4]; 6];
        for target in game.stacks().iter().filter(|s| s.side as usize != attacker) {
            let bit = 1u32 << game.station_of(target).index();
            let size = (target.size() as usize).clamp(1, 4) - 1;
            for (t, r) in reach.iter().enumerate() {
                if r & bit != 0 {
                    hit[t][size] = true;
                }
            }
        }
        for t in crate::throw::Throw::ALL {
            for (k, h) in hit[t as usize].iter().enumerate() {
                if *h {
                    x.push(hits + (dir * 6 + t as usize) * 4 + k);
                }
            }
        }
    }
    Some(x)
}

/// Every network from its file, as a shell would hand them over: the unit tests of a build
/// without the built-in networks read them this way.
#[cfg(test)]
pub(crate) fn provide_all_from_disk() {
    for file in NetFile::ALL {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src/bot")
            .join(file.file_name());
        let bytes = std::fs::read(path).expect("the network's file is in the source tree");
        provide(file, &bytes).expect("the shipped network reads");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_network_is_named_and_damaged_bytes_are_refused() {
        provide_all_from_disk();
        for file in NetFile::ALL {
            assert_eq!(NetFile::from_file_name(file.file_name()), Some(file));
            assert!(is_loaded(file), "{file:?}");
        }
        assert_eq!(NetFile::from_file_name("net_other.bin"), None);
        assert_eq!(
            provide(NetFile::Yunnori, b"YNN1 and not much else"),
            Err(NetError::Damaged(NetFile::Yunnori))
        );
        // What a game needs: its table's network for two seats, the pair against the
        // medium bot only for that rival at 2 x 4 Yunnori, nothing past two seats.
        let rules = RuleSet::preset(Preset::Yunnori);
        let two = Game::new(rules.clone(), 2, None, 0).unwrap();
        assert_eq!(needed(&two, false), vec![NetFile::Yunnori]);
        assert_eq!(needed(&two, true).len(), 3);
        assert!(needed(&Game::new(rules, 3, None, 0).unwrap(), false).is_empty());
        let three = RuleSet {
            pieces_per_player: 3,
            ..RuleSet::preset(Preset::Yunnori)
        };
        let game = Game::new(three, 2, None, 0).unwrap();
        assert_eq!(needed(&game, true), vec![NetFile::Yunnori3p]);
        assert!(missing(&game, true).is_empty());
    }

    #[test]
    fn built_in_weights_load_and_cover_only_their_table() {
        provide_all_from_disk();
        let rules = RuleSet::preset(Preset::Yunnori);
        let net = Net::for_rules(&rules)
            .unwrap()
            .expect("the built-in network loads");
        let tables = [
            (Preset::Yunnori, [false, true, true, true]),
            (Preset::Culin1895, [false, false, false, true]),
            (Preset::NyoutRu, [false, false, false, false]),
        ];
        for (preset, built_in) in tables {
            for (pieces, built_in) in (1..=4).zip(built_in) {
                let r = RuleSet {
                    pieces_per_player: pieces,
                    ..RuleSet::preset(preset)
                };
                let net = Net::for_rules(&r).unwrap();
                assert_eq!(net.is_some(), built_in, "{preset:?} {pieces} pieces");
                if let Some(net) = net {
                    // Each network rates the opening as roughly even, not as won or lost.
                    let model = Model::new(&r);
                    let game = Game::new(r.clone(), 2, None, 0).unwrap();
                    let v = net.mover_wins(&model, &game).unwrap();
                    assert!(v > 0.35 && v < 0.7, "{preset:?} {pieces}: {v}");
                }
            }
        }
        let house = RuleSet {
            back_do: false,
            ..rules.clone()
        };
        assert!(
            Net::for_rules(&house).unwrap().is_none(),
            "a house rule changes the game"
        );
        let model = Model::new(&rules);
        let game = Game::new(rules.clone(), 2, None, 0).unwrap();
        let v = net.mover_wins(&model, &game).unwrap();
        assert!(v > 0.4 && v < 0.7, "{v}");
        let four = Game::new(rules, 4, None, 0).unwrap();
        assert!(net.mover_wins(&model, &four).is_none());
    }

    #[test]
    fn the_networks_against_medium_favour_the_player_over_the_bot() {
        provide_all_from_disk();
        let rules = RuleSet::preset(Preset::Yunnori);
        let pair = Net::against_medium_for_rules(&rules)
            .unwrap()
            .expect("the pair loads");
        for (preset, pieces) in [(Preset::Yunnori, 3), (Preset::Culin1895, 4)] {
            let r = RuleSet {
                pieces_per_player: pieces,
                ..RuleSet::preset(preset)
            };
            assert!(
                Net::against_medium_for_rules(&r).unwrap().is_none(),
                "{preset:?} {pieces}"
            );
        }
        let house = RuleSet {
            back_do: false,
            ..rules.clone()
        };
        assert!(Net::against_medium_for_rules(&house).unwrap().is_none());
        // The self-play network calls the opening about even; facing the medium bot, the
        // player is ahead whoever throws first (it wins about two games in three).
        let model = Model::new(&rules);
        let opening = Game::new(rules.clone(), 2, None, 0).unwrap();
        let x = inputs(&model, &opening).unwrap();
        let even = Net::for_rules(&rules).unwrap().unwrap().value(&x);
        let player_first = pair.own.value(&x);
        let player_second = 1.0 - pair.medium.value(&x);
        assert!((even - 0.5).abs() < 0.1, "self-play: {even}");
        assert!(player_first > 0.58, "player throws first: {player_first}");
        assert!(
            player_second > 0.55,
            "the bot throws first: {player_second}"
        );
    }

    fn position(pieces: serde_json::Value, to_move: usize) -> Game {
        let table = crate::setup::TableSpec {
            rules: serde_json::json!({"preset": "yunnori"}),
            seats: 2,
            teams: None,
        };
        let setup: crate::setup::Setup =
            serde_json::from_value(serde_json::json!({"pieces": pieces, "to_move": to_move}))
                .unwrap();
        setup.build(&table).unwrap()
    }

    #[test]
    fn the_network_knows_who_is_ahead_and_who_is_in_danger() {
        provide_all_from_disk();
        let rules = RuleSet::preset(Preset::Yunnori);
        let net = Net::for_rules(&rules).unwrap().unwrap();
        let model = Model::new(&rules);
        let ahead = serde_json::json!({
            "0": ["done", "done", "done", "18"],
            "1": ["home", "home", "home", "3"]
        });
        let v0 = net.mover_wins(&model, &position(ahead.clone(), 0)).unwrap();
        let v1 = net.mover_wins(&model, &position(ahead, 1)).unwrap();
        assert!(v0 > 0.9, "far ahead and to throw: {v0}");
        assert!(v1 < 0.15, "far behind, even with the throw: {v1}");
        // Seat 1 stands two steps behind seat 0's stack of three: the one to throw is the
        // one who may hit, and that is worth a lot.
        let chase = serde_json::json!({
            "0": ["9", "9", "9", "home"],
            "1": ["7", "home", "home", "home"]
        });
        let hunter = net.mover_wins(&model, &position(chase.clone(), 1)).unwrap();
        let hunted = 1.0 - net.mover_wins(&model, &position(chase, 0)).unwrap();
        assert!(
            hunter > hunted + 0.05,
            "seat 1 to throw {hunter}, seat 0 to throw {hunted}"
        );
    }

    #[test]
    fn damaged_weights_are_refused() {
        let net = Net::fresh(4, 7);
        let bytes = net.to_bytes();
        assert!(Net::from_bytes(&bytes).is_some());
        assert!(Net::from_bytes(&bytes[..bytes.len() - 1]).is_none());
        let mut bad = bytes.clone();
        bad[0] = b'X';
        assert!(Net::from_bytes(&bad).is_none());
        let mut nan = bytes;
        let n = nan.len();
        nan[n - 4..].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(Net::from_bytes(&nan).is_none());
    }
}
