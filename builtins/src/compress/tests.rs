use super::*;
use sandbash_vfs::FileSystem;

use crate::testutil::{TestFs, run, run0};

const HELLO_GZ: &[u8] = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xcb\x48\xcd\xc9\xc9\xe7\x02\x00\x20\x30\x3a\x36\x06\x00\x00\x00";

fn roundtrip<C: Variant, D: Variant>(args: &[&str], suffix: &str) {
    let fs = TestFs::new();
    let data = crate::testutil::lines(20000);
    fs.file("f", &data);
    let mut a = args.to_vec();
    a.push("f");
    let o = run(&Tool::<C>(PhantomData), &a, b"", &fs);
    assert_eq!((o.status, o.err.as_str()), (0, ""));
    assert!(!fs.has("f") && fs.has(&format!("f{suffix}")));
    let o = run(&Tool::<D>(PhantomData), &[&format!("f{suffix}")], b"", &fs);
    assert_eq!((o.status, o.err.as_str()), (0, ""));
    assert_eq!(fs.text("f").as_bytes(), &data[..]);
}

#[test]
fn gzip_roundtrip_in_place() {
    roundtrip::<Gzip, Gunzip>(&[], ".gz");
    roundtrip::<Gzip, Gunzip>(&["-1"], ".gz");
}

#[test]
fn bzip2_roundtrip_in_place() {
    roundtrip::<Bzip2, Bunzip2>(&[], ".bz2");
}

#[test]
fn xz_roundtrip_in_place() {
    roundtrip::<XzV, Unxz>(&[], ".xz");
    roundtrip::<XzV, Unxz>(&["--format=lzma", "-S", ".xz"], ".xz");
}

#[test]
fn zcat_fixed_member_and_errors() {
    let z = Tool::<Zcat>(PhantomData);
    let o = run0(&z, &[], HELLO_GZ);
    assert_eq!((o.status, o.out.as_str()), (0, "hello\n"));
    let mut bad = HELLO_GZ.to_vec();
    bad[18] ^= 1;
    let o = run0(&z, &[], &bad);
    assert_eq!(o.status, 1);
    assert_eq!(o.err, "\ngzip: stdin: invalid compressed data--crc error\n");
    let o = run0(&z, &[], b"plain");
    assert_eq!(o.err, "\ngzip: stdin: not in gzip format\n");
    let o = run0(&z, &[], &HELLO_GZ[..15]);
    assert_eq!(o.err, "\ngzip: stdin: unexpected end of file\n");
    let mut two = HELLO_GZ.to_vec();
    two.extend_from_slice(HELLO_GZ);
    two.extend_from_slice(b"junk");
    let o = run0(&z, &[], &two);
    assert_eq!((o.status, o.out.as_str()), (2, "hello\nhello\n"));
}

#[test]
fn gzip_list_and_bad_option() {
    let fs = TestFs::new();
    fs.file("hello.gz", HELLO_GZ);
    let o = run(&Tool::<Gzip>(PhantomData), &["-l", "hello.gz"], b"", &fs);
    assert_eq!(
        o.out,
        "         compressed        uncompressed  ratio uncompressed_name\n                 26                   6 -33.3% hello\n"
    );
    let o = run0(&Tool::<Gunzip>(PhantomData), &["--bogus"], b"");
    assert_eq!(o.status, 1);
    assert!(o.err.starts_with("gzip: unrecognized option '--bogus'"));
}

#[test]
fn messages_of_bzip2_and_xz() {
    let fs = TestFs::new();
    fs.file("x.bz2", b"plain\n").file("x.xz", b"plain\n");
    let o = run(&Tool::<Bunzip2>(PhantomData), &["x.bz2"], b"", &fs);
    assert_eq!(
        (o.status, o.err.as_str()),
        (2, "bunzip2: x.bz2 is not a bzip2 file.\n")
    );
    let o = run(&Tool::<Unxz>(PhantomData), &["x.xz"], b"", &fs);
    assert_eq!(
        (o.status, o.err.as_str()),
        (1, "unxz: x.xz: File format not recognized\n")
    );
    assert!(fs.has("x.bz2") && fs.has("x.xz"));
}

