//! `tail -f`: after the last part of each file is printed, wait for more.
//!
//! The VFS has no change notification, so the files are polled: each poll
//! stats every followed file and copies what was appended since the last
//! one. Between polls `tail` sleeps on the run's cancellation signal, so a
//! cancel or the wall clock ends it at once.
//!
//! When it stops: GNU follows until killed, or with `--pid=PID` until that
//! process dies. In a sandbox the only other writers are the session's
//! background jobs, so following a file nothing can append to would only
//! hang the agent until its timeout. `tail -f` therefore follows while a
//! writer may exist (with `--pid`, while that job of the shell runs; without
//! it, while any background job of the session runs), then reads the
//! files once more and returns, as GNU does when the `--pid` process dies.
//! A PID that is not a running job (`$$`, a finished job) counts as dead.

use std::io::{self, Read};
use std::time::Duration;

use sandbash_vfs::FsErrorKind;

use crate::common::headed::Copied;
use crate::common::sys::{Fail, Res, Sys};

/// How often the files are looked at when `-s` does not say. GNU waits on
/// inotify; a short poll keeps `tail -f` as prompt without spinning.
pub const DEFAULT_INTERVAL: Duration = Duration::from_millis(25);

/// The shortest poll `-s` may ask for: a smaller one would only burn CPU.
const MIN_INTERVAL: Duration = Duration::from_millis(10);

/// One file being followed.
pub struct Followed {
    /// The name in headers and messages, as the operand was given.
    pub name: String,
    /// Its absolute path, opened again at every change.
    pub path: String,
    /// How many bytes of it were printed (or skipped) so far.
    pub pos: u64,
    /// Whether the file could be read at the last poll (`--retry` reports
    /// it disappearing and appearing).
    pub present: bool,
}

impl From<Copied> for Followed {
    fn from(c: Copied) -> Self {
        Self {
            name: c.operand,
            path: c.path,
            pos: c.end,
            present: true,
        }
    }
}

/// How the files are followed.
pub struct FollowOpts {
    /// Print a `==> NAME <==` header when output switches files.
    pub headers: bool,
    /// Report files that disappear and keep waiting for them (`-F`,
    /// `--retry`).
    pub retry: bool,
    /// How long to sleep between polls.
    pub interval: Duration,
    /// `--pid`: follow only while this job runs.
    pub pid: Option<u32>,
}

/// Parses `-s`'s value: a non-negative number of seconds, fractions and
/// exponents allowed, never below [`MIN_INTERVAL`].
pub fn parse_interval(s: &str) -> Option<Duration> {
    let v: f64 = s.trim_start().parse().ok()?;
    if v.is_nan() || v < 0.0 {
        return None;
    }
    let d = Duration::try_from_secs_f64(v).unwrap_or(Duration::from_secs(86_400));
    Some(d.max(MIN_INTERVAL))
}

/// Follows `files` while a writer may exist (see the module's docs), then
/// reads them a last time and returns; fails with [`Fail::Cancelled`] when
/// the run is cancelled or its wall clock passes first. `last` is the index
/// of the file printed last, after which no header is needed.
pub fn follow(
    sys: &mut Sys<'_>,
    files: &mut [Followed],
    opts: &FollowOpts,
    mut last: Option<usize>,
) -> Res<()> {
    loop {
        sys.out.flush()?;
        let writer = match opts.pid {
            Some(pid) => sys.runner.job_running(pid),
            None => sys.runner.any_job_running(),
        };
        if writer && sys.tick.cancel.sleep(opts.interval).is_some() {
            return Err(Fail::Cancelled);
        }
        sys.tick.check()?;
        for (i, f) in files.iter_mut().enumerate() {
            if poll(sys, f, opts, last != Some(i))? {
                last = Some(i);
            }
        }
        if !writer {
            return Ok(());
        }
    }
}

