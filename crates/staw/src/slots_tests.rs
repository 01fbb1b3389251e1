//! The tests of `slots` (the assignment, the direct one, loops).

use super::*;

/// For each card, the slot it takes and the type it is counted as;
/// `None` for a card that fits no free slot.
fn assign(slots: &[Slot], cards: &[Options]) -> Vec<Option<(usize, usize)>> {
    assign_by(slots.len(), cards.len(), |i, j| edge(&slots[j], &cards[i]))
}

fn slot<'a>(t: &[&'a str]) -> Slot<'a> {
    Slot {
        accepts: t.to_vec().into(),
        source: "ship",
        added: None,
        by: None,
    }
}

fn opt<'a>(t: &[(&'a str, i32)]) -> Options<'a> {
    Options::from_slice(t)
}

#[test]
fn either_slot_card_takes_the_free_type() {
    // Defiant-like: 1 tech, 2 crew; two crew and a crew-or-tech card.
    let slots = [slot(&["tech"]), slot(&["crew"]), slot(&["crew"])];
    let cards = [
        opt(&[("crew", 3)]),
        opt(&[("crew", 3)]),
        opt(&[("crew", 2), ("tech", 2)]),
    ];
    let a = assign(&slots, &cards);
    assert_eq!(a[2], Some((0, 1)));
    assert!(a[0].is_some() && a[1].is_some());
}

#[test]
fn the_later_card_is_the_one_left_out() {
    let slots = [slot(&["weapon"])];
    let cards = [opt(&[("weapon", 5)]), opt(&[("weapon", 1)])];
    assert_eq!(assign(&slots, &cards), vec![Some((0, 0)), None]);
}

#[test]
fn cheapest_type_is_chosen_when_both_fit() {
    let slots = [slot(&["crew", "tech"]), slot(&["tech"])];
    // Card 0 is cheaper as crew; card 1 must be tech.
    let cards = [opt(&[("crew", 1), ("tech", 2)]), opt(&[("tech", 4)])];
    assert_eq!(assign(&slots, &cards), vec![Some((0, 0)), Some((1, 0))]);
}

#[test]
fn displaced_card_moves_to_place_a_later_one() {
    // Card 0 fits A or B; card 1 only A: both must be placed.
    let slots = [slot(&["crew"]), slot(&["tech"])];
    let cards = [opt(&[("crew", 2), ("tech", 2)]), opt(&[("crew", 2)])];
    assert_eq!(assign(&slots, &cards), vec![Some((1, 1)), Some((0, 0))]);
}

/// Slots that cards 0 and 1 add (`adds[j]`) next to plain ones.
fn grounded(slots: &[(&[&str], Option<usize>)], cards: &[Options]) -> Vec<Option<(usize, usize)>> {
    let list: Vec<Slot> = slots.iter().map(|(t, _)| slot(t)).collect();
    assign_grounded(
        list.len(),
        cards.len(),
        |j| slots[j].1,
        |i, j| edge(&list[j], &cards[i]),
    )
}

#[test]
fn two_cards_in_each_others_slots_are_not_both_placed() {
    // Ezri Dax and Chakotay, each adding a [crew] slot, on a ship
    // without one: the first takes the second's slot, the second
    // finds none.
    let slots: [(&[&str], Option<usize>); 2] = [(&["crew"], Some(0)), (&["crew"], Some(1))];
    let cards = [opt(&[("crew", 2)]), opt(&[("crew", 3)])];
    assert_eq!(grounded(&slots, &cards), vec![Some((1, 0)), None]);
    // With one printed [crew] slot both are placed, one on the bar.
    let slots: [(&[&str], Option<usize>); 3] = [
        (&["crew"], None),
        (&["crew"], Some(0)),
        (&["crew"], Some(1)),
    ];
    let a = grounded(&slots, &cards);
    assert!(a.iter().all(Option::is_some), "{a:?}");
    assert!(first_loop(&a, &[None, Some(0), Some(1)]).is_none(), "{a:?}");
}

#[test]
fn a_loop_through_three_cards_is_broken() {
    // Three cards each adding a [crew] slot and one printed [crew]
    // slot: all placed, in a chain from the printed slot.
    let slots: [(&[&str], Option<usize>); 4] = [
        (&["crew"], Some(0)),
        (&["crew"], Some(1)),
        (&["crew"], Some(2)),
        (&["crew"], None),
    ];
    let cards = [
        opt(&[("crew", 1)]),
        opt(&[("crew", 1)]),
        opt(&[("crew", 1)]),
    ];
    let a = grounded(&slots, &cards);
    assert!(a.iter().all(Option::is_some), "{a:?}");
    assert!(
        first_loop(&a, &[Some(0), Some(1), Some(2), None]).is_none(),
        "{a:?}"
    );
}

