//! Who may come in, as whom, and what the referee reads out so they can: the table's
//! passphrase and the login names, or the club's keys; and the laptop's addresses.

use super::ServeOptions;
use super::ssh_key::PublicKey;
use crate::game::Looker;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};

/// The login names that are not a side's: a scenario may not use them as side ids.
pub const REFEREE: &str = "referee";
pub const GUEST: &str = "guest";

/// Why the sides' ids cannot all be logins (which ignore case), if they cannot.
pub fn logins_clash(sides: &[String]) -> Option<String> {
    for (n, side) in sides.iter().enumerate() {
        if let Some(role) = [REFEREE, GUEST]
            .iter()
            .find(|r| side.eq_ignore_ascii_case(r))
        {
            return Some(format!(
                "a side's id is {side}, which is the login of the {role}"
            ));
        }
        if let Some(twin) = sides[..n].iter().find(|s| s.eq_ignore_ascii_case(side)) {
            return Some(format!(
                "the sides {twin} and {side} would have the same login"
            ));
        }
    }
    None
}

/// How a client proves who it is: one way per table, never both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    Passphrase,
    Key,
}

/// Lets a client in, or not, and says as whom; and tells the referee what to read out.
pub trait Doorman: Send + Sync {
    fn proof(&self) -> Proof;
    /// Who `login` is with `password`, if anyone.
    fn admit(&self, login: &str, password: &str) -> Option<Looker>;
    /// Who holds `key`, if anyone.
    fn admit_key(&self, key: &PublicKey) -> Option<Looker>;
    /// The banner's lines before the server's fingerprint: how each role gets in, at
    /// `port` of the first of `addresses` (from [`addresses`]).
    fn welcome(&self, port: u16, addresses: &[IpAddr]) -> Vec<String>;
    /// The status line's short form of [`Doorman::welcome`], at the screen's start.
    fn one_line(&self, port: u16, addresses: &[IpAddr]) -> String;
}

/// The login name chooses the role: a side's id, `guest` or `referee`. The players'
/// passphrase lets in the sides and guests: it trusts a player not to log in as the
/// enemy, as the table trusts them not to read the enemy's roster. The referee's
/// passphrase is another, which the referee keeps.
pub struct Passphrases {
    pub players: String,
    pub referee: String,
    pub sides: Vec<String>,
}

impl Doorman for Passphrases {
    fn admit(&self, login: &str, password: &str) -> Option<Looker> {
        // Without regard to case: a phone's keyboard capitalises the first letter typed.
        let (looker, words) = if login.eq_ignore_ascii_case(REFEREE) {
            (Some(Looker::Referee), &self.referee)
        } else if login.eq_ignore_ascii_case(GUEST) {
            (Some(Looker::Guest), &self.players)
        } else {
            let side = self.sides.iter().find(|s| s.eq_ignore_ascii_case(login));
            (side.map(|s| Looker::Side(s.clone())), &self.players)
        };
        // Compared whole whatever the login, so the time taken tells nothing of either.
        let right = same_text(password, words);
        looker.filter(|_| right)
    }

    fn proof(&self) -> Proof {
        Proof::Passphrase
    }

    fn admit_key(&self, _: &PublicKey) -> Option<Looker> {
        None
    }

    /// The players' passphrase, one line per role, the referee's own passphrase.
    fn welcome(&self, port: u16, addresses: &[IpAddr]) -> Vec<String> {
        let first = first_host(addresses);
        let mut lines = vec![
            format!("Players join over SSH with the passphrase {}", self.players),
            "by typing the line for their side (its units whole, the enemy as seen on the table):"
                .to_owned(),
        ];
        let width = self
            .sides
            .iter()
            .map(String::len)
            .max()
            .unwrap_or(0)
            .max(GUEST.len());
        for login in self.sides.iter().map(String::as_str).chain([GUEST]) {
            let line = format!("  {login:width$}  ssh -p {port} {login}@{first}");
            lines.push(if login == GUEST {
                format!("{line}   (both sides as seen on the table)")
            } else {
                line
            });
        }
        lines.extend(other_addresses(addresses));
        lines.push(format!(
            "A co-referee has the whole screen and every command: ssh -p {port} \
             {REFEREE}@{first}, passphrase {}",
            self.referee
        ));
        lines
    }

