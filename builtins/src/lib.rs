//! The utilities of a sandbash sandbox: GNU-compatible `awk`, `cat`, `grep`,
//! `sort`, `ls`... implemented in Rust over the virtual filesystem.
//!
//! Every utility implements [`sandbash_interpreter::Utility`]: it reads its
//! arguments, streams and filesystem from the `UtilityContext` and never
//! touches the host. Output formats, diagnostics and exit statuses follow
//! GNU coreutils and GNU grep in the C locale. Utilities stream their input
//! wherever the operation allows, buffer their output, stop with status 141
//! when their reader goes away and with status 130 when the run is
//! cancelled (see [`common::sys`]).
//!
//! [`registry`] returns all of them.

#![warn(missing_docs)]

use sandbash_interpreter::Registry;

use common::command::utility;

pub(crate) mod common;

pub(crate) mod awk;
pub(crate) mod basename;
pub(crate) mod basenc;
pub(crate) mod bc;
pub(crate) mod cat;
pub(crate) mod chgrp;
pub(crate) mod chmod;
pub(crate) mod chown;
pub(crate) mod cmp;
pub(crate) mod column;
pub(crate) mod comm;
pub(crate) mod compress;
pub(crate) mod cp;
pub(crate) mod csplit;
pub(crate) mod cut;
pub(crate) mod date;
pub(crate) mod df;
pub(crate) mod diff;
pub(crate) mod digest;
pub(crate) mod dirname;
pub(crate) mod dos2unix;
pub(crate) mod du;
pub(crate) mod egrep;
pub(crate) mod env;
pub(crate) mod envsubst;
pub(crate) mod expand;
pub(crate) mod expr;
pub(crate) mod factor;
pub(crate) mod file;
pub(crate) mod find;
pub(crate) mod fmt;
pub(crate) mod fold;
pub(crate) mod getconf;
pub(crate) mod grep;
pub(crate) mod groups;
pub(crate) mod head;
pub(crate) mod hexdump;
pub(crate) mod hostname;
pub(crate) mod iconv;
pub(crate) mod id;
pub(crate) mod install;
pub(crate) mod ionice;
pub(crate) mod join;
pub(crate) mod jq;
pub(crate) mod ln;
pub(crate) mod ls;
pub(crate) mod mkdir;
pub(crate) mod mktemp;
pub(crate) mod mv;
pub(crate) mod nice;
pub(crate) mod nl;
pub(crate) mod nohup;
pub(crate) mod nproc;
pub(crate) mod numfmt;
pub(crate) mod od;
pub mod parsers;
pub(crate) mod paste;
pub(crate) mod patch;
pub(crate) mod printenv;
pub(crate) mod readlink;
pub(crate) mod realpath;
pub(crate) mod rev;
pub(crate) mod rg;
pub(crate) mod rm;
pub(crate) mod rmdir;
pub(crate) mod sed;
pub(crate) mod seq;
pub(crate) mod shuf;
pub(crate) mod sleep;
pub(crate) mod sort;
pub(crate) mod split;
pub(crate) mod stat;
pub(crate) mod stdbuf;
pub(crate) mod strings;
pub(crate) mod sync;
pub(crate) mod tac;
pub(crate) mod tail;
pub(crate) mod tar;
pub(crate) mod tee;
pub(crate) mod time;
pub(crate) mod timeout;
pub(crate) mod touch;
pub(crate) mod tr;
pub(crate) mod tree;
pub(crate) mod truncate;
pub(crate) mod tty;
pub(crate) mod uname;
pub(crate) mod unexpand;
pub(crate) mod uniq;
pub(crate) mod watch;
pub(crate) mod wc;
pub(crate) mod which;
pub(crate) mod whoami;
pub(crate) mod xargs;
pub(crate) mod xxd;
pub(crate) mod yes;
pub(crate) mod yq;
pub(crate) mod zip;

#[cfg(test)]
mod testutil;