/// The edges `assign` builds for slots of these types and cards with
/// these (type, cost) options.
fn edges_of(slots: &[Vec<u8>], cards: &[Vec<(u8, i32)>]) -> Vec<Vec<Option<(usize, i32)>>> {
    cards
        .iter()
        .map(|opts| {
            slots
                .iter()
                .map(|acc| {
                    opts.iter()
                        .enumerate()
                        .filter(|(_, (t, _))| acc.contains(t))
                        .min_by_key(|(_, (_, c))| *c)
                        .map(|(k, (_, c))| (k, *c))
                })
                .collect()
        })
        .collect()
}

#[test]
fn a_plain_ship_is_assigned_directly() {
    // crew, crew, weapon, tech; two crew (the second cheaper), a weapon.
    let slots = [vec![0], vec![0], vec![1], vec![2]];
    let cards = [vec![(0, 3)], vec![(0, 2)], vec![(1, 4)]];
    let edges = edges_of(&slots, &cards);
    let fast = direct(4, &edges).expect("no search needed");
    assert_eq!(fast, search(4, &edges));
    assert_eq!(fast, vec![Some((1, 0)), Some((0, 0)), Some((2, 0))]);
    // Three crew for two crew slots: a search.
    let cards = [vec![(0, 3)], vec![(0, 2)], vec![(0, 1)]];
    assert_eq!(direct(4, &edges_of(&slots, &cards)), None);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
    /// Wherever the direct assignment applies, it is the search's,
    /// slot for slot: slots of one to three types (some taking two),
    /// cards with one or two (type, cost) options, equal costs often.
    #[test]
    fn direct_assignment_equals_the_search(
        slots in proptest::collection::vec(
            proptest::collection::vec(0u8..3, 1..3), 0..7),
        cards in proptest::collection::vec(
            proptest::collection::vec((0u8..4, 0i32..3), 0..3), 0..7),
    ) {
        let edges = edges_of(&slots, &cards);
        if let Some(fast) = direct(slots.len(), &edges) {
            proptest::prop_assert_eq!(fast, search(slots.len(), &edges));
        }
    }

    /// The same on arbitrary edges (a slot may change a card's cost).
    #[test]
    fn direct_assignment_equals_the_search_on_any_edges(
        m in 0usize..6,
        raw in proptest::collection::vec(
            proptest::collection::vec(
                proptest::option::weighted(0.5, (0usize..2, -1i32..2)), 6),
            0..6),
    ) {
        let edges: Vec<Vec<Option<(usize, i32)>>> =
            raw.into_iter().map(|mut r| { r.truncate(m); r }).collect();
        if let Some(fast) = direct(m, &edges) {
            proptest::prop_assert_eq!(fast, search(m, &edges));
        }
    }

    /// The grounded assignment holds no loop; where the plain one
    /// holds none, it is the plain one.
    #[test]
    fn grounded_assignment_has_no_loop(
        slots in proptest::collection::vec(
            (0u8..2, proptest::option::weighted(0.6, 0usize..4)), 0..6),
        cards in proptest::collection::vec(
            proptest::collection::vec((0u8..2, 0i32..3), 1..3), 0..5),
    ) {
        let adders: Vec<Option<usize>> = slots
            .iter()
            .map(|(_, a)| a.filter(|&k| k < cards.len()))
            .collect();
        let edges = edges_of(
            &slots.iter().map(|(t, _)| vec![*t]).collect::<Vec<_>>(),
            &cards,
        );
        let m = slots.len();
        let own = |i: usize, j: usize| edges[i][j].filter(|_| adders[j] != Some(i));
        let a = assign_grounded(m, cards.len(), |j| adders[j], own);
        proptest::prop_assert!(first_loop(&a, &adders).is_none(), "{:?}", a);
        let plain = assign_by(m, cards.len(), own);
        if first_loop(&plain, &adders).is_none() {
            proptest::prop_assert_eq!(a, plain);
        }
    }

    /// Leaving out the cards beyond the slots of their kind (many
    /// copies of one card) places the same cards at the same total
    /// cost as the search over all of them.
    #[test]
    fn pruned_copies_place_the_same_cards_at_the_same_cost(
        m in 1usize..4,
        kinds in proptest::collection::vec(
            proptest::collection::vec(
                proptest::option::weighted(0.5, (0usize..2, 0i32..3)), 4),
            1..3),
        picks in proptest::collection::vec(0usize..3, 0..9),
    ) {
        let edges: Vec<Vec<Option<(usize, i32)>>> = picks
            .iter()
            .map(|&p| {
                let mut r = kinds[p % kinds.len()].clone();
                r.truncate(m);
                r
            })
            .collect();
        let pruned = assign_by(m, edges.len(), |i, j| edges[i][j]);
        let full = search(m, &edges);
        let summary = |a: &[Option<(usize, usize)>]| {
            let placed: Vec<bool> = a.iter().map(Option::is_some).collect();
            let cost: i32 = a
                .iter()
                .zip(&edges)
                .filter_map(|(p, row)| p.map(|(j, _)| row[j].unwrap().1))
                .sum();
            (placed, cost)
        };
        proptest::prop_assert_eq!(summary(&pruned), summary(&full));
    }
}

