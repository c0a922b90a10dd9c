"""Solutions a player would follow: the search's line with its returns, shuffles and detours cut,
still winning when the engine replays it."""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from napoleon import new_game
from napoleon.engine.move import Move
from napoleon.engine.rules import FOUNDATION
from napoleon.grading import figures
from napoleon.solver import replays_to_win, solve
from napoleon.solver.shorten import _canonical, shorten

# Deals each game's search wins within a few thousand positions.
DEALS = [("werner", 3), ("werner", 5), ("napoleons-tomb", 1), ("grand-napoleon", 2), ("forty-thieves", 3)]


@functools.cache
def raw_line(game_id: str, deal: int) -> tuple[Move, ...]:
    """The search's own line from the deal (not shortened)."""
    result = solve(new_game(game_id, deal=deal), max_states=100_000, shorten=False)
    assert result.won
    return tuple(result.moves)


def positions(state, moves):
    walk = state.copy()
    out = [_canonical(walk)]
    for m in moves:
        walk.push(m)
        out.append(_canonical(walk))
    return out


def shuffles(state, moves) -> list[int]:
    """Where the line moves a run on from where it just put it, though it could have gone there at once."""
    walk = state.copy()
    found = []
    for i, (a, b) in enumerate(zip(moves, moves[1:], strict=False)):
        carried = walk.piles[a.src][-a.count:] if a.src >= 0 else None
        walk.push(a)
        if (a.src >= 0 and b.src == a.dst and b.count == a.count and walk.piles[b.src][-b.count:] == carried
                and b.dst != a.src):
            walk.pop()
            if walk.is_legal(Move(a.src, b.dst, a.count)):
                found.append(i)
            walk.push(a)
    return found


def wander(state, moves, at: int, pick: int, kind: str) -> list[Move]:
    """``moves`` with a wander put in before move ``at``: a run taken to another column and
    back ("back"), or on to a third column and then back ("shuffle", as the 5♦ went T8-T2,
    T2-T3, T3-T2 in a hint that followed such a line), when one is legal there."""
    walk = state.copy()
    for m in moves[:at]:
        walk.push(m)
    roles = state.game.pile_roles
    out = [m for m in walk.legal_moves() if m.src >= 0 and m.src != state.game.stock
           and roles[m.dst] != FOUNDATION and roles[m.src] != FOUNDATION]
    for first in out[pick % len(out):] + out[:pick % len(out)] if out else []:
        walk.push(first)
        if kind == "back":
            back = Move(first.dst, first.src, first.count)
            if walk.is_legal(back):
                return [*moves[:at], first, back, *moves[at:]]
        else:
            on = [m for m in walk.legal_moves() if m.src == first.dst and m.count == first.count
                  and m.dst not in (first.src, first.dst) and roles[m.dst] != FOUNDATION]
            for second in on:
                walk.push(second)
                again = Move(second.dst, first.src, first.count)
                if walk.is_legal(again):
                    return [*moves[:at], first, second, again, *moves[at:]]
                walk.pop()
        walk.pop()
    return list(moves)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(DEALS), st.data())
def test_a_line_with_wanders_put_in_is_shortened_to_one_that_wins(deal, data):
    game_id, number = deal
    state = new_game(game_id, deal=number)
    line = list(raw_line(game_id, number))
    padded = line
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(padded) - 1))
        padded = wander(state, padded, at, data.draw(st.integers(0, 50)), data.draw(st.sampled_from(["back", "shuffle"])))
    assert replays_to_win(state, padded)
    short = shorten(state, padded)
    assert replays_to_win(state, short), "the engine replays the shortened line to a win"
    assert len(short) <= len(line), "every wander put in is taken out again"
    seen = positions(state, short)
    assert len(seen) == len(set(seen)), "no position comes twice along the line"
    assert shuffles(state, short) == []


def test_the_card_shuffled_between_columns_is_moved_once():
    """A run moved from a column to another, on to a third and back (as the 5♦ went T8-T2, T2-T3,
    T3-T2 in a hint that followed such a line): none of those moves is left."""
    state = new_game("grand-napoleon", deal=2)
    line = list(raw_line("grand-napoleon", 2))
    padded = next((p for at in range(len(line)) if len(p := wander(state, line, at, 0, "shuffle")) == len(line) + 3),
                  None)
    assert padded is not None, "a shuffle can be put in somewhere"
    short = shorten(state, padded)
    assert replays_to_win(state, short) and len(short) <= len(line)
    assert shuffles(state, short) == []
    seen = positions(state, short)
    assert len(seen) == len(set(seen))


def test_solve_answers_the_shortened_line():
    state = new_game("werner", deal=3)
    raw = solve(state, max_states=100_000, shorten=False).moves
    short = solve(state, max_states=100_000).moves
    assert len(short) < len(raw)
    assert replays_to_win(state, short)
    seen = positions(state, short)
    assert len(seen) == len(set(seen))


def test_a_grade_comes_with_the_shortened_line():
    """The line a graded deal hands out (and whose length its badge says) has no return in it."""
    state = new_game("werner", deal=3)
    fig = figures(state)
    assert fig.verdict == "won"
    moves = [state.game.parse_notation(t) for t in fig.moves]
    assert replays_to_win(state, moves)
    assert shuffles(state, moves) == []
    seen = positions(state, moves)
    assert len(seen) == len(set(seen))


def test_what_is_not_a_solution_is_refused():
    state = new_game("werner", deal=3)
    with pytest.raises(ValueError, match="not a solution"):
        shorten(state, list(raw_line("werner", 3))[:-1])
