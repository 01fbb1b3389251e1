//! What the server answers about one document: diagnostics, hover,
//! completion, code actions, document symbols and inlay hints. Every
//! answer is asked of the engine (`staw::Engine`), the reports and the
//! edit layer; nothing here prices a card or resolves a name itself.

use crate::document::Document;
use fleetcheck_data::model::Card;
use fleetcheck_data::Database;
use fleetcheck_input::diag::{self, Fix, Severity};
use fleetcheck_report::model::{CardReport, Modifier};
use fleetcheck_staw::fleet::Placed;
use fleetcheck_staw::{CheckOptions, Engine};
use lsp_types as lsp;
use std::ops::Range;

/// `d` as the LSP says it: the same code, severity and message (its help
/// lines after it, as `check` prints them), the range of its span.
pub(crate) fn diagnostic(doc: &Document, d: &diag::Diagnostic) -> lsp::Diagnostic {
    // A span into another file (the deck file an X-Wing file names) is
    // shown where this file names it, with that file's name, and its
    // place there as related information.
    let (range, elsewhere, related) = match (&d.span, &d.file) {
        (Some(span), None) => (doc.lines.range(doc.text(), span), None, None),
        (span, Some(f)) => {
            let at = named_at(doc, &f.path)
                .map(|s| doc.lines.range(doc.text(), &s))
                .unwrap_or_default();
            let there = span.as_ref().and_then(|span| {
                let uri: lsp::Uri = file_uri(&f.path).parse().ok()?;
                let range = crate::lines::LineIndex::of(&f.text).range(&f.text, span);
                Some(vec![lsp::DiagnosticRelatedInformation {
                    location: lsp::Location { uri, range },
                    message: d.message.clone(),
                }])
            });
            (at, Some(f.path.clone()), there)
        }
        (None, None) => (lsp::Range::default(), None, None),
    };
    let mut message = d.message.clone();
    if let Some(path) = elsewhere {
        message = format!("{path}: {message}");
    }
    for h in &d.help {
        message.push('\n');
        message.push_str(h);
    }
    lsp::Diagnostic {
        range,
        severity: Some(match d.severity {
            Severity::Error => lsp::DiagnosticSeverity::ERROR,
            Severity::Warning => lsp::DiagnosticSeverity::WARNING,
            Severity::Note => lsp::DiagnosticSeverity::INFORMATION,
        }),
        code: Some(lsp::NumberOrString::String(d.code.as_str().to_string())),
        source: Some("fleetcheck".into()),
        message,
        related_information: related,
        ..lsp::Diagnostic::default()
    }
}

/// Where `doc` names the file `path` (the string `"decks/huge.toml"` of
/// `deck = { file = "decks/huge.toml" }`: the path relative to the
/// document's folder).
fn named_at(doc: &Document, path: &str) -> Option<Range<usize>> {
    let own = &doc.source.path;
    let dir = own.rfind(['/', '\\']).map_or("", |i| &own[..=i]);
    let relative = path.strip_prefix(dir).unwrap_or(path);
    let quoted = format!("\"{relative}\"");
    let at = doc.text().find(&quoted)?;
    Some(at..at + quoted.len())
}

/// The `file:` URI of an absolute path (spaces, `%` and bytes that are
/// not ASCII escaped).
fn file_uri(path: &str) -> String {
    let mut out = String::from("file://");
    for b in path.bytes() {
        match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'/' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// One card reference of a fleet: where it is written, its card, and the
/// ship (0-based) it stands on.
struct Reference<'db> {
    span: Range<usize>,
    card: &'db Card,
    ship: Option<usize>,
    /// The ship card of its ship itself.
    is_ship: bool,
}

/// Every resolved reference of a STAW fleet document, in file order.
fn references<'db>(db: &'db Database, opts: &CheckOptions, doc: &Document) -> Vec<Reference<'db>> {
    let engine = Engine::new(db, opts.clone());
    let resolved = engine.resolve_text(doc.source.clone());
    let Some(fleet) = resolved.fleet() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut push = |p: &Placed<'db>, ship: Option<usize>, is_ship: bool| {
        out.push(Reference {
            span: p.span.clone(),
            card: p.card,
            ship,
            is_ship,
        })
    };
    if let Some(r) = &fleet.resource {
        push(r, None, false);
    }
    for (i, e) in fleet.ships.iter().enumerate() {
        push(&e.ship, Some(i), true);
        let singles = [
            &e.captain,
            &e.admiral,
            &e.flagship,
            &e.fleet_captain,
            &e.ambassador,
            &e.construction,
        ];
        for p in singles.into_iter().flatten() {
            push(p, Some(i), false);
        }
        for p in e.upgrades.iter().chain(&e.officers) {
            push(p, Some(i), false);
        }
    }
    if let Some(sb) = &fleet.sideboard {
        for c in &sb.cards {
            push(&c.card, None, false);
        }
    }
    out.sort_by_key(|r| r.span.start);
    out
}

