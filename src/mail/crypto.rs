//! The cryptographic pieces of play by email, each from a RustCrypto crate: the keys of a side
//! (Argon2id then HKDF-SHA-256), the sealed secret (XChaCha20-Poly1305), signatures (Ed25519),
//! the dice hash chains and the seeds drawn from them (SHA-256). No home-made primitive.
use super::MailError;
use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};
use sha2::{Digest, Sha256};

/// A 32-byte value: a hash, a key, a chain link.
pub type Bytes32 = [u8; 32];
/// A secret sealed to its owner: 24-byte nonce, then the 32-byte secret encrypted and its
/// 16-byte Poly1305 tag.
pub type Sealed = [u8; SEALED_LEN];
pub const SEALED_LEN: usize = 24 + 32 + 16;

/// The length of a side's dice chain: a side may play `CHAIN_LEN - 1` turns (the secret itself
/// is never revealed).
pub const CHAIN_LEN: u32 = 4096;

/// Argon2id cost parameters (RFC 9106 §3.1): memory in KiB, passes, lanes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kdf {
    pub memory_kib: u32,
    pub passes: u32,
    pub lanes: u32,
}

impl Kdf {
    /// OWASP's Argon2id minimum (m = 19 MiB, t = 2, p = 1): what every game is made with, and
    /// the floor below which a string is refused unless a test lowers it.
    pub const PRODUCTION: Kdf = Kdf { memory_kib: 19_456, passes: 2, lanes: 1 };
    /// The costliest parameters a string may ask for (so that a string cannot make the page
    /// allocate gigabytes or hash for minutes): 256 MiB, 8 passes, 4 lanes.
    pub const CEILING: Kdf = Kdf { memory_kib: 262_144, passes: 8, lanes: 4 };
    /// Cheap parameters for tests only: they protect nothing.
    pub const INSECURE_FOR_TESTS: Kdf = Kdf { memory_kib: 64, passes: 1, lanes: 1 };

    /// Is every parameter at least `floor`'s?
    pub fn at_least(&self, floor: &Kdf) -> bool {
        self.memory_kib >= floor.memory_kib && self.passes >= floor.passes && self.lanes >= floor.lanes
    }
}

/// A side's unlocked keys.
#[derive(Clone)]
pub struct Keys {
    pub signing: SigningKey,
    seal: Bytes32,
}

impl Drop for Keys {
    fn drop(&mut self) {
        // SigningKey zeroizes itself (the "zeroize" feature); this clears the seal key.
        self.seal = [0; 32];
    }
}

/// Argon2id salt: the protocol's label, the game and the side (so the same passphrase gives
/// unrelated keys in every game and for each side).
fn salt(game_id: &[u8; 16], side: u8) -> Vec<u8> {
    let mut salt = b"napoleonic-mail-v1".to_vec();
    salt.extend_from_slice(game_id);
    salt.push(side);
    salt
}

/// The keys of `side` in game `game_id`: Argon2id(passphrase) -> 32 bytes, then HKDF-SHA-256
/// expand (RFC 5869 §2.3; the extract step is skipped as §3.3 allows, the Argon2 output being
/// a uniform key) with info "sign" (an Ed25519 seed, RFC 8032 §5.1.5) and "seal".
pub fn derive_keys(passphrase: &str, game_id: &[u8; 16], side: u8, kdf: &Kdf) -> Result<Keys, MailError> {
    let params = argon2::Params::new(kdf.memory_kib, kdf.passes, kdf.lanes, Some(32))
        .map_err(|e| MailError::Kdf(e.to_string()))?;
    let argon = argon2::Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params);
    let mut master = [0u8; 32];
    argon
        .hash_password_into(passphrase.as_bytes(), &salt(game_id, side), &mut master)
        .map_err(|e| MailError::Kdf(e.to_string()))?;
    let hk = hkdf::Hkdf::<Sha256>::from_prk(&master).map_err(|e| MailError::Kdf(e.to_string()))?;
    let (mut sign, mut seal) = ([0u8; 32], [0u8; 32]);
    hk.expand(b"sign", &mut sign).map_err(|e| MailError::Kdf(e.to_string()))?;
    hk.expand(b"seal", &mut seal).map_err(|e| MailError::Kdf(e.to_string()))?;
    Ok(Keys { signing: SigningKey::from_bytes(&sign), seal })
}

