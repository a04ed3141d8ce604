//! Digests of known inputs (checked against GNU coreutils 9.1) and the
//! line formats read back.

use super::algo::{Algo, Plain, PlainSum};
use super::cksum::Cksum;
use super::line::{self, Entry, Expect, Style};
use super::sum::Sum;
use super::sums::{B2, Md5, Sha256, Sums};
use crate::testutil::{TestFs, run};

fn hex(a: Algo, bits: usize, data: &[u8]) -> String {
    let mut h = a.hasher(bits);
    h.update(data);
    h.hex()
}

#[test]
fn known_digests() {
    assert_eq!(
        hex(Algo::Md5, 128, b"hello\n"),
        "b1946ac92492d2347c6235b4d2611184"
    );
    assert_eq!(
        hex(Algo::Sha1, 160, b"hello\n"),
        "f572d396fae9206628714fb2ce00f72e94f2258f"
    );
    assert_eq!(
        hex(Algo::Sha256, 256, b"hello\n"),
        "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03"
    );
    assert_eq!(
        hex(Algo::Blake2b, 128, b"hello\n"),
        "ea41b4de6c03f13a95758b28dd75693e"
    );
    assert_eq!(
        hex(Algo::Sm3, 256, b"hello\n"),
        "f7a87a195b0cc0052b9d598482212ceb07e4ea60e8d139a5dfeff36c24abf2b3"
    );
}

fn plain(kind: Plain, data: &[u8]) -> String {
    let mut s = PlainSum::new(kind);
    s.update(data);
    s.text()
}

#[test]
fn plain_sums() {
    assert_eq!(plain(Plain::Crc, b"hello\n"), "3015617425 6");
    assert_eq!(plain(Plain::Crc, b""), "4294967295 0");
    assert_eq!(plain(Plain::Crc, b"hi\n"), "1479881546 3");
    assert_eq!(plain(Plain::Bsd, b"hello\n"), "36979     1");
    assert_eq!(plain(Plain::Bsd, b"hi\n"), "32856     1");
    assert_eq!(plain(Plain::Sysv, b"hello\n"), "542 1");
    assert_eq!(plain(Plain::Sysv, b"hi\n"), "219 1");
}

#[test]
fn lines_round_trip() {
    let style = Style {
        tag: None,
        binary: false,
        zero: false,
    };
    let l = line::digest_line("ab", "n\nl\\x", &style);
    assert_eq!(l, "\\ab  n\\nl\\\\x\n");
    let e = line::parse(
        l.trim_end_matches('\n'),
        Expect::One(Algo::Blake2b, None),
        &mut Default::default(),
    );
    assert_eq!(
        e,
        Some(Entry {
            algo: Algo::Blake2b,
            bits: 8,
            hex: "ab".into(),
            name: "n\nl\\x".into()
        })
    );
    let h = "b1946ac92492d2347c6235b4d2611184";
    let md5 = Expect::One(Algo::Md5, Some(128));
    for ok in [
        format!("{h} a"),
        format!("{h} *a"),
        format!("  {h}\ta"),
        format!("MD5 (a) = {h}"),
        format!("MD5(a)= {h}"),
        format!("{h}  a\r"),
    ] {
        assert_eq!(
            line::parse(&ok, md5, &mut Default::default()).map(|e| e.name),
            Some("a".into()),
            "{ok:?}"
        );
    }
    for bad in [
        format!("md5 (a) = {h}"),
        format!("SHA1 (a) = {h}"),
        h.to_string(),
        format!("{h}0  a"),
    ] {
        assert_eq!(
            line::parse(&bad, md5, &mut Default::default()),
            None,
            "{bad:?}"
        );
    }
    let mut form = line::Form::default();
    assert!(line::parse(&format!("MD5 (a) = {h}"), Expect::Tagged, &mut form).is_some());
    assert!(line::parse(&format!("{h}  a"), Expect::Tagged, &mut form).is_none());
    // The first untagged line fixes the form: after `HEX  a`, `HEX a` is
    // refused; after `HEX a`, `HEX  a` names ` a`; `HEX  ` names ` `.
    let name = |l: String, form: &mut line::Form| line::parse(&l, md5, form).map(|e| e.name);
    let mut form = line::Form::default();
    assert_eq!(name(format!("{h}  a"), &mut form), Some("a".into()));
    assert_eq!(name(format!("{h} a"), &mut form), None);
    let mut form = line::Form::default();
    assert_eq!(name(format!("{h} a"), &mut form), Some("a".into()));
    assert_eq!(name(format!("{h}  a"), &mut form), Some(" a".into()));
    assert_eq!(name(format!("{h}  "), &mut form), Some(" ".into()));
}

