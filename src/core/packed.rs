//! The built-in data files, DEFLATEd at build time by build.rs and inflated when first read
//! (each ruleset parses its file once and keeps the result).

/// A built-in file as shipped in the module: its DEFLATEd bytes.
pub struct Packed(pub &'static [u8]);

/// The packed form of `scenarios/<name>` (a name listed in build.rs).
#[macro_export]
macro_rules! packed {
    ($name:literal) => {
        $crate::core::packed::Packed(include_bytes!(concat!(env!("OUT_DIR"), "/", $name, ".deflate")))
    };
}

impl Packed {
    /// The file's text, inflated.
    pub fn text(&self) -> String {
        let bytes = miniz_oxide::inflate::decompress_to_vec(self.0).expect("build.rs packed this file");
        String::from_utf8(bytes).expect("the scenario files are UTF-8")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn packed_files_inflate_to_the_scenario_files() {
        let files = [
            ("bailen.json", crate::packed!("bailen.json")),
            ("bloody_monday.json", crate::packed!("bloody_monday.json")),
            ("muskets_battles.json", crate::packed!("muskets_battles.json")),
            ("muskets_campaign_map.json", crate::packed!("muskets_campaign_map.json")),
            ("napoleons_battles.json", crate::packed!("napoleons_battles.json")),
        ];
        for (name, packed) in files {
            let on_disk = std::fs::read_to_string(format!("{}/scenarios/{name}", env!("CARGO_MANIFEST_DIR"))).expect(name);
            assert!(packed.0.len() * 4 < on_disk.len(), "{name}: packed to {} of {} bytes", packed.0.len(), on_disk.len());
            assert_eq!(packed.text(), on_disk, "{name}");
        }
    }
}
