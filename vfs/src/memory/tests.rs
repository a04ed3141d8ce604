use std::io::{Read, Write};
use std::sync::Arc;
use std::time::{Duration, UNIX_EPOCH};

use super::*;

fn kind<T>(r: FsResult<T>) -> FsErrorKind {
    match r {
        Ok(_) => panic!("expected an error"),
        Err(e) => e.kind,
    }
}

#[test]
fn files_dirs_and_metadata() {
    let fs = MemoryFs::new();
    fs.create_dir("/a", false).unwrap();
    fs.write("/a/f", b"hello").unwrap();
    let m = fs.metadata("/a/f").unwrap();
    assert_eq!(m.kind, FileKind::File);
    assert_eq!(m.size, 5);
    assert_eq!(m.mode, 0o644);
    assert_eq!(m.nlink, 1);
    let d = fs.metadata("/a").unwrap();
    assert!(d.is_dir());
    assert_eq!(d.mode, 0o755);
    assert_eq!(fs.read("/a/f").unwrap(), b"hello");
    assert!(fs.metadata("/").unwrap().is_dir());
}

#[test]
fn error_kinds() {
    let fs = MemoryFs::new();
    fs.write("/f", b"x").unwrap();
    fs.create_dir("/d", false).unwrap();
    fs.write("/d/g", b"y").unwrap();
    assert_eq!(kind(fs.read("/nope")), FsErrorKind::NotFound);
    assert_eq!(kind(fs.read("/f/x")), FsErrorKind::NotADirectory);
    assert_eq!(kind(fs.read("/d")), FsErrorKind::IsADirectory);
    assert_eq!(kind(fs.write("/d", b"")), FsErrorKind::IsADirectory);
    assert_eq!(kind(fs.write("/nope/x", b"")), FsErrorKind::NotFound);
    assert_eq!(kind(fs.create_dir("/f", false)), FsErrorKind::AlreadyExists);
    assert_eq!(kind(fs.create_dir("/d", false)), FsErrorKind::AlreadyExists);
    assert_eq!(kind(fs.create_dir("/f", true)), FsErrorKind::AlreadyExists);
    assert_eq!(
        kind(fs.create_dir("/f/x", true)),
        FsErrorKind::NotADirectory
    );
    assert_eq!(kind(fs.create_dir("/x/y", false)), FsErrorKind::NotFound);
    assert_eq!(
        kind(fs.remove_dir("/d", false)),
        FsErrorKind::DirectoryNotEmpty
    );
    assert_eq!(kind(fs.remove_dir("/f", false)), FsErrorKind::NotADirectory);
    assert_eq!(kind(fs.remove_file("/d")), FsErrorKind::IsADirectory);
    assert_eq!(kind(fs.remove_file("/nope")), FsErrorKind::NotFound);
    assert_eq!(kind(fs.read_dir("/f")), FsErrorKind::NotADirectory);
    assert_eq!(kind(fs.read_link("/f")), FsErrorKind::InvalidInput);
    assert_eq!(kind(fs.read("/a\0b")), FsErrorKind::InvalidInput);
    assert_eq!(
        kind(fs.open_write("/f", WriteMode::CreateNew)),
        FsErrorKind::AlreadyExists
    );
    assert_eq!(kind(fs.remove_dir("/", true)), FsErrorKind::Busy);
}

#[test]
fn mkdir_p_and_remove() {
    let fs = MemoryFs::new();
    fs.create_dir("/a/b/c", true).unwrap();
    fs.create_dir("/a/b/c", true).unwrap();
    fs.write("/a/b/c/f", b"123").unwrap();
    assert_eq!(fs.usage().entries, 4);
    assert_eq!(fs.usage().bytes, 3);
    fs.remove_dir("/a", true).unwrap();
    assert_eq!(fs.usage(), FsUsage::default());
    assert_eq!(kind(fs.metadata("/a")), FsErrorKind::NotFound);
    fs.create_dir("/e", false).unwrap();
    fs.remove_dir("/e", false).unwrap();
}

