//! Rule runs pinned as the native `impartial learn --trace --json` prints them, shared by the
//! CLI test (tests/cli/cli_rules.rs) and the wasm-bindgen test of the page's facade (tests/wasm.rs):
//! the same seed must give the same plays natively and in wasm. Each play is written as its
//! result's initial and its trace's labels, e.g. `l:3,3>1,1>1`. If an intended change to a rule
//! moves these, regenerate them with the CLI once.

/// (spec, rule, opponent, seed, the first 40 plays).
pub const PINNED_RULES: [(&str, &str, &str, &str, &str); 3] = [
    (
        "game=chomp&rows=2&cols=3",
        "rlnwt",
        "random",
        "7",
        "l:3,3>1,1>1 l:3,3>1,1>1 w:3,3>3>2>1 l:3,3>3>1 w:3,3>3,1>1,1>1 w:3,3>3,1>3>1 w:3,3>3,1>1,1>1 w:3,3>3,1>1,1>1 w:3,3>3,1>1,1>1 w:3,3>3,1>3>1 w:3,3>3,1>1,1>1 l:3,3>3,1>2,1>1,1>1 l:3,3>1,1>1 w:3,3>3,1>3>1 l:3,3>3,1>2,1>1,1>1 l:3,3>3>1 l:3,3>1,1>1 w:3,3>2,2>1,1>1 l:3,3>2,2>2,1>2>1 l:3,3>3>1 w:3,3>3,1>1,1>1 l:3,3>3,1>2,1>2>1 l:3,3>3,1>2,1>2>1 w:3,3>2,2>2>1 w:3,3>2,2>1,1>1 w:3,3>2,2>1,1>1 w:3,3>2,2>1,1>1 l:3,3>2,2>2,1>1,1>1 w:3,3>3>2>1 w:3,3>3>2>1 w:3,3>3>2>1 l:3,3>3>1 l:3,3>2,2>2,1>1,1>1 l:3,3>1,1>1 w:3,3>3,2>3>1 l:3,3>3,2>2,2>1,1>1 w:3,3>2,2>1,1>1 w:3,3>2,2>2>1 w:3,3>2,2>2>1 l:3,3>2,2>2,1>2>1",
    ),
    (
        "game=graph&edges=a-xab,a-xac,xab-b,xac-c,b-ybc,b-ybt,ybc-c,ybt-t,c-zct,c-zcb,zct-t,zcb-b&root=a",
        "rllt",
        "random",
        "3",
        "l:a>xab>b>ybc>c>zct>t l:a>xac>c>zct>t l:a>xac>c>zct>t l:a>xab>b>ybt>t l:a>xab>b>ybt>t l:a>xab>b>ybc>c>zct>t l:a>xac>c>zcb>b>ybt>t d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b d:a>xab>b>ybc>c>zcb>b",
    ),
    (
        "game=subtraction&moves=1,2&heap=8",
        "lnwp",
        "same",
        "11",
        "l:8>7>6>5>4>3>2>1>0 w:8>7>6>5>4>3>2>0 w:8>7>6>5>4>3>1>0 w:8>7>6>5>3>2>1>0 l:8>7>6>5>3>2>0 l:8>7>6>5>3>1>0 l:8>7>6>4>3>1>0 l:8>6>5>4>3>1>0 w:8>6>5>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0 w:8>6>4>3>1>0",
    ),
];

/// The plays of a `--trace` output (one JSON object per line; the summary line is skipped) in
/// the pinned form.
#[allow(dead_code)] // the wasm test builds the same form from the facade's plays
pub fn plays_of_trace(lines: &str) -> String {
    lines
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("a JSON line"))
        .filter(|v| v.get("play").is_some())
        .map(|v| {
            let trace: Vec<&str> =
                v["trace"].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
            format!("{}:{}", &v["result"].as_str().unwrap()[..1], trace.join(">"))
        })
        .collect::<Vec<_>>()
        .join(" ")
}
