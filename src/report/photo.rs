//! Photos of the table, embedded in the HTML report so it stays one file to post: each
//! image's bytes as a `data:` address, its type told by its first bytes, never by its
//! name.

use super::escape::escape;

/// The most bytes a photo may hold: a phone's photo, with room; the report is mailed.
pub const MAX_PHOTO_BYTES: usize = 12 * 1024 * 1024;
/// The most photos a report embeds.
pub const MAX_PHOTOS: usize = 24;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Photo {
    /// Under the image: its file's name, dashes and underscores as spaces.
    pub caption: String,
    pub mime: &'static str,
    pub bytes: Vec<u8>,
}

impl Photo {
    /// The photo of a file named `name` holding `bytes`; none when they are no JPEG,
    /// PNG, GIF or WebP image.
    pub fn of(name: &str, bytes: Vec<u8>) -> Option<Photo> {
        let mime = image_type(&bytes)?;
        let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
        Some(Photo {
            caption: stem.replace(['-', '_'], " "),
            mime,
            bytes,
        })
    }

    /// The photo as a figure of the report's page.
    pub fn figure(&self) -> String {
        let caption = escape(&self.caption);
        format!(
            "<figure class=\"photo\"><img src=\"data:{};base64,{}\" alt=\"{caption}\">\
             <figcaption>{caption}</figcaption></figure>",
            self.mime,
            base64(&self.bytes)
        )
    }
}

/// The image type its first bytes announce.
fn image_type(bytes: &[u8]) -> Option<&'static str> {
    match bytes {
        [0xFF, 0xD8, 0xFF, ..] => Some("image/jpeg"),
        [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, ..] => Some("image/png"),
        [b'G', b'I', b'F', b'8', ..] => Some("image/gif"),
        [
            b'R',
            b'I',
            b'F',
            b'F',
            _,
            _,
            _,
            _,
            b'W',
            b'E',
            b'B',
            b'P',
            ..,
        ] => Some("image/webp"),
        _ => None,
    }
}

/// Standard base64 with padding (RFC 4648, section 4).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut text = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                text.push(char::from(ALPHABET[(n >> shift & 63) as usize]));
            } else {
                text.push('=');
            }
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_is_the_rfcs() {
        // RFC 4648, section 10's test vectors.
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded, "{plain}");
        }
    }

    #[test]
    fn only_an_image_is_a_photo() {
        let png = b"\x89PNG\r\n\x1a\n rest".to_vec();
        let photo = Photo::of("turn-3_charge.png", png).unwrap();
        assert_eq!(
            (photo.caption.as_str(), photo.mime),
            ("turn 3 charge", "image/png")
        );
        assert!(Photo::of("a.jpg", b"<script>".to_vec()).is_none());
        assert!(Photo::of("a.jpg", Vec::new()).is_none());
    }
}