/// Looks at one file and prints what it gained; true when it printed.
fn poll(sys: &mut Sys<'_>, f: &mut Followed, opts: &FollowOpts, header: bool) -> Res<bool> {
    let size = match sys.fs.metadata(&f.path) {
        Ok(md) if md.is_file() => md.size,
        // Devices and directories never grow.
        Ok(_) => return Ok(false),
        Err(e) => {
            if f.present && opts.retry {
                sys.diag.error(format_args!(
                    "'{}' has become inaccessible: {}",
                    f.name, e.kind
                ));
            }
            if e.kind == FsErrorKind::NotFound {
                f.present = false;
            }
            return Ok(false);
        }
    };
    if !f.present {
        if opts.retry {
            sys.diag.error(format_args!(
                "'{}' has appeared;  following new file",
                f.name
            ));
        }
        f.present = true;
        f.pos = 0;
    }
    if size < f.pos {
        sys.diag.error(format_args!("{}: file truncated", f.name));
        f.pos = 0;
    }
    if size == f.pos {
        return Ok(false);
    }
    let Ok(mut r) = sys.fs.open_read(&f.path) else {
        return Ok(false);
    };
    // No seek in the VFS: skip what was printed before.
    match io::copy(&mut (&mut r).take(f.pos), &mut io::sink()) {
        Ok(n) if n == f.pos => {}
        // Shrunk between the stat and the open: the next poll sees it.
        _ => return Ok(false),
    }
    if header && opts.headers {
        sys.out.fmt(format_args!("\n==> {} <==\n", f.name))?;
    }
    let mut buf = [0u8; 32 * 1024];
    let mut printed = header && opts.headers;
    loop {
        sys.tick.check()?;
        let n = match r.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        sys.out.put(buf.get(..n).unwrap_or(&[]))?;
        f.pos = f.pos.saturating_add(n as u64);
        printed = true;
    }
    Ok(printed)
}

#[cfg(test)]
mod tests {
    use std::thread;
    use std::time::{Duration, Instant};

    use sandbash_interpreter::Cancel;
    use sandbash_vfs::FileSystem;

    use super::super::Tail;
    use crate::testutil::*;

    /// What a writer does to the files while `tail` follows them.
    enum Step {
        Append(&'static str, &'static str),
        Write(&'static str, &'static str),
        Remove(&'static str),
    }

    /// Runs `tail ARGS` while a thread applies `steps`, one every 150 ms
    /// (many polls apart even on a loaded machine), then cancels the run.
    fn follow_while(fs: &TestFs, args: &[&str], steps: Vec<Step>) -> Outcome {
        let cancel = Cancel::new();
        let writer = {
            let (fs, cancel) = (fs.clone(), cancel.clone());
            thread::spawn(move || {
                for step in steps {
                    thread::sleep(Duration::from_millis(150));
                    let _ = match step {
                        Step::Append(p, d) => fs.append(&format!("/workspace/{p}"), d.as_bytes()),
                        Step::Write(p, d) => fs.write(&format!("/workspace/{p}"), d.as_bytes()),
                        Step::Remove(p) => fs.remove_file(&format!("/workspace/{p}")),
                    };
                }
                thread::sleep(Duration::from_millis(150));
                cancel.cancel();
            })
        };
        let o = run_with(
            &Tail,
            args,
            fs,
            Harness {
                cancel,
                ..Harness::default()
            },
        );
        let _ = writer.join();
        o
    }

    #[test]
    fn follows_appends_until_cancelled() {
        let fs = TestFs::new();
        fs.file("a", b"1\n2\n3\n");
        let o = follow_while(
            &fs,
            &["-n", "1", "-f", "a"],
            vec![Step::Append("a", "4\n"), Step::Append("a", "5")],
        );
        assert_eq!(
            (o.out.as_str(), o.err.as_str(), o.status),
            ("3\n4\n5", "", 130)
        );
    }

    #[test]
    fn headers_when_switching_files() {
        let fs = TestFs::new();
        fs.file("a", b"a\n").file("b", b"b\n");
        let o = follow_while(
            &fs,
            &["-f", "a", "b"],
            vec![
                Step::Append("b", "more\n"),
                Step::Append("a", "x\n"),
                Step::Append("a", "y\n"),
            ],
        );
        assert_eq!(
            o.out,
            "==> a <==\na\n\n==> b <==\nb\nmore\n\n==> a <==\nx\ny\n"
        );
        let fs = TestFs::new();
        fs.file("a", b"a\n").file("b", b"b\n");
        let o = follow_while(&fs, &["-qf", "a", "b"], vec![Step::Append("a", "x\n")]);
        assert_eq!(o.out, "a\nb\nx\n");
    }

    #[test]
    fn truncation_starts_over() {
        let fs = TestFs::new();
        fs.file("f", b"long line\n");
        let o = follow_while(&fs, &["-f", "f"], vec![Step::Write("f", "y\n")]);
        assert_eq!(
            (o.out.as_str(), o.err.as_str()),
            ("long line\ny\n", "tail: f: file truncated\n")
        );
    }

