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
}

/// Where a card may go: each slot type it may be counted as, with its cost
/// when counted so.
pub type Options = Vec<(String, i32)>;

/// For each card, the slot it takes and the type it is counted as; `None`
/// for a card that fits no free slot.
pub fn assign(slots: &[Slot], cards: &[Options]) -> Vec<Option<(usize, usize)>> {
    assign_by(slots.len(), cards.len(), |i, j| {
        cards[i]
            .iter()
            .enumerate()
            .filter(|(_, (t, _))| slots[j].accepts.iter().any(|a| a == t))
            .min_by_key(|(_, (_, c))| *c)
            .map(|(k, (_, c))| (k, *c))
    })
}

/// `assign` with the edges given by `edge(card, slot)`: `None` when the
/// card may not take the slot, else the option it is counted as there and
/// its cost in that slot (a slot may change what a card costs: `slot_terms`).
pub fn assign_by(
    m: usize,
    n: usize,
    edge: impl Fn(usize, usize) -> Option<(usize, i32)>,
) -> Vec<Option<(usize, usize)>> {
    if n == 0 {
        return Vec::new();
    }
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
    for (i, edges) in choice.iter_mut().enumerate() {
        g.add(src, card_node(i), 0);
        let shift = (n - i).min(96) as u32;
        g.add(card_node(i), unplaced, BIG << shift);
        for j in 0..m {
            if let Some((k, c)) = edge(i, j) {
                let e = g.add(card_node(i), slot_node(j), i128::from(c));
                edges.push((e, j, k));
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

    fn slot(t: &[&str]) -> Slot {
        Slot {
            accepts: t.iter().map(|s| s.to_string()).collect(),
            source: "ship".into(),
            added: None,
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
}
