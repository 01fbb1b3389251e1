//! The bsg state summary: text and tables for the report, and the
//! same as a tree of values for the JSON report.

use super::*;

pub(super) fn summary(s: &State, f: &Facts) -> Summary {
    let mut out = Summary::from(format!(
        "Galactica: {} (the Cylons win at {})\n",
        count(s.galactica.len() as i64, "damage token", "damage tokens"),
        f.thresholds.cylons_win
    ));
    if !s.galactica.is_empty() {
        let rows = s
            .galactica
            .iter()
            .map(|l| {
                let t = &f.tokens[l.token];
                let (kind, effect) = match (t.class, t.kind) {
                    (Class::Basestar, _) => ("basestar token", "not a Galactica token"),
                    (_, Some(GalacticaKind::Resource)) => {
                        ("resource loss", "removed once resolved")
                    }
                    _ => (
                        "location",
                        "disabled until repaired; characters there to Sickbay",
                    ),
                };
                vec![t.name.clone(), kind.into(), effect.into()]
            })
            .collect();
        out.table(&["Token", "Kind", "Effect"], rows, &[]);
        out.text("\n");
    }
    if !s.basestars.is_empty() {
        let rows = s
            .basestars
            .iter()
            .map(|b| {
                let destroyed = b.destroyed(f);
                let yes_no = |ok: bool| {
                    if destroyed {
                        "-".to_string()
                    } else if ok {
                        "yes".into()
                    } else {
                        "no".into()
                    }
                };
                vec![
                    b.name.clone(),
                    if b.damage.is_empty() {
                        "-".into()
                    } else {
                        b.damage
                            .iter()
                            .map(|l| f.tokens[l.token].name.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    },
                    format!("{} / {}", b.damage(f), f.thresholds.basestar_destroyed),
                    if destroyed { "yes" } else { "no" }.into(),
                    yes_no(!b.has(f, Effect::NoLaunch)),
                    yes_no(!b.has(f, Effect::NoAttack)),
                    if destroyed {
                        "-".into()
                    } else {
                        format!("+{}", b.attack_bonus(f))
                    },
                ]
            })
            .collect();
        out.text("\nBasestars\n");
        out.table(
            &[
                "Basestar",
                "Damage tokens",
                "Damage",
                "Destroyed",
                "Can launch raiders",
                "Can attack Galactica",
                "Attack bonus",
            ],
            rows,
            &[2],
        );
        out.text("\n");
    }
    if s.vipers.listed {
        let p = f.pieces.vipers;
        let reserve = match s.vipers.get("reserve") {
            Some(r) => r.to_string(),
            None => format!("{} (rest)", s.vipers.reserve(p)),
        };
        let get = |k: &str| s.vipers.get(k).unwrap_or(0).to_string();
        out.text(format!("\nVipers ({p})\n"));
        out.table(
            &["Reserves", "In space", "Damaged", "Destroyed", "Can launch"],
            vec![vec![
                reserve,
                get("space"),
                get("damaged"),
                get("destroyed"),
                s.vipers.reserve(p).to_string(),
            ]],
            &[0, 1, 2, 3, 4],
        );
        out.text("\n");
    }
    if s.raptors.listed {
        let p = f.pieces.raptors;
        let reserve = match s.raptors.get("reserve") {
            Some(r) => r.to_string(),
            None => format!("{} (rest)", s.raptors.reserve(p)),
        };
        out.text(format!("\nRaptors ({p})\n"));
        out.table(
            &["Reserves", "Lost"],
            vec![vec![
                reserve,
                s.raptors.get("lost").unwrap_or(0).to_string(),
            ]],
            &[0, 1],
        );
        out.text("\n");
    }
    out
}

pub(super) fn details(s: &State, f: &Facts) -> Value {
    let names = |list: &[Listed]| -> Vec<String> {
        list.iter()
            .map(|l| f.tokens[l.token].name.clone())
            .collect()
    };
    let basestars: Vec<Value> = s
        .basestars
        .iter()
        .map(|b| {
            let destroyed = b.destroyed(f);
            json!({
                "name": b.name,
                "damage_tokens": names(&b.damage),
                "damage": b.damage(f),
                "destroyed": destroyed,
                "can_launch_raiders": !destroyed && !b.has(f, Effect::NoLaunch),
                "can_attack_galactica": !destroyed && !b.has(f, Effect::NoAttack),
                "attack_bonus": b.attack_bonus(f),
            })
        })
        .collect();
    let mut d = json!({
        "galactica": {
            "damage_tokens": names(&s.galactica),
            "damaged_locations": s.galactica.iter()
                .filter(|l| f.tokens[l.token].kind == Some(GalacticaKind::Location))
                .map(|l| f.tokens[l.token].name.clone())
                .collect::<Vec<_>>(),
            "cylons_win": s.galactica.len() as i64 >= f.thresholds.cylons_win,
        },
        "basestars": basestars,
    });
    if s.vipers.listed {
        let p = f.pieces.vipers;
        d["vipers"] = json!({
            "reserve": s.vipers.reserve(p),
            "space": s.vipers.get("space").unwrap_or(0),
            "damaged": s.vipers.get("damaged").unwrap_or(0),
            "destroyed": s.vipers.get("destroyed").unwrap_or(0),
            "can_launch": s.vipers.reserve(p),
        });
    }
    if s.raptors.listed {
        d["raptors"] = json!({
            "reserve": s.raptors.reserve(f.pieces.raptors),
            "lost": s.raptors.get("lost").unwrap_or(0),
        });
    }
    d
}
