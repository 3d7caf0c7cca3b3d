//! Headless chromium for the tests that look at a page as a browser builds it: the report's
//! document (`--dump-dom`) and the print pack's pages (`--print-to-pdf`).
//!
//! Needs chromium (`$CHROMIUM`, else `chromium` or `chromium-browser` on the PATH):
//! without it a test fails when `CI` is set and is skipped otherwise.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A browser that starts up this slowly is stuck.
const PATIENCE: Duration = Duration::from_secs(90);

/// The browser to run. Without one: a failure on CI, a note and a skip elsewhere.
pub fn chromium() -> Option<String> {
    let candidates: Vec<String> = std::env::var("CHROMIUM").map_or_else(
        |_| vec!["chromium".to_owned(), "chromium-browser".to_owned()],
        |path| vec![path],
    );
    let found = candidates.into_iter().find(|program| {
        Command::new(program)
            .arg("--version")
            .stdin(Stdio::null())
            .output()
            .is_ok_and(|output| output.status.success())
    });
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromium not found, and CI is set: the browser tests must run on CI"
        );
        // Straight to stderr: libtest would swallow an `eprintln!` from a passing test.
        let _ = writeln!(
            std::io::stderr(),
            "chromium not found: skipping a browser test; install chromium"
        );
    }
    found
}

/// Runs headless `browser` on the file at `page` with `args` (one of them what to make of
/// it), within [`PATIENCE`]; its standard output.
fn headless(browser: &str, page: &Path, args: &[String]) -> Vec<u8> {
    let profile = tempfile::tempdir().unwrap();
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > PATIENCE {
            let _ = child.kill();
            panic!("chromium did not finish within {PATIENCE:?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "chromium failed");
    output.stdout
}

/// The document chromium builds from the file at `page`, serialized.
pub fn dump_dom(browser: &str, page: &Path) -> String {
    String::from_utf8(headless(browser, page, &["--dump-dom".to_owned()])).unwrap()
}

/// The page at `page` printed by chromium as its print styles say, without the browser's
/// own header and footer: the PDF's bytes.
pub fn print_to_pdf(browser: &str, page: &Path) -> Vec<u8> {
    let folder = tempfile::tempdir().unwrap();
    let pdf = folder.path().join("printed.pdf");
    headless(
        browser,
        page,
        &[
            "--no-pdf-header-footer".to_owned(),
            format!("--print-to-pdf={}", pdf.display()),
        ],
    );
    std::fs::read(&pdf).unwrap()
}

/// The pages of a PDF as chromium writes it: its page tree's `/Count`.
pub fn pdf_pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    let counts: Vec<usize> = text
        .match_indices("/Count ")
        .filter_map(|(at, key)| {
            let digits: String = text[at + key.len()..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            digits.parse().ok()
        })
        .collect();
    assert_eq!(counts.len(), 1, "not one page tree: {counts:?}");
    counts[0]
}