#[test]
fn read_dir_sorted_bytewise() {
    let fs = MemoryFs::new();
    for n in ["b", "a", "B", "é", "_", "a1"] {
        fs.write(&format!("/{n}"), b"").unwrap();
    }
    fs.create_dir("/dir", false).unwrap();
    fs.symlink("a", "/ln").unwrap();
    let names: Vec<String> = fs
        .read_dir("/")
        .unwrap()
        .into_iter()
        .map(|e| e.name)
        .collect();
    assert_eq!(names, ["B", "_", "a", "a1", "b", "dir", "ln", "é"]);
    let entries = fs.read_dir("/").unwrap();
    assert_eq!(entries[5].kind, FileKind::Dir);
    assert_eq!(entries[6].kind, FileKind::Symlink);
}

#[test]
fn append_and_truncate() {
    let fs = MemoryFs::new();
    fs.append("/f", b"ab").unwrap();
    fs.append("/f", b"cd").unwrap();
    assert_eq!(fs.read("/f").unwrap(), b"abcd");
    fs.truncate("/f", 2).unwrap();
    assert_eq!(fs.read("/f").unwrap(), b"ab");
    fs.truncate("/f", 4).unwrap();
    assert_eq!(fs.read("/f").unwrap(), b"ab\0\0");
    assert_eq!(fs.usage().bytes, 4);
    assert_eq!(kind(fs.truncate("/nope", 1)), FsErrorKind::NotFound);
}

#[test]
fn streaming_writer_stores_each_chunk() {
    let fs = MemoryFs::new();
    let mut w = fs.open_write("/log", WriteMode::Truncate).unwrap();
    w.write_all(b"one\n").unwrap();
    assert_eq!(fs.read("/log").unwrap(), b"one\n");
    w.write_all(b"two\n").unwrap();
    assert_eq!(fs.read("/log").unwrap(), b"one\ntwo\n");
    drop(w);
    let mut w = fs.open_write("/log", WriteMode::Append).unwrap();
    w.write_all(b"three\n").unwrap();
    assert_eq!(fs.read("/log").unwrap(), b"one\ntwo\nthree\n");
    let mut w = fs.open_write("/log", WriteMode::Update).unwrap();
    w.write_all(b"ONE").unwrap();
    assert_eq!(fs.read("/log").unwrap(), b"ONE\ntwo\nthree\n");
    let mut w = fs.open_write("/log", WriteMode::Truncate).unwrap();
    assert_eq!(fs.read("/log").unwrap(), b"");
    w.write_all(b"x").unwrap();
    let mut w2 = fs.open_write("/new", WriteMode::CreateNew).unwrap();
    w2.write_all(b"n").unwrap();
    assert_eq!(fs.read("/new").unwrap(), b"n");
    // A removed file's writer discards.
    fs.remove_file("/log").unwrap();
    w.write_all(b"lost").unwrap();
    assert_eq!(kind(fs.read("/log")), FsErrorKind::NotFound);
    assert_eq!(fs.usage().bytes, 1);
}

#[test]
fn streaming_reader_sees_content_at_open() {
    let fs = MemoryFs::new();
    fs.write("/f", b"abcdef").unwrap();
    let mut r = fs.open_read("/f").unwrap();
    let mut buf = [0u8; 4];
    assert_eq!(r.read(&mut buf).unwrap(), 4);
    assert_eq!(&buf, b"abcd");
    fs.write("/f", b"zzzzzzzz").unwrap();
    let mut rest = Vec::new();
    r.read_to_end(&mut rest).unwrap();
    assert_eq!(rest, b"ef");
    assert_eq!(kind(fs.open_read("/")), FsErrorKind::IsADirectory);
}

#[test]
fn rename_cases() {
    let fs = MemoryFs::new();
    fs.create_dir("/a/b", true).unwrap();
    fs.write("/a/b/f", b"1").unwrap();
    fs.write("/g", b"22").unwrap();
    fs.rename("/a", "/z").unwrap();
    assert_eq!(fs.read("/z/b/f").unwrap(), b"1");
    assert_eq!(kind(fs.rename("/z", "/z/b/c")), FsErrorKind::InvalidInput);
    assert_eq!(kind(fs.rename("/z", "/z/q")), FsErrorKind::InvalidInput);
    assert_eq!(kind(fs.rename("/g", "/z")), FsErrorKind::IsADirectory);
    assert_eq!(kind(fs.rename("/z", "/g")), FsErrorKind::NotADirectory);
    assert_eq!(kind(fs.rename("/nope", "/x")), FsErrorKind::NotFound);
    fs.create_dir("/empty", false).unwrap();
    fs.create_dir("/full/x", true).unwrap();
    assert_eq!(
        kind(fs.rename("/z", "/full")),
        FsErrorKind::DirectoryNotEmpty
    );
    fs.rename("/z", "/empty").unwrap();
    assert!(fs.metadata("/empty/b/f").is_ok());
    // Replace a file; bytes accounted.
    fs.write("/h", b"333").unwrap();
    let before = fs.usage();
    fs.rename("/g", "/h").unwrap();
    assert_eq!(fs.read("/h").unwrap(), b"22");
    assert_eq!(fs.usage().bytes, before.bytes - 3);
    assert_eq!(fs.usage().entries, before.entries - 1);
    fs.rename("/h", "/h").unwrap();
    assert_eq!(kind(fs.rename("/", "/x")), FsErrorKind::Busy);
}

