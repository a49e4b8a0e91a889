//! What the fuzz tests share: generators of spec text ([`gen`]), a fuzz loop that keeps going
//! after a failure and shrinks one reproducer per kind ([`runner`]), and the check that an error
//! message is one short sentence ([`check_message`]). Used by `tests/core/fuzz_spec.rs` (through
//! the library) and `tests/cli/fuzz_cli.rs` (through the binary).
#![allow(dead_code)]

use runner::Fail;

/// Longest error sentence accepted (user text is quoted cut to 40 characters).
const MAX_MESSAGE_CHARS: usize = 600;

/// A message as the CLI and page show it: one non-empty line, no control or invisible
/// characters, short, ending with a full stop.
pub fn check_message(what: &str, message: &str) -> Result<(), Fail> {
    let fail = |kind: &str| {
        Err(Fail::new(format!("{what}: {kind}"), format!("message: {}", runner::shown(message))))
    };
    if message.is_empty() {
        return fail("empty error message");
    }
    if message.chars().any(|c| c.is_control() || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}')) {
        return fail("error message with a control or invisible character");
    }
    if message.chars().count() > MAX_MESSAGE_CHARS {
        return fail("error message too long");
    }
    if !message.ends_with('.') {
        return fail("error message not ending with '.'");
    }
    Ok(())
}

/// Generators of spec text.
pub mod gen {
    use proptest::prelude::*;
    use proptest::sample::select;

    /// A spec and a number the checks use to pick labels.
    pub fn spec_and_pick() -> impl Strategy<Value = (String, u64)> {
        (spec(), any::<u64>())
    }

    /// Any spec text: mostly structured, a third hostile.
    pub fn spec() -> BoxedStrategy<String> {
        prop_oneof![
            6 => structured(),
            2 => hostile(),
            1 => (structured(), token(), any::<prop::sample::Index>()).prop_map(|(s, t, at)| insert(&s, &t, at)),
            1 => long_value(),
        ]
        .boxed()
    }

    /// `text` with `piece` inserted at a char boundary.
    fn insert(text: &str, piece: &str, at: prop::sample::Index) -> String {
        let bounds: Vec<usize> = text.char_indices().map(|(i, _)| i).chain([text.len()]).collect();
        let i = bounds[at.index(bounds.len())];
        format!("{}{piece}{}", &text[..i], &text[i..])
    }

    /// A number as text: small, near a budget or a limit, huge, or not quite a number.
    pub fn number() -> BoxedStrategy<String> {
        prop_oneof![
            6 => (0u64..12).prop_map(|n| n.to_string()),
            3 => (0u64..70).prop_map(|n| n.to_string()),
            2 => select(vec![
                20u64, 21, 22, 63, 64, 65, 100, 2520, 2521, 2522, 4_000_000, 4_000_001, 1 << 20, 1 << 26,
                u64::from(u32::MAX), u64::from(u32::MAX) + 1, u64::MAX / 2, u64::MAX - 1, u64::MAX,
            ])
            .prop_map(|n| n.to_string()),
            1 => any::<u64>().prop_map(|n| n.to_string()),
            1 => select(vec![
                "", " ", "-1", "+3", " 7 ", "07", "0x10", "1e3", "1.5", "18446744073709551616",
                "99999999999999999999999999999999", "N", "NaN", "inf", "٣", "３", "1,2", "0",
            ])
            .prop_map(String::from),
        ]
        .boxed()
    }

    fn list(len: std::ops::Range<usize>) -> BoxedStrategy<String> {
        prop_oneof![
            8 => prop::collection::vec(number(), len).prop_map(|v| v.join(",")),
            1 => (number(), 20usize..80).prop_map(|(n, k)| vec![n; k].join(",")),
            1 => prop::collection::vec(0u64..4, 1..6).prop_map(|v| format!(
                "{},",
                v.iter().map(u64::to_string).collect::<Vec<_>>().join(" , ")
            )),
        ]
        .boxed()
    }

