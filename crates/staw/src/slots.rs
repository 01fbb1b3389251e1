//! Slot assignment: which upgrade goes into which slot of its ship.
//!
//! A ship's slots are its printed upgrade bar, the talent slots of its
//! captain and admiral, and the slots other cards add (flagships, fleet
//! captains, officers, upgrades such as Tactical Station). Most upgrades
//! fill one slot type; some may fill either of two (`either_slot`), and a
//! card's cost may depend on the type it is counted as (a captain's "crew
//! upgrades cost -1 SP"). The fleet file does not say which slot a card
//! takes, so the assignment is solved here as a small min-cost bipartite
//! matching (successive shortest paths; a ship has a few dozen cards and
//! slots at most):
//!
//! 1. as many cards as possible get a slot, earlier cards of the file
//!    first (so the card reported as "no free slot" is the one added last,
//!    as a player reads it);
//! 2. among those assignments, the one with the lowest total cost.
//!
//! Most ships need no search: when every card costs the same in each slot
//! it may take, and cards that may share a slot may take exactly the same
//! slots, with no more such cards than slots, every card gets a slot and
//! [`direct`] hands them out without building the graph. It gives exactly
//! the assignment the search gives (slot for slot: which slot of a kind a
//! card takes shows in reports), which a property test holds it to.

/// One slot of a ship.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    /// The upgrade types it takes (one, or several when the card that adds
    /// it lets the player choose).
    pub accepts: Vec<String>,
    /// The card that provides it (the ship, its captain, ...).
    pub source: String,
    /// For a slot another card added with terms on what fills it
    /// (`AddSlot::has_terms`): that card's index among its ship's cards
    /// (`cost::SHIP_CARD` for the ship card) and the index of the
    /// `adds_slots` entry (see `slot_terms`).
    pub added: Option<(usize, usize)>,
    /// The index among its ship's cards of the card that adds it (a
    /// talent icon, an `adds_slots` entry); `None` for the ship's own
    /// slots. No card fills a slot it adds itself.
    pub by: Option<usize>,
}

/// Where a card may go: each slot type it may be counted as, with its cost
/// when counted so.
pub(crate) type Options = Vec<(String, i32)>;

/// The cheapest option of a card that `slot` accepts, with its cost.
pub(crate) fn edge(slot: &Slot, options: &Options) -> Option<(usize, i32)> {
    options
        .iter()
        .enumerate()
        .filter(|(_, (t, _))| slot.accepts.iter().any(|a| a == t))
        .min_by_key(|(_, (_, c))| *c)
        .map(|(k, (_, c))| (k, *c))
}

/// `assign` with the edges given by `edge(card, slot)`: `None` when the
/// card may not take the slot, else the option it is counted as there and
/// its cost in that slot (a slot may change what a card costs: `slot_terms`).
pub(crate) fn assign_by(
    m: usize,
    n: usize,
    edge: impl Fn(usize, usize) -> Option<(usize, i32)>,
) -> Vec<Option<(usize, usize)>> {
    if n == 0 {
        return Vec::new();
    }
    let edges: Vec<Vec<Option<(usize, i32)>>> = (0..n)
        .map(|i| (0..m).map(|j| edge(i, j)).collect())
        .collect();
    // Of cards with the same edges (the same card many times, typically),
    // at most as many as they have slots can be placed, and the earliest
    // are (swapping an earlier one in for a later one keeps the cost and
    // places earlier cards): the rest stay unplaced without a search, which
    // keeps a file of 100,000 upgrades linear.
    let mut seen: std::collections::HashMap<&[Option<(usize, i32)>], usize> =
        std::collections::HashMap::new();
    let keep: Vec<usize> = (0..n)
        .filter(|&i| {
            let open = edges[i].iter().filter(|e| e.is_some()).count();
            let count = seen.entry(edges[i].as_slice()).or_insert(0);
            *count += 1;
            *count <= open
        })
        .collect();
    if keep.len() == n {
        return direct(m, &edges).unwrap_or_else(|| search(m, &edges));
    }
    let kept: Vec<Vec<Option<(usize, i32)>>> = keep.iter().map(|&i| edges[i].clone()).collect();
    let placed = direct(m, &kept).unwrap_or_else(|| search(m, &kept));
    let mut out = vec![None; n];
    for (p, &i) in placed.into_iter().zip(&keep) {
        out[i] = p;
    }
    out
}