    fn one_line(&self, port: u16, addresses: &[IpAddr]) -> String {
        format!(
            "serving: ssh -p {port} <side>@{}, passphrase {} (? shows all)",
            first_host(addresses),
            self.players
        )
    }
}

/// The club's keys (`serve --keys FILE`): each listed key lets in its holder as its
/// role, under any login name; no passphrase, and no other key, gets in. Made by
/// [`super::keys::read`].
#[derive(Debug)]
pub struct Keys {
    /// The file the keys came from, as the banner names it.
    pub file: String,
    pub roles: HashMap<PublicKey, Looker>,
    pub sides: Vec<String>,
}

impl Doorman for Keys {
    fn proof(&self) -> Proof {
        Proof::Key
    }

    fn admit(&self, _: &str, _: &str) -> Option<Looker> {
        None
    }

    fn admit_key(&self, key: &PublicKey) -> Option<Looker> {
        self.roles.get(key).cloned()
    }

    /// What a player types (any name before the `@`), and how many keys each role has,
    /// so a referee sees at once a side that nobody can join.
    fn welcome(&self, port: u16, addresses: &[IpAddr]) -> Vec<String> {
        let first = first_host(addresses);
        let mut lines = vec![
            format!(
                "Players join over SSH with their own key, as listed in {}; any name before \
                 the @ will do:",
                self.file
            ),
            format!("  ssh -p {port} <name>@{first}"),
        ];
        lines.extend(other_addresses(addresses));
        lines.push("The key decides the role; the keys listed:".to_owned());
        let roles: Vec<(String, Looker)> = self
            .sides
            .iter()
            .map(|side| (side.clone(), Looker::Side(side.clone())))
            .chain([
                (GUEST.to_owned(), Looker::Guest),
                (REFEREE.to_owned(), Looker::Referee),
            ])
            .collect();
        let width = roles.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
        for (name, looker) in &roles {
            let keys = match self.roles.values().filter(|role| *role == looker).count() {
                0 => "no key: nobody can join as it".to_owned(),
                1 => "1 key".to_owned(),
                n => format!("{n} keys"),
            };
            let what = match looker {
                Looker::Side(_) => "",
                Looker::Guest => "   (both sides as seen on the table)",
                Looker::Referee => "   (a co-referee: every command)",
            };
            lines.push(format!("  {name:width$}  {keys}{what}"));
        }
        lines
    }

    fn one_line(&self, port: u16, addresses: &[IpAddr]) -> String {
        format!(
            "serving: ssh -p {port} <name>@{} with a listed key (? shows all)",
            first_host(addresses)
        )
    }
}

/// Whether `a` and `b` are equal, in a time that depends on their lengths only.
fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let differing = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    differing == 0 && a.len() == b.len()
}

/// Short words, plain to read out across a table and to type on a phone: none is
/// another's prefix or a homophone of another in the list.
const WORDS: [&str; 64] = [
    "acorn", "anchor", "apple", "badger", "basket", "beacon", "bishop", "bottle", "bridge",
    "bucket", "button", "candle", "carpet", "castle", "cellar", "cherry", "copper", "cradle",
    "dagger", "donkey", "dragon", "falcon", "feather", "fiddle", "forest", "garden", "ginger",
    "goblet", "hammer", "harbour", "helmet", "island", "jacket", "kettle", "ladder", "lantern",
    "lemon", "marble", "meadow", "mitten", "needle", "orchard", "otter", "paddle", "parrot",
    "pebble", "pepper", "pillow", "pocket", "rabbit", "ribbon", "saddle", "salmon", "shovel",
    "silver", "spider", "stable", "thimble", "timber", "tunnel", "velvet", "walnut", "willow",
    "window",
];

/// A fresh passphrase of five different words (a word said twice sounds like a slip of
/// the tongue): 29.7 bits. A wrong try costs a second and a connection gets three, so the
/// 64 connections allowed at once guess 64 a second: one chance in a thousand over a
/// four-hour slot.
pub fn passphrase() -> String {
    rand::seq::index::sample(&mut rand::rngs::OsRng, WORDS.len(), 5)
        .into_iter()
        .map(|i| WORDS[i])
        .collect::<Vec<_>>()
        .join("-")
}