    /// A valid family with random values, play, extra keys, shuffled and maybe %-encoded.
    pub fn structured() -> BoxedStrategy<String> {
        let family = prop_oneof![12 => family(), 2 => sum()];
        let play = select(vec![
            None,
            None,
            None,
            Some("normal"),
            Some("misere"),
            Some("misère"),
            Some("Misere"),
            Some(""),
        ]);
        let extra = prop_oneof![
            6 => Just(None),
            1 => select(vec!["game", "heaps", "moves", "play", "colour", "__proto__", "constructor", "GAME", "heap "])
                .prop_flat_map(|k| number().prop_map(move |v| Some(kv(k, &v)))),
        ];
        (family, play, extra, any::<u64>(), 0u8..8)
            .prop_flat_map(|(mut pairs, play, extra, mask, decor)| {
                if let Some(p) = play {
                    pairs.push(kv("play", p));
                }
                pairs.extend(extra);
                Just(pairs).prop_shuffle().prop_map(move |pairs| assemble(&pairs, mask, decor))
            })
            .boxed()
    }

    /// One family but the sum, with random values: its pairs, `game` first.
    pub fn family() -> BoxedStrategy<Vec<(String, String)>> {
        let small = || (0u64..9).prop_map(|n| n.to_string());
        prop_oneof![
            // Subtraction: moves with and without 1, heaps from 0 to u64::MAX.
            (
                prop_oneof![
                    list(1..5),
                    prop::collection::vec(2u64..12, 1..5).prop_map(|v| v
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(","))
                ],
                number()
            )
                .prop_map(|(m, h)| vec![
                    kv("game", "subtraction"),
                    kv("moves", &m),
                    kv("heap", &h)
                ]),
            prop_oneof![
                list(0..8),
                // Many small heaps: 2^k positions, near the budget (21 heaps of 1 is 2^21).
                (1usize..70, 0u64..3).prop_map(|(k, h)| vec![h.to_string(); k].join(",")),
            ]
            .prop_map(|h| vec![kv("game", "nim"), kv("heaps", &h)]),
            (number(), number()).prop_map(|(c, s)| vec![
                kv("game", "silver-dollar"),
                kv("coins", &c),
                kv("squares", &s)
            ]),
            (0u64..6, 3u64..14).prop_map(|(c, s)| vec![
                kv("game", "silver-dollar"),
                kv("coins", &c.to_string()),
                kv("squares", &s.to_string())
            ]),
            number().prop_map(|c| vec![kv("game", "turning-turtles"), kv("coins", &c)]),
            small().prop_map(|c| vec![kv("game", "turning-turtles"), kv("coins", &c)]),
            (number(), number()).prop_map(|(r, c)| vec![kv("game", "chomp"), kv("rows", &r), kv("cols", &c)]),
            (small(), small()).prop_map(|(r, c)| vec![kv("game", "chomp"), kv("rows", &r), kv("cols", &c)]),
            list(1..4).prop_map(|h| vec![kv("game", "wythoff"), kv("heaps", &h)]),
            (0u64..60, 0u64..60)
                .prop_map(|(a, b)| vec![kv("game", "wythoff"), kv("heaps", &format!("{a},{b}"))]),
            poset().prop_map(|p| vec![kv("game", "poset"), kv("poset", &p)]),
            dag(),
            // Octal games: codes of 1 to 5 digits (Kayles-like ones split heaps), now and then
            // one that is not a code; heaps small, several, or any number.
            (
                prop_oneof![
                    8 => prop::collection::vec(0u8..8, 1..6)
                        .prop_map(|d| format!("0.{}", d.iter().map(u8::to_string).collect::<String>())),
                    1 => select(vec!["0.8", "1.7", "0.", "0", ".77", "0.7a", "0.0000000000000000000000000000000007"])
                        .prop_map(str::to_string),
                ],
                prop_oneof![3 => (0u64..14).prop_map(|h| h.to_string()), 2 => list(0..4), 1 => number()]
            )
                .prop_map(|(c, h)| vec![kv("game", "octal"), kv("code", &c), kv("heaps", &h)]),
            forest().prop_map(|f| vec![kv("game", "hackendot"), kv("forest", &f)]),
            // Grundy's game and Lasker's Nim: heaps small, several, or any number.
            (select(vec!["grundy", "lasker"]), prop_oneof![3 => (0u64..14).prop_map(|h| h.to_string()), 2 => list(0..4), 1 => number()])
                .prop_map(|(g, h)| vec![kv("game", g), kv("heaps", &h)]),
            // Moore's Nim, Cram and Green Hackenbush (built by the generic walk).
            (
                prop_oneof![
                    3 => prop::collection::vec(0u64..6, 1..4)
                        .prop_map(|h| h.iter().map(u64::to_string).collect::<Vec<_>>().join(",")),
                    1 => list(1..4),
                ],
                prop_oneof![3 => (1u64..4).prop_map(|k| k.to_string()), 1 => number()],
            )
                .prop_map(|(h, k)| vec![kv("game", "moore"), kv("heaps", &h), kv("k", &k)]),
            (prop_oneof![3 => (1u64..5).prop_map(|n| n.to_string()), 1 => number()], (1u64..5).prop_map(|n| n.to_string()))
                .prop_map(|(r, c)| vec![kv("game", "cram"), kv("rows", &r), kv("cols", &c)]),
            prop::collection::vec((0u64..6, 0u64..6), 1..10)
                .prop_map(|e| e.iter().map(|(a, b)| format!("{a}-{b}")).collect::<Vec<_>>().join(","))
                .prop_map(|e| vec![kv("game", "hackenbush"), kv("edges", &e)]),
        ]
        .boxed()
    }