/// The report's line of a card on its ship (its cost there, with every
/// modifier).
fn priced<'a>(doc: &'a Document, r: &Reference<'_>) -> Option<&'a CardReport> {
    let ship = doc.checked.as_ref()?.report.ships.get(r.ship?)?;
    ship.cards.iter().find(|c| c.id == r.card.id)
}

/// A modifier as `price` says it: its kind, signed amount and source
/// ("ship-penalty +5: Cloaking Device (T240): +5 SP unless on the U.S.S.
/// Defiant").
fn modifier_words(m: &Modifier) -> String {
    format!("{} {:+}: {}", m.kind, m.amount, m.source)
}

/// The upgrade slots of ship `ship` (0-based) and how many of each are
/// free: "weapon 1 of 2 free" (a slot that takes either of two types is
/// "crew-or-tech"). `None` when the fleet cannot be priced.
fn slots_left(db: &Database, opts: &CheckOptions, doc: &Document, ship: usize) -> Option<String> {
    let engine = Engine::new(db, opts.clone());
    let resolved = engine.resolve_text(doc.source.clone());
    resolved
        .analyse(|a| {
            let s = a.ships.get(ship)?;
            let words = |slot: &fleetcheck_staw::Slot| slot.accepts.join("-or-");
            // (the slot's words, free, all), in the order of the ship's slots.
            let mut groups: Vec<(String, usize, usize)> = Vec::new();
            for slot in s.slots.iter().filter(|x| !x.accepts.is_empty()) {
                let name = words(slot);
                match groups.iter_mut().find(|(n, _, _)| *n == name) {
                    Some(g) => g.2 += 1,
                    None => groups.push((name, 0, 1)),
                }
            }
            for slot in s.free_slots() {
                let name = words(slot);
                if let Some(g) = groups.iter_mut().find(|(n, _, _)| *n == name) {
                    g.1 += 1;
                }
            }
            if groups.is_empty() {
                return Some("none".to_string());
            }
            let words: Vec<String> = groups
                .iter()
                .map(|(n, f, all)| format!("{n} {f} of {all} free"))
                .collect();
            Some(words.join(", "))
        })
        .priced
        .flatten()
}

/// Hover: a card's page in short, with its cost on that ship (every
/// modifier as `price` names it); on a ship its total and the slots
/// left; on the fleet's `name` the total against the cap.
pub(crate) fn hover(
    db: &Database,
    opts: &CheckOptions,
    doc: &Document,
    offset: usize,
) -> Option<lsp::Hover> {
    if !doc.staw {
        return None;
    }
    let report = &doc.checked.as_ref()?.report;
    let refs = references(db, opts, doc);
    let Some(r) = refs
        .iter()
        .find(|r| r.span.start <= offset && offset < r.span.end.max(r.span.start + 1))
    else {
        // The fleet's name: its total against the cap.
        let line = line_at(doc.text(), offset);
        if key_of(line) == Some("name") {
            let total = report.total?;
            let text = match report.cap {
                Some(cap) => format!(
                    "Fleet total: **{total} SP** of {cap} SP ({} SP {})",
                    (cap - total).abs(),
                    if total <= cap { "left" } else { "over" }
                ),
                None => format!("Fleet total: **{total} SP** (no cap)"),
            };
            return Some(markdown(text, None));
        }
        return None;
    };
    let card = r.card;
    let view = fleetcheck_report::card::view(db, card);
    let mut lines = Vec::new();
    let slot = card
        .slot
        .as_deref()
        .map_or(String::new(), |s| format!(" ({s})"));
    lines.push(format!(
        "**{}** `{}`: {}{slot}",
        card.name,
        card.id,
        card.kind.as_str()
    ));
    if !view.faction_names.is_empty() {
        lines.push(format!("Factions: {}", view.faction_names.join(", ")));
    }
    lines.push(format!("Base cost: {} SP", card.cost));
    let ship = r.ship.and_then(|i| report.ships.get(i).map(|s| (i, s)));
    if r.is_ship {
        if let Some((i, s)) = ship {
            lines.push(format!(
                "Ship {}: **{} SP** with its cards (the ship {} SP)",
                i + 1,
                s.total,
                s.cost
            ));
            if let Some(left) = slots_left(db, opts, doc, i) {
                lines.push(format!("Slots: {left}"));
            }
        }
    } else if let (Some(c), Some((_, s))) = (priced(doc, r), ship) {
        let mut there = format!("On the {}: **{} SP**", s.ship.name, c.cost);
        for m in &c.modifiers {
            there.push_str(&format!("\n- {}", modifier_words(m)));
        }
        lines.push(there);
    }
    let sets: Vec<String> = view
        .set_details
        .iter()
        .map(|s| match &s.name {
            Some(name) => format!("{name} ({})", s.id),
            None => s.id.clone(),
        })
        .collect();
    if !sets.is_empty() {
        lines.push(format!("Sets: {}", sets.join(", ")));
    }
    if view.rules_text.is_empty() {
        lines.push("Fleet-building rules: none".to_string());
    } else {
        let mut rules = "Fleet-building rules:".to_string();
        for rule in &view.rules_text {
            rules.push_str(&format!("\n- {rule}"));
        }
        lines.push(rules);
    }
    let range = doc.lines.range(doc.text(), &r.span);
    Some(markdown(lines.join("\n\n"), Some(range)))
}

