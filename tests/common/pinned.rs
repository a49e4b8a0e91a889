//! Runs whose final model hashes are pinned, shared by the native tests (tests/learn/learn.rs) and the
//! wasm-bindgen tests (tests/wasm.rs): the same seed must give a bit-identical model natively
//! and in wasm. If an intended change to the engine moves these numbers, update them here once.

use std::sync::Arc;

use impartial::learn::{Engine, Params, Run, Task};
use impartial::Limits;

/// (spec, engine, expected FNV-1a hash of the model after 25 generations of μ = 64, γ = 0.01,
/// seed 2025). Nim 3,4,5,6,7 has 6,720 positions: seven chunks of the fast engine's pass, run on
/// every core natively and in order in wasm.
pub const PINNED: [(&str, Engine, u64); 4] = [
    ("game=chomp&rows=3&cols=4", Engine::Fast, 0xe627d0390b4c4059),
    ("game=subtraction&moves=1,2,3&heap=40", Engine::Naive, 0x25687d65076c8b51),
    ("game=turning-turtles&coins=5", Engine::Expected, 0x342318caab575c4d),
    ("game=nim&heaps=3,4,5,6,7", Engine::Fast, 0x2aa5997c1804f591),
];

/// The hash of the pinned run of `spec` with `engine`.
pub fn pinned_hash(spec: &str, engine: Engine) -> u64 {
    let task = Arc::new(Task::from_spec(spec, &Limits::DEFAULT).expect("a valid spec"));
    let params = Params::new(&task, 64, 0.01).expect("valid parameters");
    let mut run = Run::new(task, engine, params, 2025);
    for _ in 0..25 {
        run.step();
    }
    run.model_hash()
}