#[test]
fn copy_file_and_mode() {
    let fs = MemoryFs::new();
    fs.write("/a", b"data").unwrap();
    fs.set_mode("/a", 0o755).unwrap();
    fs.copy("/a", "/b").unwrap();
    assert_eq!(fs.read("/b").unwrap(), b"data");
    assert_eq!(fs.metadata("/b").unwrap().mode, 0o755);
    fs.append("/b", b"!").unwrap();
    assert_eq!(fs.read("/a").unwrap(), b"data");
    assert_eq!(fs.usage().bytes, 9);
    fs.create_dir("/d", false).unwrap();
    assert_eq!(kind(fs.copy("/d", "/e")), FsErrorKind::IsADirectory);
    assert_eq!(kind(fs.copy("/a", "/d")), FsErrorKind::IsADirectory);
}

#[test]
fn symlinks_follow() {
    let fs = MemoryFs::new();
    fs.create_dir("/d/sub", true).unwrap();
    fs.write("/d/sub/f", b"x").unwrap();
    fs.symlink("sub", "/d/rel").unwrap();
    fs.symlink("/d/sub", "/abs").unwrap();
    fs.symlink("../d/sub/f", "/d/up").unwrap();
    assert_eq!(fs.read("/d/rel/f").unwrap(), b"x");
    assert_eq!(fs.read("/abs/f").unwrap(), b"x");
    assert_eq!(fs.read("/d/up").unwrap(), b"x");
    assert_eq!(fs.read_link("/d/rel").unwrap(), "sub");
    assert!(fs.symlink_metadata("/abs").unwrap().is_symlink());
    assert_eq!(fs.symlink_metadata("/abs").unwrap().size, 6);
    assert!(fs.metadata("/abs").unwrap().is_dir());
    // Writing through a dangling link creates the target.
    fs.symlink("new", "/d/dang").unwrap();
    fs.write("/d/dang", b"n").unwrap();
    assert_eq!(fs.read("/d/new").unwrap(), b"n");
    // Removing the link leaves the target.
    fs.remove_file("/abs").unwrap();
    assert!(fs.metadata("/d/sub").is_ok());
    assert_eq!(kind(fs.symlink("x", "/d/rel")), FsErrorKind::AlreadyExists);
    // mkdir -p through a link to a dir is fine.
    fs.create_dir("/d/rel", true).unwrap();
    assert_eq!(
        kind(fs.create_dir("/d/rel", false)),
        FsErrorKind::AlreadyExists
    );
    // remove_dir of a symlink: not a directory.
    assert_eq!(
        kind(fs.remove_dir("/d/rel", false)),
        FsErrorKind::NotADirectory
    );
}

#[test]
fn symlink_loops() {
    let fs = MemoryFs::new();
    fs.symlink("/b", "/a").unwrap();
    fs.symlink("/a", "/b").unwrap();
    fs.symlink("self", "/self").unwrap();
    assert_eq!(kind(fs.read("/a")), FsErrorKind::TooManyLinks);
    assert_eq!(kind(fs.metadata("/self")), FsErrorKind::TooManyLinks);
    assert_eq!(kind(fs.write("/a", b"")), FsErrorKind::TooManyLinks);
    assert_eq!(kind(fs.read("/self/x")), FsErrorKind::TooManyLinks);
    assert!(fs.symlink_metadata("/a").is_ok());
    // Exactly 40 hops is fine.
    fs.write("/t0", b"end").unwrap();
    for i in 1..=40 {
        fs.symlink(&format!("t{}", i - 1), &format!("/t{i}"))
            .unwrap();
    }
    assert_eq!(fs.read("/t40").unwrap(), b"end");
    fs.symlink("t40", "/t41").unwrap();
    assert_eq!(kind(fs.read("/t41")), FsErrorKind::TooManyLinks);
}

