//! Packs the built-in scenario files (scenarios/*.json) for the engine: each is DEFLATEd into
//! OUT_DIR/<name>.deflate, which src/core/packed.rs includes and inflates on first use, so the
//! module carries no verbatim JSON text.
use std::{env, fs, path::Path};

const FILES: [&str; 5] = ["bailen.json", "bloody_monday.json", "muskets_battles.json", "muskets_campaign_map.json", "napoleons_battles.json"];

fn main() {
    let out = env::var("OUT_DIR").expect("OUT_DIR");
    println!("cargo:rerun-if-changed=build.rs");
    for name in FILES {
        let src = Path::new("scenarios").join(name);
        println!("cargo:rerun-if-changed={}", src.display());
        let text = fs::read(&src).unwrap_or_else(|e| panic!("{}: {e}", src.display()));
        let packed = miniz_oxide::deflate::compress_to_vec(&text, 10);
        fs::write(Path::new(&out).join(format!("{name}.deflate")), packed).expect("write the packed scenario");
    }
}