#[test]
fn many_copies_that_add_their_own_slot_stand_in_one_chain() {
    // One printed [tech] slot and 1,000 copies of a card that may take a
    // [tech] slot and adds one (Systems Upgrade): all placed, each copy
    // after the first in the slot of the one before it.
    let n = 1_000;
    let mut slots = vec![slot(&["tech"])];
    slots.extend((0..n).map(|_| slot(&["tech"])));
    let adders: Vec<Option<usize>> = std::iter::once(None).chain((0..n).map(Some)).collect();
    let options = vec![opt(&[("tech", 2)]); n];
    let a = assign_plain(&slots, &options, &adders);
    assert!(a.iter().all(Option::is_some), "{a:?}");
    assert!(first_loop(&a, &adders).is_none());
    let mut used: Vec<usize> = a.iter().flatten().map(|(j, _)| *j).collect();
    used.sort_unstable();
    used.dedup();
    assert_eq!(used.len(), n, "two copies in one slot");
    // A card that takes only [tech] still finds the chain's last slot.
    let mut options = options;
    options.push(opt(&[("tech", 1)]));
    let a = assign_plain(&slots, &options, &adders);
    assert!(a.iter().all(Option::is_some), "{a:?}");
    assert!(first_loop(&a, &adders).is_none());
}

