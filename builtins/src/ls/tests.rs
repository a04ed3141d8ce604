use super::Ls;
use crate::testutil::*;
use sandbash_vfs::FileSystem;
use std::time::{Duration, SystemTime};

fn fs() -> TestFs {
    let fs = TestFs::new();
    fs.file("b", b"hello\n")
        .file("a", b"x")
        .file(".hidden", b"")
        .file("d/inner", b"1234567890")
        .dir("d/sub");
    fs
}

#[test]
fn names() {
    let fs = fs();
    assert_eq!(run(&Ls, &[], b"", &fs).out, "a\nb\nd\n");
    assert_eq!(run(&Ls, &["-a"], b"", &fs).out, ".\n..\n.hidden\na\nb\nd\n");
    assert_eq!(run(&Ls, &["-A"], b"", &fs).out, ".hidden\na\nb\nd\n");
    assert_eq!(run(&Ls, &["-r"], b"", &fs).out, "d\nb\na\n");
    assert_eq!(run(&Ls, &["-F"], b"", &fs).out, "a\nb\nd/\n");
    assert_eq!(run(&Ls, &["-d", "d"], b"", &fs).out, "d\n");
    assert_eq!(run(&Ls, &["d"], b"", &fs).out, "inner\nsub\n");
    assert_eq!(
        run(&Ls, &["-1", "b", "d", "a"], b"", &fs).out,
        "a\nb\n\nd:\ninner\nsub\n"
    );
}

#[test]
fn recursive() {
    let fs = fs();
    assert_eq!(
        run(&Ls, &["-R"], b"", &fs).out,
        ".:\na\nb\nd\n\n./d:\ninner\nsub\n\n./d/sub:\n"
    );
}

/// Symlinks back into a directory being listed are reported, not
/// followed again (GNU: status 2).
#[test]
fn recursive_loops() {
    let fs = TestFs::new();
    fs.file("d/f", b"").dir("d/s");
    fs.symlink("/workspace/d", "/workspace/d/a").unwrap();
    fs.symlink("..", "/workspace/d/s/up").unwrap();
    let o = run(&Ls, &["-RL", "d"], b"", &fs);
    assert_eq!(
        (o.out.as_str(), o.err.as_str(), o.status),
        (
            "d:\na\nf\ns\n\nd/s:\nup\n",
            "ls: d/a: not listing already-listed directory\n\
             ls: d/s/up: not listing already-listed directory\n",
            2
        )
    );
    // Without -L the links are not followed.
    let o = run(&Ls, &["-R", "d"], b"", &fs);
    assert_eq!((o.out.as_str(), o.status), ("d:\na\nf\ns\n\nd/s:\nup\n", 0));
}

/// A trailing slash follows a symlink operand.
#[test]
fn trailing_slash_follows() {
    let fs = fs();
    fs.symlink("/nowhere", "/workspace/dangling").unwrap();
    fs.symlink("d", "/workspace/ld").unwrap();
    let o = run(&Ls, &["dangling/"], b"", &fs);
    assert_eq!(
        (o.err.as_str(), o.status),
        (
            "ls: cannot access 'dangling/': No such file or directory\n",
            2
        )
    );
    assert_eq!(run(&Ls, &["dangling"], b"", &fs).out, "dangling\n");
    assert_eq!(run(&Ls, &["-l", "ld/"], b"", &fs).out.lines().count(), 3);
    assert!(run(&Ls, &["-l", "ld"], b"", &fs).out.contains("ld -> d"));
}

#[test]
fn sorting() {
    let fs = fs();
    let old = SystemTime::now() - Duration::from_secs(100);
    fs.set_mtime("/workspace/a", old).unwrap();
    fs.set_mtime("/workspace/d", old - Duration::from_secs(10))
        .unwrap();
    assert_eq!(run(&Ls, &["-t"], b"", &fs).out, "b\na\nd\n");
    assert_eq!(run(&Ls, &["-S"], b"", &fs).out, "d\nb\na\n");
    assert_eq!(run(&Ls, &["-Sr"], b"", &fs).out, "a\nb\nd\n");
}

