//! Forged strings that only the module's insides can make: a reveal off the chain, a turn in
//! the other side's slot, a signature by the wrong key, and the Argon2 floor.
use super::*;
use crate::games::bailen::{self, Bailen, Side};

fn settings() -> Settings {
    Settings::insecure_for_tests()
}

/// A Bailén game after the opening exchange: (opener, answerer), the opener French.
fn opened() -> (MailGame<Bailen>, MailGame<Bailen>) {
    let mut a = MailGame::<Bailen>::new(Side::French, "a-pass", bailen::DEFAULT_SCENARIO, Default::default(), settings())
        .expect("opens");
    let opening = a.send().expect("opening string");
    let mut b = MailGame::<Bailen>::answer(&opening, "b-pass", settings()).expect("answers");
    let answer = b.send().expect("answer string");
    assert_eq!(a.receive(&answer), Ok(1));
    (a, b)
}

/// Play the local turn with the first listed action each time.
fn play_turn(g: &mut MailGame<Bailen>) {
    while g.is_my_turn() {
        g.apply_listed(0).expect("a listed action is legal");
    }
}

/// The turn being played, signed as `signer` would, and a string of the history with it,
/// enveloped by `envelope`.
fn forge(g: &MailGame<Bailen>, entry: Entry, signer: &Keys, envelope: &Keys) -> String {
    let mut entry = entry;
    entry.signature = signer.sign(&entry.hash());
    let mut t = g.held.transcript.clone();
    t.entries.push(entry);
    t.encode(|d| envelope.sign(d))
}

fn turn_entry(g: &MailGame<Bailen>, side: u8, number: u32, reveal: Bytes32) -> Entry {
    let p = g.pending.as_ref().map(|p| p.turn.actions.clone()).unwrap_or_default();
    Entry {
        side,
        number,
        prev: g.held.transcript.tip(),
        body: Body::Turn { reveal, count: u32::try_from(p.len()).unwrap_or(0), actions: Bailen::encode_actions(&p) },
        sealed: [0; crypto::SEALED_LEN],
        signature: [0; 64],
    }
}

fn keys(g: &MailGame<Bailen>) -> Keys {
    g.keys.as_ref().map(|(k, _)| k.clone()).expect("unlocked")
}

#[test]
fn a_reveal_off_the_chain_is_refused() {
    let (mut a, mut b) = opened();
    play_turn(&mut a);
    let reveal = a.pending.as_ref().map(|p| p.turn.reveal).expect("a's turn");
    let mut other = reveal;
    other[0] ^= 1;
    let k = keys(&a);
    let forged = forge(&a, turn_entry(&a, 0, 1, other), &k, &k);
    assert_eq!(b.receive(&forged), Err(MailError::BadReveal { turn: 1 }));
    // The honest reveal goes through.
    let honest = forge(&a, turn_entry(&a, 0, 1, reveal), &k, &k);
    assert_eq!(b.receive(&honest), Ok(1));
}

#[test]
fn a_turn_in_the_other_sides_slot_is_refused() {
    let (a, mut b) = opened();
    // The answerer (Spanish, index 1) sends turn 1, which is the opener's.
    let kb = keys(&b);
    let forged = forge(&a, turn_entry(&a, 1, 1, [0; 32]), &kb, &kb);
    let err = b.receive(&forged).expect_err("refused");
    assert_eq!(err, MailError::WrongSide { turn: 1 });
    assert!(err.to_string().contains("not sent by the right side"), "{err}");
}

