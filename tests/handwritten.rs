//! Fleets written by hand the way forum posts name cards (names as
//! printed, a few typos, a set now and then: `tests/handwritten/`), each
//! with what `check` makes of it, exactly (a snapshot of its output): the
//! names that resolve, those the fleet decides (an `info` note saying
//! which card and why: the resolution policy of docs/fleet-file.md), and
//! those that stay `ambiguous-card` or `unknown-card`, with every
//! candidate ranked on its ship.
//!
//! - `01-defiant`: Cloaking Device on the U.S.S. Defiant is no question
//!   (T240 is the one candidate that pays no penalty there); Benjamin
//!   Sisko, Quantum Torpedoes, Jadzia Dax and Miles O'Brien stay
//!   ambiguous, each with its candidates ranked on the Defiant (exit 2:
//!   nothing is priced while a name is open, so no note yet).
//! - `02-starter-enterprise`: the README's compact form, `Photon
//!   Torpedoes (Starter Set)`, is the Federation W122 (a `chosen-card`
//!   note: the Klingon W120 pays a penalty there);
//!   `{ name = "Data", cost = 3 }` keeps the Data that costs 3 there;
//!   legal, 45 SP with Picard of the Starter Set (Cap906).
//! - `03-klingon-typos`: `Photon Torpedos` and `Klingon Honour` are no
//!   card's names (`unknown-card`, the close names offered); Martok, Worf
//!   and Tractor Beam stay ambiguous.
//! - `04-romulan`: on the I.R.W. Valdore of its own set, Cloaking Device
//!   is decided; Tomalak, Plasma Torpedoes and Photon Torpedoes are not.
//! - `05-dominion-sets`: set names settle Weyoun and the Photon Torpedoes;
//!   Energy Dissipator and Phased Polaron Beam are decided (notes), and
//!   the Energy Dissipator the policy takes (W174, 2 SP) is restricted to
//!   a Jem'Hadar Attack Ship and finds no weapon slot: the policy drops a
//!   candidate that cannot go there only when another can, and neither
//!   can on the Kraxon (exit 1, two errors).
//! - `06-mixed-federation`: on the U.S.S. Excelsior of its set,
//!   `{ name = "Photon Torpedoes", cost = 3 }`, Dmitri Valtane and Janice
//!   Rand resolve, Hikaru Sulu and Self Destruct Sequence do not; a ship
//!   name five printings share (`U.S.S. Enterprise`) leaves the cards on
//!   it unranked, and `James T Kirk` (a captain) and `Spock` (as a crew
//!   card) are unknown.

use crate::support::run;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/handwritten")
}

#[test]
fn every_handwritten_fleet_checks_as_expected() {
    let mut files: Vec<String> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 6, "{files:?}");
    for file in &files {
        let r = run(&dir(), &["check", file]);
        let stem = file.trim_end_matches(".toml");
        insta::assert_snapshot!(
            format!("handwritten_{stem}"),
            format!("exit {}\n{}{}", r.code, r.stdout, r.stderr)
        );
    }
}