#[test]
fn long_format() {
    let fs = fs();
    let when = crate::common::time::parse_date("2020-01-02 03:04", SystemTime::now()).unwrap();
    for p in ["/workspace/a", "/workspace/b", "/workspace/d"] {
        fs.set_mtime(p, when).unwrap();
    }
    fs.set_mode("/workspace/a", 0o755).unwrap();
    let o = run(&Ls, &["-l"], b"", &fs);
    assert_eq!(
        o.out,
        "total 12\n\
         -rwxr-xr-x 1 agent agent    1 Jan  2  2020 a\n\
         -rw-r--r-- 1 agent agent    6 Jan  2  2020 b\n\
         drwxr-xr-x 2 agent agent 4096 Jan  2  2020 d\n"
    );
    let o = run(&Ls, &["-lh", "d"], b"", &fs);
    assert!(
        o.out
            .starts_with("total 8.0K\n-rw-r--r-- 1 agent agent   10 "),
        "{}",
        o.out
    );
    assert!(o.out.contains("drwxr-xr-x 2 agent agent 4.0K "));
    fs.symlink("b", "/workspace/ln").unwrap();
    let o = run(&Ls, &["-l", "ln"], b"", &fs);
    assert!(o.out.starts_with("lrwxrwxrwx 1 agent agent 1 "));
    assert!(o.out.ends_with(" ln -> b\n"));
    let o = run(&Ls, &["-g", "b"], b"", &fs);
    assert!(o.out.starts_with("-rw-r--r-- 1 agent 6 Jan  2  2020 b\n"));
}

#[test]
fn recent_dates_show_time() {
    let fs = fs();
    let o = run(&Ls, &["-l", "b"], b"", &fs);
    let c = crate::common::time::civil(SystemTime::now());
    assert!(o.out.contains(&format!("{:02}:", c.hour)), "{}", o.out);
}

#[test]
fn errors() {
    let fs = fs();
    let o = run(&Ls, &["nofile", "a"], b"", &fs);
    assert_eq!(o.out, "a\n");
    assert_eq!(
        o.err,
        "ls: cannot access 'nofile': No such file or directory\n"
    );
    assert_eq!(o.status, 2);
}

/// `-C`/`-x`/`-m` fill the width as GNU does, tabs every 8 columns.
#[test]
fn layouts() {
    let fs = TestFs::new();
    for i in 1..=12 {
        fs.file(&format!("file_{i}"), b"");
    }
    assert_eq!(
        run(&Ls, &["-C", "-w", "40"], b"", &fs).out,
        "file_1\t file_12  file_4  file_7\nfile_10  file_2   file_5  file_8\nfile_11  file_3   file_6  file_9\n"
    );
    assert_eq!(
        run(&Ls, &["-x", "-w", "40"], b"", &fs).out,
        "file_1\tfile_10  file_11  file_12\nfile_2\tfile_3\t file_4   file_5\nfile_6\tfile_7\t file_8   file_9\n"
    );
    assert_eq!(
        run(&Ls, &["-m", "-w", "40"], b"", &fs).out,
        "file_1, file_10, file_11, file_12,\nfile_2, file_3, file_4, file_5, file_6,\nfile_7, file_8, file_9\n"
    );
    let o = run(&Ls, &["-w", "x"], b"", &fs);
    assert_eq!(
        (o.err.as_str(), o.status),
        ("ls: invalid line width: 'x'\n", 2)
    );
    // The last of -l/-1/-C/-x/-m wins.
    assert_eq!(
        run(&Ls, &["-m1", "file_1", "file_2"], b"", &fs).out,
        "file_1\nfile_2\n"
    );
}