#[test]
fn modes_and_times() {
    let fs = MemoryFs::new();
    fs.write("/f", b"").unwrap();
    fs.set_mode("/f", 0o100755).unwrap();
    assert_eq!(fs.metadata("/f").unwrap().mode, 0o755);
    let t = UNIX_EPOCH + Duration::from_secs(1000);
    fs.set_mtime("/f", t).unwrap();
    assert_eq!(fs.metadata("/f").unwrap().mtime, t);
    fs.create_dir("/d/e", true).unwrap();
    assert_eq!(fs.metadata("/d").unwrap().nlink, 3);
}

/// A directory's `nlink` (2 + its subdirectories) follows every change:
/// it is kept, not recounted (fuzz F19).
#[test]
fn directory_link_counts_follow_every_change() {
    let fs = MemoryFs::new();
    let nlink = |p: &str| fs.metadata(p).unwrap().nlink;
    fs.create_dir("/d/a/x", true).unwrap();
    fs.create_dir("/d/b", false).unwrap();
    fs.write("/d/f", b"").unwrap();
    assert_eq!((nlink("/"), nlink("/d"), nlink("/d/a")), (3, 4, 3));
    fs.rename("/d/a", "/e").unwrap();
    assert_eq!((nlink("/"), nlink("/d")), (4, 3));
    // Renaming over an empty directory replaces it.
    fs.rename("/e/x", "/d/b").unwrap();
    assert_eq!((nlink("/d"), nlink("/e")), (3, 2));
    fs.rename("/d/f", "/e/f").unwrap();
    assert_eq!(nlink("/e"), 2);
    fs.remove_dir("/d/b", false).unwrap();
    assert_eq!(nlink("/d"), 2);
    fs.create_dir("/d/c/y", true).unwrap();
    fs.remove_dir("/d", true).unwrap();
    assert_eq!(nlink("/"), 3);
    let back = MemoryFs::restore(&fs.snapshot()).unwrap();
    assert_eq!(back.metadata("/").unwrap().nlink, 3);
    fs.create_dir("/g/h", true).unwrap();
    let back = MemoryFs::restore(&fs.snapshot()).unwrap();
    assert_eq!(back.metadata("/g").unwrap().nlink, 3);
    assert_eq!(back.metadata("/").unwrap().nlink, 4);
}

#[test]
fn limits_bytes_and_entries() {
    let fs = MemoryFs::with_limits(FsLimits {
        max_total_bytes: 10,
        max_entries: 3,
        max_file_size: 6,
        max_depth: 3,
    });
    fs.write("/a", b"123456").unwrap();
    assert_eq!(kind(fs.write("/a", b"1234567")), FsErrorKind::FileTooLarge);
    assert_eq!(fs.read("/a").unwrap(), b"123456");
    fs.write("/b", b"1234").unwrap();
    assert_eq!(kind(fs.append("/b", b"5")), FsErrorKind::NoSpace);
    assert_eq!(fs.read("/b").unwrap(), b"1234");
    assert_eq!(kind(fs.truncate("/b", 5)), FsErrorKind::NoSpace);
    fs.truncate("/b", 1).unwrap();
    assert_eq!(fs.usage().bytes, 7);
    fs.write("/a", b"").unwrap();
    assert_eq!(fs.usage().bytes, 1);
    fs.create_dir("/d", false).unwrap();
    assert_eq!(kind(fs.create_dir("/e", false)), FsErrorKind::NoSpace);
    assert_eq!(kind(fs.symlink("x", "/s")), FsErrorKind::NoSpace);
    fs.remove_file("/a").unwrap();
    assert_eq!(kind(fs.create_dir("/d/x/y", true)), FsErrorKind::NoSpace);
    // Refused whole: `/d/x` would have fitted but was not made.
    assert_eq!(kind(fs.metadata("/d/x")), FsErrorKind::NotFound);
    fs.remove_file("/b").unwrap();
    fs.create_dir("/d/x/y", true).unwrap();
    assert_eq!(
        kind(fs.create_dir("/d/x/y/z", false)),
        FsErrorKind::NameTooLong
    );
    assert_eq!(
        fs.usage(),
        FsUsage {
            bytes: 0,
            entries: 3
        }
    );
}

