//! The body of the `decoders` fuzz target (its own file, apart from
//! `bodies.rs`; `tool/tests/fuzz_regressions.rs` includes it with
//! `#[path]` as it includes the other bodies).
//!
//! Input: byte 0 picks a decoder ([`DECODERS`], modulo its length), the
//! rest is the raw input. It is written to `/workspace/f` and also given
//! as standard input, and a short script runs the decoder every way
//! people call it: listing, testing, extracting into a directory, to
//! stdout, from stdin (`tar tvf f`, `tar xf f -C x`, `gunzip -c f`,
//! `gzip -dc < f`, `unzip -o f -d x`, `xz -dc`, `bzip2 -dc`, `base64 -d`,
//! `xxd -r`, `patch -p0 < f` over a small tree, `diff f g`...). The
//! patch reader also sees the bytes directly.
//!
//! One input in four (by hash, [`host_mode_for`]) runs with a host
//! directory as `/workspace` ([`HostJail`], which holds `up -> ..` and
//! `out -> ../outside`): an archive whose members climb out (`../x`,
//! `/x`, `up/x`, through a symlink it made itself) must leave the host
//! directory around the workspace unchanged.
//!
//! `SANDBASH_FUZZ_PRINT=1` prints each run's script and output.
//!
//! What must hold: no panic on any thread, the run ends within its wall
//! clock (plus slack), a stopped run has status 124, the status is a
//! byte, each stream within `max_output`.

use std::time::Instant;

use sandbash_tool::{RunOptions, Sandbox, SandboxOptions, WorkspaceMount};
use sandbash_vfs::FileSystem;

use crate::bodies::{HostJail, check_run, fuzz_fs_limits, fuzz_limits, host_mode_for};

/// The decoders, in the order byte 0 picks them (append only: the seeds
/// in `seeds/decoders/` start with their decoder's index, which
/// `decoders_seeds_name_their_decoder` in `tool/tests/fuzz_regressions.rs`
/// checks).
pub const DECODERS: &[&str] = &[
    "gzip", "zip", "tar", "xz", "bzip2", "base64", "xxd", "patch", "diff",
];

/// The tree `patch` and `diff` work over (besides `f`, the input).
const TREE: &[(&str, &[u8])] = &[
    ("a.txt", b"one\ntwo\nthree\nfour\nfive\nsix\nseven\n"),
    ("b.txt", b"alpha\nbeta\ngamma\n"),
    ("d/c.txt", b"x\ny\nz\n"),
];

/// The script for one decoder. `f` is the input (also on stdin), `g` the
/// second file of `diff`; `x/` an extraction directory.
fn script(decoder: &str) -> &'static str {
    match decoder {
        "gzip" => {
            "gunzip -c f | wc -c; gzip -dc < f | head -c 4096; gzip -t f; gzip -l f; \
             zcat -f f >/dev/null; tar tzvf f; cp f f.gz && gunzip -f f.gz; ls"
        }
        "zip" => {
            "unzip -l f; unzip -v f; unzip -t f; unzip -p f | head -c 4096; \
             mkdir x && unzip -o f -d x; unzip -oj f -d x; unzip -o f; ls -R x"
        }
        "tar" => {
            "tar tvf f; tar tf - < f; mkdir x && tar xf f -C x; tar xOf f | head -c 4096; \
             tar xvf - --strip-components=1 -C x < f; tar xkf f; tar -xf f --wildcards '*' -C x; \
             tar rf f b.txt; tar tf f; ls -R x"
        }
        "xz" => {
            "xz -dc f | wc -c; xz -dc < f | head -c 4096; xz -t f; xz -l f; xzcat -f f >/dev/null; \
             tar tJf f; cp f f.xz && unxz -f f.xz; ls"
        }
        "bzip2" => {
            "bzip2 -dc f | wc -c; bzip2 -dc < f | head -c 4096; bzip2 -t f; bzcat f >/dev/null; \
             tar tjf f; cp f f.bz2 && bunzip2 -f f.bz2; ls"
        }
        "base64" => {
            "base64 -d f | head -c 4096; base64 -di < f | wc -c; base32 -d f | wc -c; \
             basenc --base64url -d < f | wc -c; basenc --base16 -di f | wc -c; \
             basenc --z85 -d f | wc -c; basenc --base2msbf -d f | wc -c"
        }
        "xxd" => {
            "xxd -r f | head -c 4096; xxd -r -p < f | wc -c; xxd -r -s 16 f o; xxd -r -c 4 f | wc -c; \
             xxd -r -p f o2; ls -l"
        }
        "patch" => {
            "patch -p0 --dry-run < f; patch -p1 -i f -f; patch -f -p0 < f; patch -R -f -p0 -i f; \
             patch -f -o out.txt a.txt f; patch -b -N -f a.txt < f; ls -R; cat a.txt"
        }
        "diff" => {
            "diff f g; diff -u f g; diff -c g f; diff -y -W 60 f g; diff -iwbB f g; \
             mkdir e && cp f e/a.txt && cp g e/new; diff -ruN . e; diff -q f a.txt; diff --strip-trailing-cr -U1 a.txt f; \
             cmp f g; cmp -l f g | head -n 20"
        }
        _ => "",
    }
}

/// See the module documentation.
pub fn decoders(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Some(&decoder) = DECODERS.get(usize::from(pick) % DECODERS.len()) else {
        return;
    };
    // For `diff`, the bytes up to the first NUL are `f` and the rest `g`
    // (without a NUL, `g` is `a.txt`'s text); for the others, `f` is all.
    let (f, g): (&[u8], &[u8]) = if decoder == "diff" {
        match rest.iter().position(|&b| b == 0) {
            Some(i) => (
                rest.get(..i).unwrap_or(&[]),
                rest.get(i + 1..).unwrap_or(&[]),
            ),
            None => (rest, TREE[0].1),
        }
    } else {
        (rest, b"")
    };
    if decoder == "patch" {
        // The patch reader alone, on the raw bytes.
        let _ = sandbash_builtins::parsers::patch(rest);
    }
    let mut files: Vec<(&str, &[u8])> = TREE.to_vec();
    files.push(("f", f));
    files.push(("g", g));
    let limits = fuzz_limits();
    let script = format!("cd /workspace\n{}\n", script(decoder));
    let host = host_mode_for(data);
    let jail = host.then(HostJail::new);
    let workspace = match &jail {
        Some(j) => WorkspaceMount::Host(j.workspace()),
        None => WorkspaceMount::Memory,
    };
    let mut sb = Sandbox::with_options(SandboxOptions {
        workspace,
        limits: limits.clone(),
        fs_limits: fuzz_fs_limits(),
    })
    .expect("harness: cannot build the sandbox");
    let fs = sb.fs().clone();
    let _ = fs.create_dir("/workspace/d", true);
    for (name, bytes) in &files {
        fs.write(&format!("/workspace/{name}"), bytes)
            .expect("harness: cannot write the input into the sandbox");
    }
    let started = Instant::now();
    let out = sb.run_opts(
        &script,
        RunOptions {
            limits: Some(limits.clone()),
            cancel: None,
            stdin: Some(f.to_vec()),
        },
    );
    let took = started.elapsed();
    if std::env::var_os("SANDBASH_FUZZ_PRINT").is_some() {
        eprintln!(
            "--- {decoder} (host: {host})\n{script}--- status {} stop {:?}\n--- stdout\n{}--- stderr\n{}",
            out.status,
            out.stop,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    if let Some(j) = &jail {
        j.check();
    }
    check_run(&out, took, &limits);
}