/// The quoting styles, as gnulib's quotearg writes them.
#[test]
fn quoting_styles() {
    let fs = TestFs::new();
    fs.file("a b", b"").file("e'f", b"").file("g\nh", b"");
    let q = |style: &str| run(&Ls, &[style], b"", &fs).out;
    assert_eq!(q("--quoting-style=shell"), "'a b'\n\"e'f\"\n'g\nh'\n");
    assert_eq!(
        q("--quoting-style=shell-escape"),
        "'a b'\n\"e'f\"\n'g'$'\\n''h'\n"
    );
    assert_eq!(q("-Q"), "\"a b\"\n\"e'f\"\n\"g\\nh\"\n");
    assert_eq!(q("-b"), "a\\ b\ne'f\ng\\nh\n");
    assert_eq!(q("-q"), "a b\ne'f\ng?h\n");
    assert_eq!(q("-N"), "a b\ne'f\ng\nh\n");
}

#[test]
fn sizes_and_styles() {
    assert_eq!(super::block_size("K"), Some((1024, Some('K'))));
    assert_eq!(super::block_size("1M"), Some((1 << 20, None)));
    assert_eq!(super::block_size("KB"), Some((1000, Some('K'))));
    assert_eq!(super::block_size("x"), None);
    let fs = TestFs::new();
    fs.file("f", &vec![0u8; 2000]);
    let when = crate::common::time::parse_date("2020-03-04 05:06:07", SystemTime::now()).unwrap();
    fs.set_mtime("/workspace/f", when).unwrap();
    assert_eq!(
        run(&Ls, &["-gG", "--time-style=long-iso", "f"], b"", &fs).out,
        "-rw-r--r-- 1 2000 2020-03-04 05:06 f\n"
    );
    assert_eq!(
        run(
            &Ls,
            &["-gG", "--block-size=K", "--time-style=+%Y", "f"],
            b"",
            &fs
        )
        .out,
        "-rw-r--r-- 1 2K 2020 f\n"
    );
    assert_eq!(run(&Ls, &["-s", "f"], b"", &fs).out, "4 f\n");
    let o = run(&Ls, &["--time-style=bad", "f"], b"", &fs);
    assert_eq!(o.status, 2);
    let o = run(&Ls, &["--sort=bad"], b"", &fs);
    assert_eq!(o.status, 1);
}

#[test]
fn extension_sort_and_indicators() {
    let fs = TestFs::new();
    fs.file("b.c", b"")
        .file("a.txt", b"")
        .file("c", b"")
        .dir("d");
    fs.set_mode("/workspace/c", 0o755).unwrap();
    assert_eq!(run(&Ls, &["-X"], b"", &fs).out, "c\nd\nb.c\na.txt\n");
    assert_eq!(
        run(&Ls, &["--indicator-style=file-type"], b"", &fs).out,
        "a.txt\nb.c\nc\nd/\n"
    );
    assert_eq!(run(&Ls, &["-F"], b"", &fs).out, "a.txt\nb.c\nc*\nd/\n");
}

/// `-I`/`--hide`/`-B` drop names as fnmatch with FNM_PERIOD does;
/// `--hide` yields to `-a`/`-A`.
#[test]
fn ignore_and_hide() {
    let fs = TestFs::new();
    fs.file("d/a", b"")
        .file("d/b", b"")
        .file("d/x~", b"")
        .file("d/.h~", b"");
    assert_eq!(run(&Ls, &["-I", "b*", "d"], b"", &fs).out, "a\nx~\n");
    assert_eq!(
        run(&Ls, &["-A", "--hide=b", "d"], b"", &fs).out,
        ".h~\na\nb\nx~\n"
    );
    assert_eq!(run(&Ls, &["-AI", "*~", "d"], b"", &fs).out, ".h~\na\nb\n");
    assert_eq!(run(&Ls, &["-AB", "d"], b"", &fs).out, "a\nb\n");
    assert_eq!(run(&Ls, &["--zero", "d"], b"", &fs).out, "a\0b\0x~\0");
}
