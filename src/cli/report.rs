//! `adjutant report`: the after-action report of a save, as Markdown or one web page.

use super::{Failure, open, photo};
use crate::persist;
use std::io::Write;
use std::path::{Path, PathBuf};

/// `adjutant report`'s arguments.
#[derive(Debug, clap::Args)]
pub struct ReportArgs {
    /// The save to report on; it is only read.
    save: PathBuf,
    /// Where to write the report: a name ending .html (a web page) or .md (Markdown)
    /// [default: Markdown to standard output].
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// A photo of the table (JPEG, PNG, GIF or WebP) to embed in the HTML report;
    /// give it again for each photo.
    #[arg(long, value_name = "FILE")]
    photo: Vec<PathBuf>,
}

/// The report's rendering, told by the output's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ReportFormat {
    Html,
    Markdown,
}

impl ReportFormat {
    fn of(path: &Path) -> Result<ReportFormat, Failure> {
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        match extension.as_deref() {
            Some("html" | "htm") => Ok(ReportFormat::Html),
            Some("md" | "markdown") => Ok(ReportFormat::Markdown),
            _ => Err(Failure::from(format!(
                "cannot tell the report's format from {}: name it ….html for a web page or \
                 ….md for Markdown (nothing was written)",
                path.display()
            ))),
        }
    }
}

/// `adjutant report`: reads the save without its lock (a report never changes a battle,
/// and may be written while the referee plays on) and writes the report atomically.
pub fn report(args: &ReportArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), Failure> {
    let (save, output, photos) = (args.save.as_path(), args.output.as_deref(), &args.photo);
    let target = match output {
        Some(path) => {
            let format = ReportFormat::of(path)?;
            let real = persist::resolve_save_path(path);
            if real == persist::resolve_save_path(save) {
                return Err(Failure::from(format!(
                    "{} is the save itself; the report needs another name (nothing was \
                     written)",
                    path.display()
                )));
            }
            Some((path, real, format))
        }
        None => None,
    };
    if !photos.is_empty() && !matches!(target, Some((_, _, ReportFormat::Html))) {
        return Err(Failure::from(
            "--photo embeds photos in a web page: name the report ….html with -o (nothing \
             was written)",
        ));
    }
    let photos = photo::read_photos(photos)?;
    let game = open(save, err)?;
    let mut report = crate::report::Report::of(&game);
    report.photos = photos;
    let Some((path, real, format)) = target else {
        write!(out, "{}", crate::report::markdown::render(&report))?;
        return Ok(());
    };
    let text = match format {
        ReportFormat::Html => crate::report::html::render(&report),
        ReportFormat::Markdown => crate::report::markdown::render(&report),
    };
    persist::write_atomically(&real, text.as_bytes())
        .map_err(|e| Failure::from(format!("cannot write {}: {e}", path.display())))?;
    writeln!(out, "The report is in {}", path.display())?;
    Ok(())
}
