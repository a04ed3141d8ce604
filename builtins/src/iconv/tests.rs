use super::codec::{Charset, lookup};
use super::{Converter, Iconv, Spec, Stop};
use crate::testutil::{TestFs, run, run0};
use sandbash_vfs::FileSystem;

/// Converts `input` in chunks of `step` bytes, as the utility does.
fn convert(
    from: &str,
    to: &str,
    omit: bool,
    input: &[u8],
    step: usize,
) -> (Vec<u8>, Result<bool, Stop>) {
    let (f, t) = (Spec::parse(from), Spec::parse(to));
    let src = f.charset.unwrap_or(Charset::Ascii);
    let mut c = Converter::new(src, t.charset.unwrap_or(Charset::Ascii), &t, omit);
    let mut out = Vec::new();
    for chunk in input.chunks(step.max(1)) {
        if let Err(e) = c.feed(chunk, &mut out) {
            return (out, Err(e));
        }
    }
    let r = c.end_file();
    (out, r)
}

fn ok(from: &str, to: &str, input: &[u8]) -> Vec<u8> {
    for step in [1, 2, 3, 1000] {
        let (out, r) = convert(from, to, false, input, step);
        assert_eq!(r, Ok(false), "{from} -> {to} step {step}");
        let whole = convert(from, to, false, input, 1000).0;
        assert_eq!(out, whole, "chunking changes the output");
    }
    convert(from, to, false, input, 1000).0
}

#[test]
fn names_are_looked_up_without_case() {
    assert_eq!(lookup("utf-8"), Some(Charset::Utf8));
    assert_eq!(lookup("latin1"), Some(Charset::Latin1));
    assert_eq!(lookup("ISO_8859-1"), Some(Charset::Latin1));
    assert_eq!(lookup("cp1252"), Some(Charset::Sbcs(&super::sbcs::CP1252)));
    assert_eq!(lookup("NOPE"), None);
    let s = Spec::parse("ascii//translit,ignore");
    assert!(s.translit && s.ignore && s.charset == Some(Charset::Ascii));
    assert_eq!(Spec::parse("").charset, Some(Charset::Ascii));
}

#[test]
fn utf16_and_utf32_both_ways() {
    assert_eq!(
        ok("UTF-8", "UTF-16LE", "Aé€\n".as_bytes()),
        b"A\0\xe9\0\xac\x20\n\0"
    );
    assert_eq!(
        ok("UTF-8", "UTF-16BE", "A😀".as_bytes()),
        b"\0A\xd8\x3d\xde\x00"
    );
    assert_eq!(ok("UTF-8", "UTF-16", b"Hi"), b"\xff\xfeH\0i\0");
    assert_eq!(ok("UTF-8", "UTF-16", b""), b"");
    assert_eq!(ok("UTF-8", "UTF-32", b"A"), b"\xff\xfe\0\0A\0\0\0");
    assert_eq!(ok("UTF-16", "UTF-8", b"\xfe\xff\0A\0B"), b"AB");
    // No BOM: little endian; a later BOM is a character.
    assert_eq!(
        ok("UTF-16", "UTF-8", b"A\0\xff\xfeB\0"),
        "A\u{feff}B".as_bytes()
    );
    assert_eq!(
        ok("UTF-16LE", "UTF-8", b"\xff\xfeA\0"),
        "\u{feff}A".as_bytes()
    );
    assert_eq!(ok("UTF-32", "UTF-8", b"\0\0\xfe\xff\0\0\0A"), b"A");
    assert_eq!(ok("UTF-32BE", "UTF-8", b"\0\x01\xf6\x00"), "😀".as_bytes());
    assert_eq!(
        ok("UTF-16LE", "UTF-8", b"\x3d\xd8\x00\xde"),
        "😀".as_bytes()
    );
}

#[test]
fn single_byte_charsets() {
    assert_eq!(ok("LATIN1", "UTF-8", b"caf\xe9 \xff"), "café ÿ".as_bytes());
    assert_eq!(ok("UTF-8", "ISO-8859-15", "€ œ".as_bytes()), b"\xa4 \xbd");
    assert_eq!(ok("ISO-8859-15", "UTF-8", b"\xa4\xbd"), "€œ".as_bytes());
    assert_eq!(ok("CP1252", "UTF-8", b"\x80\x93q\x94"), "€“q”".as_bytes());
    assert_eq!(ok("UTF-8", "WINDOWS-1252", "€“".as_bytes()), b"\x80\x93");
    // ISO-8859-15 has no ¤, WINDOWS-1252 no 0x81, ASCII nothing past 0x7f.
    assert_eq!(
        convert("UTF-8", "LATIN9", false, "a¤".as_bytes(), 9).1,
        Err(Stop::Illegal(1))
    );
    assert_eq!(
        convert("CP1252", "UTF-8", false, b"ab\x81", 9).1,
        Err(Stop::Illegal(2))
    );
    assert_eq!(
        convert("ASCII", "UTF-8", false, b"\x80", 9).1,
        Err(Stop::Illegal(0))
    );
}

