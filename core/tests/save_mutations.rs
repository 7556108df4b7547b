//! The loader against damaged and doctored files: byte flips, truncations, inserted junk,
//! JSON edits (a history throw, a piece count, the schema version, a removed key, any
//! number) and random bytes. Whatever the damage, loading never panics: it gives a typed
//! error, or a valid game when the change was harmless; the library falls back to the
//! intact backup and never lets the damaged file replace it.

mod common;

use common::*;
use proptest::prelude::*;
use serde_json::{json, Value};
use std::fs;
use std::sync::OnceLock;
use yut_core::save::{self, SaveError, SaveLibrary, Summary};
use yut_core::session::Session;

/// Valid saves to damage: the golden files (many presets, a throw-off, teams, a finished
/// game, house rules).
fn bases() -> &'static [(Session, Vec<u8>)] {
    static B: OnceLock<Vec<(Session, Vec<u8>)>> = OnceLock::new();
    B.get_or_init(|| {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/saves/v1");
        let mut files: Vec<_> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        files
            .into_iter()
            .map(|p| {
                let bytes = fs::read(&p).unwrap();
                (save::decode(&bytes).unwrap().session, bytes)
            })
            .collect()
    })
}

#[derive(Clone, Debug)]
enum Edit {
    /// Replace one history action's throw result (or add one to a move).
    ThrowResult(usize, &'static str),
    /// A seat's finished pieces in the summary.
    Finished(usize, u8),
    PiecesPerPlayer(u64),
    SchemaVersion(Value),
    /// Remove the n-th key met in a walk of the document.
    RemoveKey(usize),
    /// Replace the n-th number met with another value.
    Number(usize, Value),
    /// Replace the n-th string met.
    Text(usize, String),
    /// Remove, duplicate or swap history actions.
    DropAction(usize),
    DupAction(usize),
    SwapActions(usize, usize),
}

#[derive(Clone, Debug)]
enum Mutation {
    Flips(Vec<(usize, u8)>),
    Truncate(usize),
    Insert(usize, Vec<u8>),
    Json(Edit),
    Random(Vec<u8>),
}

fn any_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (-1e20f64..1e20).prop_map(Value::from),
        (0u64..8).prop_map(Value::from),
        "[a-z_]{0,12}".prop_map(Value::from),
        Just(json!([])),
        Just(json!({})),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    let results = prop_oneof![
        Just("back_do"),
        Just("do"),
        Just("gae"),
        Just("geol"),
        Just("yut"),
        Just("mo"),
        Just("nak"),
        Just("bogus"),
    ];
    prop_oneof![
        (any::<usize>(), results).prop_map(|(i, r)| Edit::ThrowResult(i, r)),
        (any::<usize>(), any::<u8>()).prop_map(|(i, n)| Edit::Finished(i, n)),
        prop_oneof![0u64..6, Just(255), Just(256), any::<u64>()].prop_map(Edit::PiecesPerPlayer),
        any_value().prop_map(Edit::SchemaVersion),
        any::<usize>().prop_map(Edit::RemoveKey),
        (any::<usize>(), any_value()).prop_map(|(i, v)| Edit::Number(i, v)),
        (any::<usize>(), "\\PC{0,10}").prop_map(|(i, s)| Edit::Text(i, s)),
        any::<usize>().prop_map(Edit::DropAction),
        any::<usize>().prop_map(Edit::DupAction),
        (any::<usize>(), any::<usize>()).prop_map(|(i, j)| Edit::SwapActions(i, j)),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => prop::collection::vec((any::<usize>(), 1u8..=255), 1..4).prop_map(Mutation::Flips),
        2 => any::<usize>().prop_map(Mutation::Truncate),
        1 => (any::<usize>(), prop::collection::vec(any::<u8>(), 1..16))
            .prop_map(|(i, b)| Mutation::Insert(i, b)),
        5 => edit().prop_map(Mutation::Json),
        1 => prop::collection::vec(any::<u8>(), 0..256).prop_map(Mutation::Random),
    ]
}

/// Visits every key (object member) and leaf, in document order.
fn walk<'a>(v: &'a mut Value, f: &mut dyn FnMut(&mut Value) -> bool) -> bool {
    if f(v) {
        return true;
    }
    match v {
        Value::Array(a) => a.iter_mut().any(|x| walk(x, f)),
        Value::Object(o) => o.iter_mut().any(|(_, x)| walk(x, f)),
        _ => false,
    }
}