/// The assignment without a search, when it is forced up to the order in
/// which equal slots are handed out (`edges[i][j]`: `edge(i, j)`):
///
/// - each card costs the same in every slot it may take;
/// - any two cards may take exactly the same slots or no common slot, so
///   the slots fall into groups, each open to its own cards;
/// - no group has more cards than slots.
///
/// Then every card with a slot is placed, and the search of [`search`]
/// places them in this order: the cheapest card first (the earlier of two
/// equally cheap ones) into the free slot of its group with the lowest
/// index (its cheapest augmenting path, ties kept by the order in which
/// it relaxes edges; any detour through a placed card costs the same and
/// is never preferred). `None` when a condition does not hold.
fn direct(m: usize, edges: &[Vec<Option<(usize, i32)>>]) -> Option<Vec<Option<(usize, usize)>>> {
    const FREE: usize = usize::MAX;
    // The card that first claimed each slot: its group's representative.
    let mut owner = vec![FREE; m];
    let mut cost = Vec::with_capacity(edges.len());
    for (i, row) in edges.iter().enumerate() {
        let mut c = None;
        let mut group = None;
        for (j, e) in row.iter().enumerate() {
            let Some((_, cj)) = *e else { continue };
            if c.is_some_and(|c| c != cj) {
                return None;
            }
            c = Some(cj);
            match (group, owner[j]) {
                (None, FREE) => {
                    group = Some(i);
                    owner[j] = i;
                }
                (None, o) => group = Some(o),
                (Some(g), FREE) if g == i => owner[j] = i,
                (Some(g), o) if o == g => {}
                _ => return None,
            }
        }
        // A card of an existing group must take all of its slots.
        if let Some(g) = group.filter(|&g| g != i) {
            let same = (0..m).all(|j| (owner[j] == g) == row[j].is_some());
            if !same {
                return None;
            }
        }
        cost.push(c);
    }
    let mut out = vec![None; edges.len()];
    let mut cards: Vec<usize> = Vec::new();
    for g in 0..edges.len() {
        if owner.iter().all(|&o| o != g) {
            continue;
        }
        cards.clear();
        cards.extend((0..edges.len()).filter(|&i| {
            edges[i]
                .iter()
                .enumerate()
                .any(|(j, e)| e.is_some() && owner[j] == g)
        }));
        let slots: Vec<usize> = (0..m).filter(|&j| owner[j] == g).collect();
        if cards.len() > slots.len() {
            return None;
        }
        cards.sort_by_key(|&i| (cost[i], i));
        for (&i, &j) in cards.iter().zip(&slots) {
            out[i] = edges[i][j].map(|(k, _)| (j, k));
        }
    }
    Some(out)
}

/// The min-cost assignment by successive shortest paths.
fn search(m: usize, edges: &[Vec<Option<(usize, i32)>>]) -> Vec<Option<(usize, usize)>> {
    let n = edges.len();
    // Nodes: source, cards, slots, "unplaced", sink.
    let src = 0;
    let card_node = |i: usize| 1 + i;
    let slot_node = |j: usize| 1 + n + j;
    let unplaced = 1 + n + m;
    let sink = unplaced + 1;
    let mut g = Graph::new(sink + 1);
    // Leaving card i unplaced costs more than leaving every later card out
    // (powers of two), and more than any sum of card costs (BIG).
    const BIG: i128 = 1 << 24;
    let mut choice = vec![Vec::new(); n];
    for (i, (taken, row)) in choice.iter_mut().zip(edges).enumerate() {
        g.add(src, card_node(i), 0);
        let shift = (n - i).min(96) as u32;
        g.add(card_node(i), unplaced, BIG << shift);
        for (j, e) in row.iter().enumerate() {
            if let Some((k, c)) = *e {
                let e = g.add(card_node(i), slot_node(j), i128::from(c));
                taken.push((e, j, k));
            }
        }
    }
    for j in 0..m {
        g.add(slot_node(j), sink, 0);
    }
    let to_sink = g.add(unplaced, sink, 0);
    g.cap[to_sink] = n as i32;
    for _ in 0..n {
        if !g.augment(src, sink) {
            break;
        }
    }
    choice
        .iter()
        .map(|edges| {
            edges
                .iter()
                .find(|(e, _, _)| g.cap[*e] == 0)
                .map(|&(_, j, k)| (j, k))
        })
        .collect()
}

/// A residual graph for min-cost flow (edge `e` and its reverse `e ^ 1`).
struct Graph {
    head: Vec<Vec<usize>>,
    to: Vec<usize>,
    cap: Vec<i32>,
    cost: Vec<i128>,
}

impl Graph {
    fn new(nodes: usize) -> Graph {
        Graph {
            head: vec![Vec::new(); nodes],
            to: Vec::new(),
            cap: Vec::new(),
            cost: Vec::new(),
        }
    }

    /// Adds an edge of capacity 1; returns its index.
    fn add(&mut self, from: usize, to: usize, cost: i128) -> usize {
        let e = self.to.len();
        self.head[from].push(e);
        self.to.push(to);
        self.cap.push(1);
        self.cost.push(cost);
        self.head[to].push(e + 1);
        self.to.push(from);
        self.cap.push(0);
        self.cost.push(-cost);
        e
    }

    /// Pushes one unit along a cheapest path (Bellman-Ford: the residual
    /// graph has negative edges but no negative cycle).
    fn augment(&mut self, src: usize, sink: usize) -> bool {
        let n = self.head.len();
        let mut dist = vec![None::<i128>; n];
        let mut via = vec![usize::MAX; n];
        dist[src] = Some(0);
        for _ in 0..n {
            let mut changed = false;
            for u in 0..n {
                let Some(du) = dist[u] else { continue };
                for &e in &self.head[u] {
                    if self.cap[e] <= 0 {
                        continue;
                    }
                    let v = self.to[e];
                    let nd = du + self.cost[e];
                    if !matches!(dist[v], Some(dv) if dv <= nd) {
                        dist[v] = Some(nd);
                        via[v] = e;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        if dist[sink].is_none() {
            return false;
        }
        let mut v = sink;
        while v != src {
            let e = via[v];
            self.cap[e] -= 1;
            self.cap[e ^ 1] += 1;
            v = self.to[e ^ 1];
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// For each card, the slot it takes and the type it is counted as;
    /// `None` for a card that fits no free slot.
    fn assign(slots: &[Slot], cards: &[Options]) -> Vec<Option<(usize, usize)>> {
        assign_by(slots.len(), cards.len(), |i, j| edge(&slots[j], &cards[i]))
    }

    fn slot(t: &[&str]) -> Slot {
        Slot {
            accepts: t.iter().map(|s| s.to_string()).collect(),
            source: "ship".into(),
            added: None,
            by: None,
        }
    }

    fn opt(t: &[(&str, i32)]) -> Options {
        t.iter().map(|(s, c)| (s.to_string(), *c)).collect()
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
}
