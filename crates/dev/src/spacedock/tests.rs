//! Tests of `edit::interop::spacedock_derive`.

use super::*;

#[test]
fn reads_records_of_every_element() {
    let xml = "<Data><Ships><Ship><Title>U.S.S. Enterprise-D</Title><Unique>Y</Unique><ShipClass>Galaxy Class</ShipClass><Faction>Federation</Faction><Attack>4</Attack><Tech>1</Tech><Weapon>2</Weapon><Cost>28</Cost><Id>1001</Id><Set>71120</Set></Ship></Ships>\
        <Upgrades><Upgrade><Title>Worf &amp; Co</Title><Type>Crew</Type><Faction>Klingon</Faction><Cost>3</Cost><Id>3002</Id><Set>71120, 72001</Set></Upgrade></Upgrades>\
        <Sets><Set id=\"72224p\" overallSetName=\"Yesterday&#39;s Enterprise\" releaseDate=\"2017-02-15\">U.S.S. Enterprise-D</Set></Sets></Data>";
    let d = SpaceDockData::parse(xml);
    let r = &d.records;
    assert_eq!(r.len(), 2);
    assert_eq!(r[0].element, "Ship");
    assert!(r[0].unique);
    assert_eq!(r[0].class, "Galaxy Class");
    assert_eq!(r[0].attack, Some(4));
    assert_eq!(r[0].bar, [Some(1), Some(2), None, None]);
    assert_eq!(r[1].title, "Worf & Co");
    assert_eq!(r[1].sets, ["71120", "72001"]);
    assert_eq!(kind_of(&r[1]), (CardType::Upgrade, Some("crew".into())));
    assert_eq!(
        d.sets,
        [SdSet {
            id: "72224p".into(),
            name: "U.S.S. Enterprise-D".into(),
            parent: "Yesterday's Enterprise".into(),
            date: "2017-02-15".into(),
        }]
    );
}

#[test]
fn reads_any_attribute_order_and_empty_fields() {
    let xml = "<Data><Upgrades><Upgrade><Title>X</Title><Cost/><Skill></Skill><Id>3002</Id></Upgrade></Upgrades>\
        <Sets><Set releaseDate=\"2014-10-01\" id=\"71531\" overallSetName=\"Wave 8\"> U.S.S. Enterprise-E </Set></Sets></Data>";
    let d = SpaceDockData::try_parse(xml).unwrap();
    assert_eq!(d.records.len(), 1);
    assert_eq!((d.records[0].cost.as_str(), d.records[0].skill), ("", None));
    assert_eq!(d.sets[0].id, "71531");
    assert_eq!(d.sets[0].name, "U.S.S. Enterprise-E");
}

#[test]
fn malformed_xml_is_an_error_with_its_place() {
    let err = SpaceDockData::try_parse("<Data>\n<Ships><Ship></Ships></Data>").unwrap_err();
    assert!(
        err.starts_with("Space Dock's Data.xml is not well-formed XML: ") && err.contains("2:"),
        "{err}"
    );
}

#[test]
fn corrections_file_rejects_unknown_keys() {
    let ok = parse_corrections(
        "[[correction]]\nspacedock = \"2022\"\nid = \"Cap106\"\nwhy = \"set 71127\"\n",
    )
    .unwrap();
    assert_eq!(ok[0].id.as_deref(), Some("Cap106"));
    let err =
        parse_corrections("[[correction]]\nspacedock = \"2022\"\ncard = \"Cap106\"\nwhy = \"x\"\n")
            .unwrap_err();
    assert!(err.contains("unknown field `card`"), "{err}");
}