#[test]
fn copies_that_cannot_take_their_own_slots_are_left_out_beyond_the_others() {
    // Two printed [weapon] slots, 500 copies of a [weapon] card that adds
    // a [crew] slot, and a [crew] card: two copies placed, the crew card
    // in a slot of one of the copies.
    let n = 500;
    let mut slots = vec![slot(&["weapon"]), slot(&["weapon"])];
    slots.extend((0..n).map(|_| slot(&["crew"])));
    let adders: Vec<Option<usize>> = [None, None].into_iter().chain((0..n).map(Some)).collect();
    let mut options = vec![opt(&[("weapon", 3)]); n];
    options.push(opt(&[("crew", 1)]));
    let a = assign_plain(&slots, &options, &adders);
    assert_eq!(a.iter().flatten().count(), 3, "{a:?}");
    assert!(a[0].is_some() && a[1].is_some() && a[n].is_some());
    assert!(first_loop(&a, &adders).is_none());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1000))]
    /// Searching only the copies that can matter gives an assignment
    /// without a loop, each card in a slot it may take and not its own,
    /// and places cards at a cost at least as good as the search over all
    /// of them: printed slots of one or two of three types, then the slots
    /// the cards add; cards of a few kinds, each kind with its options and
    /// the slots each copy adds (all alike).
    #[test]
    fn copies_adding_slots_are_placed_as_well_as_by_the_full_search(
        printed in proptest::collection::vec(
            proptest::collection::vec(0u8..3, 1..3), 0..4),
        kinds in proptest::collection::vec(
            (proptest::collection::vec((0u8..3, 0i32..3), 1..3),
             proptest::collection::vec(0u8..3, 1..3),
             0usize..3),
            1..3),
        picks in proptest::collection::vec(0usize..3, 0..9),
    ) {
        const TYPES: [&str; 3] = ["0", "1", "2"];
        let types = |t: &[u8]| -> Vec<&str> { t.iter().map(|&x| TYPES[usize::from(x)]).collect() };
        let plain = |accepts: Vec<&'static str>| Slot { accepts: accepts.into(), source: "ship", added: None, by: None };
        let mut slots: Vec<Slot> = printed.iter().map(|t| plain(types(t))).collect();
        let mut adders: Vec<Option<usize>> = vec![None; slots.len()];
        let mut options: Vec<Options> = Vec::new();
        for (i, &p) in picks.iter().enumerate() {
            let (opts, adds, count) = &kinds[p % kinds.len()];
            options.push(opts.iter().map(|(t, c)| (TYPES[usize::from(*t)], *c)).collect());
            for _ in 0..*count {
                slots.push(plain(types(adds)));
                adders.push(Some(i));
            }
        }
        let fewer = assign_plain(&slots, &options, &adders);
        let all = ground(&slots, &options, &adders);
        proptest::prop_assert!(first_loop(&fewer, &adders).is_none(), "{:?}", fewer);
        // No two cards in one slot; each card in a slot it may take.
        let mut used: Vec<usize> = fewer.iter().flatten().map(|(j, _)| *j).collect();
        let placed = used.len();
        used.sort_unstable();
        used.dedup();
        proptest::prop_assert_eq!(used.len(), placed);
        for (i, p) in fewer.iter().enumerate() {
            if let Some((j, k)) = *p {
                proptest::prop_assert!(adders[j] != Some(i));
                proptest::prop_assert!(slots[j].accepts.contains(&options[i][k].0));
            }
        }
        // Where each card adds at most one slot: never worse by the
        // search's own measure (more cards placed, earlier cards first,
        // then the lowest cost) than the search over every copy (which may
        // stop short of the best on loops), and as good as the best
        // assignment that ignores loops where that one holds none. (Where
        // cards add two slots, the search on the copies kept may itself
        // stop short on loops that the search over all of them escapes.)
        if kinds.iter().any(|(_, _, count)| *count > 1) {
            return Ok(());
        }
        let edges: Vec<Vec<Option<(usize, i32)>>> = options
            .iter()
            .enumerate()
            .map(|(i, o)| {
                slots.iter().enumerate()
                    .map(|(j, s)| edge(s, o).filter(|_| adders[j] != Some(i)))
                    .collect()
            })
            .collect();
        proptest::prop_assert!(weight(&edges, &fewer) <= weight(&edges, &all), "{:?} {:?}", fewer, all);
        let loose = assign_by(slots.len(), options.len(), |i, j| edges[i][j]);
        if first_loop(&loose, &adders).is_none() {
            proptest::prop_assert_eq!(weight(&edges, &fewer), weight(&edges, &loose));
        }
    }
}

/// The assignments kept across every case of the next test: the same
/// inputs come again often (few types, few costs), and inputs that differ
/// in one cost, one type or one adder must not be taken for each other.
static KEPT: std::sync::OnceLock<Assignments> = std::sync::OnceLock::new();

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
    /// An assignment taken from those made is the assignment made.
    #[test]
    fn a_kept_assignment_is_the_assignment_of_its_inputs(
        printed in proptest::collection::vec(
            proptest::collection::vec(0u8..3, 1..3), 0..4),
        cards in proptest::collection::vec(
            proptest::collection::vec((0u8..3, 0i32..3), 1..3), 0..4),
        adds in proptest::collection::vec(0usize..4, 0..2),
    ) {
        const TYPES: [&str; 3] = ["crew", "tech", "crew-or-tech"];
        let mut slots: Vec<Slot> = printed
            .iter()
            .map(|t| slot(&t.iter().map(|&x| TYPES[usize::from(x)]).collect::<Vec<_>>()))
            .collect();
        let mut adders: Vec<Option<usize>> = vec![None; slots.len()];
        for &i in adds.iter().filter(|&&i| i < cards.len()) {
            slots.push(slot(&["crew"]));
            adders.push(Some(i));
        }
        let options: Vec<Options> = cards
            .iter()
            .map(|o| o.iter().map(|(t, c)| (TYPES[usize::from(*t)], *c)).collect())
            .collect();
        let kept = KEPT.get_or_init(Assignments::default);
        let made = assign_plain(&slots, &options, &adders);
        proptest::prop_assert_eq!(kept.plain(&slots, &options, &adders), made.clone());
        // Asked again: the one kept.
        proptest::prop_assert_eq!(kept.plain(&slots, &options, &adders), made);
    }
}