#[test]
fn cancelled_stdin_stops() {
    use sandbash_interpreter::Cancel;
    let cancel = Cancel::new();
    cancel.cancel();
    let h = crate::testutil::Harness {
        stdin: &[0u8; 1 << 16],
        cancel,
        ..Default::default()
    };
    let o = crate::testutil::run_with(&Tool::<Gzip>(PhantomData), &[], &TestFs::new(), h);
    assert_eq!(o.status, crate::common::sys::STATUS_CANCELLED);
}

#[test]
fn gunzip_tries_the_suffix_and_restores_the_stored_name() {
    let fs = TestFs::new();
    // HELLO_GZ with FNAME "f".
    let named: &[u8] = b"\x1f\x8b\x08\x08\x25\x7d\x93\x65\x00\x03\x66\x00\xcb\x48\xcd\xc9\xc9\xe7\x02\x00\x20\x30\x3a\x36\x06\x00\x00\x00";
    fs.file("other.gz", named);
    let o = run(&Tool::<Gunzip>(PhantomData), &["-N", "other"], b"", &fs);
    assert_eq!((o.status, o.err.as_str()), (0, ""));
    assert!(!fs.has("other.gz") && !fs.has("other"));
    assert_eq!(fs.text("f"), "hello\n");
    let o = run(&Tool::<Gunzip>(PhantomData), &["nosuch"], b"", &fs);
    assert_eq!(o.err, "gzip: nosuch.gz: No such file or directory\n");
}

#[test]
fn verbose_messages() {
    let fs = TestFs::new();
    fs.file("f", b"a\n");
    let o = run(&Tool::<Gzip>(PhantomData), &["-v", "f"], b"", &fs);
    assert_eq!(o.err, "f:\t-100.0% -- replaced with f.gz\n");
    let o = run(&Tool::<Gzip>(PhantomData), &["-tv", "f.gz"], b"", &fs);
    assert_eq!(o.err, "f.gz:\t OK\n");
    fs.file("g", b"a\n");
    let o = run(&Tool::<Bzip2>(PhantomData), &["-v", "g"], b"", &fs);
    assert_eq!(
        o.err,
        "  g:        0.051:1, 156.000 bits/byte, -1850.00% saved, 2 in, 39 out.\n"
    );
    let o = run(&Tool::<Bzip2>(PhantomData), &["-tv", "g.bz2"], b"", &fs);
    assert_eq!(o.err, "  g.bz2:   ok\n");
}

#[test]
fn symlinks_are_not_replaced_without_force() {
    let fs = TestFs::new();
    fs.file("f", b"a\n");
    fs.symlink("/workspace/f", "/workspace/l").unwrap();
    let o = run(&Tool::<Gzip>(PhantomData), &["l"], b"", &fs);
    assert_eq!(
        (o.status, o.err.as_str()),
        (1, "gzip: l: Too many levels of symbolic links\n")
    );
    let o = run(&Tool::<XzV>(PhantomData), &["l"], b"", &fs);
    assert_eq!(
        (o.status, o.err.as_str()),
        (2, "xz: l: Is a symbolic link, skipping\n")
    );
    assert!(fs.has("l") && !fs.has("l.gz"));
}

#[test]
fn bzip2_bad_flag_prints_usage() {
    let o = run0(&Tool::<Bunzip2>(PhantomData), &["--bogus"], b"");
    assert_eq!(o.status, 1);
    assert!(
        o.err
            .starts_with("bunzip2: Bad flag `--bogus'\nbzip2, a block-sorting")
    );
    assert!(o.err.contains("   usage: bunzip2 [flags"));
}

#[test]
fn xz_list_reads_the_index() {
    let fs = TestFs::new();
    fs.file("f", b"a\n");
    let o = run(&Tool::<XzV>(PhantomData), &["f"], b"", &fs);
    assert_eq!(o.status, 0);
    let o = run(&Tool::<XzV>(PhantomData), &["-l", "f.xz", "f.xz"], b"", &fs);
    let lines: Vec<&str> = o.out.lines().collect();
    assert_eq!(
        lines[0],
        "Strms  Blocks   Compressed Uncompressed  Ratio  Check   Filename"
    );
    assert!(lines[1].starts_with("    1       1 ") && lines[1].ends_with("  CRC64   f.xz"));
    assert!(lines[4].ends_with("CRC64   2 files"));
    let o = run(&Tool::<XzV>(PhantomData), &["-l"], b"", &fs);
    assert_eq!(
        o.err,
        "xz: --list does not support reading from standard input\n"
    );
    let o = run(&Tool::<XzV>(PhantomData), &["-F", "foo", "f.xz"], b"", &fs);
    assert_eq!(
        (o.status, o.err.as_str()),
        (1, "xz: foo: Unknown file format type\n")
    );
}