/// The sentence for a port that cannot be listened on.
pub fn why_not_bound(address: SocketAddr, error: &std::io::Error) -> String {
    match error.kind() {
        std::io::ErrorKind::AddrInUse => format!(
            "port {} is in use (another `adjutant serve`?); choose another with --port",
            address.port()
        ),
        std::io::ErrorKind::PermissionDenied => format!(
            "port {} needs the administrator's rights; choose one above 1023 with --port",
            address.port()
        ),
        std::io::ErrorKind::AddrNotAvailable => format!(
            "{} is not an address of this computer; --bind takes one of its own, or 0.0.0.0",
            address.ip()
        ),
        _ => format!("cannot listen on {address}: {error}"),
    }
}

/// The addresses players type: the one bound, or with an unspecified bind every address
/// of the laptop's network interfaces, the LAN's first and loopback last.
pub fn addresses(bind: IpAddr) -> Vec<IpAddr> {
    if !bind.is_unspecified() {
        return vec![bind];
    }
    let mut found: Vec<(bool, IpAddr)> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .map(|interface| (is_virtual(&interface.name), interface.ip()))
        .filter(|(_, ip)| bind.is_ipv4() == ip.is_ipv4() || !bind.is_ipv4())
        .filter(|(_, ip)| !matches!(ip, IpAddr::V6(v6) if v6.is_unicast_link_local()))
        .collect();
    // The Wi-Fi's or the wire's first; a container's, a VPN's and IPv6 after; this
    // computer's own loopback only if there is nothing else, as no phone can reach it.
    found.sort_by_key(|&(virtual_, ip)| (ip.is_loopback(), virtual_, ip.is_ipv6()));
    let reachable: Vec<IpAddr> = found
        .iter()
        .filter(|(_, ip)| !ip.is_loopback())
        .map(|&(_, ip)| ip)
        .collect();
    if reachable.is_empty() {
        vec![IpAddr::from([127, 0, 0, 1])]
    } else {
        reachable
    }
}

/// Whether an interface is a container's, a bridge's or a tunnel's by its usual name.
fn is_virtual(name: &str) -> bool {
    [
        "docker",
        "br-",
        "veth",
        "virbr",
        "vmnet",
        "vboxnet",
        "tun",
        "tap",
        "wg",
        "utun",
        "tailscale",
        "zt",
    ]
    .iter()
    .any(|prefix| name.starts_with(prefix))
}

/// `host` as `ssh` takes it after the `@`: an IPv6 address in brackets.
fn host(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    }
}

/// What the referee reads out: the door's lines, then the server's fingerprint.
/// `addresses` come from [`addresses`].
pub fn banner(
    options: &ServeOptions,
    addresses: &[IpAddr],
    door: &dyn Doorman,
    fingerprint: &str,
) -> Vec<String> {
    let mut lines = door.welcome(options.port, addresses);
    lines.push(format!("Server key: {fingerprint}"));
    lines
}

/// The line naming the addresses after the first, if there are any.
fn other_addresses(addresses: &[IpAddr]) -> Option<String> {
    let others: Vec<String> = addresses.iter().skip(1).map(|ip| host(*ip)).collect();
    (!others.is_empty()).then(|| {
        format!(
            "  (or @{} for @{})",
            others.join(", @"),
            first_host(addresses)
        )
    })
}

