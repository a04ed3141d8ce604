//! `uname`: system information, fixed for the sandbox: a Linux kernel on
//! `x86_64`, node name from [`crate::common::ident::hostname`]. The
//! processor and hardware platform are `unknown`, as GNU reports them on
//! Linux, and `-a` leaves them out.

use crate::common::command::Command;
use crate::common::extra_operand;
use crate::common::flags::{Args, Flag, Help};
use crate::common::ident;
use crate::common::sys::{Res, Sys};

/// The `uname` utility: `-a -s -n -r -v -m -p -i -o`.
pub struct Uname;

/// The options of `uname`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    All,
    Kernel,
    Node,
    Release,
    Version,
    Machine,
    Processor,
    Platform,
    Os,
}

/// The kernel release reported.
pub const RELEASE: &str = "6.8.0-sandbash";
/// The kernel version reported.
pub const KVERSION: &str = "#1 SMP PREEMPT_DYNAMIC";

impl Command for Uname {
    const NAME: &'static str = "uname";
    const HELP: Help = Help {
        usage: &["[OPTION]..."],
        about: "Print certain system information.  With no OPTION, same as -s.",
        after: "",
    };
    type Key = Key;
    const FLAGS: &'static [Flag<Key>] = &[
        Flag::new(
            'a',
            &["all"],
            Key::All,
            "print all information, in the following order,\n  except omit -p and -i if unknown:",
        ),
        Flag::new('s', &["kernel-name"], Key::Kernel, "print the kernel name"),
        Flag::new(
            'n',
            &["nodename"],
            Key::Node,
            "print the network node hostname",
        ),
        Flag::new(
            'r',
            &["kernel-release"],
            Key::Release,
            "print the kernel release",
        ),
        Flag::new(
            'v',
            &["kernel-version"],
            Key::Version,
            "print the kernel version",
        ),
        Flag::new(
            'm',
            &["machine"],
            Key::Machine,
            "print the machine hardware name",
        ),
        Flag::new(
            'p',
            &["processor"],
            Key::Processor,
            "print the processor type (non-portable)",
        ),
        Flag::new(
            'i',
            &["hardware-platform"],
            Key::Platform,
            "print the hardware platform (non-portable)",
        ),
        Flag::new(
            'o',
            &["operating-system"],
            Key::Os,
            "print the operating system",
        ),
    ];

    fn main(sys: &mut Sys<'_>, p: Args<Key>) -> Res<i32> {
        if let Some(x) = p.operands.first() {
            return Ok(extra_operand(sys, x));
        }
        let all = p.has(Key::All);
        let host = ident::hostname(sys.env);
        let fields: [(Key, &str); 8] = [
            (Key::Kernel, "Linux"),
            (Key::Node, &host),
            (Key::Release, RELEASE),
            (Key::Version, KVERSION),
            (Key::Machine, "x86_64"),
            (Key::Processor, "unknown"),
            (Key::Platform, "unknown"),
            (Key::Os, "GNU/Linux"),
        ];
        let none = p.opts.is_empty();
        let picked: Vec<&str> = fields
            .iter()
            .filter(|(k, v)| {
                (none && *k == Key::Kernel)
                    || p.has(*k)
                    || (all && !(matches!(k, Key::Processor | Key::Platform) && *v == "unknown"))
            })
            .map(|(_, v)| *v)
            .collect();
        sys.out.str(&picked.join(" "))?;
        sys.out.put(b"\n")?;
        Ok(0)
    }
}

#[cfg(test)]
mod tests {
    use super::Uname;
    use crate::testutil::*;

    #[test]
    fn fields() {
        assert_eq!(run0(&Uname, &[], b"").out, "Linux\n");
        assert_eq!(run0(&Uname, &["-ms"], b"").out, "Linux x86_64\n");
        assert_eq!(
            run0(&Uname, &["-a"], b"").out,
            "Linux sandbox 6.8.0-sandbash #1 SMP PREEMPT_DYNAMIC x86_64 GNU/Linux\n"
        );
        assert_eq!(
            run0(&Uname, &["-pio"], b"").out,
            "unknown unknown GNU/Linux\n"
        );
        assert_eq!(run0(&Uname, &["x"], b"").status, 1);
    }
}
