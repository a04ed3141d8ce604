//! Who and where the sandbox says it runs: the user name, ids and host
//! name that `whoami`, `id`, `groups`, `hostname` and `uname` report.
//!
//! Nothing of the host is read. The user is `USER` (else `LOGNAME`, else
//! `agent`) from the exported environment, with uid and gid 1000 (0 for
//! `root`) unless `UID`/`GID` are exported as numbers; the host name is
//! `HOSTNAME` when exported, else [`DEFAULT_HOSTNAME`]. The user database
//! knows two users: `root` and the session's user.

/// The host name when the environment does not export `HOSTNAME`.
pub const DEFAULT_HOSTNAME: &str = "sandbox";

/// One user of the sandbox's user database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    /// The login name, also its group's name.
    pub name: String,
    /// The user id.
    pub uid: u32,
    /// The primary (and only) group id.
    pub gid: u32,
}

fn var<'a>(env: &'a [(String, String)], name: &str) -> Option<&'a str> {
    env.iter()
        .rev()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
        .filter(|v| !v.is_empty())
}

/// The user the session runs as.
pub fn current(env: &[(String, String)]) -> User {
    let name = var(env, "USER")
        .or_else(|| var(env, "LOGNAME"))
        .unwrap_or("agent")
        .to_owned();
    let default = if name == "root" { 0 } else { 1000 };
    let num = |k: &str| var(env, k).and_then(|v| v.parse::<u32>().ok());
    let uid = num("UID").unwrap_or(default);
    let gid = num("GID").unwrap_or(uid);
    User { name, uid, gid }
}

/// The user named `who` (a name, or a uid in decimal), if the database
/// has it: `root` or the session's user.
pub fn lookup(env: &[(String, String)], who: &str) -> Option<User> {
    let me = current(env);
    let root = User {
        name: "root".into(),
        uid: 0,
        gid: 0,
    };
    [me, root]
        .into_iter()
        .find(|u| u.name == who || who.parse::<u32>().ok() == Some(u.uid))
}

/// The host name.
pub fn hostname(env: &[(String, String)]) -> String {
    var(env, "HOSTNAME").unwrap_or(DEFAULT_HOSTNAME).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn defaults_and_overrides() {
        let u = current(&[]);
        assert_eq!((u.name.as_str(), u.uid, u.gid), ("agent", 1000, 1000));
        let u = current(&env(&[("LOGNAME", "bob"), ("UID", "42")]));
        assert_eq!((u.name.as_str(), u.uid, u.gid), ("bob", 42, 42));
        let u = current(&env(&[("USER", "root"), ("LOGNAME", "bob")]));
        assert_eq!(u.uid, 0);
        assert_eq!(lookup(&[], "0").map(|u| u.name), Some("root".into()));
        assert_eq!(lookup(&[], "1000").map(|u| u.name), Some("agent".into()));
        assert_eq!(lookup(&[], "nobody"), None);
        assert_eq!(hostname(&[]), "sandbox");
        assert_eq!(hostname(&env(&[("HOSTNAME", "box")])), "box");
    }
}