fn markdown(value: String, range: Option<lsp::Range>) -> lsp::Hover {
    lsp::Hover {
        contents: lsp::HoverContents::Markup(lsp::MarkupContent {
            kind: lsp::MarkupKind::Markdown,
            value,
        }),
        range,
    }
}

/// The line of `text` that holds `offset`.
fn line_at(text: &str, offset: usize) -> &str {
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    &text[start..end]
}

/// The key a line assigns (`upgrades = [` gives `upgrades`).
pub(crate) fn key_of(line: &str) -> Option<&str> {
    let (key, _) = line.split_once('=')?;
    let key = key.trim();
    (!key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')).then_some(key)
}

/// The string literal around `offset` on its line: the byte range of its
/// contents (between the quotes), if the offset is inside one.
pub(crate) fn string_at(text: &str, offset: usize) -> Option<Range<usize>> {
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let mut open: Option<usize> = None;
    for (i, c) in text[start..end].char_indices() {
        let at = start + i;
        if c == '"' {
            match open {
                None => open = Some(at + 1),
                Some(o) => {
                    if o <= offset && offset <= at {
                        return Some(o..at);
                    }
                    open = None;
                }
            }
        } else if c == '#' && open.is_none() {
            break;
        }
    }
    open.filter(|&o| o <= offset).map(|o| o..end)
}

/// `text` without the array element whose string contents are `inner`
/// (and its comma), or without the line of a `key = "…"`.
pub(crate) fn without_element(text: &str, inner: &Range<usize>) -> String {
    let line_start = text[..inner.start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[inner.end..]
        .find('\n')
        .map_or(text.len(), |i| inner.end + i);
    let head = &text[line_start..inner.start];
    if key_of(head).is_some() && !head.contains('[') {
        // `captain = "…"`: the whole line.
        return format!("{}{}", &text[..line_start], &text[line_end..]);
    }
    // The element: from its opening (the quote, or the `{` of an inline
    // table) to its closing and a comma after it.
    let open = text[..inner.start]
        .rfind(['{', '"'])
        .filter(|&o| o >= line_start)
        .map_or(inner.start, |o| {
            let brace = text[line_start..o].rfind('{').map(|b| line_start + b);
            brace.unwrap_or(o)
        });
    let mut close = (inner.end + 1).min(line_end);
    let rest = &text[close..line_end];
    if text[open..].starts_with('{') {
        close = rest.find('}').map_or(close, |i| close + i + 1);
    }
    let rest = &text[close..line_end];
    if let Some(i) = rest.find(',').filter(|&i| rest[..i].trim().is_empty()) {
        close += i + 1;
    }
    format!("{}{}", &text[..open], &text[close..])
}

/// Code actions: each fix of each diagnostic in `range`, and the source
/// action that writes ids for all names.
pub(crate) fn code_actions(
    db: &Database,
    opts: &CheckOptions,
    doc: &Document,
    uri: &lsp::Uri,
    range: lsp::Range,
) -> Vec<lsp::CodeActionOrCommand> {
    let text = doc.text();
    let (from, to) = (
        doc.lines.offset(text, range.start),
        doc.lines.offset(text, range.end),
    );
    let mut out = Vec::new();
    for d in &doc.diagnostics {
        let Some(span) = d.span.as_ref().filter(|_| d.file.is_none()) else {
            continue;
        };
        if span.end < from || span.start > to {
            continue;
        }
        let only = d.fixes.len() == 1;
        for fix in d.fixes.iter() {
            let edit = lsp::TextEdit {
                range: doc.lines.range(text, span),
                new_text: fix.write.clone(),
            };
            let mut title = format!("Write {}", fix.label);
            if !fix.legal {
                title.push_str(" (breaks a rule there)");
            }
            out.push(lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
                title,
                kind: Some(lsp::CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![diagnostic(doc, d)]),
                edit: Some(workspace_edit(uri, vec![edit])),
                is_preferred: Some(only && fix.legal),
                ..lsp::CodeAction::default()
            }));
        }
    }
    if let Some(edit) = ids_for_names(db, opts, doc) {
        out.push(lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
            title: "Write ids for all names".into(),
            kind: Some(lsp::CodeActionKind::SOURCE),
            edit: Some(workspace_edit(uri, vec![edit])),
            ..lsp::CodeAction::default()
        }));
    }
    out
}

