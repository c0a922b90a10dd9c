"""Partial-order reduction by strong stubborn sets, for a one-pass stock (Forty Thieves).

A *strong stubborn set* (Alkhazraji, Wehrle, Mattmüller and Helmert 2012;
Wehrle and Helmert, ICAPS 2014) of a position is a set T of actions such that

1. T holds a disjunctive action landmark: every winning line holds an action of T;
2. for each action of T that cannot be made now, T holds a *necessary enabling
   set* of it: every line on which it becomes possible holds an action of that set;
3. for each action of T that can be made now, T holds every action that
   *interferes* with it: in some position where both can be made, one makes the
   other impossible, or the two orders end in different positions.

Then some winning line of the fewest moves begins with a move of T that can be
made now (take the first action of T on a shortest line: by 2 it can be made
now, by 3 it commutes with every action before it and moves to the front), so a
complete search that expands only those moves still finds a win wherever there
is one. :func:`stubborn_moves` computes such a set from the position alone.

**The actions.** Interference must hold in every position, not just this one,
so actions are named by the card they move: ``(src, dst, card)``, "``card``,
the top of pile ``src``, goes onto ``dst``", with ``dst`` :data:`HOME` for "the
first foundation that takes it" and ``(stock, waste, card)`` for a turn of the
stock. Each needs two facts: ``card`` is the top of ``src``, and ``dst`` takes
it (a column whose top it fits on, or an empty one whose space takes it; a
foundation ready for it). A move touches two piles and nothing else, so two
moves that touch no pile in common commute and neither enables nor disables the
other. The ones that do share a pile, and can both be made in one position
(:func:`_interferers`, from the move's point of view):

* the same card from the same pile elsewhere (the same top: either one
  disables the other);
* a card put on the moved card where it lies (it covers it);
* a move of the top of the pile it goes onto (it would be covered) and a move
  of another card onto that pile that fits where it does (one covers the
  other's place): the other copy of the card, or any card into the same space;
* home: the other copy of the card home (one foundation may be ready for it),
  and all aces if it is one (each takes the first empty foundation);
* the waste's top and a turn of the stock (the turn covers it): so a turn
  interferes with every move of the waste, and a move of the waste with every turn.

A move home enables the next card of its suit, a move off a pile enables what
lay under it: enabling is no interference. Every line that makes a fact true
(:func:`_achievers`) holds a move that puts the card there or one that takes
off the card lying just on it (a card's neighbour below it in a pile stays
until the card above it leaves); a column comes to take a card when a card it
fits on is put there or uncovered, or when its bottom card leaves (then it is
empty); a foundation comes to take a card when the card below it goes home.

**The landmark.** Every card not home goes home from a column or the waste in
some move of every winning line: for a card a foundation takes now, its moves
home from every such pile. Each such card is tried and the set with the fewest
moves that can be made now is kept.

**Where it runs.** The argument needs moves of one card, nothing put on the
waste but by the stock's turns (one waste, no redeal left), no move out of a
foundation, and columns without a size limit: :func:`applies` checks these; in
any other position every move is kept. Spaces and the stock's turn touch every
column and the waste: the measurement of how often anything is cut is in
docs/benchmarks.md.

**The compiled core's moves** would be no smaller a set. Its macro move of the
stock ("turn k cards, play the k-th": csrc/core.h, A7) touches the stock, the
waste and where the card goes, so every two macro moves interfere (the stock),
each interferes with every move of the waste's top and every move onto or off
its destination, and a set holding one holds them all; its safe auto-play after
a move is the same dominance as below. This is why it was measured here first,
and not built into the core (docs/benchmarks.md).

**The search it prunes** is :class:`~napoleon.solver.search.Search` with
``stubborn=True``: its positions are those after safe auto-play, and its other
shortcuts are sound with it. Auto-play first: taking a safe card home never
lengthens the shortest win (every move of that card can be struck from a
winning line and the rest still wins, since nothing can ever be put on it), so
where the stubborn set's move leads to a position one move nearer a win, auto-play
after it stays at least that near. By induction on that distance, every position
the search expands that can be won leads it to a win: its stubborn move's
position is expanded itself, or is the same as one already seen up to the order
of interchangeable piles (the same distance), or is its parent (a move straight
back). A "lost" is then every position of the pruned graph visited.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from ..engine.move import Move
from ..engine.rules import TABLEAU, Foundation
from ..engine.state import State

HOME = -2
"""The ``dst`` of an action that plays its card to the first foundation that takes it."""

Action = tuple[int, int, int]


class _Position:
    """What the stubborn set reads of one position: piles, routes and the rule tables."""

    def __init__(self, state: State) -> None:
        game = state.game
        self.game = game
        self.piles = state.piles
        self.stock = game.stock
        self.waste = game.active_wastes(state)[0]
        self.columns = tuple(game.role_piles[TABLEAU])
        self.foundations = game.foundations
        self.builds: dict[int, tuple[int, ...]] = {}
        self.home: dict[int, bool] = {}
        for src in game.sources:
            dsts = [d for _first, _runs, ds in game.routes(state)[src] for d in ds]
            self.builds[src] = tuple(d for d in dsts if d not in self.foundations)
            self.home[src] = any(d in self.foundations for d in dsts)
        self.sources = tuple(game.sources)
        self.into: dict[int, tuple[int, ...]] = {q: tuple(s for s in self.sources if q in self.builds[s])
                                                 for q in self.columns}
        out = set()
        for i, p in enumerate(self.piles):
            if i not in self.foundations:
                out.update(p)
        self.out = frozenset(out)  # the cards not home (the only ones any action can move)
        self.aces = frozenset(c for c in self.out if any(c in game.space[f] for f in self.foundations))
        self.edges: dict[Action, tuple[bool, tuple[Action, ...]]] = {}   # _next, kept: landmarks share it

    def next(self, a: Action) -> tuple[bool, tuple[Action, ...]]:
        """Whether ``a`` can be made now, and what the set must hold with it:
        its interferers if it can, a necessary enabling set if not."""
        known = self.edges.get(a)
        if known is None:
            needs = _achievers(self, a)
            more = _interferers(self, a) if needs is None else needs
            known = self.edges[a] = (needs is None, tuple(b for b in set(more) if self.exists(b)))
        return known

    def top(self, p: int) -> int | None:
        pile = self.piles[p]
        return pile[-1] if pile else None

    def takes(self, q: int, card: int) -> bool:
        if q == HOME:
            return any(self.game.foundation_accepts(self.piles, f, card) for f in self.foundations)
        pile = self.piles[q]
        return card in self.game.fit[q][pile[-1]] if pile else card in self.game.space[q]

    def exists(self, a: Action) -> bool:
        src, dst, _card = a
        if src == self.stock:
            return dst == self.waste
        return self.home[src] if dst == HOME else dst in self.builds[src]

    def can(self, a: Action) -> bool:
        src, dst, card = a
        return self.exists(a) and self.top(src) == card and (src == self.stock or self.takes(dst, card))

    def moves_of(self, src: int, card: int) -> Iterable[Action]:
        """Every action moving ``card`` off ``src``."""
        if src == self.stock:
            yield (src, self.waste, card)
            return
        for d in self.builds[src]:
            yield (src, d, card)
        if self.home[src]:
            yield (src, HOME, card)

    def onto(self, q: int, cards: Iterable[int]) -> Iterable[Action]:
        """Every action putting one of ``cards`` onto column ``q``."""
        for card in cards:
            for src in self.into[q]:
                yield (src, q, card)

    def uncovering(self, p: int, cards: Iterable[int]) -> Iterable[Action]:
        """The moves of the card lying just on a copy of one of ``cards`` in pile ``p``."""
        pile = self.piles[p]
        wanted = set(cards)
        for i in range(len(pile) - 1):
            if pile[i] in wanted:
                yield from self.moves_of(p, pile[i + 1])

    def below(self, card: int) -> set[int]:
        """The cards ``card`` goes on, on a foundation (outside the foundations now)."""
        return {c for c in self.out if any(card in self.game.fit[f][c] for f in self.foundations)}

    def fits_on(self, q: int, card: int) -> set[int]:
        """The cards ``card`` may be put on in column ``q`` (outside the foundations)."""
        fit = self.game.fit[q]
        return {e for e in self.out if card in fit[e]}


def applies(state: State) -> bool:
    """Whether the stubborn set's argument holds in ``state`` (module text, "Where it runs")."""
    game = state.game
    if game.stock is None or game.redeals_left(state) > 0 or len(game.active_wastes(state)) != 1:
        return False
    if any(game.runs) or game.whole_moves or TABLEAU not in game.role_piles:
        return False
    waste = game.active_wastes(state)[0]
    for src in game.sources:
        for _first, _runs, dsts in game.routes(state)[src]:
            if waste in dsts or game.stock in dsts:
                return False
    if game.stock in game.sources or waste not in game.sources or any(f in game.sources for f in game.foundations):
        return False
    if not all(isinstance(game.groups[game.pile_group[f]].rule, Foundation) for f in game.foundations):
        return False
    return all(game.limit[q] >= game.total_cards for q in game.role_piles[TABLEAU])