fn md5() -> Sums<Md5> {
    Sums(std::marker::PhantomData)
}

#[test]
fn print_and_check() {
    let fs = TestFs::new();
    fs.file("a", b"hello\n").file("b c", b"x");
    let r = run(&md5(), &["a", "-", "nosuch"], b"hi\n", &fs);
    assert_eq!(
        r.out,
        "b1946ac92492d2347c6235b4d2611184  a\n764efa883dda1e11db47671c4a3bbd9e  -\n"
    );
    assert_eq!(r.err, "md5sum: nosuch: No such file or directory\n");
    assert_eq!(r.status, 1);
    let sums = run(&md5(), &["--tag", "a", "b c"], b"", &fs).out;
    assert_eq!(
        sums,
        "MD5 (a) = b1946ac92492d2347c6235b4d2611184\nMD5 (b c) = 9dd4e461268c8034f5c8564e155c67a6\n"
    );
    fs.file("sums", format!("{sums}junk\n00000000000000000000000000000000  a\nb1946ac92492d2347c6235b4d2611184  gone\n").as_bytes());
    let r = run(&md5(), &["-c", "sums"], b"", &fs);
    assert_eq!(
        r.out,
        "a: OK\nb c: OK\na: FAILED\ngone: FAILED open or read\n"
    );
    assert_eq!(
        r.err,
        "md5sum: gone: No such file or directory\nmd5sum: WARNING: 1 line is improperly formatted\nmd5sum: WARNING: 1 listed file could not be read\nmd5sum: WARNING: 1 computed checksum did NOT match\n"
    );
    assert_eq!(r.status, 1);
    let r = run(&md5(), &["-c", "--status", "-"], sums.as_bytes(), &fs);
    assert_eq!((r.out.as_str(), r.err.as_str(), r.status), ("", "", 0));
    let r = run(&md5(), &["--quiet", "a"], b"", &fs);
    assert_eq!(
        r.err,
        "md5sum: the --quiet option is meaningful only when verifying checksums\nTry 'md5sum --help' for more information.\n"
    );
    let r = run(
        &Sums::<B2>(std::marker::PhantomData),
        &["-l", "7", "a"],
        b"",
        &fs,
    );
    assert_eq!(
        r.err,
        "b2sum: invalid length: '7'\nb2sum: length is not a multiple of 8\n"
    );
    let r = run(
        &Sums::<Sha256>(std::marker::PhantomData),
        &["-b", "a"],
        b"",
        &fs,
    );
    assert_eq!(
        r.out,
        "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03 *a\n"
    );
    let r = run(&Cksum, &["a"], b"", &fs);
    assert_eq!(r.out, "3015617425 6 a\n");
    let r = run(&Cksum, &["-a", "blake2b", "-l", "128", "a"], b"", &fs);
    assert_eq!(
        r.out,
        "BLAKE2b-128 (a) = ea41b4de6c03f13a95758b28dd75693e\n"
    );
    let r = run(&Cksum, &["-c", "sums"], b"", &fs);
    assert_eq!(r.out, "a: OK\nb c: OK\n");
    let r = run(&Sum, &["-s"], b"hi\n", &fs);
    assert_eq!(r.out, "219 1\n");
}

