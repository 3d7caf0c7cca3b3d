//! `report --photo`: each file read within bounds and checked to be an image before the
//! report is written.

use super::Failure;
use crate::report::photo::{MAX_PHOTO_BYTES, MAX_PHOTOS, Photo};
use std::io::Read;
use std::path::PathBuf;

/// The photos at `paths`, in order; the first that cannot be one refuses them all.
pub fn read_photos(paths: &[PathBuf]) -> Result<Vec<Photo>, Failure> {
    if paths.len() > MAX_PHOTOS {
        return Err(Failure::from(format!(
            "{} photos: a report embeds at most {MAX_PHOTOS} (nothing was written)",
            paths.len()
        )));
    }
    paths
        .iter()
        .map(|path| {
            let shown = path.display();
            let limit = crate::read::Limit {
                bytes: MAX_PHOTO_BYTES as u64,
                kind: "photo",
            };
            // A FIFO or a device is refused without waiting; a file over the limit too.
            let mut bytes = Vec::new();
            crate::read::open_bounded(path, limit)
                .and_then(|mut file| file.read_to_end(&mut bytes))
                .map_err(|e| {
                    Failure::from(format!(
                        "cannot read the photo {shown}: {} (nothing was written)",
                        crate::read::what_failed(&e)
                    ))
                })?;
            if bytes.len() > MAX_PHOTO_BYTES {
                return Err(Failure::from(format!(
                    "the photo {shown} grew past {} MB as it was read (nothing was written)",
                    MAX_PHOTO_BYTES / (1024 * 1024)
                )));
            }
            let name = path
                .file_name()
                .map_or_else(|| "photo".to_owned(), |n| n.to_string_lossy().into_owned());
            Photo::of(&name, bytes).ok_or_else(|| {
                Failure::from(format!(
                    "{shown} is not a JPEG, PNG, GIF or WebP image (nothing was written)"
                ))
            })
        })
        .collect()
}