def _interferers(P: _Position, a: Action) -> Iterable[Action]:
    """Every action that interferes with ``a`` in some position where both can be made (module text)."""
    src, dst, card = a
    if src == P.stock:
        for c in P.out:
            yield from P.moves_of(P.waste, c)
        return
    yield from P.moves_of(src, card)
    if src == P.waste:
        for c in P.out:
            yield (P.stock, P.waste, c)
    else:
        yield from P.onto(src, {c for c in P.out if c in P.game.fit[src][card]})
    if dst == HOME:
        same = {card} | (P.aces if card in P.aces else set())
        for c in same:
            for s in P.sources:
                if P.home[s]:
                    yield (s, HOME, c)
        return
    if P.piles[dst]:
        under = P.fits_on(dst, card)
        for e in under:
            yield from P.moves_of(dst, e)
        yield from P.onto(dst, {c for c in P.out if any(c in P.game.fit[dst][e] for e in under)})
    else:
        yield from P.onto(dst, {c for c in P.out if c in P.game.space[dst]})


def _achievers(P: _Position, a: Action) -> list[Action] | None:
    """A necessary enabling set of ``a``, which cannot be made now: the actions that
    make one of its false facts true (the smaller). None if it can be made."""
    src, dst, card = a
    options = []
    if P.top(src) != card:
        top_facts = list(P.uncovering(src, [card]))
        if src == P.waste:
            top_facts.append((P.stock, P.waste, card))
        elif src != P.stock:
            top_facts += list(P.onto(src, [card]))
        options.append(top_facts)
    if src != P.stock and not P.takes(dst, card):
        if dst == HOME:
            options.append([(s, HOME, c) for c in P.below(card) for s in P.sources if P.home[s]])
        else:
            under = P.fits_on(dst, card)
            takes = list(P.onto(dst, under)) + list(P.uncovering(dst, under))
            if P.piles[dst] and card in P.game.space[dst]:
                takes += list(P.moves_of(dst, P.piles[dst][0]))   # its bottom card leaves: a space
            options.append(takes)
    if not options:
        return None
    return min(options, key=len)


