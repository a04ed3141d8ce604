use super::*;

fn args(a: &[&str]) -> Vec<String> {
    a.iter().map(|s| s.to_string()).collect()
}

/// Output as text (lossy), errors and status.
fn run(fmt: &str, a: &[&str]) -> (String, Vec<String>, i32) {
    let o = format(fmt, &args(a));
    (
        String::from_utf8_lossy(&o.output).into_owned(),
        o.errors,
        o.status,
    )
}

fn out(fmt: &str, a: &[&str]) -> String {
    let (s, errors, status) = run(fmt, a);
    assert!(errors.is_empty(), "{fmt:?} {a:?}: {errors:?}");
    assert_eq!(status, 0);
    s
}

fn bytes(fmt: &str, a: &[&str]) -> Vec<u8> {
    format(fmt, &args(a)).output
}

#[test]
fn reuse_and_missing_args() {
    assert_eq!(out("%s|", &["a", "b", "c"]), "a|b|c|");
    assert_eq!(out("%s %s|", &["a", "b", "c"]), "a b|c |");
    assert_eq!(out("x\n", &["a", "b"]), "x\n");
    assert_eq!(out("%s %d\n", &["a", "1", "b"]), "a 1\nb 0\n");
    assert_eq!(out("%d %d %d\n", &["1", "2"]), "1 2 0\n");
    assert_eq!(out("%s\n", &[]), "\n");
    assert_eq!(out("%d %s|\n", &[]), "0 |\n");
    assert_eq!(out("%q|%b|%s|%d|%f|", &[]), "''|||0|0.000000|");
    assert_eq!(
        out("%s %s %s\n", &["a", "b", "c", "d", "e"]),
        "a b c\nd e \n"
    );
    assert_eq!(out("", &["a"]), "");
    assert_eq!(out("x%%", &["a", "b"]), "x%");
    assert_eq!(bytes("%c|", &[]), b"\0|");
}

#[test]
fn integers() {
    assert_eq!(
        out(
            "%5d|%-5d|%05d|%+d|% d|%x|%X|%#x|%#o|%o|%u\n",
            &[
                "42", "42", "42", "42", "42", "255", "255", "255", "8", "8", "-1"
            ]
        ),
        "   42|42   |00042|+42| 42|ff|FF|0xff|010|10|18446744073709551615\n"
    );
    assert_eq!(
        out("%.3d|%8.3d|%-8.3x|%.0d|", &["5", "5", "255", "0"]),
        "005|     005|0ff     ||"
    );
    assert_eq!(
        out("%*d|%-*d|%.*d|", &["5", "1", "5", "2", "3", "4"]),
        "    1|2    |004|"
    );
    assert_eq!(out("%*d|%.*d|", &["-5", "1", "-5", "1"]), "1    |1|");
    assert_eq!(
        out(
            "%d|%d|%d|%d|%d|%d|%d|%d|",
            &["0x1f", "010", "+5", "-7", "'A", "\"B", " 12", ""]
        ),
        "31|8|5|-7|65|66|12|0|"
    );
    assert_eq!(
        out("%d|%d|%d|%d|", &["'", "'AB", "'é", "' "]),
        "0|65|233|32|"
    );
    assert_eq!(out("%d|%d|%d|", &["\t5", "\n5", "\x0b5"]), "5|5|5|");
    assert_eq!(
        out(
            "%ld|%hd|%lld|%jd|%zd|%td|%Ld\n",
            &["1", "2", "3", "5", "6", "7", "8"]
        ),
        "1|2|3|5|6|7|8\n"
    );
    assert_eq!(out("%qd|", &["4"]), "4d|");
    assert_eq!(
        out(
            "%#5.3x|%-#8o|%+.3d|% 05d|%-05d|%+05d",
            &["1", "8", "7", "42", "42", "42"]
        ),
        "0x001|010     |+007| 0042|42   |+0042"
    );
    assert_eq!(out("%#x|%#X|%#o|%#.0o", &["0", "0", "0", "0"]), "0|0|0|0");
    assert_eq!(
        out("%.3x|%#.3o|%#5x|%-#5o|", &["1", "1", "1", "1"]),
        "001|001|  0x1|01   |"
    );
    assert_eq!(
        out("%x|%o|%X", &["-1", "-8", "-255"]),
        "ffffffffffffffff|1777777777777777777770|FFFFFFFFFFFFFF01"
    );
    assert_eq!(
        out("%x|%x|", &["9223372036854775808", "-9223372036854775809"]),
        "8000000000000000|7fffffffffffffff|"
    );
    assert_eq!(
        out("%d|%d|", &["-9223372036854775808", "9223372036854775807"]),
        "-9223372036854775808|9223372036854775807|"
    );
    assert_eq!(
        out(
            "%d|%d|%d|%d",
            &["0x7fffffffffffffff", "-0x1", "077", "-077"]
        ),
        "9223372036854775807|-1|63|-63"
    );
    assert_eq!(
        out("%u|%u|%u|", &["-1", " -2", "+3"]),
        "18446744073709551615|18446744073709551614|3|"
    );
    assert_eq!(
        out("%-+5d|%- 5d|%+ d|%0-5d|", &["1", "1", "1", "1"]),
        "+1   | 1   |+1|1    |"
    );
    assert_eq!(out("%+x|% x|%+u|% o|", &["5", "5", "5", "5"]), "5|5|5|5|");
    assert_eq!(out("%.d|", &["5"]), "5|");
}