    /// Sums (`game=sum&parts=…`): parts that build within the fuzz budget, parts of any other
    /// family with [`family`]'s values (refused or too large as often as there), and malformed
    /// parts (a nested sum, unbalanced parentheses, `play` inside a part, no family, text after
    /// the parenthesis); 1 to 4 parts or past the limit of 16, joined by `+`, spaces or a
    /// doubled `+`.
    pub fn sum() -> BoxedStrategy<Vec<(String, String)>> {
        let n = || 0u64..5;
        let small = (0usize..11, n(), n()).prop_map(|(f, a, b)| match f {
            0 => format!("subtraction(moves=1,{};heap={})", a + 2, b + 3),
            1 => format!("nim(heaps={a},{b})"),
            2 => format!("silver-dollar(coins={};squares={})", a % 3 + 1, a % 3 + b + 2),
            3 => format!("turning-turtles(coins={})", a + 1),
            4 => format!("chomp(cols={};rows={})", b + 1, a % 3 + 1),
            5 => format!("wythoff(heaps={a},{b})"),
            6 => format!("poset(poset=(C{a}+A{b})/C1)"),
            7 => format!("dag(edges=a-b,b-c,a-c,c-d{a};root=a)"),
            8 => format!("octal(code=0.{}7;heaps={})", a, b + 4),
            9 => format!("grundy(heaps={},{})", a + 3, b + 1),
            _ => format!("lasker(heaps={a},{b})"),
        });
        let any = family().prop_shuffle().prop_map(|pairs| {
            let name = pairs.iter().find(|(k, _)| k == "game").map_or("", |(_, v)| v.as_str());
            let keys: Vec<String> =
                pairs.iter().filter(|(k, _)| k != "game").map(|(k, v)| format!("{k}={v}")).collect();
            format!("{name}({})", keys.join(";"))
        });
        let malformed = select(vec![
            "sum(parts=nim(heaps=1))",
            "nim(heaps=3",
            "nim(heaps=3))",
            "nim(play=misere;heaps=1)",
            "(heaps=1)",
            "nim",
            "nim()",
            "nim(heaps=1;heaps=2)",
            "nim(heaps=1)x",
            "go(size=3)",
            "nim(=3)",
            "nim(heaps)",
            "poset(poset=(C2+C1)",
            "",
        ])
        .prop_map(String::from);
        let part = prop_oneof![6 => small, 2 => any, 1 => malformed];
        let parts = prop_oneof![
            8 => prop::collection::vec(part, 1..5),
            1 => (15usize..19).prop_map(|k| vec!["nim(heaps=1)".to_string(); k]),
        ];
        (parts, select(vec!["+", "+", "+", " ", " + ", "++"]))
            .prop_map(|(parts, join)| vec![kv("game", "sum"), kv("parts", &parts.join(join))])
            .boxed()
    }

    fn kv(k: &str, v: &str) -> (String, String) {
        (k.to_string(), v.to_string())
    }

