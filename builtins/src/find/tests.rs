//! `find` run whole over a test filesystem.

use super::Find;
use crate::testutil::*;
use sandbash_vfs::FileSystem;

fn tree() -> TestFs {
    let fs = TestFs::new();
    fs.file("d/a.txt", b"hello\n");
    fs.file("d/b.TXT", b"");
    fs.file("d/sub/c", &[b'x'; 3000]);
    fs.dir("d/empty");
    fs
}

fn find(fs: &TestFs, args: &[&str]) -> Outcome {
    run(&Find, args, b"", fs)
}

#[test]
fn lists_a_tree() {
    let fs = tree();
    let o = find(&fs, &["d"]);
    assert_eq!(
        (o.status, o.out.as_str(), o.err.as_str()),
        (0, "d\nd/a.txt\nd/b.TXT\nd/empty\nd/sub\nd/sub/c\n", "")
    );
    let o = find(&fs, &["d/", "-maxdepth", "1", "-type", "d"]);
    assert_eq!(o.out, "d/\nd/empty\nd/sub\n");
    let o = find(&fs, &["d", "-depth", "-mindepth", "1"]);
    assert_eq!(o.out, "d/a.txt\nd/b.TXT\nd/empty\nd/sub/c\nd/sub\n");
}

#[test]
fn tests_select() {
    let fs = tree();
    let o = find(&fs, &["d", "-iname", "*.txt"]);
    assert_eq!(o.out, "d/a.txt\nd/b.TXT\n");
    let o = find(&fs, &["d", "-empty"]);
    assert_eq!(o.out, "d/b.TXT\nd/empty\n");
    let o = find(&fs, &["d", "-type", "f", "-size", "+2k"]);
    assert_eq!(o.out, "d/sub/c\n");
    let o = find(&fs, &["d", "-type", "f", "-size", "-1k"]);
    assert_eq!(o.out, "d/b.TXT\n");
    let o = find(&fs, &["d", "-path", "*sub*", "-o", "-name", "a*"]);
    assert_eq!(o.out, "d/a.txt\nd/sub\nd/sub/c\n");
    let o = find(
        &fs,
        &["d", "-name", "sub", "-prune", "-o", "-type", "f", "-print"],
    );
    assert_eq!(o.out, "d/a.txt\nd/b.TXT\n");
    let o = find(&fs, &["d", "-regex", r".*/[ab]\..*"]);
    assert_eq!(o.out, "d/a.txt\nd/b.TXT\n");
    let o = find(&fs, &["d", "-type", "f", "-perm", "644", "-name", "c"]);
    assert_eq!(o.out, "d/sub/c\n");
    let o = find(&fs, &["d", "-mtime", "-1", "-name", "c", "-user", "agent"]);
    assert_eq!(o.out, "d/sub/c\n");
}

#[test]
fn actions() {
    let fs = tree();
    let o = find(
        &fs,
        &["d", "-name", "*.txt", "-printf", "%f %s %d %y|%P|%h\\n"],
    );
    assert_eq!(o.out, "a.txt 6 1 f|a.txt|d\n");
    let o = find(&fs, &["d", "-name", "c", "-print0", "-quit"]);
    assert_eq!(o.out, "d/sub/c\0");
    let o = find(&fs, &["d", "-name", "a.txt", "-exec", "cat", "{}", ";"]);
    assert_eq!(o.out, "run: cat d/a.txt\nHOME=/workspace\nPATH=/bin\n");
    let o = find(&fs, &["d", "-type", "f", "-exec", "echo", "{}", "+"]);
    assert_eq!(
        o.out,
        "run: echo d/a.txt d/b.TXT d/sub/c\nHOME=/workspace\nPATH=/bin\n"
    );
    // The runner's status 3 is a failure for `{} +`.
    assert_eq!(o.status, 1);
    let o = find(&fs, &["d", "-name", "nope", "-exec", "missing", ";"]);
    assert_eq!(o.status, 0);
    let o = find(&fs, &["d", "-name", "c", "-exec", "missing", ";"]);
    assert_eq!(
        (o.status, o.err.as_str()),
        (0, "find: 'missing': No such file or directory\n")
    );
    let o = find(&fs, &["d", "-name", "*.txt", "-delete"]);
    assert_eq!((o.status, o.out.as_str()), (0, ""));
    assert!(!fs.has("d/a.txt"));
    let o = find(&fs, &["d", "-delete"]);
    assert_eq!((o.status, o.err.as_str()), (0, ""));
    assert!(!fs.has("d"));
}

#[test]
fn errors() {
    let fs = tree();
    let o = find(&fs, &["nope", "d", "-maxdepth", "0"]);
    assert_eq!(
        (o.status, o.out.as_str(), o.err.as_str()),
        (1, "d\n", "find: 'nope': No such file or directory\n")
    );
    let o = find(&fs, &["d", "-frob"]);
    assert_eq!(
        (o.status, o.err.as_str()),
        (1, "find: unknown predicate `-frob'\n")
    );
    let o = find(&fs, &["d", "-printf", "%z"]);
    assert!(
        o.err
            .starts_with("find: warning: unrecognized format directive `%z'\n")
    );
}

#[test]
fn follows_links_and_detects_loops() {
    let fs = tree();
    fs.symlink("/workspace/d", "/workspace/d/sub/up").unwrap();
    fs.symlink("sub", "/workspace/d/s").unwrap();
    let o = find(&fs, &["d", "-name", "c"]);
    assert_eq!((o.status, o.out.as_str()), (0, "d/sub/c\n"));
    let o = find(&fs, &["-L", "d", "-name", "c"]);
    assert_eq!(o.out, "d/s/c\nd/sub/c\n");
    assert_eq!(
        o.err,
        "find: File system loop detected; 'd/s/up' is part of the same file system loop as 'd'.\n\
         find: File system loop detected; 'd/sub/up' is part of the same file system loop as 'd'.\n"
    );
    assert_eq!(o.status, 1);
    let o = find(&fs, &["d", "-type", "l", "-printf", "%p %l %Y\\n"]);
    assert_eq!(o.out, "d/s sub d\nd/sub/up /workspace/d d\n");
}

#[test]
fn cancelled_walk_stops() {
    let fs = tree();
    let h = Harness::default();
    h.cancel.cancel();
    let o = run_with(&Find, &["d"], &fs, h);
    assert_eq!(o.status, 130);
}

#[test]
fn execdir_runs_in_the_parent() {
    let fs = tree();
    // The test runner cannot change directories: -execdir is refused in
    // its name, and the predicate is false.
    let o = find(
        &fs,
        &["d", "-name", "c", "-execdir", "ls", "{}", ";", "-print"],
    );
    assert_eq!(
        (o.status, o.out.as_str(), o.err.as_str()),
        (0, "", "find: 'ls': Operation not supported\n")
    );
}

#[test]
fn ok_asks_and_reads_answers() {
    let fs = tree();
    let h = Harness {
        stdin: b"y\nno\n",
        ..Harness::default()
    };
    let o = run_with(
        &Find,
        &["d", "-iname", "*.t*", "-ok", "echo", "{}", ";"],
        &fs,
        h,
    );
    assert_eq!(o.err, "< echo ... d/a.txt > ? < echo ... d/b.TXT > ? ");
    assert_eq!(o.out, "run: echo d/a.txt\nHOME=/workspace\nPATH=/bin\n");
}
