use crate::testutil::{TestFs, run, run0};

use super::Date;

fn d(args: &[&str]) -> String {
    let o = run0(&Date, args, b"");
    assert_eq!(o.status, 0, "{args:?}: {}", o.err);
    o.out
}

#[test]
fn formats_a_fixed_date() {
    assert_eq!(
        d(&[
            "-u",
            "-d",
            "2024-03-05 14:07:09",
            "+%F %T %a %j %U %W %V %G"
        ]),
        "2024-03-05 14:07:09 Tue 065 09 10 10 2024\n"
    );
    assert_eq!(d(&["-u", "-d", "@0"]), "Thu Jan  1 00:00:00 UTC 1970\n");
    assert_eq!(d(&["-u", "-d", "@1.5", "+%s.%3N"]), "1.500\n");
    assert_eq!(
        d(&["-u", "-d", "@0", "+[%-d] [%_5d] [%^a] [%#Z] [%Q] %"]),
        "[1] [    1] [THU] [utc] [%Q] %\n"
    );
}

#[test]
fn relative_items_as_gnu() {
    assert_eq!(
        d(&["-u", "-d", "2024-01-31 +1 month", "+%F"]),
        "2024-03-02\n"
    );
    assert_eq!(
        d(&["-u", "-d", "2024-03-10 3 days ago", "+%F"]),
        "2024-03-07\n"
    );
    // A signed number right after a time is a zone.
    assert_eq!(
        d(&["-u", "-d", "2024-01-01 00:00 +2 hours 30 minutes", "+%F %T"]),
        "2023-12-31 23:30:00\n"
    );
    // A weekday moves the day only without a calendar date.
    assert_eq!(
        d(&["-u", "-d", "2024-03-05 next monday", "+%F"]),
        "2024-03-05\n"
    );
}

#[test]
fn zones_come_from_the_bundled_database() {
    let fs = TestFs::new();
    let o = crate::testutil::run_with(
        &Date,
        &["-d", "@1700000000", "+%F %T %Z %:z"],
        &fs,
        crate::testutil::Harness {
            env: vec![("TZ".into(), "Asia/Kolkata".into())],
            ..Default::default()
        },
    );
    assert_eq!(o.out, "2023-11-15 03:43:20 IST +05:30\n");
    assert!(super::zone::named("Not/AZone").is_none());
}

#[test]
fn errors_as_gnu() {
    let o = run0(&Date, &["-d", "not a date"], b"");
    assert_eq!(
        (o.status, o.err.as_str()),
        (1, "date: invalid date 'not a date'\n")
    );
    let o = run0(&Date, &["-s", "2024-01-01"], b"");
    assert_eq!(o.status, 1);
    let o = run(&Date, &["-d", "@0", "x"], b"", &TestFs::new());
    assert!(
        o.err
            .starts_with("date: the argument 'x' lacks a leading '+';")
    );
}

#[test]
fn an_empty_string_is_midnight() {
    assert_eq!(d(&["-u", "-d", "((((", "+%T"]), "00:00:00\n");
    assert_eq!(d(&["-u", "-d", "", "+%T"]), "00:00:00\n");
}

#[test]
fn hostile_strings_are_refused_not_panics() {
    for s in [
        "@99999999999999999999",
        "9999999999-01-01",
        "2024-01-01 +99999999999999 years",
        "@-9223372036854775808",
        "TZ=\"",
        "12:99",
        "99999999 days",
    ] {
        let o = run0(&Date, &["-u", "-d", s, "+%F"], b"");
        assert_eq!(o.status, 1, "{s}: {}", o.out);
    }
}

#[test]
fn strftime_is_glibcs() {
    use super::format::strftime;
    // 2020-01-02 03:04:05 UTC, a Thursday.
    let t = 1_577_934_245;
    assert_eq!(
        strftime("%F %T %a %b %e %P", t, 0, None),
        "2020-01-02 03:04:05 Thu Jan  2 am"
    );
    // GNU date's own conversions are text to glibc.
    assert_eq!(strftime("%q %N %:z %-3q %", t, 5, None), "%q %N %:z %-3q %");
    assert_eq!(strftime("%H %Z", t, 0, Some("Asia/Tokyo")), "12 JST");
    assert_eq!(strftime("%Y", i64::MAX, 0, None), "9999");
}