def stubborn_set(state: State, seed: Iterable[Action], stop: int | None = None) -> set[Action] | None:
    """The actions that can be made now of the stubborn set grown from ``seed`` (a landmark);
    None as soon as it holds ``stop`` of them (no smaller than a set already found)."""
    return _grow(_Position(state), seed, stop)


def _grow(P: _Position, seed: Iterable[Action], stop: int | None) -> set[Action] | None:
    T: set[Action] = set()
    now: set[Action] = set()
    queue = deque(a for a in seed if P.exists(a))
    while queue:
        a = queue.popleft()
        if a in T:
            continue
        T.add(a)
        can, more = P.next(a)
        if can:
            now.add(a)
            if stop is not None and len(now) >= stop:
                return None
        queue.extend(b for b in more if b not in T)
    return now


def _possible(P: _Position) -> set[Action]:
    """Every action that can be made now."""
    out = set()
    for src in P.sources:
        card = P.top(src)
        if card is not None:
            out.update(a for a in P.moves_of(src, card) if P.can(a))
    if P.piles[P.stock]:
        out.add((P.stock, P.waste, P.piles[P.stock][-1]))
    return out


def landmarks(state: State) -> list[list[Action]]:
    """For each card a foundation takes now: its moves home from every pile it may leave for one."""
    P = _Position(state)
    out = []
    for card in sorted(c for c in P.out if P.takes(HOME, c)):
        out.append([(s, HOME, card) for s in P.sources if P.home[s]])
    return out


def _action(state: State, m: Move) -> Action:
    game = state.game
    card = state.piles[m.src][-1]
    return (m.src, HOME if m.dst in game.foundations else m.dst, card)


def stubborn_moves(state: State, moves: list[Move]) -> list[Move]:
    """The moves of ``moves`` (legal in ``state``) that a strong stubborn set keeps, in their order.

    A move into a space stands for its moves into every space of its group
    (the search tries one of them): it is kept if any of them is in the set.
    Where :func:`applies` does not hold, or no card is wanted home, all are kept."""
    if not moves or not applies(state):
        return moves
    P = _Position(state)
    stop = len(_possible(P))
    best: set[Action] | None = None
    for seed in landmarks(state):
        found = _grow(P, seed, stop)
        if found is not None:
            best, stop = found, len(found)
    if best is None:
        return moves   # every set holds every move that can be made now
    game = state.game
    piles = state.piles
    space_group = {q: g for g in game.symmetric_groups(state) for q in g}
    spaces = {(src, space_group.get(dst, (dst,)), card) for src, dst, card in best
              if dst >= 0 and src != game.stock and not piles[dst]}
    kept = []
    for m in moves:
        a = _action(state, m)
        if a in best or (a[1] >= 0 and not piles[m.dst] and (a[0], space_group.get(m.dst, (m.dst,)), a[2]) in spaces):
            kept.append(m)
    return kept