    /// Joins pairs into a query string; `mask` %-encodes some bytes, `decor` adds a prefix,
    /// empty segments or spaces.
    fn assemble(pairs: &[(String, String)], mask: u64, decor: u8) -> String {
        let encode = |s: &str, salt: u32| -> String {
            if !mask.is_multiple_of(4) {
                return s.to_string();
            }
            let mut out = String::new();
            for (i, ch) in s.chars().enumerate() {
                if mask.rotate_left(salt + i as u32) & 7 == 0 {
                    let mut buf = [0u8; 4];
                    for b in ch.encode_utf8(&mut buf).bytes() {
                        out += &format!("%{b:02X}");
                    }
                } else {
                    out.push(ch);
                }
            }
            out
        };
        let segments: Vec<String> = pairs
            .iter()
            .enumerate()
            .map(|(i, (k, v))| format!("{}={}", encode(k, i as u32), encode(v, 17 + i as u32)))
            .collect();
        let joined = segments.join(if decor == 1 { "&&" } else { "&" });
        match decor {
            2 => format!("#{joined}"),
            3 => format!("?{joined}"),
            4 => format!("  {joined} \n"),
            5 => format!("{joined}&"),
            _ => joined,
        }
    }

    /// Hackendot forests: random trees side by side, some unbalanced or with junk, spaces, paths
    /// and bushes near and past the 64-node limit, and a very long one.
    pub fn forest() -> BoxedStrategy<String> {
        let tree = Just("()".to_string()).prop_recursive(6, 40, 4, |inner| {
            prop::collection::vec(inner, 0..4).prop_map(|children| format!("({})", children.concat()))
        });
        prop_oneof![
            8 => prop::collection::vec(tree, 1..4).prop_map(|trees| trees.concat()),
            1 => (select(vec!["(", ")", " ", "x", "((", "))", ")(", "%28"]), 0usize..8)
                .prop_map(|(junk, at)| format!("{}{junk}{}", "(()".repeat(at), ")".repeat(at))),
            1 => (60usize..70).prop_map(|n| format!("{}{}", "(".repeat(n), ")".repeat(n))),
            1 => (60usize..70).prop_map(|n| format!("({})", "()".repeat(n))),
            1 => (1usize..100_000).prop_map(|n| "()".repeat(n)),
        ]
        .boxed()
    }

