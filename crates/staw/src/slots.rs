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
//! 2. among those assignments, the one with the lowest total cost;
//! 3. no card stands, at any depth, in a slot it adds itself (two cards
//!    in each other's added slots are on no slot of the ship):
//!    [`assign_grounded`] searches on while the assignment holds such a
//!    loop.
//!
//! Most ships need no search: when every card costs the same in each slot
//! it may take, and cards that may share a slot may take exactly the same
//! slots, with no more such cards than slots, every card gets a slot and
//! [`direct`] hands them out without building the graph. It gives exactly
//! the assignment the search gives (slot for slot: which slot of a kind a
//! card takes shows in reports), which a property test holds it to.

/// One slot of a ship.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot<'a> {
    /// The upgrade types it takes (one, or several when the card that adds
    /// it lets the player choose).
    pub accepts: Accepts<'a>,
    /// The name of the card that provides it (the ship, its captain, ...).
    pub source: &'a str,
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

/// The upgrade types a slot takes, read as a slice: one type (most slots)
/// is kept in place, several in a list. Compared, hashed and shown as the
/// slice of types, however kept.
#[derive(Clone)]
pub enum Accepts<'a> {
    One(&'a str),
    Several(Vec<&'a str>),
}

impl<'a> Accepts<'a> {
    /// The types, in order.
    pub fn as_slice(&self) -> &[&'a str] {
        match self {
            Accepts::One(t) => std::slice::from_ref(t),
            Accepts::Several(v) => v,
        }
    }

    /// Takes `t` too.
    pub(crate) fn push(&mut self, t: &'a str) {
        match self {
            Accepts::One(first) => *self = Accepts::Several(vec![*first, t]),
            Accepts::Several(v) => v.push(t),
        }
    }

    /// Takes nothing.
    pub(crate) fn clear(&mut self) {
        *self = Accepts::Several(Vec::new());
    }
}

impl<'a> std::ops::Deref for Accepts<'a> {
    type Target = [&'a str];

    fn deref(&self) -> &[&'a str] {
        self.as_slice()
    }
}

impl<'a> From<Vec<&'a str>> for Accepts<'a> {
    fn from(v: Vec<&'a str>) -> Accepts<'a> {
        match v.as_slice() {
            [one] => Accepts::One(one),
            _ => Accepts::Several(v),
        }
    }
}

impl PartialEq for Accepts<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Accepts<'_> {}

impl std::hash::Hash for Accepts<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl std::fmt::Debug for Accepts<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// Slot assignments made, by what each was made of ([`assign_plain`]'s
/// slots, options and adders): a question that prices many changes of one
/// fleet (`options`, through `Resolved::analyse_rules_beside`) assigns the
/// slots of a ship with the same slots and the same options again and
/// again. Kept for one such question (`engine::Base`), at most
/// [`Assignments::KEPT`] of them. A key is what the assignment reads: the
/// types each slot accepts, each card's options (type and cost), and the
/// card that adds each slot.
#[derive(Debug, Default)]
pub(crate) struct Assignments {
    made: Kept,
    /// [`Assignments::grown`]'s, by ship and added options.
    grown: Kept,
}

/// Assignments kept by their key: each made once, by the first worker to
/// ask for it (another that asks meanwhile waits for it rather than making
/// it again).
type Kept = std::sync::Mutex<
    std::collections::HashMap<
        Vec<u8>,
        std::sync::Arc<std::sync::OnceLock<Assignment>>,
        foldhash::fast::RandomState,
    >,
>;

impl Assignments {
    const KEPT: usize = 4096;

    /// The assignment of ship `ship` of the fleet these are kept for,
    /// with one quiet upgrade added after its cards (`analysis::extends`),
    /// made by `make` once for each `added`, the options of that upgrade
    /// (none when it needs no slot): everything else the assignment reads
    /// (the slots, the other cards' options) is that ship's in the fleet.
    pub(crate) fn grown(
        &self,
        ship: usize,
        added: &[(&str, i32)],
        make: impl FnOnce() -> Assignment,
    ) -> Assignment {
        let mut key = Vec::with_capacity(4 + 16 * added.len());
        push_number(&mut key, ship);
        push_options(&mut key, added);
        Self::kept(&self.grown, key, make)
    }

    /// The assignment `map` keeps under `key`, else the one `make`
    /// makes, kept there while it holds fewer than [`Assignments::KEPT`].
    fn kept(map: &Kept, key: Vec<u8>, make: impl FnOnce() -> Assignment) -> Assignment {
        let cell = map.lock().ok().and_then(|mut m| match m.get(&key) {
            Some(cell) => Some(std::sync::Arc::clone(cell)),
            None if m.len() < Self::KEPT => {
                let cell = std::sync::Arc::default();
                m.insert(key, std::sync::Arc::clone(&cell));
                Some(cell)
            }
            None => None,
        });
        // Made outside the lock: other keys are made meanwhile.
        match cell {
            Some(cell) => cell.get_or_init(make).clone(),
            None => make(),
        }
    }

    /// [`assign_plain`], taken from those made when made of the same.
    pub(crate) fn plain(
        &self,
        slots: &[Slot],
        options: &[Options],
        adders: &[Option<usize>],
    ) -> Assignment {
        // Every list and text after its length: one key, one input.
        let mut key = Vec::with_capacity(16 * (slots.len() + options.len()) + 4 * adders.len());
        push_number(&mut key, slots.len());
        for s in slots {
            push_number(&mut key, s.accepts.len());
            for t in s.accepts.iter() {
                push_number(&mut key, t.len());
                key.extend(t.as_bytes());
            }
        }
        push_number(&mut key, options.len());
        for o in options {
            push_number(&mut key, o.len());
            push_options(&mut key, o);
        }
        for a in adders {
            push_number(&mut key, a.map_or(0, |a| a + 1));
        }
        Self::kept(&self.made, key, || assign_plain(slots, options, adders))
    }
}

/// A number of a key of [`Assignments`].
fn push_number(key: &mut Vec<u8>, n: usize) {
    key.extend(u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes());
}

/// A card's options in a key of [`Assignments`]: each type after its
/// length, then its cost.
fn push_options(key: &mut Vec<u8>, options: &[(&str, i32)]) {
    for (t, c) in options {
        push_number(key, t.len());
        key.extend(t.as_bytes());
        key.extend(c.to_le_bytes());
    }
}

/// Where a card may go: each slot type it may be counted as, with its cost
/// when counted so. Most cards have one or two, kept in place (a ship's
/// options are made at every pricing).
pub(crate) type Options<'a> = smallvec::SmallVec<[(&'a str, i32); 2]>;

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
    // (A few cards, as most ships have, are compared with the earlier
    // ones rather than hashed.)
    let mut seen: std::collections::HashMap<&[Option<(usize, i32)>], usize> =
        std::collections::HashMap::new();
    let keep: Vec<usize> = (0..n)
        .filter(|&i| {
            let open = edges[i].iter().filter(|e| e.is_some()).count();
            let count = if n <= FEW_CARDS {
                1 + edges[..i].iter().filter(|e| **e == edges[i]).count()
            } else {
                let count = seen.entry(edges[i].as_slice()).or_insert(0);
                *count += 1;
                *count
            };
            count <= open
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

/// How many cards of a ship `assign_by` compares with each other rather
/// than hashing.
const FEW_CARDS: usize = 32;

/// [`assign_grounded`] on slots that take what they accept at the card's
/// own price ([`edge`] of the slot and the card's options: no slot terms),
/// `adders[j]` being the card that adds slot `j`.
///
/// Copies of one card that add slots alike (Systems Upgrade's [tech], as
/// many times as a file lists it) are not all searched: the search grows
/// with the square of the cards and of the slots, and every copy brings
/// slots of its own. Of such a group, only as many copies are searched as
/// can matter: one per slot outside the group's own that a copy may take,
/// one per other card that may take the group's slots, and one more. The
/// rest are the same card:
///
/// - copies that may stand in each other's slots: the first ones (as many
///   as may stand outside) and the last ones (as many as may be left out,
///   their slots taken by the other cards) are searched; the ones between
///   are hung in a chain beneath the first searched copy, each in a slot of
///   the one before (one of the group's slots taken, one given back), and
///   the card that stood in that copy's slot moves to the chain's last one
///   (a card may stand in the slot of a card left out);
/// - copies that may not are searched from the first and the rest left
///   out: they could stand only where the earlier ones were preferred, and
///   the group's slots the search keeps are more than the other cards could
///   take.
///
/// By the search's own measure (cards placed, earlier ones first, then the
/// cost) this is as good as a search over every copy: a property test holds
/// it to that where each copy adds one slot. Copies are alike when they
/// have the same options and add the same number of slots, all accepting
/// the same types.
pub(crate) fn assign_plain<'o>(
    slots: &[Slot],
    options: &[Options<'o>],
    adders: &[Option<usize>],
) -> Vec<Option<(usize, usize)>> {
    use std::collections::HashMap;
    let (n, m) = (options.len(), slots.len());
    let mut adds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (j, a) in adders.iter().enumerate() {
        if let Some(i) = a.filter(|&i| i < n) {
            adds[i].push(j);
        }
    }
    // Most ships: no card adds a slot, or one card does.
    if adds.iter().filter(|a| !a.is_empty()).count() < 2 {
        return ground(slots, options, adders);
    }
    type Key<'k, 'o> = (&'k Options<'o>, &'k [&'k str], usize);
    let mut groups: HashMap<Key<'_, 'o>, Vec<usize>> = HashMap::new();
    for (i, own) in adds.iter().enumerate() {
        let Some(&first) = own.first() else { continue };
        let accepts = slots[first].accepts.as_slice();
        if own.iter().all(|&j| slots[j].accepts.as_slice() == accepts) {
            groups
                .entry((&options[i], accepts, own.len()))
                .or_default()
                .push(i);
        }
    }
    let mut groups: Vec<(Key<'_, 'o>, Vec<usize>)> =
        groups.into_iter().filter(|(_, g)| g.len() > 1).collect();
    if groups.is_empty() {
        return ground(slots, options, adders);
    }
    groups.sort_by_key(|(_, g)| g[0]);
    // What is left to the search: slots by what they accept, cards by
    // their options.
    let mut slots_left: HashMap<&[&str], usize> = HashMap::new();
    for s in slots {
        *slots_left.entry(s.accepts.as_slice()).or_insert(0) += 1;
    }
    let mut cards_left: HashMap<&Options, usize> = HashMap::new();
    for o in options {
        *cards_left.entry(o).or_insert(0) += 1;
    }
    let fits = |o: &Options, a: &[&str]| o.iter().any(|(t, _)| a.contains(t));
    let mut card_out = vec![false; n];
    // (the first searched copy, the copies hung beneath it) of each group
    // whose copies chain.
    let mut chains: Vec<(usize, Vec<usize>)> = Vec::new();
    let alike: Vec<Vec<usize>> = groups.iter().map(|(_, g)| g.clone()).collect();
    for ((opts, accepts, count), members) in groups {
        let chained = fits(opts, accepts);
        let own_slots = members.len() * count;
        let taking: usize = slots_left
            .iter()
            .filter(|(a, _)| fits(opts, a))
            .map(|(_, c)| *c)
            .sum();
        let outside = taking - if chained { own_slots } else { 0 };
        let others: usize = cards_left
            .iter()
            .filter(|(o, _)| fits(o, accepts))
            .map(|(_, c)| *c)
            .sum::<usize>()
            - if chained { members.len() } else { 0 };
        let searched = outside.saturating_add(others).saturating_add(1);
        if members.len() <= searched {
            continue;
        }
        // Copies that chain: the first ones (those that may stand outside)
        // and the last ones (those that may be left out, their slots taken
        // by the others) are searched, the ones between hung in a chain.
        // Other copies: the first ones, the rest left out.
        let (first, last) = if chained {
            (outside, others.saturating_add(1))
        } else {
            (searched, 0)
        };
        let rest = &members[first..members.len() - last];
        for &i in rest {
            card_out[i] = true;
        }
        if let Some(c) = slots_left.get_mut(accepts) {
            *c -= rest.len() * count;
        }
        if let Some(c) = cards_left.get_mut(opts) {
            *c -= rest.len();
        }
        if chained {
            let under = if first > 0 {
                members[0]
            } else {
                members[members.len() - last]
            };
            chains.push((under, rest.to_vec()));
        }
    }
    if !card_out.contains(&true) {
        return ground(slots, options, adders);
    }
    // The search on what is left, in the original order.
    let cards: Vec<usize> = (0..n).filter(|&i| !card_out[i]).collect();
    let kept_slots: Vec<usize> = (0..m)
        .filter(|&j| adders[j].is_none_or(|i| i >= n || !card_out[i]))
        .collect();
    let mut new_card = vec![usize::MAX; n];
    for (k, &i) in cards.iter().enumerate() {
        new_card[i] = k;
    }
    let few_slots: Vec<Slot> = kept_slots.iter().map(|&j| slots[j].clone()).collect();
    let few_options: Vec<Options> = cards.iter().map(|&i| options[i].clone()).collect();
    let few_adders: Vec<Option<usize>> = kept_slots
        .iter()
        .map(|&j| adders[j].filter(|&i| i < n).map(|i| new_card[i]))
        .collect();
    let placed = ground(&few_slots, &few_options, &few_adders);
    let mut out = vec![None; n];
    for (p, &i) in placed.into_iter().zip(&cards) {
        out[i] = p.map(|(j, k)| (kept_slots[j], k));
    }
    for (under, rest) in chains {
        // Beneath the first searched copy: the rest in a chain from its
        // slot, the card that stood there on top of the chain.
        let top = adds[under][0];
        let standing = out.iter().position(|p| p.is_some_and(|(j, _)| j == top));
        let mut at = top;
        for &i in &rest {
            out[i] = edge(&slots[at], &options[i]).map(|(k, _)| (at, k));
            at = adds[i][0];
        }
        if let Some(y) = standing {
            out[y] = out[y].map(|(_, k)| (at, k));
        }
    }
    for members in &alike {
        last_left_out(&mut out, members, &adds);
    }
    out
}

/// Of copies that are alike (`members`, in file order: the same options,
/// adding alike slots, `adds[i]` the slots copy `i` adds), the ones left
/// out made the last ones, as the search's own order prefers (earlier
/// cards first): the copies are renamed so that those placed come first,
/// in their order, and each slot a copy adds goes with it, so that every
/// card stands where it stood under its new name. Alike copies make the
/// same assignment under any naming: what is placed, the loops and the
/// costs are the same.
fn last_left_out(out: &mut [Option<(usize, usize)>], members: &[usize], adds: &[Vec<usize>]) {
    let (placed, left): (Vec<usize>, Vec<usize>) = members.iter().partition(|&&i| out[i].is_some());
    let order: Vec<usize> = placed.into_iter().chain(left).collect();
    if order == members {
        return;
    }
    // Copy `order[t]` is renamed `members[t]`; its slots go with it.
    let mut slot_to: std::collections::HashMap<usize, usize> = std::collections::HashMap::new();
    for (&from, &to) in order.iter().zip(members) {
        for (&a, &b) in adds[from].iter().zip(&adds[to]) {
            slot_to.insert(a, b);
        }
    }
    let before: Vec<Option<(usize, usize)>> = order.iter().map(|&i| out[i]).collect();
    for (t, &to) in members.iter().enumerate() {
        out[to] = before[t];
    }
    for (j, _) in out.iter_mut().flatten() {
        if let Some(&k) = slot_to.get(j) {
            *j = k;
        }
    }
}

/// [`assign_grounded`] with the edges of [`assign_plain`].
fn ground(
    slots: &[Slot],
    options: &[Options],
    adders: &[Option<usize>],
) -> Vec<Option<(usize, usize)>> {
    assign_grounded(
        slots.len(),
        options.len(),
        |j| adders[j],
        |i, j| edge(&slots[j], &options[i]),
    )
}

/// How many assignments [`assign_grounded`] searches at most for one ship
/// (a ship has a loop only among cards that add slots of their own type).
const LOOP_SEARCHES: usize = 64;

/// `assign_by` on slots that cards of the same assignment add: `adder(j)`
/// is the card (of `0..n`) that adds slot `j`, if any. No card stands, at
/// any depth, in a slot of its own: a slot a card adds is there once the
/// card is on the ship, so two cards in each other's slots (Ezri Dax in
/// Chakotay's [crew] slot and Chakotay in hers) are on no slot of the
/// ship at all. The assignment is searched as `assign_by` does; while it
/// holds such a loop, each way of breaking it (one card of the loop kept
/// out of the slots of the card it stands in) is searched in turn, and the
/// best assignment without a loop kept, by the search's own order: more
/// cards placed, earlier cards first, then the lowest cost.
pub(crate) fn assign_grounded(
    m: usize,
    n: usize,
    adder: impl Fn(usize) -> Option<usize>,
    edge: impl Fn(usize, usize) -> Option<(usize, i32)>,
) -> Vec<Option<(usize, usize)>> {
    let adders: Vec<Option<usize>> = (0..m).map(adder).collect();
    if adders.iter().all(Option::is_none) {
        return assign_by(m, n, edge);
    }
    let edges: Vec<Vec<Option<(usize, i32)>>> = (0..n)
        .map(|i| {
            (0..m)
                .map(|j| edge(i, j).filter(|_| adders[j] != Some(i)))
                .collect()
        })
        .collect();
    let mut search = Grounded {
        m,
        edges: &edges,
        adders: &adders,
        kept_out: Vec::new(),
        best: None,
        searches: 0,
    };
    search.run();
    match search.best {
        Some((_, a)) => a,
        // Out of searches: the first assignment, each loop broken by
        // leaving its last card out.
        None => {
            let mut a = assign_by(m, n, |i, j| edges[i][j]);
            while let Some(l) = first_loop(&a, &adders) {
                let last = l.iter().map(|&(card, _)| card).max().unwrap_or(0);
                a[last] = None;
            }
            a
        }
    }
}

/// For each card, the slot it takes and the option it is counted as.
type Assignment = Vec<Option<(usize, usize)>>;

/// The search of [`assign_grounded`]: `kept_out` holds (card, adder)
/// pairs, a card kept out of every slot that adder adds.
struct Grounded<'e> {
    m: usize,
    edges: &'e [Vec<Option<(usize, i32)>>],
    adders: &'e [Option<usize>],
    kept_out: Vec<(usize, usize)>,
    best: Option<(i128, Assignment)>,
    searches: usize,
}