fn apply_edit(doc: &mut Value, e: &Edit) {
    let hist_len = doc["session"]["history"]
        .as_array()
        .map_or(0, |h| h.len())
        .max(1);
    match e {
        Edit::ThrowResult(i, r) => {
            let a = &mut doc["session"]["history"][i % hist_len];
            a["outcome"] = if *r == "nak" {
                json!("nak")
            } else {
                json!({ "result": r })
            };
        }
        Edit::Finished(i, n) => {
            let seats = doc["summary"]["seats"].as_array().map_or(1, |s| s.len());
            doc["summary"]["seats"][i % seats]["finished"] = json!(n);
        }
        Edit::PiecesPerPlayer(n) => {
            doc["session"]["setup"]["rules"]["pieces_per_player"] = json!(n);
            doc["summary"]["pieces_per_player"] = json!(n);
        }
        Edit::SchemaVersion(v) => doc["schema_version"] = v.clone(),
        Edit::RemoveKey(n) => {
            let mut k = 0;
            walk(doc, &mut |v| {
                if let Value::Object(o) = v {
                    if k + o.len() > *n {
                        if let Some(key) = o.keys().nth(n - k).cloned() {
                            o.remove(&key);
                        }
                        return true;
                    }
                    k += o.len();
                }
                false
            });
        }
        Edit::Number(n, new) => {
            let mut k = 0;
            let count = {
                let mut c = 0;
                walk(&mut doc.clone(), &mut |v| {
                    c += usize::from(v.is_number());
                    false
                });
                c.max(1)
            };
            walk(doc, &mut |v| {
                if v.is_number() {
                    if k == n % count {
                        *v = new.clone();
                        return true;
                    }
                    k += 1;
                }
                false
            });
        }
        Edit::Text(n, new) => {
            let mut k = 0;
            walk(doc, &mut |v| {
                if v.is_string() {
                    if k == n % 500 {
                        *v = Value::from(new.clone());
                        return true;
                    }
                    k += 1;
                }
                false
            });
        }
        Edit::DropAction(i) => {
            if let Some(h) = doc["session"]["history"].as_array_mut() {
                if !h.is_empty() {
                    let i = i % h.len();
                    h.remove(i);
                }
            }
        }
        Edit::DupAction(i) => {
            if let Some(h) = doc["session"]["history"].as_array_mut() {
                if !h.is_empty() {
                    let i = i % h.len();
                    let a = h[i].clone();
                    h.insert(i, a);
                }
            }
        }
        Edit::SwapActions(i, j) => {
            if let Some(h) = doc["session"]["history"].as_array_mut() {
                if !h.is_empty() {
                    let n = h.len();
                    h.swap(i % n, j % n);
                }
            }
        }
    }
}

fn mutate(bytes: &[u8], m: &Mutation) -> Vec<u8> {
    let mut b = bytes.to_vec();
    match m {
        Mutation::Flips(flips) => {
            for (i, mask) in flips {
                let n = b.len();
                b[i % n] ^= mask;
            }
        }
        Mutation::Truncate(at) => b.truncate(at % b.len()),
        Mutation::Insert(at, junk) => {
            let at = at % b.len();
            b.splice(at..at, junk.iter().copied());
        }
        Mutation::Json(e) => {
            let mut doc: Value = serde_json::from_slice(bytes).unwrap();
            apply_edit(&mut doc, e);
            b = serde_json::to_vec(&doc).unwrap();
        }
        Mutation::Random(r) => b = r.clone(),
    }
    b
}

fn cases() -> u32 {
    std::env::var("YUT_MUTATION_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(600)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn a_damaged_save_never_panics_and_never_harms_the_backup(
        which in any::<prop::sample::Index>(),
        m in mutation(),
    ) {
        let (original, good) = &bases()[which.index(bases().len())];
        let bad = mutate(good, &m);

        // The bare loader: a typed error, or a game that really verifies.
        match save::decode(&bad) {
            Ok(l) => {
                l.session.verify().unwrap();
                prop_assert_eq!(&l.summary, &Summary::of(&l.session));
            }
            Err(SaveError::Corrupt { .. } | SaveError::NewerVersion { .. }) => {}
            Err(e) => prop_assert!(false, "unexpected error kind: {e:?}"),
        }
        let _ = save::read_summary(&bad[..]);

        // The library: damaged main file, intact backup.
        let dir = TempDir::new("mutation");
        let lib = SaveLibrary::open(dir.path()).unwrap();
        let id = &original.id;
        let bak = dir.path().join(format!("{id}.json.bak"));
        fs::write(lib.path_of(id), &bad).unwrap();
        fs::write(&bak, good).unwrap();
        prop_assert_eq!(lib.list().unwrap().len(), 1);
        match lib.load(id) {
            Ok(l) if l.recovered_from_backup.is_some() => {
                prop_assert_eq!(&l.session, original);
                // Playing on saves over the damaged file; the backup stays the good one.
                lib.save(&l.session, None).unwrap();
                prop_assert_eq!(&fs::read(&bak).unwrap(), good);
            }
            Ok(l) => {
                // A harmless change: the main file itself is a valid game.
                prop_assert!(save::decode(&bad).is_ok());
                l.session.verify().unwrap();
                prop_assert_eq!(&fs::read(&bak).unwrap(), good);
            }
            Err(SaveError::NewerVersion { .. }) => {
                let newer = matches!(save::decode(&bad), Err(SaveError::NewerVersion { .. }));
                prop_assert!(newer);
                prop_assert_eq!(&fs::read(&bak).unwrap(), good);
            }
            Err(e) => prop_assert!(false, "with a good backup the load must succeed: {e:?}"),
        }
    }

    #[test]
    fn random_bytes_are_a_typed_error(bytes in prop::collection::vec(any::<u8>(), 0..2048)) {
        let typed = matches!(
            save::decode(&bytes),
            Err(SaveError::Corrupt { .. } | SaveError::NewerVersion { .. })
        );
        prop_assert!(typed);
        prop_assert!(save::read_summary(&bytes[..]).is_err());
    }

    #[test]
    fn json_with_a_valid_head_but_random_body_is_a_typed_error(
        body in "\\PC{0,300}",
        version in 0u64..4,
    ) {
        let bytes = format!("{{\"schema_version\":{version},{body}");
        prop_assert!(save::decode(bytes.as_bytes()).is_err());
    }
}