#[test]
fn invalid_input_positions() {
    // Invalid UTF-8: a bad byte, a surrogate, an overlong form, past U+10FFFF.
    for bad in [
        &b"ab\xffcd"[..],
        b"ab\xed\xa0\x80",
        b"ab\xc0\x81",
        b"ab\xf4\x90\x80\x80",
    ] {
        for step in [1, 2, 100] {
            let (out, r) = convert("UTF-8", "UTF-16LE", false, bad, step);
            assert_eq!((out, r), (b"a\0b\0".to_vec(), Err(Stop::Illegal(2))));
        }
    }
    assert_eq!(
        convert("UTF-8", "LATIN1", false, b"ab\xc3", 1),
        (b"ab".to_vec(), Err(Stop::Incomplete))
    );
    assert_eq!(
        convert("UTF-16LE", "UTF-8", false, b"A\0B", 2),
        (b"A".to_vec(), Err(Stop::Incomplete))
    );
    assert_eq!(
        convert("UTF-16LE", "UTF-8", false, b"A\0\0\xdcB\0", 9).1,
        Err(Stop::Illegal(2))
    );
    assert_eq!(
        convert("UTF-16LE", "UTF-8", false, b"A\0\0\xd8B\0", 9).1,
        Err(Stop::Illegal(2))
    );
    assert_eq!(
        convert("UTF-32LE", "UTF-8", false, b"A\0\0\0\0\0\x11\0", 9).1,
        Err(Stop::Illegal(4))
    );
    assert_eq!(
        convert("UTF-8", "ASCII", false, "café ok".as_bytes(), 9),
        (b"caf".to_vec(), Err(Stop::Illegal(3)))
    );
}

#[test]
fn ignore_omit_and_translit() {
    let input = "café naïve\n".as_bytes();
    // //IGNORE converts everything, then reports the file's end.
    assert_eq!(
        convert("UTF-8", "ASCII//IGNORE", false, input, 3),
        (b"caf nave\n".to_vec(), Err(Stop::Illegal(13)))
    );
    // -c is silent, and also drops invalid input.
    assert_eq!(
        convert("UTF-8", "ASCII", true, b"a\xc3\xa9b\xffc", 2),
        (b"abc".to_vec(), Ok(false))
    );
    // //IGNORE with an incomplete character at the end reports it as
    // illegal when a character was dropped, else as incomplete.
    assert_eq!(
        convert("UTF-8", "ASCII//IGNORE", false, b"a\xc3\xa9b\xc3", 1),
        (b"ab".to_vec(), Err(Stop::Illegal(4)))
    );
    assert_eq!(
        convert("UTF-8", "ASCII//IGNORE", false, b"a\xffb\xc3", 1),
        (b"ab".to_vec(), Err(Stop::Incomplete))
    );
    assert_eq!(
        convert("UTF-8", "ASCII//IGNORE", false, b"ab\xc3", 1),
        (b"ab".to_vec(), Err(Stop::Incomplete))
    );
    // -c does not excuse an incomplete character at the end.
    assert_eq!(
        convert("UTF-8", "ASCII", true, b"ab\xc3", 2),
        (b"ab".to_vec(), Err(Stop::Incomplete))
    );
    assert_eq!(
        ok(
            "UTF-8",
            "ASCII//TRANSLIT",
            "café € “q” — ½ ß 😀\u{200b}!".as_bytes()
        ),
        b"caf? EUR \"q\" --  1/2  ss ?!"
    );
    // Transliteration only for what the target lacks.
    assert_eq!(ok("UTF-8", "LATIN1//TRANSLIT", "½€".as_bytes()), b"\xbdEUR");
}

#[test]
fn the_table_is_sorted() {
    assert!(
        super::translit::TABLE
            .windows(2)
            .all(|w| matches!(w, [a, b] if a.0 < b.0))
    );
}