#[test]
fn integer_errors() {
    assert_eq!(
        run("%d", &["abc"]),
        ("0".into(), vec!["printf: abc: invalid number".into()], 1)
    );
    assert_eq!(
        run("%d %d\n", &["12abc", "3"]),
        (
            "12 3\n".into(),
            vec!["printf: 12abc: invalid number".into()],
            1
        )
    );
    let (s, e, st) = run(
        "%d|",
        &["1e3", "3.5", " ", "-", "+", "0x", "08", "0b1", "12 "],
    );
    assert_eq!(s, "1|3|0|0|0|0|0|0|12|");
    assert_eq!(
        e,
        [
            "printf: 1e3: invalid number",
            "printf: 3.5: invalid number",
            "printf:  : invalid number",
            "printf: -: invalid number",
            "printf: +: invalid number",
            "printf: 0x: invalid hex number",
            "printf: 08: invalid octal number",
            "printf: 0b1: invalid number",
            "printf: 12 : invalid number",
        ]
    );
    assert_eq!(st, 1);
    let (s, e, _) = run("%d|", &["0X1g", "-08", "0xg", "019", " 08", "+-5", "--5"]);
    assert_eq!(s, "1|0|0|1|0|0|0|");
    assert_eq!(
        e,
        [
            "printf: 0X1g: invalid number",
            "printf: -08: invalid number",
            "printf: 0xg: invalid hex number",
            "printf: 019: invalid octal number",
            "printf:  08: invalid number",
            "printf: +-5: invalid number",
            "printf: --5: invalid number",
        ]
    );
    // Out of range is a warning: clamped, status 0.
    let (s, e, st) = run(
        "%i\n",
        &[
            "9223372036854775808",
            "-9223372036854775809",
            "0xffffffffffffffff",
        ],
    );
    assert_eq!(
        s,
        "9223372036854775807\n-9223372036854775808\n9223372036854775807\n"
    );
    assert_eq!(
        e,
        [
            "printf: warning: 9223372036854775808: Numerical result out of range",
            "printf: warning: -9223372036854775809: Numerical result out of range",
            "printf: warning: 0xffffffffffffffff: Numerical result out of range",
        ]
    );
    assert_eq!(st, 0);
    let (s, e, st) = run("%u\n", &["18446744073709551615", "18446744073709551616"]);
    assert_eq!(s, "18446744073709551615\n18446744073709551615\n");
    assert_eq!(
        e,
        ["printf: warning: 18446744073709551616: Numerical result out of range"]
    );
    assert_eq!(st, 0);
    assert_eq!(
        run("%*d|", &["abc", "1"]),
        ("1|".into(), vec!["printf: abc: invalid number".into()], 1)
    );
    let (s, e, _) = run("%x %o %u", &["-0", " 0x10", "1x"]);
    assert_eq!(
        (s.as_str(), e),
        ("0 20 1", vec!["printf: 1x: invalid number".to_string()])
    );
}

