//! Where a runtime table comes from: the build (version, commit), its random streams, the
//! sweep, the command, the host and the date. Raw tables carry it in their sidecar JSON (or
//! beside the rows with `--raw --json`), summaries in their JSON's `provenance`; `--summarise`
//! refuses tables of two builds or two streams (see [`Provenance::same_build`]).

use serde::{Deserialize, Serialize};

/// The crate's version (Cargo.toml).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The git commit the binary was built from (12 hex digits), set by build.rs; `unknown` when
/// built without the repository (a tarball) and without `IMPARTIAL_COMMIT`.
pub const COMMIT: &str = env!("IMPARTIAL_COMMIT");

/// The identity of the random streams: the generator and a number bumped whenever any seeded
/// result changes for the same inputs (any learner's draws, a sweep's run seeds, the bootstrap's
/// resamples; i.e. whenever a pinned hash or published table has to be regenerated). A new
/// learner's own stream does not bump it, since no earlier result changes.
///
/// 1: versions 0.1.0 up to the fast engine's pooled sampler (2026-11-25); 2: since then
/// (version 0.2.0 on).
pub const STREAM: &str = "xoshiro256++/2";

/// Where a table comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Provenance {
    /// The version of the build that ran the sweep ([`VERSION`]).
    pub version: String,
    /// Its git commit ([`COMMIT`]).
    pub commit: String,
    /// The command line that wrote this table (shell-quoted).
    pub command: String,
    /// The game spec with N.
    pub spec: String,
    /// The learners, as `--learner` names them.
    pub learner: String,
    /// The random streams' identity ([`STREAM`]).
    pub stream: String,
    /// The host that wrote the table.
    pub host: String,
    /// When it was written (UTC, ISO 8601 to the second).
    pub date: String,
}

impl Provenance {
    /// This build's provenance for a table written now by `command` on `host`.
    pub fn now(command: String, spec: &str, learner: &str, host: String, unix_seconds: u64) -> Provenance {
        Provenance {
            version: VERSION.to_string(),
            commit: COMMIT.to_string(),
            command,
            spec: spec.to_string(),
            learner: learner.to_string(),
            stream: STREAM.to_string(),
            host,
            date: utc_date(unix_seconds),
        }
    }

    /// Whether two tables' rows come from one build and one random stream (same version,
    /// commit and stream), so that they can be summarised together.
    pub fn same_build(&self, other: &Provenance) -> bool {
        self.version == other.version && self.commit == other.commit && self.stream == other.stream
    }
}

/// `2026-11-28T23:05:00Z` for a time in seconds since 1970 (UTC; the proleptic Gregorian
/// calendar by Hinnant's days-from-civil inverse, "chrono-Compatible Low-Level Date
/// Algorithms").
pub fn utc_date(unix_seconds: u64) -> String {
    let days = (unix_seconds / 86_400) as i64;
    let secs = unix_seconds % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", secs / 3600, secs / 60 % 60, secs % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_match_known_ones() {
        assert_eq!(utc_date(0), "1970-01-01T00:00:00Z");
        // `date -u -d @951782400`: the leap day of 2000, and the day after.
        assert_eq!(utc_date(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc_date(951_868_799), "2000-02-29T23:59:59Z");
        assert_eq!(utc_date(951_868_800), "2000-03-01T00:00:00Z");
        assert_eq!(utc_date(1_798_675_200), "2026-12-31T00:00:00Z");
        assert_eq!(utc_date(4_107_542_400), "2100-03-01T00:00:00Z");
    }

    #[test]
    fn the_version_and_stream_are_this_builds() {
        let p = Provenance::now("impartial runtime".into(), "game=nim&heaps=N", "umda", "h".into(), 0);
        assert_eq!(p.version, env!("CARGO_PKG_VERSION"));
        assert!(!p.commit.is_empty());
        let mut other = p.clone();
        other.host = "elsewhere".into();
        assert!(p.same_build(&other));
        other.stream = "xoshiro256++/1".into();
        assert!(!p.same_build(&other));
    }
}