    /// Poset expressions: random nesting of atoms by `/`, `+`, space and parentheses, some
    /// unbalanced; deep nesting near the 64 limit; huge `divN`.
    pub fn poset() -> BoxedStrategy<String> {
        let size = prop_oneof![4 => (0u64..7).prop_map(|n| n.to_string()), 1 => number()];
        let atom = (select(vec!["C", "A", "V", "L", "D", "div", "div", "c", "X", "", "Ⅽ"]), size)
            .prop_map(|(a, n)| format!("{a}{n}"));
        let divn = select(vec![1u64, 2, 12, 60, 72, 720, 5040, 720720, 1 << 40, u64::MAX, 963761198400])
            .prop_map(|n| format!("div{n}"));
        let tree = prop_oneof![4 => atom, 1 => divn].prop_recursive(5, 24, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 2..4).prop_map(|v| v.join("/")),
                prop::collection::vec(inner.clone(), 2..4).prop_map(|v| v.join("+")),
                prop::collection::vec(inner.clone(), 2..3).prop_map(|v| v.join(" ")),
                inner.clone().prop_map(|e| format!("({e})")),
                inner.clone().prop_map(|e| format!("( {e} ) ")),
                inner.clone().prop_map(|e| format!("({e}")),
                inner.prop_map(|e| format!("{e}+")),
            ]
        });
        prop_oneof![
            8 => tree,
            1 => (55usize..70, select(vec!["C1", "A2", "C1+C1", ""])).prop_map(|(d, a)| format!("{}{a}{}", "(".repeat(d), ")".repeat(d))),
            1 => (1usize..100_000).prop_map(|d| "(".repeat(d)),
        ]
        .boxed()
    }

    /// Custom graphs, as `dag` or as `graph` (which takes cycles): edges among few names (so
    /// cycles, self-loops and duplicates are common), bad names, long chains, many sources
    /// without a root.
    pub fn dag() -> BoxedStrategy<Vec<(String, String)>> {
        let name = select(vec![
            "a".to_string(),
            "b".into(),
            "c".into(),
            "d".into(),
            "e".into(),
            "v0".into(),
            "x.y".into(),
            "_".into(),
            "A1".into(),
            "n".repeat(32),
            "n".repeat(33),
            "".into(),
            "a b".into(),
            "é".into(),
            "-".into(),
            "__proto__".into(),
            "constructor".into(),
        ]);
        let edges = prop_oneof![
            6 => prop::collection::vec((name.clone(), name.clone()), 0..12)
                .prop_map(|v| v.iter().map(|(a, b)| format!("{a}-{b}")).collect::<Vec<_>>().join(",")),
            1 => (1usize..20_000).prop_map(|k| (0..k).map(|i| format!("n{i}-n{}", i + 1)).collect::<Vec<_>>().join(",")),
            // A chain just under the 256 KiB limit with its `game=dag&edges=` prefix (the last
            // name lengthened to hit the length exactly).
            1 => (262_100usize..=262_144 - 15).prop_map(|len| {
                let mut edges = String::from("n0-n1");
                for i in 1.. {
                    let edge = format!(",n{i}-n{}", i + 1);
                    if edges.len() + edge.len() > len {
                        break;
                    }
                    edges += &edge;
                }
                let pad = len - edges.len();
                edges + &"_".repeat(pad)
            }),
            1 => (1usize..20_000).prop_map(|k| (0..k).map(|i| format!("s{i}-t")).collect::<Vec<_>>().join(",")),
            1 => (2usize..200).prop_map(|k| (0..k).flat_map(|i| (0..i).map(move |j| format!("p{i}-p{j}"))).collect::<Vec<_>>().join(",")),
            1 => Just("a-b-c,a--b,-a,a-,,,a-b".to_string()),
        ];
        let root = prop_oneof![3 => Just(None), 2 => name.prop_map(Some), 1 => Just(Some("n0".to_string()))];
        (edges, root, any::<bool>())
            .prop_map(|(e, r, loopy)| {
                let mut pairs = vec![kv("game", if loopy { "graph" } else { "dag" }), kv("edges", &e)];
                pairs.extend(r.map(|r| kv("root", &r)));
                pairs
            })
            .boxed()
    }

    /// Pieces that mean something to a query string, a parser or a terminal.
    pub fn token() -> BoxedStrategy<String> {
        select(vec![
            "game=",
            "nim",
            "&",
            "=",
            "%",
            "%0A",
            "%00",
            "%FF",
            "%E2%80%AE",
            "%4",
            "%zz",
            "%%",
            "\n",
            "\r",
            "\t",
            "\0",
            "\u{1b}[2J",
            "\u{202e}",
            "\u{feff}",
            "\u{200b}",
            "\u{7f}",
            "\u{85}",
            "__proto__",
            "constructor",
            "prototype",
            "toString",
            "hasOwnProperty",
            "heaps=",
            "3",
            ",",
            "play=misere",
            "#",
            "?",
            "+",
            " ",
            "é",
            "💥",
            "poset=",
            "C3",
            "(",
            ")",
            "/",
            "edges=",
            "a-b",
            "root=",
            "game=dag",
            "game=poset",
            "\\",
            "'",
            "\"",
            "game=subtraction&moves=2,3&heap=",
            "game=chomp&rows=2521&cols=1",
        ])
        .prop_map(String::from)
        .boxed()
    }

    /// Arbitrary text: unicode, token soup, JS property names, duplicate and unknown keys.
    pub fn hostile() -> BoxedStrategy<String> {
        let js = select(vec![
            "__proto__",
            "constructor",
            "prototype",
            "toString",
            "valueOf",
            "hasOwnProperty",
            "__defineGetter__",
        ]);
        prop_oneof![
            2 => any::<String>(),
            2 => "[a-z0-9=&%#?+,()/ .\\-]{0,40}",
            3 => prop::collection::vec(token(), 0..20).prop_map(|v| v.concat()),
            1 => (js.clone(), js.clone(), number()).prop_map(|(a, b, n)| format!("game={a}&{b}={n}&{a}={n}")),
            1 => (js.clone(), number()).prop_map(|(a, n)| format!("game=nim&heaps={n}&{a}={n}")),
            1 => (js, number()).prop_map(|(a, n)| format!("{a}=nim&game=nim&heaps={n}")),
            1 => (select(vec!["nim", "chomp", "dag", "poset"]), number())
                .prop_map(|(f, n)| format!("game={f}&game={f}&heaps={n}&heaps={n}")),
            1 => prop::collection::vec(any::<u8>(), 0..24)
                .prop_map(|v| v.iter().map(|b| format!("%{b:02x}")).collect::<String>()),
        ]
        .boxed()
    }

    /// A value made long by repetition (cheap to generate), up to and just past 256 KiB.
    pub fn long_value() -> BoxedStrategy<String> {
        let key = select(vec![
            "game=dag&edges=",
            "game=poset&poset=",
            "game=nim&heaps=",
            "game=chomp&rows=",
            "game=",
            "x=",
        ]);
        let piece =
            select(vec!["C1+", "a-b,", "1,", "0,", "%41", "x", "é", "\u{202e}", "(", "&", "=", "a-b&", "9"]);
        let bytes =
            prop_oneof![(1usize..4096), (200_000usize..262_144), Just(262_144 - 30), (262_100usize..263_000)];
        (key, piece, bytes)
            .prop_map(|(k, p, n)| {
                let mut s = format!("{k}{}", p.repeat(n / p.len() + 1));
                let mut cut = n.max(k.len());
                while !s.is_char_boundary(cut) {
                    cut -= 1;
                }
                s.truncate(cut);
                s
            })
            .boxed()
    }
}

