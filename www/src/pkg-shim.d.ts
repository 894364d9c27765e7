// Stop-gap for the generated engine types: pkg/napoleonic.d.ts names Bloody Monday's BmBlockId and
// BmAreaId without declaring them (src/wasm.rs's TS section declares only Bailén's and the Field
// Battle's ids). Global, so a declaration added to the module later simply shadows these.
type BmBlockId = number;
type BmAreaId = number;