#[test]
fn strings_and_chars() {
    assert_eq!(
        out("%5s|%-5s|%.2s|%5.1s|", &["ab", "ab", "abc", "abc"]),
        "   ab|ab   |ab|    a|"
    );
    assert_eq!(
        out("%.3s|%.10s|%.0s|%.s|", &["abcdef", "ab", "xyz", "abc"]),
        "abc|ab|||"
    );
    assert_eq!(
        out("%05s|%-05s|%+s|% s|%#s", &["ab", "ab", "ab", "ab", "ab"]),
        "   ab|ab   |ab|ab|ab"
    );
    assert_eq!(out("%010s|%-010d|", &["ab", "5"]), "        ab|5         |");
    assert_eq!(bytes("%c|%c|%c|%c", &["abc", "", "1", "é"]), b"a|\0|1|\xc3");
    assert_eq!(
        out("%5c|%-3c|%.3c|%lc|", &["a", "b", "abc", "ef"]),
        "    a|b  |a|e|"
    );
    assert_eq!(out("%c", &["'A"]), "'");
    assert_eq!(
        bytes("%.1s|%3s|%-3s|", &["é", "é", "é"]),
        b"\xc3| \xc3\xa9|\xc3\xa9 |"
    );
    assert_eq!(out("%s\n", &["\\n"]), "\\n\n");
    assert_eq!(out("%s", &["a", "b", "c\\n"]), "abc\\n");
}

#[test]
fn floats() {
    assert_eq!(
        out(
            "%f|%.2f|%10.3f|%e|%E|%g|%G\n",
            &[
                "3.14159",
                "2.5",
                "1",
                "12345.678",
                "0.000123",
                "100000",
                "1e-10"
            ]
        ),
        "3.141590|2.50|     1.000|1.234568e+04|1.230000E-04|100000|1E-10\n"
    );
    assert_eq!(
        out(
            "%.0f|%.0f|%.0f|%#.0f|%+f|% f|%010.2f|%-10.2f|",
            &["0.5", "1.5", "2.5", "1", "1", "1", "-3.14159", "2.5"]
        ),
        "0|2|2|1.|+1.000000| 1.000000|-000003.14|2.50      |"
    );
    assert_eq!(
        out("%f|%f|%f|%e", &["inf", "-inf", "nan", "0x10"]),
        "inf|-inf|nan|1.600000e+01"
    );
    assert_eq!(
        out("%f|%g|%e|", &["0x1.8p1", "infinity", "NaN"]),
        "3.000000|inf|nan|"
    );
    assert_eq!(
        out(
            "%g|%g|%g|%g|%g|%g|%#g|%.3g|%.0g|%g|%g|",
            &[
                "0", "0.0001", "0.00001", "123456", "1234567", "1e100", "1", "3.14159", "25", "-0",
                "100"
            ]
        ),
        "0|0.0001|1e-05|123456|1.23457e+06|1e+100|1.00000|3.14|2e+01|-0|100|"
    );
    assert_eq!(
        out("%e|%.0e|%#.0e|%E|%e|", &["0", "5", "5", "1e-300", "123"]),
        "0.000000e+00|5e+00|5.e+00|1.000000E-300|1.230000e+02|"
    );
    assert_eq!(
        out(
            "%5.1f|%-8.3e|%08.3f|%+.2e|% .1f|",
            &["3.14159", "1234.5", "-1.5", "1", "2"]
        ),
        "  3.1|1.234e+03|-001.500|+1.00e+00| 2.0|"
    );
    assert_eq!(
        out("%#g|%#.3g|%#e|%#f|", &["1.5", "2", "3", "4"]),
        "1.50000|2.00|3.000000e+00|4.000000|"
    );
    assert_eq!(out("%G|%E|%F|", &["1e-10", "inf", "nan"]), "1E-10|INF|NAN|");
    assert_eq!(
        out("%05f|%-05f|%+05.1f|%05e|", &["inf", "-inf", "nan", "1"]),
        "  inf|-inf | +nan|1.000000e+00|"
    );
    assert_eq!(
        out("%.f|%f|%f", &["2.7", "'A", " 1.5"]),
        "3|65.000000|1.500000"
    );
    assert_eq!(
        out("%f|%f|%f|%f|%f|", &["08", ".5", "-.5e1", "", "1e5"]),
        "8.000000|0.500000|-5.000000|0.000000|100000.000000|"
    );
    assert_eq!(
        out("%a|%a|%a|%A|%.2a|%a", &["0", "1", "0.5", "255", "1", "-2"]),
        "0x0p+0|0x8p-3|0x8p-4|0XF.FP+4|0x8.00p-3|-0x8p-2"
    );
}

