//! Arbitrary bytes as steps of a game (listed actions, mutants, JSON text), for every ruleset
//! (the body: tests/common/fuzz.rs).
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/conformance.rs"]
mod conformance;
#[path = "../../tests/common/fuzz.rs"]
mod fuzz;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = fuzz::apply(data) {
        panic!("{e}");
    }
});