#[test]
fn command_runs_files_and_reports() {
    let fs = TestFs::new();
    fs.file("/in", b"caf\xe9\n")
        .file("/bad", b"a\xff\n")
        .file("/ok", b"xy\n");
    let o = run(&Iconv, &["-f", "LATIN1", "-t", "UTF-8", "/in"], b"", &fs);
    assert_eq!((o.status, o.out.as_str()), (0, "café\n"));
    let o = run(
        &Iconv,
        &["-f", "LATIN1", "-t", "UTF-8", "-o", "/out", "/in"],
        b"",
        &fs,
    );
    assert_eq!(
        (o.status, o.out.as_str(), fs.text("/out")),
        (0, "", "café\n".to_owned())
    );
    // A missing file is skipped; an illegal sequence stops the run.
    let o = run(
        &Iconv,
        &["-f", "UTF-8", "-t", "ASCII", "/nosuch", "/ok"],
        b"",
        &fs,
    );
    assert_eq!((o.status, o.out.as_str()), (1, "xy\n"));
    assert_eq!(
        o.err,
        "iconv: cannot open input file `/nosuch': No such file or directory\n"
    );
    let o = run(
        &Iconv,
        &["-f", "UTF-8", "-t", "ASCII", "/bad", "/ok"],
        b"",
        &fs,
    );
    assert_eq!((o.status, o.out.as_str()), (1, "a"));
    assert_eq!(o.err, "iconv: illegal input sequence at position 1\n");
    // Nothing written: no -o file.
    let o = run(
        &Iconv,
        &["-f", "UTF-8", "-t", "ASCII", "-o", "/none"],
        b"\xff",
        &fs,
    );
    assert_eq!(o.status, 1);
    assert!(!fs.has("/none"));
}

#[test]
fn command_options() {
    let o = run0(&Iconv, &["-f", "NOPE", "-t", "UTF-8"], b"x");
    assert_eq!(
        (o.status, o.err.as_str()),
        (1, "iconv: failed to start conversion processing\n")
    );
    let o = run0(&Iconv, &["-l"], b"");
    assert!(o.out.contains("\nUTF-8//\nUTF-16//\n") && o.out.starts_with("437//\n850//\n"));
    let o = run0(&Iconv, &["-x"], b"");
    assert_eq!(o.status, 64);
    assert_eq!(
        o.err,
        "iconv: invalid option -- 'x'\nTry `iconv --help' or `iconv --usage' for more information.\n"
    );
    let o = run0(&Iconv, &["--help"], b"");
    assert!(o.out.starts_with("Usage: iconv [OPTION...] [FILE...]\n"));
    let o = run0(&Iconv, &["-t", "UTF-8"], b"a\xc3\xa9");
    assert_eq!((o.status, o.out.as_str()), (1, "a"));
    let o = run0(&Iconv, &["-c", "-f", "UTF-8", "-t", "ASCII"], b"a\xc3\xa9b");
    assert_eq!((o.status, o.out.as_str()), (0, "ab"));
}

#[test]
fn omit_fails_a_file_it_emptied() {
    // -c fails (quietly) a file it dropped something from and wrote nothing for.
    assert_eq!(
        convert("UTF-8", "ASCII", true, b"\xff\xc3\xa9", 2),
        (Vec::new(), Ok(true))
    );
    assert_eq!(
        convert("UTF-8", "UTF-16", true, b"\xff", 2),
        (Vec::new(), Ok(true))
    );
    assert_eq!(
        convert("UTF-8", "ASCII", true, b"\xffb", 2),
        (b"b".to_vec(), Ok(false))
    );
    assert_eq!(
        convert("UTF-8", "ASCII", true, b"", 2),
        (Vec::new(), Ok(false))
    );
    let fs = TestFs::new();
    fs.file("/y1", b"\xff").file("/y2", b"b\n");
    let o = run(
        &Iconv,
        &["-c", "-f", "UTF-8", "-t", "ASCII", "/y1", "/y2"],
        b"",
        &fs,
    );
    assert_eq!((o.status, o.out.as_str(), o.err.as_str()), (1, "b\n", ""));
}