#[test]
fn float_errors() {
    let (s, e, st) = run(
        "%f|",
        &[
            "abc", "1.5 ", "1.5x", "0x", "1e", "1e+", ".", "0x1p", "infx", "nanx",
        ],
    );
    assert_eq!(
        s,
        "0.000000|1.500000|1.500000|0.000000|1.000000|1.000000|0.000000|1.000000|inf|nan|"
    );
    assert_eq!(
        e,
        [
            "printf: abc: invalid number",
            "printf: 1.5 : invalid number",
            "printf: 1.5x: invalid number",
            "printf: 0x: invalid hex number",
            "printf: 1e: invalid number",
            "printf: 1e+: invalid number",
            "printf: .: invalid number",
            "printf: 0x1p: invalid hex number",
            "printf: infx: invalid number",
            "printf: nanx: invalid number",
        ]
    );
    assert_eq!(st, 1);
    let (s, e, st) = run("%f|", &["1e5000", "-1e5000", "1e-5000"]);
    assert_eq!(s, "inf|-inf|0.000000|");
    assert_eq!(e.len(), 3);
    assert_eq!(
        e[0],
        "printf: warning: 1e5000: Numerical result out of range"
    );
    assert_eq!(st, 0);
}

#[test]
fn format_escapes() {
    assert_eq!(
        bytes("\\101\\x41\\u00e9\\U0001F600\\e[0m\\a\\\"\\q\\n", &[]),
        b"AA\xc3\xa9\xf0\x9f\x98\x80\x1b[0m\x07\"\\q\n"
    );
    assert_eq!(
        bytes("a\\'b\\\"c\\?d\\\\e\\%%\\qf\\E\\e\\cg\\n", &[]),
        b"a'b\"c?d\\e\\%\\qf\x1b\x1b\\cg\n"
    );
    assert_eq!(bytes("\\1234\\18\\9", &[]), b"S4\x018\\9");
    assert_eq!(
        bytes("\\08|\\0101|\\400|\\x414|\\c|\\z", &[]),
        b"\x008|\x081|\x00|A4|\\c|\\z"
    );
    assert_eq!(bytes("x\\", &[]), b"x\\");
    assert_eq!(bytes("\\u00", &[]), b"\x00");
    assert_eq!(bytes("\\U0010FFFF", &[]), b"\xf4\x8f\xbf\xbf");
    let o = format("A\\x41\\x4\\xg|\\u41\\u|\\U41|", &[]);
    assert_eq!(o.output, b"AA\x04\\xg|A\\u|A|");
    assert_eq!(
        o.errors,
        [
            "printf: missing hex digit for \\x",
            "printf: missing unicode digit for \\u"
        ]
    );
    assert_eq!(o.status, 0);
}

