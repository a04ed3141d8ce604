//! Round trips with the host's own tools (issue 20's evidence): what the
//! sandbox packs, the host's GNU tar, gzip, bzip2, xz and Info-ZIP unzip
//! unpack to the same tree, and what they pack the sandbox unpacks to the
//! same tree; a `diff -u` (and `diff -ruN` over trees) made in the sandbox
//! applies with the host's GNU `patch`, and the host's diffs apply with
//! the sandbox's `patch`.
//!
//! The host tools are used by this test only, never by sandbash: bytes
//! move between the two sides through the sandbox's filesystem API
//! (`Sandbox::fs`), never through a shared directory. Trees are compared
//! entry by entry: kind, bytes, permission bits, link target.
//!
//! A missing host tool fails the test with the package to install (it
//! does not skip: `.ci/run` installs them on a fresh machine).

use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

use sandbash_tool::Sandbox;
use sandbash_vfs::{FileKind, FileSystem};

// ---------------------------------------------------------------------------
// The tree

/// One entry of a tree, as both sides see it.
#[derive(Clone, PartialEq, Eq)]
enum Entry {
    Dir { mode: u32 },
    File { mode: u32, data: Vec<u8> },
    Link { target: String },
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Entry::Dir { mode } => write!(f, "dir {mode:o}"),
            Entry::File { mode, data } => {
                let sum = data.iter().fold(0u64, |h, &b| {
                    (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
                });
                write!(f, "file {mode:o}, {} bytes, hash {sum:x}", data.len())
            }
            Entry::Link { target } => write!(f, "symlink -> {target}"),
        }
    }
}

/// Paths relative to the tree's root (`""` is the root itself) to entries.
type Tree = BTreeMap<String, Entry>;

/// A 150-character file name: longer than ustar's 100-byte name field,
/// so it needs a GNU long-name or a pax header.
fn long_name() -> String {
    let mut s = String::from("long-");
    while s.len() < 150 {
        s.push(char::from(b'a' + (s.len() % 26) as u8));
    }
    s
}

/// 200 KB of every byte value (NULs included), from a fixed LCG.
fn binary() -> Vec<u8> {
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    (0..200 * 1024)
        .map(|_| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (x >> 56) as u8
        })
        .collect()
}

/// The tree every archive round trip packs: nested directories, an empty
/// file, a 200 KB binary file, a 150-character name deep down, a symlink
/// (`with_link`), modes 0755 and 0600.
fn sample_tree(with_link: bool) -> Tree {
    let mut t = Tree::new();
    let dir = |t: &mut Tree, p: &str| {
        t.insert(p.to_string(), Entry::Dir { mode: 0o755 });
    };
    let file = |t: &mut Tree, p: &str, mode: u32, data: &[u8]| {
        t.insert(
            p.to_string(),
            Entry::File {
                mode,
                data: data.to_vec(),
            },
        );
    };
    dir(&mut t, "");
    dir(&mut t, "dir");
    dir(&mut t, "dir/sub");
    dir(&mut t, "dir/sub/deep");
    dir(&mut t, "empty-dir");
    file(&mut t, "empty", 0o644, b"");
    file(&mut t, "bin.dat", 0o600, &binary());
    file(&mut t, "run.sh", 0o755, b"#!/bin/sh\necho hi\n");
    file(&mut t, "dir/text.txt", 0o644, b"line one\nline two\n");
    file(
        &mut t,
        &format!("dir/sub/deep/{}", long_name()),
        0o644,
        b"a long name\n",
    );
    file(
        &mut t,
        "dir/sub/no-newline",
        0o600,
        b"no newline at the end",
    );
    if with_link {
        t.insert(
            "dir/link".into(),
            Entry::Link {
                target: "../bin.dat".into(),
            },
        );
    }
    t
}

/// `tree` with its symlinks replaced by what they point to (as zip
/// stores them without `-y`).
fn followed(tree: &Tree) -> Tree {
    let mut out = tree.clone();
    for (p, e) in tree {
        if let Entry::Link { target } = e {
            let parent = Path::new(p).parent().unwrap_or(Path::new(""));
            let joined = parent.join(target).to_string_lossy().into_owned();
            let mut resolved: Vec<&str> = Vec::new();
            for c in joined.split('/') {
                match c {
                    "" | "." => {}
                    ".." => {
                        resolved.pop();
                    }
                    c => resolved.push(c),
                }
            }
            let to = tree
                .get(&resolved.join("/"))
                .unwrap_or_else(|| panic!("{p}: link target missing"));
            out.insert(p.clone(), to.clone());
        }
    }
    out
}

