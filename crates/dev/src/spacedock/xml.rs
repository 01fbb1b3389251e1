//! Reading Space Dock's `Data.xml`: its card records and its products.

/// One card record of Space Dock's `Data.xml`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Record {
    /// The element it came from: `Ship`, `Captain`, `Admiral`, `Upgrade`,
    /// `Resource`, `Flagship`, `FleetCaptain`, `Officer`.
    pub element: String,
    pub id: String,
    pub title: String,
    /// `Type`: `Crew`, `Tech`, ..., `Captain`, `Resource`.
    pub kind: String,
    pub faction: String,
    pub additional_faction: String,
    /// Space Dock's set ids (see [`SdSet`]).
    pub sets: Vec<String>,
    pub cost: String,
    pub unique: bool,
    pub class: String,
    /// Captains: `Skill` and `Talent`.
    pub skill: Option<i32>,
    pub talent: Option<i32>,
    /// Ships: `Attack`, `Agility`, `Hull`, `Shield`.
    pub attack: Option<i32>,
    pub agility: Option<i32>,
    pub hull: Option<i32>,
    pub shield: Option<i32>,
    /// Ships: the upgrade bar, as counts of `Tech`, `Weapon`, `Crew`, `Borg`.
    pub bar: [Option<i32>; 4],
}

/// The slot types of [`Record::bar`], in order.
pub(super) const BAR: [&str; 4] = ["tech", "weapon", "crew", "borg"];

/// One product of Space Dock's `<Sets>`: `<Set id="71531"
/// overallSetName="Wave 8" releaseDate="2014-10-01">U.S.S.
/// Enterprise-E</Set>`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SdSet {
    pub id: String,
    pub name: String,
    /// `overallSetName`: the wave or event.
    pub parent: String,
    pub date: String,
}

/// What `derive` reads from `Data.xml`.
#[derive(Debug, Clone, Default)]
pub struct SpaceDockData {
    pub records: Vec<Record>,
    pub sets: Vec<SdSet>,
}

impl SpaceDockData {
    /// Reads the card records and the sets of `Data.xml`.
    ///
    /// # Panics
    ///
    /// When the text is not well-formed XML, with the parser's message
    /// (this is tooling over Space Dock's published data; see
    /// [`SpaceDockData::try_parse`] for the error as a value).
    pub fn parse(text: &str) -> SpaceDockData {
        SpaceDockData::try_parse(text).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Reads the card records and the sets of `Data.xml` (by `roxmltree`):
    /// the records are the elements of the card sections (`<Ships>`,
    /// `<Captains>`, ...), each field one child element with text; the sets
    /// are the `<Set id=".." overallSetName=".." releaseDate="..">` elements
    /// of `<Sets>`. Malformed XML is an error naming the line and column.
    pub fn try_parse(text: &str) -> Result<SpaceDockData, String> {
        let doc = roxmltree::Document::parse(text)
            .map_err(|e| format!("Space Dock's Data.xml is not well-formed XML: {e}"))?;
        let root = doc.root_element();
        Ok(SpaceDockData {
            records: records(root),
            sets: sets(root),
        })
    }
}

/// The card sections of `Data.xml` and the element of each record.
const SECTIONS: [(&str, &str); 8] = [
    ("Ships", "Ship"),
    ("Captains", "Captain"),
    ("Admirals", "Admiral"),
    ("Upgrades", "Upgrade"),
    ("Resources", "Resource"),
    ("Flagships", "Flagship"),
    ("FleetCaptains", "FleetCaptain"),
    ("Officers", "Officer"),
];

/// The element children of `node` named `name`.
fn children<'a, 'input>(
    node: roxmltree::Node<'a, 'input>,
    name: &'a str,
) -> impl Iterator<Item = roxmltree::Node<'a, 'input>> + 'a {
    node.children()
        .filter(move |n| n.is_element() && n.tag_name().name() == name)
}

/// Reads the card records of `Data.xml`.
///
/// # Panics
///
/// As [`SpaceDockData::parse`].
pub fn parse_data_xml(text: &str) -> Vec<Record> {
    SpaceDockData::parse(text).records
}

/// Reads the `<Set>` elements of `Data.xml`.
///
/// # Panics
///
/// As [`SpaceDockData::parse`].
pub fn parse_sets(text: &str) -> Vec<SdSet> {
    SpaceDockData::parse(text).sets
}

fn records(root: roxmltree::Node<'_, '_>) -> Vec<Record> {
    let mut out = Vec::new();
    for (section, element) in SECTIONS {
        for card in children(root, section).flat_map(|s| children(s, element)) {
            let mut r = Record {
                element: element.to_string(),
                ..Record::default()
            };
            for field in card.children().filter(roxmltree::Node::is_element) {
                let v = field.text().unwrap_or("").trim().to_string();
                let n = v.parse::<i32>().ok();
                match field.tag_name().name() {
                    "Id" => r.id = v,
                    "Title" => r.title = v,
                    "Type" => r.kind = v,
                    "Faction" => r.faction = v,
                    "AdditionalFaction" => r.additional_faction = v,
                    "Set" => {
                        r.sets = v
                            .split(',')
                            .map(|s| s.trim().to_string())
                            .filter(|s| !s.is_empty())
                            .collect()
                    }
                    "Cost" => r.cost = v,
                    "Unique" => r.unique = v == "Y",
                    "ShipClass" => r.class = v,
                    "Skill" => r.skill = n,
                    "Talent" => r.talent = n,
                    "Attack" => r.attack = n,
                    "Agility" => r.agility = n,
                    "Hull" => r.hull = n,
                    "Shield" => r.shield = n,
                    "Tech" => r.bar[0] = n,
                    "Weapon" => r.bar[1] = n,
                    "Crew" => r.bar[2] = n,
                    "Borg" => r.bar[3] = n,
                    _ => {}
                }
            }
            if !r.id.is_empty() {
                out.push(r);
            }
        }
    }
    out
}

fn sets(root: roxmltree::Node<'_, '_>) -> Vec<SdSet> {
    children(root, "Sets")
        .flat_map(|s| children(s, "Set"))
        .filter_map(|set| {
            Some(SdSet {
                id: set.attribute("id")?.to_string(),
                parent: set.attribute("overallSetName")?.to_string(),
                date: set.attribute("releaseDate")?.to_string(),
                name: set.text().unwrap_or("").trim().to_string(),
            })
        })
        .collect()
}
