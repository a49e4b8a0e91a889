//! Embeds the git commit the crate is built from as `IMPARTIAL_COMMIT`, for the provenance of
//! the runtime tables (src/learn/runtime/provenance.rs). Set `IMPARTIAL_COMMIT` to override it
//! (a packager building from a tarball); without it and without the repository's `.git` (a
//! tarball, or a copy inside some other repository) the commit is `unknown`.

use std::path::Path;
use std::process::Command;

fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git").arg("-C").arg(dir).args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=IMPARTIAL_COMMIT");
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let dir = Path::new(&dir);
    let given = std::env::var("IMPARTIAL_COMMIT").ok().filter(|c| !c.trim().is_empty());
    let commit = given.or_else(|| {
        // Only this crate's own repository: a tarball unpacked inside another one has none.
        let top = git(dir, &["rev-parse", "--show-toplevel"])?;
        if std::fs::canonicalize(&top).ok()? != std::fs::canonicalize(dir).ok()? {
            return None;
        }
        // Rebuilt when HEAD moves: HEAD itself, the branch it names and the packed refs (only
        // files that exist: a missing one would rerun this script on every build).
        let mut watched = vec![git(dir, &["rev-parse", "--git-path", "HEAD"])?];
        if let Some(branch) = git(dir, &["symbolic-ref", "-q", "HEAD"]) {
            watched.extend(git(dir, &["rev-parse", "--git-path", &branch]));
        }
        watched.extend(git(dir, &["rev-parse", "--git-path", "packed-refs"]));
        for path in watched {
            let path = if Path::new(&path).is_absolute() { path.into() } else { dir.join(path) };
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
        git(dir, &["rev-parse", "--short=12", "HEAD"])
    });
    println!("cargo:rustc-env=IMPARTIAL_COMMIT={}", commit.unwrap_or_else(|| "unknown".into()));
}