#[test]
fn bzip2_trailing_garbage_is_a_warning() {
    let fs = TestFs::new();
    fs.file("a", b"a\n");
    assert_eq!(run(&Tool::<Bzip2>(PhantomData), &["a"], b"", &fs).status, 0);
    let mut data = fs.read("/workspace/a.bz2").unwrap();
    data.extend_from_slice(b"junk");
    fs.file("a.bz2", &data);
    let o = run(&Tool::<Bzcat>(PhantomData), &["a.bz2"], b"", &fs);
    assert_eq!(o.status, 0);
    assert_eq!(o.out, "a\n");
    assert_eq!(
        o.err,
        "\nbzcat: a.bz2: trailing garbage after EOF ignored\n"
    );
    let o = run0(&Tool::<Bzcat>(PhantomData), &[], b"a\n");
    assert_eq!(
        (o.status, o.err.as_str()),
        (2, "bzcat: (stdin) is not a bzip2 file.\n")
    );
}

#[test]
fn gzip_quiet_silences_warnings() {
    let fs = TestFs::new();
    fs.file("f", b"a\n");
    let o = run(&Tool::<Gunzip>(PhantomData), &["-q", "f"], b"", &fs);
    assert_eq!((o.status, o.err.as_str()), (0, ""));
    let o = run(&Tool::<Gunzip>(PhantomData), &["f"], b"", &fs);
    assert_eq!(
        (o.status, o.err.as_str()),
        (2, "gzip: f: unknown suffix -- ignored\n")
    );
}

#[test]
fn xz_dictionary_is_read_from_the_block_header() {
    let hi: &[u8] = b"\xfd\x37\x7a\x58\x5a\x00\x00\x04\xe6\xd6\xb4\x46\x02\x00\x21\x01\x16\x00";
    assert_eq!(xz::tests_xz_dict(hi), Some(8 << 20));
    let mut huge = hi.to_vec();
    huge[16] = 0x28;
    assert_eq!(xz::tests_xz_dict(&huge), Some(u32::MAX));
    assert_eq!(xz::tests_xz_dict(&hi[..14]), None);
}

#[test]
fn help_and_version_take_short_options() {
    let o = run0(&Tool::<Gzip>(PhantomData), &["-h"], b"");
    assert!(o.out.starts_with("Usage: gzip [OPTION]... [FILE]...\n"));
    let o = run0(&Tool::<XzV>(PhantomData), &["-V"], b"");
    assert_eq!(o.out, "xz (sandbash) 0.1.0\n");
    let o = run0(&Tool::<Bzcat>(PhantomData), &["--help"], b"");
    assert!(
        o.out
            .contains("   usage: bzcat [flags and input files in any order]")
    );
}

#[test]
fn bunzip2_guesses_name_out() {
    let fs = TestFs::new();
    fs.file("a", b"a\n");
    assert_eq!(run(&Tool::<Bzip2>(PhantomData), &["a"], b"", &fs).status, 0);
    let data = fs.read("/workspace/a.bz2").unwrap();
    fs.file("y", &data);
    let o = run(&Tool::<Bunzip2>(PhantomData), &["y"], b"", &fs);
    assert_eq!(
        o.err,
        "bunzip2: Can't guess original name for y -- using y.out\n"
    );
    assert_eq!((o.status, fs.text("y.out").as_str()), (0, "a\n"));
}

/// Every single-byte corruption and every truncation of a small stream
/// decodes or fails with a message: never a panic, never a hang.
fn survives_corruption<C: Variant, D: Variant>() {
    let fs = TestFs::new();
    fs.file("f", b"hello hello hello corrupted world\n");
    assert_eq!(
        run(&Tool::<C>(PhantomData), &["-k", "f"], b"", &fs).status,
        0
    );
    let name = format!("/workspace/f{}", <C::F as Format>::SUFFIX);
    let good = fs.read(&name).unwrap();
    for i in 0..good.len() {
        for flip in [0x01u8, 0x80, 0xff] {
            let mut bad = good.clone();
            bad[i] ^= flip;
            let o = run0(&Tool::<D>(PhantomData), &[], &bad);
            assert!(matches!(o.status, 0..=2), "byte {i}: {}", o.status);
        }
        let o = run0(&Tool::<D>(PhantomData), &[], &good[..i]);
        assert!(matches!(o.status, 1 | 2), "cut at {i}: {}", o.status);
    }
}