/// A registry holding every utility of this crate.
pub fn registry() -> Registry {
    let mut r = Registry::new();
    r.register(utility::<awk::Awk>());
    r.register(utility::<basename::Basename>());
    r.register(utility::<cat::Cat>());
    r.register(utility::<chgrp::Chgrp>());
    r.register(utility::<chmod::Chmod>());
    r.register(utility::<chown::Chown>());
    r.register(utility::<column::Column>());
    r.register(utility::<comm::Comm>());
    r.register(utility::<cp::Cp>());
    r.register(utility::<csplit::Csplit>());
    r.register(utility::<cut::Cut>());
    r.register(utility::<digest::sums::Sums<digest::sums::Md5>>());
    r.register(utility::<digest::sums::Sums<digest::sums::Sha1>>());
    r.register(utility::<digest::sums::Sums<digest::sums::Sha224>>());
    r.register(utility::<digest::sums::Sums<digest::sums::Sha256>>());
    r.register(utility::<digest::sums::Sums<digest::sums::Sha384>>());
    r.register(utility::<digest::sums::Sums<digest::sums::Sha512>>());
    r.register(utility::<digest::sums::Sums<digest::sums::B2>>());
    r.register(utility::<digest::cksum::Cksum>());
    r.register(utility::<digest::sum::Sum>());
    r.register(utility::<basenc::Base64>());
    r.register(utility::<basenc::Base32>());
    r.register(utility::<basenc::Basenc>());
    r.register(utility::<compress::Tool<compress::Gzip>>());
    r.register(utility::<compress::Tool<compress::Gunzip>>());
    r.register(utility::<compress::Tool<compress::Zcat>>());
    r.register(utility::<compress::Tool<compress::Bzip2>>());
    r.register(utility::<compress::Tool<compress::Bunzip2>>());
    r.register(utility::<compress::Tool<compress::Bzcat>>());
    r.register(utility::<compress::Tool<compress::XzV>>());
    r.register(utility::<compress::Tool<compress::Unxz>>());
    r.register(utility::<compress::Tool<compress::Xzcat>>());
    r.register(utility::<dos2unix::Convert<dos2unix::ToUnix>>());
    r.register(utility::<dos2unix::Convert<dos2unix::ToDos>>());
    r.register(utility::<cmp::Cmp>());
    r.register(utility::<diff::Diff>());
    r.register(utility::<hexdump::Hexdump>());
    r.register(utility::<iconv::Iconv>());
    r.register(utility::<patch::Patch>());
    r.register(utility::<strings::Strings>());
    r.register(utility::<tar::Tar>());
    r.register(utility::<xxd::Xxd>());
    r.register(utility::<zip::zip_cmd::Zip>());
    r.register(utility::<zip::unzip_cmd::Unzip>());
    r.register(utility::<date::Date>());
    r.register(utility::<df::Df>());
    r.register(utility::<dirname::Dirname>());
    r.register(utility::<du::Du>());
    r.register(utility::<env::Env>());
    r.register(utility::<envsubst::Envsubst>());
    r.register(utility::<expand::Expand>());
    r.register(utility::<expr::Expr>());
    r.register(utility::<file::File>());
    r.register(utility::<find::Find>());
    r.register(utility::<fmt::Fmt>());
    r.register(utility::<fold::Fold>());
    r.register(utility::<grep::Grep>());
    r.register(utility::<rg::Rg>());
    r.register(std::sync::Arc::new(egrep::EGREP));
    r.register(std::sync::Arc::new(egrep::FGREP));
    r.register(utility::<groups::Groups>());
    r.register(utility::<getconf::Getconf>());
    r.register(utility::<head::Head>());
    r.register(utility::<hostname::Hostname>());
    r.register(utility::<id::Id>());
    r.register(utility::<install::Install>());
    r.register(utility::<ionice::Ionice>());
    r.register(utility::<join::Join>());
    r.register(utility::<jq::Jq>());
    r.register(utility::<yq::Yq>());
    r.register(utility::<ln::Ln>());
    r.register(utility::<ls::Ls>());
    r.register(utility::<mkdir::Mkdir>());
    r.register(utility::<mktemp::Mktemp>());
    r.register(utility::<mv::Mv>());
    r.register(utility::<nice::Nice>());
    r.register(utility::<nl::Nl>());
    r.register(utility::<nohup::Nohup>());
    r.register(utility::<nproc::Nproc>());
    r.register(utility::<numfmt::Numfmt>());
    r.register(utility::<od::Od>());
    r.register(utility::<paste::Paste>());
    r.register(utility::<printenv::Printenv>());
    r.register(utility::<readlink::Readlink>());
    r.register(utility::<realpath::Realpath>());
    r.register(utility::<rev::Rev>());
    r.register(utility::<rm::Rm>());
    r.register(utility::<rmdir::Rmdir>());
    r.register(utility::<sed::Sed>());
    r.register(utility::<seq::Seq>());
    r.register(utility::<shuf::Shuf>());
    r.register(utility::<sleep::Sleep>());
    r.register(utility::<sort::Sort>());
    r.register(utility::<split::Split>());
    r.register(utility::<stat::Stat>());
    r.register(utility::<stdbuf::Stdbuf>());
    r.register(utility::<sync::Sync>());
    r.register(utility::<tac::Tac>());
    r.register(utility::<tail::Tail>());
    r.register(utility::<tee::Tee>());
    r.register(utility::<time::Time>());
    r.register(utility::<timeout::Timeout>());
    r.register(utility::<touch::Touch>());
    r.register(utility::<tr::Tr>());
    r.register(utility::<tree::Tree>());
    r.register(utility::<truncate::Truncate>());
    r.register(utility::<tty::Tty>());
    r.register(utility::<uname::Uname>());
    r.register(utility::<unexpand::Unexpand>());
    r.register(utility::<uniq::Uniq>());
    r.register(utility::<watch::Watch>());
    r.register(utility::<wc::Wc>());
    r.register(utility::<factor::Factor>());
    r.register(utility::<bc::Bc>());
    r.register(utility::<which::Which>());
    r.register(utility::<whoami::Whoami>());
    r.register(utility::<xargs::Xargs>());
    r.register(utility::<yes::Yes>());
    r
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use sandbash_vfs::{FileSystem, FsLimits, MemoryFs, Vfs};

    use crate::testutil::run;

    /// The utilities over the real sandbox layout: `/workspace` is its own
    /// mount, so moving to `/tmp` crosses mounts.
    #[test]
    fn works_over_the_sandbox_vfs() {
        let vfs = Vfs::sandbox(Arc::new(MemoryFs::new()), FsLimits::default());
        vfs.create_dir("/workspace/d/sub", true).unwrap();
        vfs.write("/workspace/d/sub/f", b"needle\n").unwrap();
        vfs.write("/workspace/g", b"x\ny\n").unwrap();
        let o = run(&crate::mv::Mv, &["d", "/tmp/"], b"", &vfs);
        assert_eq!((o.status, o.err.as_str()), (0, ""));
        assert_eq!(vfs.read("/tmp/d/sub/f").unwrap(), b"needle\n");
        assert!(vfs.metadata("/workspace/d").is_err());
        let o = run(&crate::grep::Grep, &["-r", "needle", "/tmp"], b"", &vfs);
        assert_eq!(o.out, "/tmp/d/sub/f:needle\n");
        let o = run(&crate::cat::Cat, &["/tmp/d", "/dev/null", "g"], b"", &vfs);
        assert_eq!(
            (o.out.as_str(), o.err.as_str()),
            ("x\ny\n", "cat: /tmp/d: Is a directory\n")
        );
        let o = run(&crate::cp::Cp, &["-r", "/tmp/d", "copy"], b"", &vfs);
        assert_eq!((o.status, o.err.as_str()), (0, ""));
        let o = run(&crate::rm::Rm, &["-r", "/tmp/d", "copy"], b"", &vfs);
        assert_eq!((o.status, o.err.as_str()), (0, ""));
        let o = run(&crate::ls::Ls, &["/workspace"], b"", &vfs);
        assert_eq!(o.out, "g\n");
        let o = run(&crate::wc::Wc, &["-l", "g", "/dev/null"], b"", &vfs);
        assert_eq!(o.out, "      2 g\n      0 /dev/null\n      2 total\n");
        let o = run(&crate::touch::Touch, &["t"], b"", &vfs);
        assert_eq!(o.status, 0);
        let o = run(&crate::mkdir::Mkdir, &["-p", "/tmp/a/b"], b"", &vfs);
        assert_eq!(o.status, 0);
    }

    #[test]
    fn registry_has_every_utility() {
        let names = super::registry().names();
        assert_eq!(
            names,
            [
                "awk",
                "b2sum",
                "base32",
                "base64",
                "basename",
                "basenc",
                "bc",
                "bunzip2",
                "bzcat",
                "bzip2",
                "cat",
                "chgrp",
                "chmod",
                "chown",
                "cksum",
                "cmp",
                "column",
                "comm",
                "cp",
                "csplit",
                "cut",
                "date",
                "df",
                "diff",
                "dirname",
                "dos2unix",
                "du",
                "egrep",
                "env",
                "envsubst",
                "expand",
                "expr",
                "factor",
                "fgrep",
                "file",
                "find",
                "fmt",
                "fold",
                "getconf",
                "grep",
                "groups",
                "gunzip",
                "gzip",
                "head",
                "hexdump",
                "hostname",
                "iconv",
                "id",
                "install",
                "ionice",
                "join",
                "jq",
                "ln",
                "ls",
                "md5sum",
                "mkdir",
                "mktemp",
                "mv",
                "nice",
                "nl",
                "nohup",
                "nproc",
                "numfmt",
                "od",
                "paste",
                "patch",
                "printenv",
                "readlink",
                "realpath",
                "rev",
                "rg",
                "rm",
                "rmdir",
                "sed",
                "seq",
                "sha1sum",
                "sha224sum",
                "sha256sum",
                "sha384sum",
                "sha512sum",
                "shuf",
                "sleep",
                "sort",
                "split",
                "stat",
                "stdbuf",
                "strings",
                "sum",
                "sync",
                "tac",
                "tail",
                "tar",
                "tee",
                "time",
                "timeout",
                "touch",
                "tr",
                "tree",
                "truncate",
                "tty",
                "uname",
                "unexpand",
                "uniq",
                "unix2dos",
                "unxz",
                "unzip",
                "watch",
                "wc",
                "which",
                "whoami",
                "xargs",
                "xxd",
                "xz",
                "xzcat",
                "yes",
                "yq",
                "zcat",
                "zip",
            ]
        );
    }
}