fn workspace_edit(uri: &lsp::Uri, edits: Vec<lsp::TextEdit>) -> lsp::WorkspaceEdit {
    lsp::WorkspaceEdit {
        changes: Some([(uri.clone(), edits)].into_iter().collect()),
        ..lsp::WorkspaceEdit::default()
    }
}

/// Every reference written by name replaced by its card's id, the name in
/// a comment: the answers `fix` writes (`edit::fix::apply`). `None` when
/// every reference already has its id.
fn ids_for_names(db: &Database, opts: &CheckOptions, doc: &Document) -> Option<lsp::TextEdit> {
    if !doc.staw {
        return None;
    }
    let text = doc.text();
    let answers: Vec<(Range<usize>, Fix)> = references(db, opts, doc)
        .into_iter()
        .filter(|r| {
            let written = text.get(r.span.clone()).unwrap_or("").trim();
            written.starts_with('"')
                || written.starts_with('\'')
                || written.starts_with('{') && !has_id_key(written)
        })
        .map(|r| {
            let fix = Fix {
                label: r.card.name.clone(),
                write: format!("{{ id = \"{}\" }}", r.card.id),
                id: Some(r.card.id.clone()),
                legal: true,
            };
            (r.span, fix)
        })
        .collect();
    if answers.is_empty() {
        return None;
    }
    let new_text = fleetcheck_edit::fix::apply(db, text, &answers);
    let all = 0..text.len();
    Some(lsp::TextEdit {
        range: doc.lines.range(text, &all),
        new_text,
    })
}

fn has_id_key(inline: &str) -> bool {
    inline
        .trim_start_matches('{')
        .split(',')
        .any(|kv| kv.split_once('=').is_some_and(|(k, _)| k.trim() == "id"))
}

/// Document symbols: each ship (its total) with its cards (each cost).
#[allow(deprecated)] // `DocumentSymbol::deprecated` must be written.
pub(crate) fn symbols(
    db: &Database,
    opts: &CheckOptions,
    doc: &Document,
) -> Vec<lsp::DocumentSymbol> {
    if !doc.staw {
        return Vec::new();
    }
    let text = doc.text();
    let report = doc.checked.as_ref().map(|c| &c.report);
    let mut ships: Vec<lsp::DocumentSymbol> = Vec::new();
    let mut others = Vec::new();
    for r in references(db, opts, doc) {
        let range = doc.lines.range(text, &r.span);
        let detail = if r.is_ship {
            r.ship
                .and_then(|i| report?.ships.get(i))
                .map(|s| format!("{} SP", s.total))
        } else {
            priced(doc, &r).map(|c| format!("{} SP", c.cost))
        };
        let symbol = lsp::DocumentSymbol {
            name: format!("{} ({})", r.card.name, r.card.id),
            detail,
            kind: if r.is_ship {
                lsp::SymbolKind::CLASS
            } else {
                lsp::SymbolKind::FIELD
            },
            tags: None,
            deprecated: None,
            range,
            selection_range: range,
            children: None,
        };
        match (r.is_ship, r.ship, ships.last_mut()) {
            (true, _, _) => ships.push(lsp::DocumentSymbol {
                children: Some(Vec::new()),
                ..symbol
            }),
            (false, Some(_), Some(ship)) => {
                ship.range.end = range.end;
                ship.children.get_or_insert_with(Vec::new).push(symbol);
            }
            _ => others.push(symbol),
        }
    }
    ships.extend(others);
    ships
}

/// Inlay hints: each card's cost on its ship after its reference.
pub(crate) fn inlay_hints(
    db: &Database,
    opts: &CheckOptions,
    doc: &Document,
    range: lsp::Range,
) -> Vec<lsp::InlayHint> {
    if !doc.staw {
        return Vec::new();
    }
    let text = doc.text();
    let (from, to) = (
        doc.lines.offset(text, range.start),
        doc.lines.offset(text, range.end),
    );
    references(db, opts, doc)
        .iter()
        .filter(|r| !r.is_ship && r.span.end >= from && r.span.start <= to)
        .filter_map(|r| {
            let c = priced(doc, r)?;
            Some(lsp::InlayHint {
                position: doc.lines.position(text, r.span.end),
                label: lsp::InlayHintLabel::String(format!("{} SP", c.cost)),
                kind: None,
                text_edits: None,
                tooltip: None,
                padding_left: Some(true),
                padding_right: None,
                data: None,
            })
        })
        .collect()
}