    #[test]
    fn retry_waits_for_the_file() {
        let fs = TestFs::new();
        let o = follow_while(
            &fs,
            &["-F", "h"],
            vec![Step::Write("h", "new\n"), Step::Remove("h")],
        );
        assert_eq!(o.out, "new\n");
        assert_eq!(
            o.err,
            "tail: cannot open 'h' for reading: No such file or directory\n\
             tail: 'h' has appeared;  following new file\n\
             tail: 'h' has become inaccessible: No such file or directory\n"
        );
    }

    #[test]
    fn pid_ends_following() {
        let fs = TestFs::new();
        fs.file("a", b"1\n2\n");
        // Not a running job: print, read once more, return 0 at once.
        let o = run(&Tail, &["-n1", "-f", "--pid=77", "a"], b"", &fs);
        assert_eq!((o.out.as_str(), o.err.as_str(), o.status), ("2\n", "", 0));
        // A running job: follow until cancelled.
        let pid = format!("--pid={ECHO_JOB_PID}");
        let o = follow_while(&fs, &["-f", &pid, "a"], vec![Step::Append("a", "3\n")]);
        assert_eq!((o.out.as_str(), o.status), ("1\n2\n3\n", 130));
        let o = run(&Tail, &["--pid=x", "-f", "a"], b"", &fs);
        assert_eq!((o.err.as_str(), o.status), ("tail: invalid PID: 'x'\n", 1));
        let o = run(&Tail, &["--pid=7", "a"], b"", &fs);
        assert_eq!(
            (o.out.as_str(), o.err.as_str(), o.status),
            (
                "1\n2\n3\n",
                "tail: warning: PID ignored; --pid=PID is useful only when following\n",
                0
            )
        );
    }

    #[test]
    fn obsolete_follow_and_interval() {
        let fs = TestFs::new();
        fs.file("a", b"1\n2\n");
        let o = follow_while(&fs, &["-1f", "a"], vec![Step::Append("a", "3\n")]);
        assert_eq!(o.out, "2\n3\n");
        let o = follow_while(&fs, &["-s", "0.01", "-f", "a"], vec![]);
        assert_eq!(o.out, "1\n2\n3\n");
    }

    /// What cannot be followed ends `tail` at once.
    #[test]
    fn nothing_to_follow() {
        let fs = TestFs::new();
        let t = Instant::now();
        let o = run(&Tail, &["-f"], b"in\n", &fs);
        assert_eq!((o.out.as_str(), o.status), ("in\n", 0));
        let o = run(&Tail, &["-f", "nope"], b"", &fs);
        assert_eq!(
            (o.err.as_str(), o.status),
            (
                "tail: cannot open 'nope' for reading: No such file or directory\n\
                 tail: no files remaining\n",
                1
            )
        );
        assert!(t.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn bad_follow_options() {
        let fs = TestFs::new();
        fs.file("f", b"x\n");
        let o = run(&Tail, &["--follow=x", "f"], b"", &fs);
        assert_eq!(
            (o.out.as_str(), o.err.as_str(), o.status),
            (
                "",
                "tail: invalid argument 'x' for '--follow'\nValid arguments are:\n  \
                 - 'descriptor'\n  - 'name'\nTry 'tail --help' for more information.\n",
                1
            )
        );
        let o = run(&Tail, &["-f", "-s", "-1", "f"], b"", &fs);
        assert_eq!(
            (o.err.as_str(), o.status),
            ("tail: invalid number of seconds: '-1'\n", 1)
        );
        let o = run(&Tail, &["--retry", "f"], b"", &fs);
        assert_eq!(
            (o.out.as_str(), o.err.as_str()),
            (
                "x\n",
                "tail: warning: --retry ignored; --retry is useful only when following\n"
            )
        );
    }

    #[test]
    fn interval_values() {
        use super::parse_interval;
        assert_eq!(parse_interval("1e2"), Some(Duration::from_secs(100)));
        assert_eq!(parse_interval("0"), Some(Duration::from_millis(10)));
        assert_eq!(parse_interval("abc"), None);
        assert_eq!(parse_interval("-1"), None);
        assert_eq!(parse_interval("inf"), Some(Duration::from_secs(86_400)));
    }
}