#[test]
fn decoders_survive_corruption() {
    survives_corruption::<Gzip, Zcat>();
    survives_corruption::<Bzip2, Bzcat>();
    survives_corruption::<XzV, Xzcat>();
}

#[test]
fn suffixes_are_checked() {
    let o = run0(&Tool::<Gzip>(PhantomData), &["-S", ""], b"");
    assert_eq!((o.status, o.err.as_str()), (1, "gzip: invalid suffix ''\n"));
    let o = run0(&Tool::<XzV>(PhantomData), &["-S", ""], b"");
    assert_eq!(
        (o.status, o.err.as_str()),
        (1, "xz: : Invalid filename suffix\n")
    );
}

/// bzip2 skips a `-` operand (an empty cluster of options): with files
/// named, standard input is not read; with only `-`, it is.
#[test]
fn bzip2_dash_is_not_stdin_among_files() {
    let fs = TestFs::new();
    fs.file("a", b"one\n");
    assert_eq!(run(&Tool::<Bzip2>(PhantomData), &["a"], b"", &fs).status, 0);
    let o = run(&Tool::<Bzcat>(PhantomData), &["a.bz2", "-"], b"junk", &fs);
    assert_eq!((o.status, o.out.as_str(), o.err.as_str()), (0, "one\n", ""));
    let data = fs.read("/workspace/a.bz2").unwrap();
    let o = run(&Tool::<Bzcat>(PhantomData), &["-"], &data, &fs);
    assert_eq!((o.status, o.out.as_str()), (0, "one\n"));
}

/// -dcf copies what is not compressed as it is (bzip2, xz, like gzip);
/// bzip2 refuses -c with -t, bzcat (already -c) with -t.
#[test]
fn force_to_stdout_copies_plain_data() {
    let fs = TestFs::new();
    fs.file("p", b"plain\n");
    let o = run(&Tool::<Bzcat>(PhantomData), &["-f", "p"], b"", &fs);
    assert_eq!((o.status, o.out.as_str()), (0, "plain\n"));
    let o = run(&Tool::<Xzcat>(PhantomData), &["-f", "p"], b"", &fs);
    assert_eq!((o.status, o.out.as_str()), (0, "plain\n"));
    let o = run(&Tool::<Xzcat>(PhantomData), &["-f"], b"", &fs);
    assert_eq!((o.status, o.out.as_str(), o.err.as_str()), (0, "", ""));
    let o = run(&Tool::<Xzcat>(PhantomData), &["-tf", "p"], b"", &fs);
    assert_eq!(o.status, 1);
    let o = run(&Tool::<Bzcat>(PhantomData), &["-t", "p"], b"", &fs);
    assert_eq!(
        (o.status, o.err.as_str()),
        (1, "bzcat: -c and -t cannot be used together.\n")
    );
    let o = run(&Tool::<Bzip2>(PhantomData), &["-tc", "p"], b"", &fs);
    assert_eq!(o.status, 1);
}

/// Data after a complete xz stream: shorter than a stream header (12
/// bytes) after padding that is a multiple of 4 is an unexpected end; a
/// longer one, or odd padding, is corrupt (liblzma's order).
#[test]
fn xz_trailing_data_after_stream() {
    let fs = TestFs::new();
    fs.file("a", b"hello\n");
    assert_eq!(run(&Tool::<XzV>(PhantomData), &["a"], b"", &fs).status, 0);
    let base = fs.read("/workspace/a.xz").unwrap();
    for (tail, err) in [
        (&b"junk"[..], "Unexpected end of input"),
        (b"\0\0\0\0junk", "Unexpected end of input"),
        (b"junkjunkjunk", "Compressed data is corrupt"),
        (b"\0\0junk", "Compressed data is corrupt"),
    ] {
        let mut data = base.clone();
        data.extend_from_slice(tail);
        fs.file("t.xz", &data);
        let o = run(&Tool::<Xzcat>(PhantomData), &["t.xz"], b"", &fs);
        assert_eq!(o.out, "hello\n");
        assert_eq!(
            (o.status, o.err.as_str()),
            (1, format!("xzcat: t.xz: {err}\n").as_str())
        );
    }
}
