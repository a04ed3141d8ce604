use super::codec::{Decoder, Encoding};
use super::{Base32, Base64, Basenc};
use crate::testutil::run0;

fn enc(e: Encoding, data: &[u8]) -> String {
    let mut out = Vec::new();
    e.encode(data, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

fn dec(e: Encoding, text: &[u8]) -> (Vec<u8>, bool) {
    let mut d = Decoder::new(e, false);
    let mut out = Vec::new();
    let ok = d.feed(text, &mut out).is_ok() && d.finish(&mut out).is_ok();
    (out, ok)
}

#[test]
fn encodings_round_trip() {
    assert_eq!(enc(Encoding::Base64, b"abcd"), "YWJjZA==");
    assert_eq!(enc(Encoding::Base32, b"abcd"), "MFRGGZA=");
    assert_eq!(enc(Encoding::Base32Hex, b"hello\n"), "D1IMOR3F18======");
    assert_eq!(enc(Encoding::Base16, b"Hi\n\xff"), "48690AFF");
    assert_eq!(enc(Encoding::Base2Lsbf, b"AB"), "1000001001000010");
    assert_eq!(enc(Encoding::Z85, b"12345678"), "f!$Kwh8WxM");
    assert_eq!(enc(Encoding::Base64Url, b"\xfb\xff\xfe"), "-__-");
    for e in [
        Encoding::Base64,
        Encoding::Base64Url,
        Encoding::Base32,
        Encoding::Base32Hex,
        Encoding::Base16,
        Encoding::Base2Msbf,
        Encoding::Base2Lsbf,
    ] {
        for data in [
            &b""[..],
            b"a",
            b"ab",
            b"abc",
            b"\0\xff\x01\n\0",
            b"hello world",
        ] {
            let text = enc(e, data);
            assert_eq!(
                dec(e, text.as_bytes()),
                (data.to_vec(), true),
                "{e:?} {data:?}"
            );
        }
    }
}

#[test]
fn bad_input_keeps_what_came_before() {
    assert_eq!(
        dec(Encoding::Base64, b"aGVs*bG8K"),
        (b"hel".to_vec(), false)
    );
    assert_eq!(
        dec(Encoding::Base64, b"aGVsbG8"),
        (b"hello".to_vec(), false)
    );
    assert_eq!(dec(Encoding::Base32, b"NBSW*Y3DP"), (b"he".to_vec(), false));
    // base32 decodes a window only when its 8 characters are there (the
    // bad one and newlines aside, as GNU's `decode_8`).
    assert_eq!(
        dec(Encoding::Base32, b"NBSW*\nY3D"),
        (b"he".to_vec(), false)
    );
    assert_eq!(dec(Encoding::Base32, b"NBSW*"), (b"".to_vec(), false));
    assert_eq!(dec(Encoding::Base32, b"NBSWY3D"), (b"".to_vec(), false));
    assert_eq!(
        dec(Encoding::Base32, b"NBSWY3DPEB*"),
        (b"hello".to_vec(), false)
    );
    assert_eq!(
        dec(Encoding::Base32Hex, b"D1IMOR3FC"),
        (b"hello".to_vec(), false)
    );
    assert_eq!(dec(Encoding::Z85, b"f!$Kw1"), (b"1234".to_vec(), false));
    assert_eq!(dec(Encoding::Base64, b"YQ==YQ=="), (b"aa".to_vec(), true));
}

#[test]
fn commands() {
    assert_eq!(run0(&Base64, &["-w", "4"], b"hello").out, "aGVs\nbG8=\n");
    assert_eq!(run0(&Base64, &[], b"").out, "");
    assert_eq!(run0(&Base32, &["-d"], b"NBSWY3DP\n").out, "hello");
    let r = run0(&Basenc, &[], b"x");
    assert_eq!(
        r.err,
        "basenc: missing encoding type\nTry 'basenc --help' for more information.\n"
    );
    let r = run0(&Basenc, &["--z85"], b"12345");
    assert_eq!((r.out.as_str(), r.status), ("", 1));
    let r = run0(&Base64, &["-di"], b"aG k=");
    assert_eq!(r.out, "hi");
}

/// A directory operand opens and then fails to read, as in GNU.
#[test]
fn directory_is_a_read_error() {
    let fs = crate::testutil::TestFs::new();
    fs.dir("d");
    let r = crate::testutil::run(&Base32, &["-d", "d"], b"", &fs);
    assert_eq!(
        (r.status, r.err.as_str()),
        (1, "base32: read error: Is a directory\n")
    );
}

/// `-w` reads as xstrtoimax: blanks and `+` allowed, an overflow is no
/// wrapping at all (as `-w 0`: no final newline either), a negative or
/// suffixed value is refused.
#[test]
fn wrap_values() {
    assert_eq!(run0(&Base32, &["-w", " +5"], b"hello").out, "NBSWY\n3DP\n");
    assert_eq!(
        run0(&Base32, &["-w", "99999999999999999999"], b"hello").out,
        "NBSWY3DP"
    );
    assert_eq!(run0(&Base32, &["-w", "-0"], b"hello").out, "NBSWY3DP");
    for bad in ["-1", "5x", "", "0x5", "-99999999999999999999"] {
        let r = run0(&Base32, &["-w", bad], b"hello");
        assert_eq!(r.status, 1, "{bad:?}");
        assert!(r.err.starts_with("base32: invalid wrap size"), "{bad:?}");
    }
}

/// `-i` keeps `=` (an error where it cannot pad) and drops the rest of
/// what is outside the alphabet; base16 is upper case only (GNU).
#[test]
fn garbage_keeps_padding_and_base16_is_upper_case() {
    let dec_i = |e: Encoding, text: &[u8]| {
        let mut d = Decoder::new(e, true);
        let mut out = Vec::new();
        let ok = d.feed(text, &mut out).is_ok() && d.finish(&mut out).is_ok();
        (out, ok)
    };
    assert_eq!(dec_i(Encoding::Base64, b"=YQ"), (b"".to_vec(), false));
    assert_eq!(dec_i(Encoding::Base64, b"YQ===").0, b"a".to_vec());
    assert_eq!(dec_i(Encoding::Base32, b"mfrggza="), (b"".to_vec(), false));
    assert_eq!(
        dec_i(Encoding::Base32, b"MF*RG!GZA="),
        (b"abcd".to_vec(), true)
    );
    assert_eq!(dec_i(Encoding::Base16, b"A=B"), (b"".to_vec(), false));
    assert_eq!(dec_i(Encoding::Base16, b"aAbB").0, b"\xab".to_vec());
    assert_eq!(dec(Encoding::Base16, b"ab"), (b"".to_vec(), false));
    assert_eq!(dec(Encoding::Base16, b"ABC"), (b"\xab".to_vec(), false));
}

/// Whole quanta take the fast paths (`encode`'s group loop, `feed`'s
/// quantum loop); these check them against the character-at-a-time ones
/// on long data cut at every awkward place.
#[test]
fn fast_paths_agree_with_the_slow_ones() {
    let mut x = 12345u32;
    let data: Vec<u8> = (0..5000)
        .map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (x >> 16) as u8
        })
        .collect();
    for e in [
        Encoding::Base64,
        Encoding::Base64Url,
        Encoding::Base32,
        Encoding::Base32Hex,
        Encoding::Base16,
        Encoding::Base2Msbf,
        Encoding::Base2Lsbf,
    ] {
        // Encoding in one piece equals encoding byte group by byte group.
        let whole = enc(e, &data);
        let g = e.group();
        let mut pieces = String::new();
        for c in data.chunks(g) {
            pieces.push_str(&enc(e, c));
        }
        assert_eq!(whole, pieces, "{e:?}");
        // Decoding wrapped text fed in odd-sized chunks.
        let mut wrapped = Vec::new();
        for line in whole.as_bytes().chunks(61) {
            wrapped.extend_from_slice(line);
            wrapped.push(b'\n');
        }
        for step in [1, 3, 7, 64, 4096] {
            let mut d = Decoder::new(e, false);
            let mut out = Vec::new();
            for c in wrapped.chunks(step) {
                assert!(d.feed(c, &mut out).is_ok(), "{e:?} {step}");
            }
            assert!(d.finish(&mut out).is_ok());
            assert_eq!(out, data, "{e:?} {step}");
        }
    }
    // A bad character deep in a long run: every byte before it comes out.
    let mut text = enc(Encoding::Base64, &data[..3000]).into_bytes();
    text.insert(2000, b'*');
    let (out, ok) = dec(Encoding::Base64, &text);
    assert!(!ok);
    assert_eq!(out, data[..1500]);
}

/// Input longer than one read, cut mid-group: the carried bytes join the
/// next read's, and the lines come out as one `encode` of the whole.
#[test]
fn groups_cut_between_reads() {
    let data: Vec<u8> = (0..200_001u32).map(|i| (i * 7 + i / 251) as u8).collect();
    for (util, e) in [
        (&Base64 as &dyn crate::testutil::Runnable, Encoding::Base64),
        (&Base32, Encoding::Base32),
    ] {
        let text = enc(e, &data);
        let mut want = String::new();
        for line in text.as_bytes().chunks(76) {
            want.push_str(std::str::from_utf8(line).unwrap_or_default());
            want.push('\n');
        }
        let r = run0(util, &[], &data);
        assert_eq!(r.out, want, "{e:?}");
    }
}