impl Grounded<'_> {
    fn run(&mut self) {
        if self.searches >= LOOP_SEARCHES {
            return;
        }
        self.searches += 1;
        let a = assign_by(self.m, self.edges.len(), |i, j| {
            let out = self.adders[j].is_some_and(|k| self.kept_out.contains(&(i, k)));
            self.edges[i][j].filter(|_| !out)
        });
        let weight = weight(self.edges, &a);
        // Keeping cards out never gives a better assignment.
        if self.best.as_ref().is_some_and(|(w, _)| *w <= weight) {
            return;
        }
        match first_loop(&a, self.adders) {
            None => self.best = Some((weight, a)),
            Some(l) => {
                for pair in l {
                    self.kept_out.push(pair);
                    self.run();
                    self.kept_out.pop();
                }
            }
        }
    }
}

/// The search's measure of an assignment (lower is better): each card
/// left out weighs more than every later card and any sum of costs, as in
/// [`search`], then the costs.
fn weight(edges: &[Vec<Option<(usize, i32)>>], a: &[Option<(usize, usize)>]) -> i128 {
    const BIG: i128 = 1 << 24;
    let n = edges.len();
    a.iter()
        .enumerate()
        .map(|(i, p)| match p {
            Some((j, _)) => edges[i][*j].map_or(0, |(_, c)| i128::from(c)),
            None => BIG << (n - i).min(96) as u32,
        })
        .fold(0, i128::saturating_add)
}