/// Fuzz finding F3: a recursive `create_dir` refused part-way used to
/// keep the parents it had made.
#[test]
fn limits_refused_mkdir_p_changes_nothing() {
    let fs = MemoryFs::with_limits(FsLimits {
        max_total_bytes: 100,
        max_entries: 6,
        max_file_size: 10,
        max_depth: 4,
    });
    fs.create_dir("/a/b", true).unwrap();
    fs.symlink("/a/b", "/l").unwrap();
    let before = fs.snapshot();
    // Entries: 3 used, 3 more would fit, 4 do not.
    assert_eq!(kind(fs.create_dir("/c/d/e/f", true)), FsErrorKind::NoSpace);
    // Depth: /a/b/x/y fits, /a/b/x/y/z (5 levels) does not, also when
    // reached through a symlink at depth 1.
    assert_eq!(
        kind(fs.create_dir("/a/b/x/y/z", true)),
        FsErrorKind::NameTooLong
    );
    assert_eq!(
        kind(fs.create_dir("/l/x/y/z", true)),
        FsErrorKind::NameTooLong
    );
    assert_eq!(fs.snapshot(), before);
    fs.create_dir("/l/x/y", true).unwrap();
    assert!(fs.metadata("/a/b/x/y").unwrap().is_dir());
    fs.create_dir("/c", true).unwrap();
    assert_eq!(fs.usage().entries, 6);
}

#[test]
fn limits_streaming_rejects_whole_chunk() {
    let fs = MemoryFs::with_limits(FsLimits {
        max_total_bytes: 100,
        max_entries: 10,
        max_file_size: 5,
        max_depth: 10,
    });
    let mut w = fs.open_write("/f", WriteMode::Truncate).unwrap();
    w.write_all(b"abc").unwrap();
    assert!(w.write(b"def").is_err());
    assert_eq!(fs.read("/f").unwrap(), b"abc");
    w.write_all(b"de").unwrap();
    assert_eq!(fs.read("/f").unwrap(), b"abcde");
}

#[test]
fn limits_depth_on_rename() {
    let fs = MemoryFs::with_limits(FsLimits {
        max_depth: 3,
        ..FsLimits::default()
    });
    fs.create_dir("/a/b", true).unwrap();
    fs.create_dir("/x/y", true).unwrap();
    assert_eq!(kind(fs.rename("/a", "/x/y/a")), FsErrorKind::NameTooLong);
    fs.rename("/a", "/x/a").unwrap();
    assert!(fs.metadata("/x/a/b").is_ok());
}

#[test]
fn deep_tree_is_iterative() {
    let fs = MemoryFs::with_limits(FsLimits::unlimited());
    // Build 10 000 levels via renames (paths can't name them all).
    fs.create_dir("/d", false).unwrap();
    for _ in 0..10_000 {
        fs.create_dir("/n", false).unwrap();
        fs.rename("/d", "/n/d").unwrap();
        fs.rename("/n", "/d").unwrap();
    }
    assert_eq!(fs.usage().entries, 10_001);
    let snap = fs.snapshot();
    let restored = MemoryFs::restore_with_limits(&snap, FsLimits::unlimited()).unwrap();
    assert_eq!(restored.usage().entries, 10_001);
    fs.remove_dir("/d", true).unwrap();
    assert_eq!(fs.usage().entries, 0);
    drop(restored);
}

#[test]
fn snapshot_roundtrip() {
    let fs = MemoryFs::new();
    fs.create_dir("/a/b", true).unwrap();
    fs.write("/a/b/f", b"content").unwrap();
    fs.set_mode("/a/b/f", 0o700).unwrap();
    let t = UNIX_EPOCH - Duration::new(5, 300);
    fs.set_mtime("/a/b/f", t).unwrap();
    fs.symlink("b/f", "/a/link").unwrap();
    fs.write("/empty", b"").unwrap();
    let snap = fs.snapshot();
    let r = MemoryFs::restore(&snap).unwrap();
    assert_eq!(r.read("/a/link").unwrap(), b"content");
    let m = r.metadata("/a/b/f").unwrap();
    assert_eq!(m.mode, 0o700);
    assert_eq!(m.mtime, t);
    assert_eq!(r.usage(), fs.usage());
    assert_eq!(r.read_dir("/").unwrap(), fs.read_dir("/").unwrap());
    r.write("/new", b"x").unwrap();
    assert_eq!(
        r.snapshot().len(),
        snap.len() + 8 + 2 + 3 + 1 + 4 + 12 + 12 + 8 + 1
    );
    // Too big for strict-ish limits.
    let small = FsLimits {
        max_entries: 2,
        ..FsLimits::default()
    };
    assert_eq!(
        MemoryFs::restore_with_limits(&snap, small)
            .unwrap_err()
            .kind,
        FsErrorKind::NoSpace
    );
}

