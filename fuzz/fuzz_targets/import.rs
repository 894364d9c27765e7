//! Arbitrary bytes as a saved string, for every ruleset (the body: tests/common/fuzz.rs).
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/conformance.rs"]
mod conformance;
#[path = "../../tests/common/fuzz.rs"]
mod fuzz;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = fuzz::import(data) {
        panic!("{e}");
    }
});