#[test]
fn b_conversion() {
    assert_eq!(
        bytes(
            "%b|",
            &[
                "a\\tb", "\\0101", "\\101", "\\x41", "\\u00e9", "\\0", "\\08", "\\1018", "\\x4"
            ]
        ),
        b"a\tb|A|A|A|\xc3\xa9|\x00|\x008|A8|\x04|"
    );
    assert_eq!(
        bytes("%b", &["\\1234\\18\\9\\0\\00\\000\\0000"]),
        b"S4\x018\\9\0\0\0\0"
    );
    assert_eq!(
        bytes(
            "%b|",
            &["\\e", "\\E", "\\q", "\\\\", "a\\", "\\\"", "\\'", "\\?"]
        ),
        b"\x1b|\x1b|\\q|\\|a\\|\\\"|\\'|\\?|"
    );
    assert_eq!(bytes("%b", &["\\uD800"]), b"\xed\xa0\x80");
    assert_eq!(bytes("%b", &["\\U110000"]), b"\xf4\x90\x80\x80");
    assert_eq!(
        bytes("%5b|%-5b|%.1b|", &["a\\tb", "x", "yz"]),
        b"  a\tb|x    |y|"
    );
    let o = format("%b|", &["\\u".into(), "\\U".into(), "\\xZ".into()]);
    assert_eq!(o.output, b"\\u|\\U|\\xZ|");
    assert_eq!(
        o.errors,
        [
            "printf: missing unicode digit for \\u",
            "printf: missing unicode digit for \\U",
            "printf: missing hex digit for \\x",
        ]
    );
    // \c stops everything, after the field so far.
    let o = format("%b|%s|", &["a\\cb".into(), "after".into()]);
    assert_eq!(
        (o.output.as_slice(), o.stop, o.status),
        (&b"a"[..], true, 0)
    );
    let o = format("%5b|", &["a\\c".into()]);
    assert_eq!((o.output.as_slice(), o.stop), (&b"    a"[..], true));
    let e = expand_escapes("x\\ny\\cz");
    assert_eq!((e.bytes.as_slice(), e.stopped), (&b"x\ny"[..], true));
}

#[test]
fn q_conversion() {
    let cases = [
        ("a b", "a\\ b"),
        ("", "''"),
        ("it's", "it\\'s"),
        ("a\tb", "$'a\\tb'"),
        ("a$b", "a\\$b"),
        ("~x", "\\~x"),
        ("x~", "x~"),
        ("#a", "\\#a"),
        ("a#", "a#"),
        ("a=b", "a=b"),
        ("*", "\\*"),
        ("é", "é"),
        ("\x01", "$'\\001'"),
        ("a\\b", "a\\\\b"),
        ("a  b", "a\\ \\ b"),
        ("x'y", "x\\'y"),
        ("a\tb\x01", "$'a\\tb\\001'"),
        ("a\"b", "a\\\"b"),
        ("`x`", "\\`x\\`"),
        ("$(x)", "\\$\\(x\\)"),
        ("a\\", "a\\\\"),
        ("\n", "$'\\n'"),
        ("résumé", "résumé"),
        ("[a]", "\\[a\\]"),
        ("{a}", "\\{a\\}"),
        ("a,b", "a\\,b"),
        ("!a", "\\!a"),
        ("^&;<>|?", "\\^\\&\\;\\<\\>\\|\\?"),
        ("@%+-./:", "@%+-./:"),
        ("~/x", "\\~/x"),
        ("a=~", "a=\\~"),
        ("a:~", "a:\\~"),
        ("\u{a0}", "\u{a0}"),
        ("\x7f", "$'\\177'"),
        ("\u{80}", "$'\\302\\200'"),
        ("\x1b[0m", "$'\\E[0m'"),
        ("\x07\x08\x0c\x0b\r", "$'\\a\\b\\f\\v\\r'"),
        ("a\nb c'", "$'a\\nb c\\''"),
    ];
    for (input, want) in cases {
        assert_eq!(quote(input), want, "{input:?}");
    }
    assert_eq!(
        out("%5q|%-6q|%.2q|%q|", &["a b", "x", "abc", ""]),
        " a\\ b|x     |ab|''|"
    );
}

