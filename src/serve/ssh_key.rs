//! The keys of `serve`: the server's own, which clients remember, and a player's public
//! key as `authorized_keys` gives it. With `ssh.rs` the only file that names russh; apart
//! from it so that the door, which admits keys, needs nothing of the session that asks it.

use russh::keys::ssh_key::LineEnding;
use russh::keys::ssh_key::public::{KeyData, RsaPublicKey};
use russh::keys::{Algorithm, HashAlg, PrivateKey};

/// The server's own key, which clients remember to know the laptop again.
pub struct HostKey(pub(super) PrivateKey);

impl HostKey {
    /// A new Ed25519 key from the system's randomness.
    pub fn generate() -> HostKey {
        let mut seed = [0u8; 32];
        rand::RngCore::fill_bytes(&mut rand::rngs::OsRng, &mut seed);
        let pair = russh::keys::ssh_key::private::Ed25519Keypair::from_seed(&seed);
        HostKey(PrivateKey::from(pair))
    }

    /// The key as OpenSSH writes a private key file.
    pub fn to_openssh(&self) -> Result<String, OpensshError> {
        self.0
            .to_openssh(LineEnding::LF)
            .map(|text| text.to_string())
            .map_err(|e| OpensshError::NotWritten { why: e.to_string() })
    }

    pub fn from_openssh(text: &str) -> Result<HostKey, OpensshError> {
        let key = PrivateKey::from_openssh(text)
            .map_err(|e| OpensshError::NotRead { why: e.to_string() })?;
        if key.algorithm() != Algorithm::Ed25519 || key.is_encrypted() {
            return Err(OpensshError::NotEd25519);
        }
        Ok(HostKey(key))
    }

    /// What `ssh` shows a client the first time: `SHA256:…`.
    pub fn fingerprint(&self) -> String {
        self.0.public_key().fingerprint(HashAlg::Sha256).to_string()
    }
}

/// Why the server's key could not be written as, or read from, an OpenSSH private key
/// file. russh's own error is kept as its text, so that its type stays in this file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OpensshError {
    #[error("{why}")]
    NotWritten { why: String },
    #[error("{why}")]
    NotRead { why: String },
    #[error("it is not an unencrypted Ed25519 key")]
    NotEd25519,
}

/// A player's public key, as a line of `authorized_keys` gives it; two are equal when
/// their key is, whatever their comments.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PublicKey(KeyData);

/// RSA's shortest key worth trusting: OpenSSH refuses shorter ones too.
const RSA_LEAST_BITS: u32 = 2048;

/// What to tell the holder of a key the server cannot take.
const MAKE_ONE: &str = "make one with `ssh-keygen -t ed25519`";

impl PublicKey {
    /// The key of `line`: its type, then its base64, then an optional comment, as in a
    /// `.pub` file. A key the server cannot check a signature of, or should not trust,
    /// is refused with a sentence.
    pub fn from_openssh_line(line: &str) -> Result<PublicKey, KeyError> {
        let mut words = line.split_whitespace();
        let (Some(kind), base64) = (words.next(), words.next()) else {
            return Err(KeyError::NoKey);
        };
        let algorithm = Algorithm::new(kind).map_err(|_| KeyError::NotAKeyType {
            kind: kind.to_owned(),
        })?;
        let Some(base64) = base64 else {
            return Err(KeyError::NoText {
                kind: kind.to_owned(),
            });
        };
        let key =
            russh::keys::PublicKey::from_openssh(&format!("{kind} {base64}")).map_err(|_| {
                KeyError::NotItsKind {
                    kind: kind.to_owned(),
                }
            })?;
        match algorithm {
            Algorithm::Ed25519 | Algorithm::Ecdsa { .. } => Ok(PublicKey::of(&key)),
            Algorithm::Rsa { .. } => match key.key_data().rsa().map(RsaPublicKey::key_size) {
                Some(bits) if bits < RSA_LEAST_BITS => Err(KeyError::ShortRsa { bits }),
                _ => Ok(PublicKey::of(&key)),
            },
            Algorithm::SkEd25519 | Algorithm::SkEcdsaSha2NistP256 => Err(KeyError::SecurityKey {
                kind: kind.to_owned(),
            }),
            Algorithm::Dsa => Err(KeyError::Dsa),
            _ => Err(KeyError::NotTaken {
                kind: kind.to_owned(),
            }),
        }
    }

    pub(super) fn of(key: &russh::keys::PublicKey) -> PublicKey {
        PublicKey(key.key_data().clone())
    }
}

/// Why a line is not a key the server takes: `kind` is the key type the line begins with.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    #[error("expected a key: its type, then its text, as in a `.pub` file")]
    NoKey,
    #[error(
        "`{kind}` is not a key type: expected ssh-ed25519, ecdsa-sha2-nistp256 \
         (or -nistp384, -nistp521) or ssh-rsa, as the `.pub` file's line begins"
    )]
    NotAKeyType { kind: String },
    #[error("expected the key's text after `{kind}`: copy the whole line of the `.pub` file")]
    NoText { kind: String },
    /// The text after the type does not decode to a key of it.
    #[error(
        "the text after `{kind}` is not a {kind} key: it was cut or changed in \
         copying; copy the whole line of the `.pub` file"
    )]
    NotItsKind { kind: String },
    #[error(
        "this RSA key has {bits} bits, too few to trust (at least \
         {RSA_LEAST_BITS}); {MAKE_ONE}",
        RSA_LEAST_BITS = RSA_LEAST_BITS,
        MAKE_ONE = MAKE_ONE
    )]
    ShortRsa { bits: u32 },
    #[error("a security key's key (`{kind}`) is not taken here; {MAKE_ONE}", MAKE_ONE = MAKE_ONE)]
    SecurityKey { kind: String },
    #[error(
        "a DSA key (`ssh-dss`) is too weak to trust, and OpenSSH no longer makes \
         them; {MAKE_ONE}",
        MAKE_ONE = MAKE_ONE
    )]
    Dsa,
    #[error("a `{kind}` key is not taken here; {MAKE_ONE}", MAKE_ONE = MAKE_ONE)]
    NotTaken { kind: String },
}