// ---------------------------------------------------------------------------
// The sandbox side

fn sandbox() -> Sandbox {
    Sandbox::new()
}

/// Runs `script`; fails unless it exits with `status` and writes nothing
/// to stderr. Returns stdout.
#[track_caller]
fn run_status(sb: &mut Sandbox, script: &str, status: i32) -> String {
    let out = sb.run(script);
    assert_eq!(
        out.status,
        status,
        "sandbox: `{script}` exited {} (stderr: {})",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "sandbox: `{script}` wrote to stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[track_caller]
fn run_ok(sb: &mut Sandbox, script: &str) -> String {
    run_status(sb, script, 0)
}

fn vfs_put_tree(sb: &Sandbox, root: &str, tree: &Tree) {
    let fs = sb.fs();
    // Parents before children (BTreeMap order puts "a" before "a/b").
    for (p, e) in tree {
        let path = if p.is_empty() {
            root.to_string()
        } else {
            format!("{root}/{p}")
        };
        match e {
            Entry::Dir { .. } => fs.create_dir(&path, true).expect("vfs mkdir"),
            Entry::File { data, .. } => fs.write(&path, data).expect("vfs write"),
            Entry::Link { target } => fs.symlink(target, &path).expect("vfs symlink"),
        }
    }
    for (p, e) in tree {
        let path = if p.is_empty() {
            root.to_string()
        } else {
            format!("{root}/{p}")
        };
        if let Entry::Dir { mode } | Entry::File { mode, .. } = e {
            fs.set_mode(&path, *mode).expect("vfs chmod");
        }
    }
}

/// The tree under `root` in the sandbox's filesystem.
fn vfs_tree(sb: &Sandbox, root: &str) -> Tree {
    let fs = sb.fs();
    let mut t = Tree::new();
    let mut stack = vec![String::new()];
    while let Some(rel) = stack.pop() {
        let path = if rel.is_empty() {
            root.to_string()
        } else {
            format!("{root}/{rel}")
        };
        let md = fs
            .symlink_metadata(&path)
            .unwrap_or_else(|e| panic!("sandbox: stat {path}: {e:?}"));
        let entry = match md.kind {
            FileKind::Dir => {
                for e in fs.read_dir(&path).expect("vfs readdir") {
                    stack.push(if rel.is_empty() {
                        e.name
                    } else {
                        format!("{rel}/{}", e.name)
                    });
                }
                Entry::Dir {
                    mode: md.mode & 0o7777,
                }
            }
            FileKind::File => Entry::File {
                mode: md.mode & 0o7777,
                data: fs.read(&path).expect("vfs read"),
            },
            FileKind::Symlink => Entry::Link {
                target: fs.read_link(&path).expect("vfs readlink"),
            },
            FileKind::CharDevice => panic!("sandbox: {path} is a device"),
        };
        t.insert(rel, entry);
    }
    t
}

fn vfs_read(sb: &Sandbox, path: &str) -> Vec<u8> {
    sb.fs()
        .read(path)
        .unwrap_or_else(|e| panic!("sandbox: read {path}: {e:?}"))
}

fn vfs_write(sb: &Sandbox, path: &str, data: &[u8]) {
    sb.fs()
        .write(path, data)
        .unwrap_or_else(|e| panic!("sandbox: write {path}: {e:?}"));
}

// ---------------------------------------------------------------------------
// The host side

/// A fresh host temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(what: &str) -> Self {
        static N: AtomicU64 = AtomicU64::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let p = std::env::temp_dir().join(format!(
            "sandbash-roundtrip-{what}-{}-{n}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).expect("host: create temp dir");
        Self(p)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Fails (never skips) when a host tool the round trips need is missing.
fn require(tool: &str, package: &str) {
    let found = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|d| d.join(tool).is_file()));
    assert!(
        found,
        "the host tool `{tool}` is missing: the round-trip tests need it \
         (`apt-get install -y {package}`; .ci/run installs it)"
    );
}

/// Runs a host command in `dir` through `sh -c`; fails unless it exits
/// with one of `ok`.
#[track_caller]
fn host(dir: &Path, cmd: &str, ok: &[i32]) -> Vec<u8> {
    let out = Command::new("sh")
        .arg("-c")
        .arg(cmd)
        .current_dir(dir)
        .env("LC_ALL", "C")
        .env("TZ", "UTC")
        .output()
        .unwrap_or_else(|e| panic!("host: cannot run `{cmd}`: {e}"));
    let code = out.status.code().unwrap_or(-1);
    assert!(
        ok.contains(&code),
        "host: `{cmd}` exited {code}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn host_put_tree(root: &Path, tree: &Tree) {
    for (p, e) in tree {
        let path = root.join(p);
        match e {
            Entry::Dir { .. } => std::fs::create_dir_all(&path).expect("host mkdir"),
            Entry::File { data, .. } => std::fs::write(&path, data).expect("host write"),
            Entry::Link { target } => std::os::unix::fs::symlink(target, &path).expect("symlink"),
        }
    }
    for (p, e) in tree {
        if let Entry::Dir { mode } | Entry::File { mode, .. } = e {
            std::fs::set_permissions(root.join(p), std::fs::Permissions::from_mode(*mode))
                .expect("host chmod");
        }
    }
}

/// The tree under `root` on the host.
fn host_tree(root: &Path) -> Tree {
    let mut t = Tree::new();
    let mut stack = vec![String::new()];
    while let Some(rel) = stack.pop() {
        let path = if rel.is_empty() {
            root.to_path_buf()
        } else {
            root.join(&rel)
        };
        let md = std::fs::symlink_metadata(&path)
            .unwrap_or_else(|e| panic!("host: stat {}: {e}", path.display()));
        let mode = md.permissions().mode() & 0o7777;
        let entry = if md.file_type().is_symlink() {
            Entry::Link {
                target: std::fs::read_link(&path)
                    .expect("host readlink")
                    .to_string_lossy()
                    .into_owned(),
            }
        } else if md.is_dir() {
            for e in std::fs::read_dir(&path).expect("host readdir") {
                let name = e
                    .expect("dir entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned();
                stack.push(if rel.is_empty() {
                    name
                } else {
                    format!("{rel}/{name}")
                });
            }
            Entry::Dir { mode }
        } else {
            Entry::File {
                mode,
                data: std::fs::read(&path).expect("host read"),
            }
        };
        t.insert(rel, entry);
    }
    t
}

/// Fails listing every entry that differs between the two trees.
#[track_caller]
fn same_tree(what: &str, got: &Tree, want: &Tree) {
    let mut problems = Vec::new();
    for (p, w) in want {
        match got.get(p) {
            None => problems.push(format!("  {p:?}: missing (want {w:?})")),
            Some(g) if g != w => problems.push(format!("  {p:?}: got {g:?}, want {w:?}")),
            Some(_) => {}
        }
    }
    for (p, g) in got {
        if !want.contains_key(p) {
            problems.push(format!("  {p:?}: unexpected {g:?}"));
        }
    }
    assert!(
        problems.is_empty(),
        "{what}: the trees differ:\n{}",
        problems.join("\n")
    );
}

/// Drops permission bits (for trees `patch` makes: a diff carries none).
fn without_modes(tree: &Tree) -> Tree {
    tree.iter()
        .map(|(p, e)| {
            let e = match e {
                Entry::Dir { .. } => Entry::Dir { mode: 0 },
                Entry::File { data, .. } => Entry::File {
                    mode: 0,
                    data: data.clone(),
                },
                l => l.clone(),
            };
            (p.clone(), e)
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Archives

/// One archive format: how the sandbox and the host pack `tree` into
/// `archive` in the current directory, and unpack `archive` into `out`.
struct Format {
    name: &'static str,
    archive: &'static str,
    /// Host tools needed, with their packages.
    tools: &'static [(&'static str, &'static str)],
    sandbox_pack: &'static str,
    sandbox_unpack: &'static str,
    host_pack: &'static str,
    host_unpack: &'static str,
    /// Whether the format keeps symlinks as symlinks both ways (zip:
    /// the sandbox's `zip`, as Info-ZIP's without `-y`, stores what a link
    /// points to; Info-ZIP's `zip -y` stores the link, which the
    /// sandbox's `unzip` makes again).
    links_kept: bool,
}

const TAR: &[(&str, &str)] = &[("tar", "tar")];

const FORMATS: &[Format] = &[
    Format {
        name: "tar",
        archive: "a.tar",
        tools: TAR,
        sandbox_pack: "tar cf a.tar tree",
        sandbox_unpack: "mkdir out && tar xf a.tar -C out",
        host_pack: "tar cf a.tar tree",
        host_unpack: "mkdir out && tar xf a.tar -C out",
        links_kept: true,
    },
    Format {
        name: "tar.gz",
        archive: "a.tgz",
        tools: &[("tar", "tar"), ("gzip", "gzip")],
        sandbox_pack: "tar czf a.tgz tree",
        sandbox_unpack: "mkdir out && tar xzf a.tgz -C out",
        host_pack: "tar czf a.tgz tree",
        host_unpack: "mkdir out && tar xzf a.tgz -C out",
        links_kept: true,
    },
    Format {
        name: "tar.bz2",
        archive: "a.tbz",
        tools: &[("tar", "tar"), ("bzip2", "bzip2")],
        sandbox_pack: "tar cjf a.tbz tree",
        sandbox_unpack: "mkdir out && tar xjf a.tbz -C out",
        host_pack: "tar cjf a.tbz tree",
        host_unpack: "mkdir out && tar xjf a.tbz -C out",
        links_kept: true,
    },
    Format {
        name: "tar.xz",
        archive: "a.txz",
        tools: &[("tar", "tar"), ("xz", "xz-utils")],
        sandbox_pack: "tar cJf a.txz tree",
        sandbox_unpack: "mkdir out && tar xJf a.txz -C out",
        host_pack: "tar cJf a.txz tree",
        host_unpack: "mkdir out && tar xJf a.txz -C out",
        links_kept: true,
    },
    Format {
        name: "zip",
        archive: "a.zip",
        tools: &[("zip", "zip"), ("unzip", "unzip")],
        sandbox_pack: "zip -qr a.zip tree",
        sandbox_unpack: "mkdir out && unzip -q a.zip -d out",
        host_pack: "zip -qry a.zip tree",
        host_unpack: "mkdir out && unzip -q a.zip -d out",
        links_kept: false,
    },
];

fn format(name: &str) -> &'static Format {
    FORMATS
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("no format {name}"))
}

/// Sandbox packs, host unpacks.
fn sandbox_to_host(f: &Format) {
    for (tool, package) in f.tools {
        require(tool, package);
    }
    let tree = sample_tree(true);
    let mut sb = sandbox();
    vfs_put_tree(&sb, "/workspace/tree", &tree);
    run_ok(&mut sb, &format!("cd /workspace && {}", f.sandbox_pack));
    let dir = TempDir::new(f.name);
    std::fs::write(
        dir.path().join(f.archive),
        vfs_read(&sb, &format!("/workspace/{}", f.archive)),
    )
    .expect("host: write the archive");
    host(dir.path(), f.host_unpack, &[0]);
    assert_eq!(
        vfs_tree(&sb, "/workspace/tree"),
        tree,
        "sandbox tree set-up"
    );
    let want = followed_if(f, &tree);
    same_tree(
        &format!("{}: made in the sandbox, unpacked by the host", f.name),
        &host_tree(&dir.path().join("out/tree")),
        &want,
    );
}

fn followed_if(f: &Format, tree: &Tree) -> Tree {
    if f.links_kept {
        tree.clone()
    } else {
        followed(tree)
    }
}

/// Host packs, sandbox unpacks.
fn host_to_sandbox(f: &Format) {
    for (tool, package) in f.tools {
        require(tool, package);
    }
    let tree = sample_tree(true);
    let dir = TempDir::new(f.name);
    host_put_tree(&dir.path().join("tree"), &tree);
    assert_eq!(
        host_tree(&dir.path().join("tree")),
        tree,
        "host tree set-up"
    );
    host(dir.path(), f.host_pack, &[0]);
    let mut sb = sandbox();
    vfs_write(
        &sb,
        &format!("/workspace/{}", f.archive),
        &std::fs::read(dir.path().join(f.archive)).expect("host: read the archive"),
    );
    run_ok(&mut sb, &format!("cd /workspace && {}", f.sandbox_unpack));
    same_tree(
        &format!("{}: made by the host, unpacked in the sandbox", f.name),
        &vfs_tree(&sb, "/workspace/out/tree"),
        &tree,
    );
}

#[test]
fn tar_sandbox_to_host() {
    sandbox_to_host(format("tar"));
}

#[test]
fn tar_host_to_sandbox() {
    host_to_sandbox(format("tar"));
}

#[test]
fn tar_gz_sandbox_to_host() {
    sandbox_to_host(format("tar.gz"));
}

#[test]
fn tar_gz_host_to_sandbox() {
    host_to_sandbox(format("tar.gz"));
}

#[test]
fn tar_bz2_sandbox_to_host() {
    sandbox_to_host(format("tar.bz2"));
}

#[test]
fn tar_bz2_host_to_sandbox() {
    host_to_sandbox(format("tar.bz2"));
}

#[test]
fn tar_xz_sandbox_to_host() {
    sandbox_to_host(format("tar.xz"));
}

#[test]
fn tar_xz_host_to_sandbox() {
    host_to_sandbox(format("tar.xz"));
}

#[test]
fn zip_sandbox_to_host() {
    sandbox_to_host(format("zip"));
}

#[test]
fn zip_host_to_sandbox() {
    host_to_sandbox(format("zip"));
}

// ---------------------------------------------------------------------------
// Single-file compressors

/// A compressor: its host tool and package, and its suffix.
struct Compressor {
    tool: &'static str,
    package: &'static str,
    suffix: &'static str,
}

const GZIP: Compressor = Compressor {
    tool: "gzip",
    package: "gzip",
    suffix: "gz",
};
const BZIP2: Compressor = Compressor {
    tool: "bzip2",
    package: "bzip2",
    suffix: "bz2",
};
const XZ: Compressor = Compressor {
    tool: "xz",
    package: "xz-utils",
    suffix: "xz",
};

/// The files each compressor round trip carries: the 200 KB binary, an
/// empty file, a short text without a final newline.
fn payloads() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("bin.dat", binary()),
        ("empty", Vec::new()),
        ("text", b"no newline at the end".to_vec()),
    ]
}

/// The sandbox compresses each payload (`TOOL -k NAME`, the file kept,
/// and `TOOL -9 -c`), the host's tool tests and decompresses it.
fn compress_sandbox_to_host(c: &Compressor) {
    require(c.tool, c.package);
    let mut sb = sandbox();
    let dir = TempDir::new(c.tool);
    for (name, data) in payloads() {
        vfs_write(&sb, &format!("/workspace/{name}"), &data);
        run_ok(
            &mut sb,
            &format!(
                "cd /workspace && {t} -k {name} && {t} -9 -c {name} > {name}.9.{s}",
                t = c.tool,
                s = c.suffix
            ),
        );
        for packed in [
            format!("{name}.{}", c.suffix),
            format!("{name}.9.{}", c.suffix),
        ] {
            std::fs::write(
                dir.path().join(&packed),
                vfs_read(&sb, &format!("/workspace/{packed}")),
            )
            .expect("host: write");
            host(dir.path(), &format!("{} -t {packed}", c.tool), &[0]);
            let got = host(dir.path(), &format!("{} -dc {packed}", c.tool), &[0]);
            assert!(
                got == data,
                "{}: {packed} made in the sandbox decompresses on the host to {} bytes, not the {} bytes of {name}",
                c.tool,
                got.len(),
                data.len()
            );
        }
    }
}

/// The host compresses each payload (and a two-member file), the sandbox
/// decompresses it in place and to stdout.
fn compress_host_to_sandbox(c: &Compressor) {
    require(c.tool, c.package);
    let mut sb = sandbox();
    let dir = TempDir::new(c.tool);
    for (name, data) in payloads() {
        std::fs::write(dir.path().join(name), &data).expect("host: write");
        host(dir.path(), &format!("{} {name}", c.tool), &[0]);
        let packed = format!("{name}.{}", c.suffix);
        vfs_write(
            &sb,
            &format!("/workspace/{packed}"),
            &std::fs::read(dir.path().join(&packed)).expect("host: read"),
        );
        run_ok(
            &mut sb,
            &format!(
                "cd /workspace && {t} -t {packed} && {t} -dc {packed} > {name}.out && {t} -d {packed}",
                t = c.tool
            ),
        );
        for out in [name.to_string(), format!("{name}.out")] {
            let got = vfs_read(&sb, &format!("/workspace/{out}"));
            assert!(
                got == data,
                "{}: {packed} made by the host decompresses in the sandbox ({out}) to {} bytes, not the {} bytes of {name}",
                c.tool,
                got.len(),
                data.len()
            );
        }
    }
    // Two members one after the other decompress to both texts.
    host(
        dir.path(),
        &format!(
            "printf 'first\\n' | {t} > two.{s} && printf 'second\\n' | {t} >> two.{s}",
            t = c.tool,
            s = c.suffix
        ),
        &[0],
    );
    vfs_write(
        &sb,
        &format!("/workspace/two.{}", c.suffix),
        &std::fs::read(dir.path().join(format!("two.{}", c.suffix))).expect("host: read"),
    );
    let out = run_ok(
        &mut sb,
        &format!("cd /workspace && {} -dc two.{}", c.tool, c.suffix),
    );
    assert_eq!(out, "first\nsecond\n", "{}: two members", c.tool);
}

#[test]
fn gzip_sandbox_to_host() {
    compress_sandbox_to_host(&GZIP);
}

#[test]
fn gzip_host_to_sandbox() {
    compress_host_to_sandbox(&GZIP);
}

#[test]
fn bzip2_sandbox_to_host() {
    compress_sandbox_to_host(&BZIP2);
}

#[test]
fn bzip2_host_to_sandbox() {
    compress_host_to_sandbox(&BZIP2);
}

#[test]
fn xz_sandbox_to_host() {
    compress_sandbox_to_host(&XZ);
}

#[test]
fn xz_host_to_sandbox() {
    compress_host_to_sandbox(&XZ);
}

// ---------------------------------------------------------------------------
// diff and patch

/// Two versions of a 1,200-line file with scattered changes: lines
/// changed, inserted and deleted every few dozen lines, and the new
/// version ends without a newline.
fn versions() -> (Vec<u8>, Vec<u8>) {
    let mut old = String::new();
    let mut new = String::new();
    for i in 0..1200 {
        let line = format!("line {i}: the quick brown fox {}\n", i * 7 % 13);
        old.push_str(&line);
        match i % 97 {
            13 => new.push_str(&format!("line {i}: CHANGED\n")),
            40 => {}
            71 => {
                new.push_str(&line);
                new.push_str("an inserted line\nand another\n");
            }
            _ => new.push_str(&line),
        }
    }
    new.push_str("the last line has no newline");
    (old.into_bytes(), new.into_bytes())
}

/// The two trees of the multi-file round trip: a changed file, a deleted
/// one, a new one in a new directory, an unchanged one, a changed one
/// deep down.
fn patch_trees() -> (Tree, Tree) {
    let (old, new) = versions();
    let file = |data: &[u8]| Entry::File {
        mode: 0o644,
        data: data.to_vec(),
    };
    let dir = Entry::Dir { mode: 0o755 };
    let mut a = Tree::new();
    a.insert(String::new(), dir.clone());
    a.insert("big.txt".into(), file(&old));
    a.insert("gone.txt".into(), file(b"this file is deleted\n"));
    a.insert("sub".into(), dir.clone());
    a.insert("sub/same.txt".into(), file(b"unchanged\n"));
    a.insert("sub/mod.txt".into(), file(b"a\nb\nc\n"));
    let mut b = Tree::new();
    b.insert(String::new(), dir.clone());
    b.insert("big.txt".into(), file(&new));
    b.insert("sub".into(), dir.clone());
    b.insert("sub/same.txt".into(), file(b"unchanged\n"));
    b.insert("sub/mod.txt".into(), file(b"a\nB\nc\nd\n"));
    b.insert("newdir".into(), dir);
    b.insert("newdir/new.txt".into(), file(b"a new file\n"));
    (a, b)
}

#[test]
fn diff_u_sandbox_to_host_patch() {
    require("patch", "patch");
    require("diff", "diffutils");
    let (old, new) = versions();
    let mut sb = sandbox();
    vfs_write(&sb, "/workspace/old.txt", &old);
    vfs_write(&sb, "/workspace/new.txt", &new);
    run_status(
        &mut sb,
        "cd /workspace && diff -u old.txt new.txt > d.patch",
        1,
    );
    let dir = TempDir::new("diff");
    std::fs::write(dir.path().join("old.txt"), &old).expect("host: write");
    std::fs::write(
        dir.path().join("d.patch"),
        vfs_read(&sb, "/workspace/d.patch"),
    )
    .expect("host: write");
    host(dir.path(), "patch -s old.txt d.patch", &[0]);
    let got = std::fs::read(dir.path().join("old.txt")).expect("host: read");
    assert!(
        got == new,
        "the host's patch of the sandbox's diff -u differs"
    );
    // And the sandbox's diff is GNU's, byte for byte after the headers.
    std::fs::write(dir.path().join("new.txt"), &new).expect("host: write");
    std::fs::write(dir.path().join("old.txt"), &old).expect("host: write");
    let gnu = host(dir.path(), "diff -u old.txt new.txt", &[1]);
    let ours = vfs_read(&sb, "/workspace/d.patch");
    let body = |d: &[u8]| -> Vec<u8> {
        d.split_inclusive(|&b| b == b'\n')
            .skip(2)
            .flatten()
            .copied()
            .collect()
    };
    assert!(
        body(&ours) == body(&gnu),
        "the sandbox's diff -u hunks differ from the host's"
    );
}

#[test]
fn host_diff_u_sandbox_patch() {
    require("diff", "diffutils");
    let (old, new) = versions();
    let dir = TempDir::new("diff");
    std::fs::write(dir.path().join("old.txt"), &old).expect("host: write");
    std::fs::write(dir.path().join("new.txt"), &new).expect("host: write");
    let d = host(dir.path(), "diff -u old.txt new.txt", &[1]);
    let mut sb = sandbox();
    vfs_write(&sb, "/workspace/old.txt", &old);
    vfs_write(&sb, "/workspace/d.patch", &d);
    let out = run_ok(&mut sb, "cd /workspace && patch old.txt d.patch");
    assert_eq!(out, "patching file old.txt\n");
    assert!(
        vfs_read(&sb, "/workspace/old.txt") == new,
        "the sandbox's patch of the host's diff -u differs"
    );
    // Reversed, it gives the old text back.
    run_ok(&mut sb, "cd /workspace && patch -s -R old.txt < d.patch");
    assert!(vfs_read(&sb, "/workspace/old.txt") == old, "patch -R");
}

#[test]
fn diff_r_n_sandbox_to_host_patch() {
    require("patch", "patch");
    let (a, b) = patch_trees();
    let mut sb = sandbox();
    vfs_put_tree(&sb, "/workspace/a", &a);
    vfs_put_tree(&sb, "/workspace/b", &b);
    run_status(&mut sb, "cd /workspace && diff -ruN a b > r.patch", 1);
    let dir = TempDir::new("diffr");
    host_put_tree(&dir.path().join("a"), &a);
    std::fs::write(
        dir.path().join("r.patch"),
        vfs_read(&sb, "/workspace/r.patch"),
    )
    .expect("host: write");
    host(dir.path(), "patch -s -p1 -d a -i ../r.patch", &[0]);
    same_tree(
        "diff -ruN made in the sandbox, applied by the host's patch",
        &without_modes(&host_tree(&dir.path().join("a"))),
        &without_modes(&b),
    );
}

#[test]
fn host_diff_r_n_sandbox_patch() {
    require("diff", "diffutils");
    let (a, b) = patch_trees();
    let dir = TempDir::new("diffr");
    host_put_tree(&dir.path().join("a"), &a);
    host_put_tree(&dir.path().join("b"), &b);
    let r = host(dir.path(), "diff -ruN a b", &[1]);
    let mut sb = sandbox();
    vfs_put_tree(&sb, "/workspace/a", &a);
    vfs_write(&sb, "/workspace/r.patch", &r);
    run_ok(&mut sb, "cd /workspace && patch -s -p1 -d a < r.patch");
    same_tree(
        "diff -ruN made by the host, applied by the sandbox's patch",
        &without_modes(&vfs_tree(&sb, "/workspace/a")),
        &without_modes(&b),
    );
}
