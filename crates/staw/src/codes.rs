//! The STAW engine's diagnostic codes: the registry every rule of
//! [`super::RULES`] reports from (input errors are the shared
//! [`fleetcheck_input::diag::InputCode`]). The README's STAW code table is
//! generated from it (`fleetcheck_dev::codes`).

use fleetcheck_input::diag::codes;

codes! {
    /// A STAW rule finding. Each rule of `RULES` lists the codes it reports.
    pub enum Code: Rule in "staw" {
        Slot = ("slot", Error, "an upgrade fits no free slot of its type on its ship"),
        Captain = ("captain", Error, "more captains than the ship takes (or a captain on a ship that takes none)"),
        NoCaptain = ("no-captain", Warning, "a ship without a captain"),
        AdmiralLimit = ("admiral-limit", Error, "more than one admiral in the fleet"),
        Unique = ("unique", Error, "a unique name twice in the fleet (across card types, ships and the sideboard; Mirror Universe unique apart)"),
        Restriction = ("restriction", Error, "a purchase restriction or per-ship limit of a card is not met (faction, class, ship, captain, hull, weapon, skill, one per ship, ...)"),
        ResourceCount = ("resource-count", Error, "more resources than the format allows"),
        ResourceCard = ("resource-card", Error, "a flagship, fleet captain or officer card without its resource"),
        ResourceUnassigned = ("resource-unassigned", Warning, "a Flagship or Fleet Captain resource whose card sits on no ship (charged at fleet level)"),
        ResourceRetired = ("resource-retired", Error, "a resource retired from tournament play by the evaluation date"),
        SideboardResource = ("sideboard-resource", Error, "a `[sideboard]` without the Reinforcements Sideboard resource"),
        SideboardSlot = ("sideboard-slot", Error, "a list, a second card, an unknown section or a card of the wrong type in the sideboard"),
        SideboardBorg = ("sideboard-borg", Error, "a Borg upgrade on the sideboard"),
        SideboardCap = ("sideboard-cap", Error, "sideboard cards over 20 SP together"),
        SideboardSetCost = ("sideboard-set-cost", Warning, "a card whose cost comes from ship stats, priced at its printed cost on the sideboard"),
        SpCap = ("sp-cap", Error, "the fleet total over the format's cap (or the file's `sp_cap`)"),
        ShipCount = ("ship-count", Error, "fewer (or more) ships than the format allows"),
        EmptyFleet = ("empty-fleet", Error, "a fleet with no ship, no resource and no sideboard: nothing to check (a file with only a `player` line); `check` and `event` alike"),
        ShipSpCap = ("ship-sp-cap", Error, "a ship over the per-ship cap, beyond the base-cost-43 exception"),
        OversizedLimit = ("oversized-limit", Error, "more oversized bases than the format allows"),
        CardPool = ("card-pool", Error, "a card not yet released at the evaluation date (formats with a card pool)"),
        EquivalentCards = ("equivalent-cards", Note, "a name several cards share, resolved because they are the same on that ship (same cost, legality and uniqueness); the card used is named"),
        ChosenCard = ("chosen-card", Note, "a name several different cards share, resolved because the fleet decides: the only candidate that can go there without a penalty and is the cheapest there; the card used and why are named"),
        Held = ("held", Note, "a card held face down beneath another card (Quark, Cryogenic Stasis, ...): no slot of the upgrade bar; the card holding it is named"),
        OpBanned = ("op-banned", Error, "a card banned from organised play (formats that exclude them)"),
        NotOwned = ("not-owned", Warning, "`--collection`: the fleet uses more copies of a card than the collection holds (on the first copy beyond those owned; the expansions that contain it are named, the newest first)"),
    }
}