/// A fuzz loop over a proptest strategy that keeps going after a failure (so one run reports
/// every kind of failure), shrinks the first input of each kind, and times every case.
pub mod runner {
    use std::panic::{self, AssertUnwindSafe};
    use std::time::{Duration, Instant};

    use proptest::strategy::{Strategy, ValueTree};
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

    /// Why a case failed: `kind` groups failures (one reproducer is kept and shrunk per kind).
    #[derive(Debug, Clone)]
    pub struct Fail {
        pub kind: String,
        pub detail: String,
    }

    impl Fail {
        pub fn new(kind: impl Into<String>, detail: impl Into<String>) -> Fail {
            Fail { kind: kind.into(), detail: detail.into() }
        }
    }

    /// One kind of failure: how often, the first input and its shrunk form.
    #[derive(Debug, Clone)]
    pub struct Failure {
        pub kind: String,
        pub count: u64,
        pub detail: String,
        pub input: String,
        pub shrunk: String,
    }

    #[derive(Debug, Default)]
    pub struct Totals {
        pub cases: u64,
        pub elapsed: Duration,
        pub slowest: Duration,
        pub slowest_input: String,
        pub failures: Vec<Failure>,
    }

    impl Totals {
        /// Fails the test listing every kind of failure with its shrunk reproducer.
        pub fn assert_clean(&self) {
            if self.failures.is_empty() {
                return;
            }
            let mut text = format!("{} kinds of failure:\n", self.failures.len());
            for f in &self.failures {
                text += &format!(
                    "- {} ({}×)\n    shrunk: {}\n    first:  {}\n    detail: {}\n",
                    f.kind, f.count, f.shrunk, f.input, f.detail
                );
            }
            panic!("{text}");
        }
    }

    pub fn env_u64(name: &str, default: u64) -> u64 {
        match std::env::var(name) {
            Ok(v) => v.trim().parse().unwrap_or_else(|_| panic!("{name}={v:?} is not a whole number")),
            Err(_) => default,
        }
    }

    pub fn seed_number() -> u64 {
        env_u64("FUZZ_SEED", 20_250_705)
    }

    pub fn seed() -> [u8; 32] {
        let s = seed_number().to_le_bytes();
        let mut out = [0u8; 32];
        for (i, b) in out.iter_mut().enumerate() {
            *b = s[i % 8] ^ (i as u8);
        }
        out
    }

    pub fn test_runner(seed: [u8; 32]) -> TestRunner {
        TestRunner::new_with_rng(Config::default(), TestRng::from_seed(RngAlgorithm::ChaCha, &seed))
    }