impl Keys {
    pub fn public(&self) -> Bytes32 {
        self.signing.verifying_key().to_bytes()
    }

    pub fn sign(&self, digest: &Bytes32) -> [u8; 64] {
        self.signing.sign(digest).to_bytes()
    }

    /// Seal `secret` to this side alone: XChaCha20-Poly1305 with a random 24-byte nonce, the
    /// game and the side as associated data.
    pub fn seal(&self, secret: &Bytes32, game_id: &[u8; 16], side: u8) -> Result<Sealed, MailError> {
        let mut nonce = [0u8; 24];
        getrandom::getrandom(&mut nonce).map_err(|e| MailError::Random(e.to_string()))?;
        let cipher = XChaCha20Poly1305::new((&self.seal).into());
        let aad = aad(game_id, side);
        let ct = cipher
            .encrypt(XNonce::from_slice(&nonce), Payload { msg: secret, aad: &aad })
            .map_err(|_| MailError::Random("the secret could not be sealed".into()))?;
        let mut out = [0u8; SEALED_LEN];
        out[..24].copy_from_slice(&nonce);
        out[24..].copy_from_slice(&ct);
        Ok(out)
    }

    /// The secret sealed by `seal`, or None if the box was not sealed with this key for this
    /// game and side (or was changed).
    pub fn unseal(&self, sealed: &Sealed, game_id: &[u8; 16], side: u8) -> Option<Bytes32> {
        let cipher = XChaCha20Poly1305::new((&self.seal).into());
        let aad = aad(game_id, side);
        let plain = cipher.decrypt(XNonce::from_slice(&sealed[..24]), Payload { msg: &sealed[24..], aad: &aad }).ok()?;
        plain.try_into().ok()
    }
}

fn aad(game_id: &[u8; 16], side: u8) -> Vec<u8> {
    let mut aad = game_id.to_vec();
    aad.push(side);
    aad
}

/// Verify an Ed25519 signature of a digest strictly (RFC 8032 §5.1.7, with dalek's
/// `verify_strict`: no small-order keys, no malleable signatures).
pub fn verify(public: &Bytes32, digest: &Bytes32, signature: &[u8; 64]) -> bool {
    let Ok(key) = VerifyingKey::from_bytes(public) else { return false };
    key.verify_strict(digest, &Signature::from_bytes(signature)).is_ok()
}

/// Is this a valid Ed25519 public key (a point of the curve, not of small order)?
pub fn valid_public(public: &Bytes32) -> bool {
    VerifyingKey::from_bytes(public).is_ok_and(|k| !k.is_weak())
}

/// 32 random bytes from the operating system (the browser's crypto.getRandomValues in wasm).
pub fn random32() -> Result<Bytes32, MailError> {
    let mut out = [0u8; 32];
    getrandom::getrandom(&mut out).map_err(|e| MailError::Random(e.to_string()))?;
    Ok(out)
}

