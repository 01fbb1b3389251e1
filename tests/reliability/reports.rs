//! Reports repeat a bounded amount: the GitHub annotations cap each code
//! like the table (`report::MAX_SHOWN_PER_CODE`), then count the rest.

use crate::support::run;
use std::path::Path;

#[test]
fn github_output_annotates_at_most_100_of_a_code_then_counts_the_rest() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let r = run(
        root,
        &["check", "tests/bad/unknown-cards-500.toml", "-o", "github"],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    let errors = lines.iter().filter(|l| l.starts_with("::error ")).count();
    assert_eq!(errors, 100, "{}", r.stdout);
    assert_eq!(lines.len(), 103, "{}", r.stdout);
    assert!(lines[..100].iter().all(|l| l.starts_with("::error ")));
    assert_eq!(
        lines[99],
        "::error file=tests/bad/unknown-cards-500.toml,line=106,col=3,endLine=106,endColumn=8,title=unknown-card%3A no upgrade matches 'Zq99'::no upgrade matches 'Zq99'"
    );
    assert_eq!(
        &lines[100..],
        [
            "... and 400 more `unknown-card` errors in tests/bad/unknown-cards-500.toml (the first 100 are annotated)",
            "tests/bad/unknown-cards-500.toml: INPUT ERROR, 500 errors",
            "1 file checked: 0 legal, 0 illegal, 1 input error",
        ]
    );
}