#[test]
fn translit_ignore_reports_unless_it_transliterated() {
    assert_eq!(
        convert("UTF-8", "ASCII//TRANSLIT//IGNORE", false, b"a\xffb\n", 1),
        (b"ab\n".to_vec(), Err(Stop::Illegal(4)))
    );
    assert_eq!(
        convert(
            "UTF-8",
            "ASCII//TRANSLIT//IGNORE",
            false,
            b"a\xffb\xc3\xa9",
            1
        ),
        (b"ab?".to_vec(), Ok(false))
    );
    // Invalid UCS-4 is dropped without a word by //IGNORE and -c.
    assert_eq!(
        convert("UCS-4LE", "UTF-8//IGNORE", false, b"\0\0\0\x80A\0\0\0", 3),
        (b"A".to_vec(), Ok(false))
    );
    assert_eq!(
        convert("UCS-4LE", "UTF-8", true, b"\0\0\0\x80", 3),
        (Vec::new(), Ok(false))
    );
    assert_eq!(
        convert("UCS-4LE", "UTF-8", false, b"\0\0\0\x80", 3).1,
        Err(Stop::Illegal(0))
    );
}

#[test]
fn table_charsets() {
    assert_eq!(ok("KOI8-R", "UTF-8", b"\xf0\xd2\xc9"), "При".as_bytes());
    assert_eq!(
        ok("UTF-8", "CP1251", "Привет".as_bytes()),
        b"\xcf\xf0\xe8\xe2\xe5\xf2"
    );
    assert_eq!(ok("CP437", "UTF-8", b"\xc9\xcd"), "╔═".as_bytes());
    assert_eq!(ok("UTF-8", "LATIN2", "Łódź".as_bytes()), b"\xa3\xf3d\xbc");
    // ISO-8859-3 leaves 0xa5 undefined; Latin-2 has no €.
    assert_eq!(
        convert("ISO-8859-3", "UTF-8", false, b"a\xa5", 9).1,
        Err(Stop::Illegal(1))
    );
    assert_eq!(ok("UTF-8", "LATIN2//TRANSLIT", "€".as_bytes()), b"EUR");
}

#[test]
fn glibc_reaches_past_unicode() {
    // Five- and six-byte UTF-8 and values past U+10FFFF go through UTF-8
    // and UCS-4; UTF-16 cannot write them.
    assert_eq!(
        ok("UTF-8", "UTF-8", b"a\xf8\x88\x80\x80\x80b"),
        b"a\xf8\x88\x80\x80\x80b"
    );
    assert_eq!(ok("UCS-4", "UTF-8", b"\0\x11\0\0"), b"\xf4\x90\x80\x80");
    assert_eq!(
        convert("UTF-8", "UTF-16LE", false, b"a\xf4\x90\x80\x80", 9).1,
        Err(Stop::Illegal(1))
    );
    assert_eq!(ok("UTF-8", "UCS-2", b"A"), b"A\0");
    assert_eq!(ok("UTF-8", "UCS-4", b"A"), b"\0\0\0A");
    assert_eq!(ok("WCHAR_T", "UTF-8", b"A\0\0\0"), b"A");
    assert_eq!(
        convert("UTF-8", "UCS-2", false, "😀".as_bytes(), 9).1,
        Err(Stop::Illegal(0))
    );
    assert_eq!(
        convert("UCS-2", "UTF-8", false, b"\0\xd8", 9).1,
        Err(Stop::Illegal(0))
    );
}

#[test]
fn each_file_starts_afresh() {
    let fs = TestFs::new();
    fs.file("/a", b"A")
        .file("/b", b"B")
        .file("/u", b"\xff\xfeA\0");
    let o = run(
        &Iconv,
        &["-f", "UTF-8", "-t", "UTF-16", "-o", "/o", "/a", "/b"],
        b"",
        &fs,
    );
    assert_eq!(o.status, 0);
    assert_eq!(fs.read("/o").unwrap_or_default(), b"\xff\xfeA\0\xff\xfeB\0");
    let o = run(
        &Iconv,
        &["-f", "UTF-16", "-t", "UTF-8", "/u", "/u"],
        b"",
        &fs,
    );
    assert_eq!(o.out, "AA");
    // //TRANSLIT//IGNORE drops invalid input silently.
    let o = run0(
        &Iconv,
        &["-f", "UTF-8", "-t", "ASCII//TRANSLIT//IGNORE"],
        b"a\xc3\xa9b\xff\n",
    );
    assert_eq!((o.status, o.out.as_str(), o.err.as_str()), (0, "a?b\n", ""));
    let o = run0(&Iconv, &["-f", "UTF-8/", "-t", "/"], b"x");
    assert_eq!((o.status, o.out.as_str()), (0, "x"));
    let o = run0(&Iconv, &["-f", "UTF-8", "-t", "ASCII/TRANSLIT"], b"x");
    assert_eq!(
        o.err,
        "iconv: failed to start conversion processing: No such file or directory\n"
    );
}