fn first_host(addresses: &[IpAddr]) -> String {
    addresses
        .first()
        .map_or_else(|| "127.0.0.1".to_owned(), |ip| host(*ip))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn door() -> Passphrases {
        Passphrases {
            players: "acorn-otter".into(),
            referee: "willow-ladder".into(),
            sides: vec!["france".into(), "allies".into()],
        }
    }

    #[test]
    fn the_passphrase_admits_a_known_login_only_and_the_login_names_the_role() {
        let door = door();
        let france = Some(Looker::Side("france".into()));
        assert_eq!(door.admit("france", "acorn-otter"), france);
        assert_eq!(door.admit("guest", "acorn-otter"), Some(Looker::Guest));
        assert_eq!(door.admit("prussia", "acorn-otter"), None);
        assert_eq!(door.admit("france", "acorn-otte"), None);
        assert_eq!(door.admit("france", "acorn-otterr"), None);
        assert_eq!(door.admit("france", ""), None);
        assert_eq!(door.admit("France", "acorn-otter"), france);
        assert_eq!(door.admit("Guest", "acorn-otter"), Some(Looker::Guest));
    }

    #[test]
    fn the_referee_needs_the_referees_own_passphrase() {
        let door = door();
        assert_eq!(door.admit("referee", "acorn-otter"), None);
        assert_eq!(
            door.admit("referee", "willow-ladder"),
            Some(Looker::Referee)
        );
        assert_eq!(door.admit("france", "willow-ladder"), None);
    }

    #[test]
    fn under_keys_a_listed_key_names_the_role_and_nothing_else_gets_in() {
        use crate::serve::keys::tests::{ANNE, BERT, parsed};
        let door = parsed(&format!("france {ANNE}\nreferee {BERT}\n")).unwrap();
        let key = |line: &str| PublicKey::from_openssh_line(line).unwrap();
        assert_eq!(door.proof(), Proof::Key);
        assert_eq!(
            door.admit_key(&key(ANNE)),
            Some(Looker::Side("france".into()))
        );
        assert_eq!(door.admit_key(&key(BERT)), Some(Looker::Referee));
        assert_eq!(door.admit("france", "acorn-otter"), None);
        // The table's passphrases take no key, listed or not.
        assert_eq!(self::door().admit_key(&key(ANNE)), None);
    }

    #[test]
    fn the_banner_under_keys_says_what_to_type_and_how_many_keys_each_role_has() {
        use crate::serve::keys::tests::{ANNE, BERT, parsed};
        let door = parsed(&format!("france {ANNE}\nFrance {ANNE}\nfrance {BERT}\n")).unwrap();
        let options = ServeOptions {
            bind: IpAddr::from([127, 0, 0, 1]),
            port: 2299,
            keys: None,
        };
        let lines = banner(&options, &addresses(options.bind), &door, "SHA256:x");
        let expected = [
            "Players join over SSH with their own key, as listed in club-keys.txt; any name \
             before the @ will do:",
            "  ssh -p 2299 <name>@127.0.0.1",
            "The key decides the role; the keys listed:",
            "  france   2 keys",
            "  allies   no key: nobody can join as it",
            "  guest    no key: nobody can join as it   (both sides as seen on the table)",
            "  referee  no key: nobody can join as it   (a co-referee: every command)",
            "Server key: SHA256:x",
        ];
        assert_eq!(lines, expected);
        assert_eq!(
            door.one_line(2299, &addresses(options.bind)),
            "serving: ssh -p 2299 <name>@127.0.0.1 with a listed key (? shows all)"
        );
    }

    #[test]
    fn side_ids_that_would_share_a_login_are_refused() {
        let ids = |ids: &[&str]| ids.iter().map(|&s| s.to_owned()).collect::<Vec<_>>();
        assert_eq!(logins_clash(&ids(&["france", "allies"])), None);
        let guest = logins_clash(&ids(&["france", "Guest"])).unwrap();
        assert!(guest.contains("login of the guest"), "{guest}");
        let twins = logins_clash(&ids(&["france", "France"])).unwrap();
        assert!(twins.contains("france and France"), "{twins}");
    }

    #[test]
    fn a_passphrase_is_five_listed_words() {
        let words = passphrase();
        let parts: Vec<&str> = words.split('-').collect();
        assert_eq!(parts.len(), 5);
        let mut unique = parts.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), 5, "{words}");
        assert!(parts.iter().all(|w| WORDS.contains(w)), "{words}");
    }

    #[test]
    fn no_word_is_the_start_of_another() {
        for a in WORDS {
            for b in WORDS {
                assert!(a == b || !b.starts_with(a), "{a} / {b}");
            }
        }
    }

    #[test]
    fn the_banner_gives_each_side_its_line_at_the_bound_address() {
        let options = ServeOptions {
            bind: IpAddr::from([127, 0, 0, 1]),
            port: 2299,
            keys: None,
        };
        let lines = banner(&options, &addresses(options.bind), &door(), "SHA256:x");
        let has = |text: &str| lines.iter().any(|l| l.starts_with(text));
        assert!(has("  france  ssh -p 2299 france@127.0.0.1"), "{lines:#?}");
        assert!(has("  guest   ssh -p 2299 guest@127.0.0.1 "), "{lines:#?}");
        assert!(lines[0].ends_with("acorn-otter"));
        assert!(
            lines
                .iter()
                .any(|l| l.ends_with("referee@127.0.0.1, passphrase willow-ladder"))
        );
        assert_eq!(
            lines.last().map(String::as_str),
            Some("Server key: SHA256:x")
        );
    }
}