#[test]
fn format_errors_stop_output() {
    assert_eq!(
        run("%z\\n", &["1"]),
        (
            String::new(),
            vec!["printf: `\\': invalid format character".into()],
            1
        )
    );
    assert_eq!(
        run("%", &[]),
        (
            String::new(),
            vec!["printf: `%': missing format character".into()],
            1
        )
    );
    assert_eq!(
        run("abc%", &[]),
        (
            "abc".into(),
            vec!["printf: `%': missing format character".into()],
            1
        )
    );
    assert_eq!(
        run("%5", &["1"]),
        (
            String::new(),
            vec!["printf: `%5': missing format character".into()],
            1
        )
    );
    assert_eq!(
        run("a%5.", &["1"]),
        (
            "a".into(),
            vec!["printf: `%5.': missing format character".into()],
            1
        )
    );
    assert_eq!(run("%-", &[]).1, ["printf: `%-': missing format character"]);
    assert_eq!(
        run("%*", &["1"]).1,
        ["printf: `%*': missing format character"]
    );
    assert_eq!(
        run("ab%yc", &["1"]),
        (
            "ab".into(),
            vec!["printf: `y': invalid format character".into()],
            1
        )
    );
    assert_eq!(
        run("%d %y", &["1", "2"]),
        (
            "1 ".into(),
            vec!["printf: `y': invalid format character".into()],
            1
        )
    );
    assert_eq!(
        run("%%|%5%|", &[]),
        (
            "%|".into(),
            vec!["printf: `%': invalid format character".into()],
            1
        )
    );
    assert_eq!(
        run("%1$s", &["a"]).1,
        ["printf: `$': invalid format character"]
    );
    assert_eq!(run("%é", &[]).1, ["printf: `é': invalid format character"]);
}

#[test]
fn widths_are_bounded() {
    let (s, e, st) = run("a%2147483647d|", &["1"]);
    assert_eq!((s.as_str(), st), ("a", 1));
    assert_eq!(
        e,
        ["printf: `%2147483647d': field width or precision too large"]
    );
    let (_, e, st) = run("%.99999999999999999999d|", &["1"]);
    assert_eq!(st, 1);
    assert_eq!(
        e,
        ["printf: `%.99999999999999999999d': field width or precision too large"]
    );
    let (s, _, st) = run("%*d|", &["99999999999", "1"]);
    assert_eq!((s.as_str(), st), ("", 1));
    let (s, _, st) = run("%.*f|", &["99999999", "1"]);
    assert_eq!((s.as_str(), st), ("", 1));
    let w = MAX_FIELD_WIDTH.to_string();
    assert_eq!(
        format(&format!("%{w}d"), &args(&["1"])).output.len(),
        MAX_FIELD_WIDTH
    );
}

#[test]
fn output_bounded() {
    let many: Vec<String> = (0..1000).map(|i| i.to_string()).collect();
    let o = super::format_within("%.0sxxxxxxxxxx", &many, 100);
    assert!(o.over_limit);
    assert!(o.output.len() <= 110, "{}", o.output.len());
    let o = super::format_within("%.0sxxxxxxxxxx", &many, 10_000);
    assert!(!o.over_limit);
    assert_eq!(o.output.len(), 10_000);
    let o = super::format_within("%*s", &["5000".into(), "x".into()], 100);
    assert!(o.over_limit);
}

#[test]
fn time_conversions_read_the_clock_they_are_given() {
    let clock = super::Clock {
        now: 86_400,
        start: 3_600,
        tz: Some("Asia/Kolkata".into()),
    };
    let args = |a: &[&str]| a.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    let run =
        |fmt: &str, a: &[&str]| super::format_at(fmt, &args(a), usize::MAX, false, Some(&clock));
    let out = run("%(%F %H:%M)T|%(%s)T|%(%s)T|%(%s)T\n", &["0", "-1", "-2"]);
    assert_eq!(out.output, b"1970-01-01 05:30|86400|3600|86400\n");
    assert_eq!(run("[%8.3(%A)T]", &["0"]).output, b"[     Thu]");
    assert_eq!(run("%()T", &["0"]).output, b"05:30:00");
    // A format without `)T` is refused with bash's warning.
    let bad = run("%(%Y", &["0"]);
    assert_eq!(bad.status, 1);
    assert!(bad.errors[0].contains("invalid time format specification"));
    // Without a clock (coreutils' printf) `%(` is no conversion.
    let plain = super::format_in("%(%Y)T", &[], usize::MAX, false);
    assert_eq!(plain.status, 1);
}