    /// Input text for a report: escaped as a Rust string literal, cut to 300 characters.
    pub fn shown(text: &str) -> String {
        let escaped = format!("{text:?}");
        let mut s: String = escaped.chars().take(300).collect();
        if s.len() < escaped.len() {
            s += &format!("…[{} bytes in all]", text.len());
        }
        s
    }

    thread_local! {
        static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }

    /// Runs one case: a panic becomes a failure of kind "panic: MESSAGE", silently (a million
    /// cases must not print a million backtraces). The time is this thread's CPU time, where
    /// the library does its work: a loaded machine does not stretch it as it does wall time.
    /// (A CLI case's work is in its child process, which `fuzz_cli` bounds on its own.)
    fn run_one<T>(check: &mut impl FnMut(&T) -> Result<(), Fail>, value: &T) -> (Result<(), Fail>, Duration) {
        let start = crate::common::thread_cpu();
        QUIET.with(|q| q.set(true));
        let result = panic::catch_unwind(AssertUnwindSafe(|| check(value)));
        QUIET.with(|q| q.set(false));
        let elapsed = crate::common::thread_cpu() - start;
        let result = result.unwrap_or_else(|payload| {
            let msg = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            let short: String = msg.chars().take(120).collect();
            Err(Fail::new(format!("panic: {short}"), msg))
        });
        (result, elapsed)
    }

    fn install_quiet_hook() {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            let default = panic::take_hook();
            panic::set_hook(Box::new(move |info| {
                if !QUIET.with(|q| q.get()) {
                    default(info);
                }
            }));
        });
    }

    /// Generates `cases` values and checks each; see the module doc.
    pub fn fuzz<S: Strategy>(
        strategy: S,
        cases: u64,
        seed: [u8; 32],
        bound: Duration,
        mut check: impl FnMut(&S::Value) -> Result<(), Fail>,
        show: impl Fn(&S::Value) -> String,
    ) -> Totals {
        install_quiet_hook();
        let mut runner = test_runner(seed);
        let mut totals = Totals::default();
        let start = Instant::now();
        let mut check_timed = |value: &S::Value| -> (Result<(), Fail>, Duration) {
            let (result, elapsed) = run_one(&mut check, value);
            if result.is_ok() && elapsed > bound {
                return (Err(Fail::new("slow", format!("{:.0} ms", elapsed.as_secs_f64() * 1e3))), elapsed);
            }
            (result, elapsed)
        };
        for _ in 0..cases {
            let mut tree = strategy.new_tree(&mut runner).expect("the strategies never reject");
            let value = tree.current();
            let (result, elapsed) = check_timed(&value);
            totals.cases += 1;
            if elapsed > totals.slowest {
                totals.slowest = elapsed;
                totals.slowest_input = show(&value);
            }
            let Err(fail) = result else { continue };
            if let Some(known) = totals.failures.iter_mut().find(|f| f.kind == fail.kind) {
                known.count += 1;
                continue;
            }
            // Shrink: simplify while the same kind of failure persists (bounded in steps and time).
            let input = show(&value);
            let mut shrunk = input.clone();
            let until = Instant::now() + Duration::from_secs(5);
            let mut steps = 0;
            // A case that took seconds (a timeout, a memory blow-up) is reported unshrunk.
            if elapsed < Duration::from_secs(1) && tree.simplify() {
                while steps < 2000 && Instant::now() < until {
                    steps += 1;
                    let candidate = tree.current();
                    let same = matches!(check_timed(&candidate).0, Err(f) if f.kind == fail.kind);
                    let more = if same {
                        shrunk = show(&candidate);
                        tree.simplify()
                    } else {
                        tree.complicate()
                    };
                    if !more {
                        break;
                    }
                }
            }
            eprintln!("fuzz: new failure: {}\n    shrunk: {shrunk}\n    detail: {}", fail.kind, fail.detail);
            totals.failures.push(Failure { kind: fail.kind, count: 1, detail: fail.detail, input, shrunk });
        }
        totals.elapsed = start.elapsed();
        totals
    }

    /// The process's peak resident memory (VmHWM), in MiB; 0 where /proc is missing.
    pub fn peak_rss_mib() -> u64 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .map_or(0, |kb| kb / 1024)
    }
}
