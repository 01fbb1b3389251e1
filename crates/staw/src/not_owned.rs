//! `not-owned`: with a collection (`--collection`), a card the fleet uses
//! more copies of than the collection holds (`collection`: the shelf).

use super::analysis::Analysis;
use super::collection::{copies_word, sources_text};
use super::{Code, Reads, Rule};
use fleetcheck_input::diag::Diagnostic;

pub(crate) const RULE: Rule = Rule {
    name: "collection",
    codes: &[Code::NotOwned],
    check,
    reads: Reads::Fleet,
    added_leaves: None,
};

/// `not-owned`: a card the fleet uses more copies of than the collection
/// holds, on the first reference beyond the owned copies.
fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let Some(shelf) = a.collection else {
        return;
    };
    for u in a.ownership().into_iter().flat_map(|o| o.missing()) {
        let at = u.spans[(u.owned as usize).min(u.spans.len() - 1)].clone();
        out.push(
            Diagnostic::new(
                Code::NotOwned,
                format!(
                    "{} ({}): the fleet uses {} {}, the collection {} holds {}; it comes in {}",
                    u.name,
                    u.id,
                    u.needed,
                    copies_word(u.needed),
                    shelf.name,
                    u.owned,
                    sources_text(&u.sources)
                ),
            )
            .with_span(Some(at)),
        );
    }
}