#[test]
fn snapshot_corrupt_never_panics() {
    let fs = MemoryFs::new();
    fs.create_dir("/a/b", true).unwrap();
    fs.write("/a/b/f", b"content").unwrap();
    fs.symlink("x", "/s").unwrap();
    let snap = fs.snapshot();
    for n in 0..snap.len() {
        assert!(MemoryFs::restore(&snap[..n]).is_err());
    }
    let mut seed = 0x1234_5678_9abc_def0u64;
    for i in 0..snap.len() {
        for _ in 0..8 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut bad = snap.clone();
            bad[i] = seed as u8;
            let _ = MemoryFs::restore(&bad);
        }
    }
    let mut huge = snap.clone();
    huge[10..18].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(MemoryFs::restore(&huge).is_err());
    assert!(MemoryFs::restore(b"").is_err());
    let mut extra = snap.clone();
    extra.push(0);
    assert!(MemoryFs::restore(&extra).is_err());
}

#[test]
fn threads_share() {
    let fs = Arc::new(MemoryFs::new());
    let hs: Vec<_> = (0..4)
        .map(|i| {
            let fs = Arc::clone(&fs);
            std::thread::spawn(move || {
                for j in 0..100 {
                    fs.append(&format!("/f{i}"), format!("{j}\n").as_bytes())
                        .unwrap();
                }
            })
        })
        .collect();
    for h in hs {
        h.join().unwrap();
    }
    assert_eq!(fs.read_dir("/").unwrap().len(), 4);
}

#[test]
fn set_times_sets_access_and_link_times() {
    let fs = MemoryFs::new();
    fs.write("/f", b"x").unwrap();
    fs.symlink("f", "/l").unwrap();
    let (a, m) = (
        UNIX_EPOCH + Duration::new(100, 0),
        UNIX_EPOCH + Duration::new(200, 0),
    );
    let only_a = Times {
        atime: Some(a),
        mtime: None,
    };
    let before = fs.metadata("/f").unwrap().mtime;
    fs.set_times("/l", only_a, true).unwrap();
    let md = fs.metadata("/f").unwrap();
    assert_eq!((md.atime, md.mtime), (a, before));
    let only_m = Times {
        atime: None,
        mtime: Some(m),
    };
    fs.set_times("/l", only_m, false).unwrap();
    assert_eq!(fs.symlink_metadata("/l").unwrap().mtime, m);
    assert_eq!(fs.metadata("/f").unwrap().mtime, before);
    let r = MemoryFs::restore(&fs.snapshot()).unwrap();
    assert_eq!(r.metadata("/f").unwrap().atime, a);
    assert_eq!(r.symlink_metadata("/l").unwrap().mtime, m);
}

#[test]
fn snapshot_v1_still_loads() {
    // A version-1 image: the root directory alone, mode 755, mtime 7 s.
    let mut img = b"SBVFSNAP".to_vec();
    img.extend_from_slice(&1u16.to_le_bytes());
    img.extend_from_slice(&1u64.to_le_bytes());
    img.extend_from_slice(&u64::MAX.to_le_bytes());
    img.extend_from_slice(&0u16.to_le_bytes());
    img.push(1);
    img.extend_from_slice(&0o755u32.to_le_bytes());
    img.extend_from_slice(&7i64.to_le_bytes());
    img.extend_from_slice(&0u32.to_le_bytes());
    let fs = MemoryFs::restore(&img).unwrap();
    let md = fs.metadata("/").unwrap();
    assert_eq!(md.mtime, UNIX_EPOCH + Duration::new(7, 0));
    assert_eq!(md.atime, md.mtime);
}