/// SHA-256 of the concatenated parts.
pub fn sha256(parts: &[&[u8]]) -> Bytes32 {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

/// One link of a dice chain: c_{i+1} = SHA-256("napoleonic-dice-chain" || c_i).
pub fn chain_step(c: &Bytes32) -> Bytes32 {
    sha256(&[b"napoleonic-dice-chain", c])
}

/// c_i of the chain drawn from `secret` (c_0 = secret).
pub fn chain_value(secret: &Bytes32, i: u32) -> Bytes32 {
    (0..i).fold(*secret, |c, _| chain_step(&c))
}

/// The seed of turn `turn`: the first 8 bytes, little-endian, of SHA-256("napoleonic-dice-seed"
/// || game id || turn as u32 LE || latest reveal of side 0 || latest reveal of side 1).
pub fn turn_seed(game_id: &[u8; 16], turn: u32, latest: &[Bytes32; 2]) -> u64 {
    seed_of(b"napoleonic-dice-seed", game_id, turn, latest)
}

/// The seed the game is created with (its automatic opening steps may roll dice), drawn when
/// the opener's first reveal is known: SHA-256("napoleonic-dice-start" || game id || 0u32 ||
/// latest of side 0 || latest of side 1), with the opener's first reveal and the answerer's
/// anchor as the latest values.
pub fn start_seed(game_id: &[u8; 16], latest: &[Bytes32; 2]) -> u64 {
    seed_of(b"napoleonic-dice-start", game_id, 0, latest)
}

fn seed_of(label: &[u8], game_id: &[u8; 16], turn: u32, latest: &[Bytes32; 2]) -> u64 {
    let h = sha256(&[label, game_id, &turn.to_le_bytes(), &latest[0], &latest[1]]);
    let mut first = [0u8; 8];
    first.copy_from_slice(&h[..8]);
    u64::from_le_bytes(first)
}

/// A short fingerprint of a public key for players to compare by another channel (phone,
/// in person): 80 bits of SHA-256("napoleonic-mail-fingerprint" || key), as five groups of four
/// hex digits.
pub fn fingerprint(public: &Bytes32) -> String {
    let h = sha256(&[b"napoleonic-mail-fingerprint", public]);
    h[..10]
        .chunks(2)
        .map(|pair| pair.iter().map(|b| format!("{b:02x}")).collect::<String>())
        .collect::<Vec<_>>()
        .join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_depend_on_passphrase_game_and_side() {
        let kdf = Kdf::INSECURE_FOR_TESTS;
        let id = [7u8; 16];
        let a = derive_keys("correct horse", &id, 0, &kdf).expect("keys").public();
        assert_eq!(a, derive_keys("correct horse", &id, 0, &kdf).expect("keys").public());
        assert_ne!(a, derive_keys("correct horse", &id, 1, &kdf).expect("keys").public());
        assert_ne!(a, derive_keys("correct horse", &[8u8; 16], 0, &kdf).expect("keys").public());
        assert_ne!(a, derive_keys("correct horsf", &id, 0, &kdf).expect("keys").public());
    }

    #[test]
    fn sealed_secret_opens_only_with_its_key_game_and_side() {
        let kdf = Kdf::INSECURE_FOR_TESTS;
        let id = [1u8; 16];
        let keys = derive_keys("pass", &id, 1, &kdf).expect("keys");
        let secret = [42u8; 32];
        let sealed = keys.seal(&secret, &id, 1).expect("seal");
        assert_eq!(keys.unseal(&sealed, &id, 1), Some(secret));
        assert_eq!(keys.unseal(&sealed, &id, 0), None);
        assert_eq!(keys.unseal(&sealed, &[2u8; 16], 1), None);
        let other = derive_keys("pass2", &id, 1, &kdf).expect("keys");
        assert_eq!(other.unseal(&sealed, &id, 1), None);
        let mut edited = sealed;
        edited[30] ^= 1;
        assert_eq!(keys.unseal(&edited, &id, 1), None);
        // A fresh nonce every time.
        assert_ne!(sealed, keys.seal(&secret, &id, 1).expect("seal"));
    }

    #[test]
    fn chain_links_hash_to_the_previous() {
        let s = [3u8; 32];
        let anchor = chain_value(&s, CHAIN_LEN);
        let first = chain_value(&s, CHAIN_LEN - 1);
        assert_eq!(chain_step(&first), anchor);
        assert_eq!(chain_step(&chain_value(&s, 10)), chain_value(&s, 11));
    }

    #[test]
    fn signatures_verify_only_with_their_key() {
        let kdf = Kdf::INSECURE_FOR_TESTS;
        let a = derive_keys("a", &[0; 16], 0, &kdf).expect("keys");
        let b = derive_keys("b", &[0; 16], 1, &kdf).expect("keys");
        let d = sha256(&[b"x"]);
        let sig = a.sign(&d);
        assert!(verify(&a.public(), &d, &sig));
        assert!(!verify(&b.public(), &d, &sig));
        assert!(!verify(&a.public(), &sha256(&[b"y"]), &sig));
    }

    #[test]
    fn fingerprint_is_short_and_stable() {
        let f = fingerprint(&[0u8; 32]);
        assert_eq!(f.len(), 24);
        assert_eq!(f, fingerprint(&[0u8; 32]));
        assert_ne!(f, fingerprint(&[1u8; 32]));
    }
}