#[test]
fn a_signature_by_the_wrong_key_is_refused() {
    let (mut a, mut b) = opened();
    play_turn(&mut a);
    let reveal = a.pending.as_ref().map(|p| p.turn.reveal).expect("a's turn");
    let kb = keys(&b);
    // Turn 1 claims the opener but is signed by the answerer; the answerer then envelopes it.
    let forged = forge(&a, turn_entry(&a, 0, 1, reveal), &kb, &kb);
    let err = b.receive(&forged).expect_err("refused");
    // The envelope is checked with the key of the last entry's side (the opener's): refused.
    assert!(matches!(err, MailError::Changed(_)), "{err:?}");
    // With a turn of the answerer after it, enveloped by the answerer, the entry itself fails.
    let mut e1 = turn_entry(&a, 0, 1, reveal);
    e1.signature = kb.sign(&e1.hash());
    let mut t = a.held.transcript.clone();
    t.entries.push(e1);
    let mut e2 = Entry { side: 1, number: 2, prev: t.tip(), ..turn_entry(&a, 1, 2, [0; 32]) };
    e2.signature = kb.sign(&e2.hash());
    t.entries.push(e2);
    let forged = t.encode(|d| kb.sign(d));
    let err = b.receive(&forged).expect_err("refused");
    assert_eq!(err, MailError::BadSignature { turn: 1 });
    assert!(err.to_string().starts_with("This string was changed after it was sent"), "{err}");
}

#[test]
fn weak_argon2_parameters_are_refused_when_production_is_required() {
    let mut a = MailGame::<Bailen>::new(Side::French, "a", bailen::DEFAULT_SCENARIO, Default::default(), settings())
        .expect("opens");
    let opening = a.send().expect("opening");
    let err = MailGame::<Bailen>::answer(&opening, "b", Settings::default()).err().expect("refused");
    assert_eq!(err, MailError::WeakKdf { found: Kdf::INSECURE_FOR_TESTS, floor: Kdf::PRODUCTION });
    assert!(err.to_string().contains("too weakly"), "{err}");
    // Nor can a game be made below the floor.
    let weak = Settings { kdf: Kdf::INSECURE_FOR_TESTS, floor: Kdf::PRODUCTION };
    assert!(matches!(
        MailGame::<Bailen>::new(Side::French, "a", bailen::DEFAULT_SCENARIO, Default::default(), weak),
        Err(MailError::WeakKdf { .. })
    ));
    // Parameters beyond the ceiling are refused too.
    let costly = Kdf { memory_kib: 1 << 22, passes: 2, lanes: 1 };
    assert_eq!(check_kdf(&costly, &Kdf::PRODUCTION), Err(MailError::CostlyKdf { found: costly }));
    assert_eq!(check_kdf(&Kdf::PRODUCTION, &Kdf::PRODUCTION), Ok(()));
}

#[test]
fn a_turn_seed_changes_with_the_opponents_reveal() {
    // Grinding: a side cannot fix its own seeds, since each holds the opponent's latest reveal.
    let id = [5u8; 16];
    let mine = [1u8; 32];
    let seeds: Vec<u64> = (0..64u8).map(|b| crypto::turn_seed(&id, 3, &[mine, [b; 32]])).collect();
    let mut distinct = seeds.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), seeds.len());
    assert_ne!(crypto::turn_seed(&id, 3, &[[b'x'; 32], [2; 32]]), crypto::turn_seed(&id, 3, &[[2; 32], [b'x'; 32]]));
    // In a game: the opener's turn-1 seed is fixed by the answerer's anchor, which the opener
    // did not know when it committed.
    let (a, _) = opened();
    let p = a.pending.as_ref().expect("a's turn");
    let mut latest = a.held.latest;
    latest[0] = p.turn.reveal;
    assert_eq!(crypto::turn_seed(&a.game_id(), 1, &latest), p.turn.seed);
    latest[1][0] ^= 1;
    assert_ne!(crypto::turn_seed(&a.game_id(), 1, &latest), p.turn.seed);
}

#[test]
fn the_seed_follows_the_protocol_formula() {
    let id = [3u8; 16];
    let latest = [[1u8; 32], [2u8; 32]];
    let mut input = b"napoleonic-dice-seed".to_vec();
    input.extend_from_slice(&id);
    input.extend_from_slice(&7u32.to_le_bytes());
    input.extend_from_slice(&latest[0]);
    input.extend_from_slice(&latest[1]);
    let h = crypto::sha256(&[&input]);
    let expected = u64::from_le_bytes([h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]]);
    assert_eq!(crypto::turn_seed(&id, 7, &latest), expected);
}
