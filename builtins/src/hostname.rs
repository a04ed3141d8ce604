//! `hostname`: the sandbox's host name (see [`crate::common::ident`]);
//! setting it is refused, as for a user who is not root.

use crate::common::command::Command;
use crate::common::flags::{Args, Flag, Help};
use crate::common::ident;
use crate::common::sys::{Res, Sys};

/// The `hostname` utility: `-a -A -d -f -i -I -s -y`.
pub struct Hostname;

/// The options of `hostname`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Alias,
    AllFqdns,
    Boot,
    Domain,
    Fqdn,
    File,
    Ip,
    AllIp,
    Short,
    Nis,
}

/// The address `-i`/`-I` print: the sandbox has no network.
const LOOPBACK: &str = "127.0.0.1";

impl Command for Hostname {
    const NAME: &'static str = "hostname";
    const HELP: Help = Help {
        usage: &["[-a|-A|-d|-f|-i|-I|-s|-y]"],
        about: "Display the host name: HOSTNAME of the environment, else \"sandbox\".\nThe host name cannot be set in the sandbox.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new('a', &["alias"], Key::Alias, "alias names"),
        Flag::new(
            'A',
            &["all-fqdns"],
            Key::AllFqdns,
            "all long host names (FQDNs)",
        ),
        Flag::new(
            'b',
            &["boot"],
            Key::Boot,
            "set default hostname if none available",
        ),
        Flag::new('d', &["domain"], Key::Domain, "DNS domain name"),
        Flag::new('f', &["fqdn", "long"], Key::Fqdn, "long host name (FQDN)"),
        Flag::new(
            'F',
            &["file"],
            Key::File,
            "read host name or NIS domain name from given file",
        )
        .value("FILE"),
        Flag::new('i', &["ip-address"], Key::Ip, "addresses for the host name"),
        Flag::new(
            'I',
            &["all-ip-addresses"],
            Key::AllIp,
            "all addresses for the host",
        ),
        Flag::new('s', &["short"], Key::Short, "short host name"),
        Flag::new('y', &["yp", "nis"], Key::Nis, "NIS/YP domain name"),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        if !p.operands.is_empty() || p.has(Key::File) {
            sys.diag.error("you must be root to change the host name");
            return Ok(1);
        }
        let name = ident::hostname(sys.env);
        let (short, domain) = match name.split_once('.') {
            Some((s, d)) => (s.to_owned(), d.to_owned()),
            None => (name.clone(), String::new()),
        };
        let text = match p.opts.last().map(|g| g.key) {
            Some(Key::Short) => short,
            Some(Key::Domain) => domain,
            Some(Key::Alias) => String::new(),
            Some(Key::AllFqdns) => format!("{name} "),
            Some(Key::Ip) => LOOPBACK.to_owned(),
            Some(Key::AllIp) => format!("{LOOPBACK} "),
            Some(Key::Nis) => {
                sys.diag.error("Local domain name not set");
                return Ok(1);
            }
            _ => name,
        };
        sys.out.str(&text)?;
        sys.out.put(b"\n")?;
        Ok(0)
    }
}

#[cfg(test)]
mod tests {
    use super::Hostname;
    use crate::testutil::*;

    #[test]
    fn names() {
        assert_eq!(run0(&Hostname, &[], b"").out, "sandbox\n");
        let env = vec![("HOSTNAME".into(), "box.example.org".into())];
        let fs = TestFs::new();
        let h = |a: &[&str]| {
            run_with(
                &Hostname,
                a,
                &fs,
                Harness {
                    env: env.clone(),
                    ..Harness::default()
                },
            )
            .out
        };
        assert_eq!(h(&["-s"]), "box\n");
        assert_eq!(h(&["-d"]), "example.org\n");
        assert_eq!(h(&["--long"]), "box.example.org\n");
        let o = run0(&Hostname, &["new"], b"");
        assert_eq!(o.status, 1);
    }
}