/// GNU skips `#` comment lines and empty lines (a lone `\r` too) in a
/// list, numbering them all; a directory as the list is a read error; and
/// `-l` does not bind a BLAKE2b check (each line has its own length).
#[test]
fn check_skips_comments_and_ignores_length() {
    let fs = TestFs::new();
    fs.file("f", b"abc").dir("d");
    let b2 = || Sums::<B2>(std::marker::PhantomData);
    let line = "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319  f\n";
    let list = format!("# comment\n\n\r\n{line} \n");
    let r = run(&b2(), &["-c", "-w", "-l", "128", "-"], list.as_bytes(), &fs);
    assert_eq!(r.out, "f: OK\n");
    assert_eq!(
        r.err,
        "b2sum: 'standard input': 5: improperly formatted BLAKE2b checksum line\nb2sum: WARNING: 1 line is improperly formatted\n"
    );
    assert_eq!(r.status, 0);
    let r = run(&b2(), &["-c", "d"], b"", &fs);
    assert_eq!((r.err.as_str(), r.status), ("b2sum: d: read error\n", 1));
    let r = run(
        &Cksum,
        &["-a", "blake2b", "-l", "8", "-c", "-"],
        line.as_bytes(),
        &fs,
    );
    assert_eq!((r.out.as_str(), r.status), ("f: OK\n", 0));
}

/// cksum: check-only options without `-c` are usage errors; `-w` names
/// the algorithm of the last line read (CRC before any); a directory
/// sums as empty under CRC only (coreutils 9.1); `--ignore-missing`
/// counts a file verified only when it matched.
#[test]
fn cksum_check_details() {
    let fs = TestFs::new();
    fs.file("f", b"abc").dir("d");
    let r = run(&Cksum, &["--status", "f"], b"", &fs);
    assert_eq!(
        (r.status, r.err.as_str()),
        (
            1,
            "cksum: the --status option is meaningful only when verifying checksums\nTry 'cksum --help' for more information.\n"
        )
    );
    let list = "bad\nMD5 (f) = 900150983cd24fb0d6963f7d28e17f72\nbad2\n";
    let r = run(&Cksum, &["-c", "-w", "-"], list.as_bytes(), &fs);
    assert_eq!(r.out, "f: OK\n");
    assert_eq!(
        r.err,
        "cksum: 'standard input': 1: improperly formatted CRC checksum line\ncksum: 'standard input': 3: improperly formatted MD5 checksum line\ncksum: WARNING: 2 lines are improperly formatted\n"
    );
    let r = run(&Cksum, &["d"], b"", &fs);
    assert_eq!((r.status, r.out.as_str()), (0, "4294967295 0 d\n"));
    let r = run(&Cksum, &["-a", "md5", "d"], b"", &fs);
    assert_eq!(
        (r.status, r.err.as_str()),
        (1, "cksum: d: Is a directory\n")
    );
    let list = "MD5 (f) = 00000000000000000000000000000000\n";
    let r = run(
        &Cksum,
        &["-c", "--ignore-missing", "-"],
        list.as_bytes(),
        &fs,
    );
    assert_eq!(r.status, 1);
    assert!(
        r.err
            .ends_with("cksum: 'standard input': no file was verified\n"),
        "{}",
        r.err
    );
}

/// `--tag` sets binary mode (GNU): `-t --tag` prints the tagged line,
/// `--tag -t` is refused.
#[test]
fn tag_and_text_mode() {
    let fs = TestFs::new();
    fs.file("f", b"x");
    let r = run(&md5(), &["-t", "--tag", "f"], b"", &fs);
    assert_eq!(
        (r.status, r.out.as_str()),
        (0, "MD5 (f) = 9dd4e461268c8034f5c8564e155c67a6\n")
    );
    let r = run(&md5(), &["--tag", "-t", "f"], b"", &fs);
    assert_eq!(
        (r.status, r.err.as_str()),
        (
            1,
            "md5sum: --tag does not support --text mode\nTry 'md5sum --help' for more information.\n"
        )
    );
}