/// The first loop of an assignment: the (card, adder) pairs of cards that
/// stand, one in a slot of the next, back to the first.
fn first_loop(
    a: &[Option<(usize, usize)>],
    adders: &[Option<usize>],
) -> Option<Vec<(usize, usize)>> {
    let under = |i: usize| a[i].and_then(|(j, _)| adders[j]);
    for start in 0..a.len() {
        let mut path = vec![start];
        let mut at = start;
        while let Some(next) = under(at) {
            if let Some(p) = path.iter().position(|&c| c == next) {
                let cycle = &path[p..];
                return Some(cycle.iter().map(|&c| (c, under(c).unwrap_or(c))).collect());
            }
            path.push(next);
            at = next;
        }
    }
    None
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
    let options: usize = edges.iter().map(|r| r.iter().flatten().count()).sum();
    let mut g = Graph::new(sink + 1, 2 * n + options + m + 1);
    // Leaving card i unplaced costs more than leaving every later card out
    // (powers of two), and more than any sum of card costs (BIG).
    const BIG: i128 = 1 << 24;
    let mut choice: Vec<Vec<(usize, usize, usize)>> = edges
        .iter()
        .map(|r| Vec::with_capacity(r.iter().flatten().count()))
        .collect();
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
/// Its edges are added first, then flow is pushed along it: each node's
/// edges are then read in the order they were added, from one list
/// (`start`, `adjacent`) made at the first push.
struct Graph {
    nodes: usize,
    from: Vec<usize>,
    to: Vec<usize>,
    cap: Vec<i32>,
    cost: Vec<i128>,
    /// Node `u`'s edges: `adjacent[start[u]..start[u + 1]]`.
    start: Vec<usize>,
    adjacent: Vec<usize>,
    /// A push's cheapest distances and the edge each node was reached by.
    dist: Vec<i128>,
    via: Vec<usize>,
    /// The nodes whose distance fell since their edges were relaxed.
    fallen: Vec<bool>,
}

impl Graph {
    /// A graph of `nodes` nodes that will hold `edges` edges.
    fn new(nodes: usize, edges: usize) -> Graph {
        Graph {
            nodes,
            from: Vec::with_capacity(2 * edges),
            to: Vec::with_capacity(2 * edges),
            cap: Vec::with_capacity(2 * edges),
            cost: Vec::with_capacity(2 * edges),
            start: Vec::new(),
            adjacent: Vec::new(),
            dist: Vec::new(),
            via: Vec::new(),
            fallen: Vec::new(),
        }
    }

    /// Adds an edge of capacity 1; returns its index.
    fn add(&mut self, from: usize, to: usize, cost: i128) -> usize {
        let e = self.to.len();
        self.from.extend([from, to]);
        self.to.extend([to, from]);
        self.cap.extend([1, 0]);
        self.cost.extend([cost, -cost]);
        e
    }

    /// Each node's edges in one list, in the order they were added.
    fn index(&mut self) {
        let mut start = vec![0; self.nodes + 1];
        for &u in &self.from {
            start[u + 1] += 1;
        }
        for u in 0..self.nodes {
            start[u + 1] += start[u];
        }
        let mut next = start.clone();
        let mut adjacent = vec![0; self.from.len()];
        for (e, &u) in self.from.iter().enumerate() {
            adjacent[next[u]] = e;
            next[u] += 1;
        }
        self.start = start;
        self.adjacent = adjacent;
    }

    /// Pushes one unit along a cheapest path (Bellman-Ford: the residual
    /// graph has negative edges but no negative cycle).
    fn augment(&mut self, src: usize, sink: usize) -> bool {
        // Not reached: more than any path costs (a path's edges cost at
        // most `BIG << 96` each, with at most a few dozen of them).
        const UNREACHED: i128 = i128::MAX;
        if self.start.is_empty() {
            self.index();
        }
        let n = self.nodes;
        self.dist.clear();
        self.dist.resize(n, UNREACHED);
        self.via.clear();
        self.via.resize(n, usize::MAX);
        // A node whose distance has not fallen since its edges were last
        // relaxed is skipped: relaxing them again would change nothing
        // (distances only fall), so the sweep makes the same changes in
        // the same order as a full one.
        self.fallen.clear();
        self.fallen.resize(n, false);
        let (dist, via, fallen) = (&mut self.dist, &mut self.via, &mut self.fallen);
        dist[src] = 0;
        fallen[src] = true;
        for _ in 0..n {
            let mut changed = false;
            for u in 0..n {
                if !fallen[u] {
                    continue;
                }
                fallen[u] = false;
                let du = dist[u];
                for &e in &self.adjacent[self.start[u]..self.start[u + 1]] {
                    if self.cap[e] <= 0 {
                        continue;
                    }
                    let v = self.to[e];
                    let nd = du + self.cost[e];
                    if nd < dist[v] {
                        dist[v] = nd;
                        via[v] = e;
                        fallen[v] = true;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        if dist[sink] == UNREACHED {
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
#[path = "slots_tests.rs"]
mod tests;
