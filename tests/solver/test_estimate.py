"""The estimate of a complete depth-first search's size (napoleon/solver/estimate.py, csrc/estimate.c)."""

from __future__ import annotations

import json

import pytest

import napoleon
from napoleon.solver import core
from napoleon.solver.estimate import bootstrap, estimate_search, mean_of_logs, probe

pytestmark = pytest.mark.skipif(not core.available, reason="the compiled core is not built")

# Lost deals of reduced decks whose complete search is small: (game, options, deal).
SMALL = ("forty-thieves", {"ranks": 5, "columns": 4}, 13)
MIDDLE = ("forty-thieves", {"ranks": 7, "columns": 6}, 1)


def lost(game, options, deal):
    state = napoleon.new_game(game, deal, options)
    result = core.search(state, mode="dfs")
    assert result.verdict == "lost"
    return state, result.states


def test_a_search_within_the_cap_is_counted_exactly():
    state, positions = lost(*SMALL)
    found = probe(state, cap=positions + 1, probes=5)
    assert found.exact and found.count == 1 and round(found.mean) == positions


def test_the_mean_of_many_probes_is_at_least_the_search_and_within_a_stated_factor():
    # Measured (docs/benchmarks.md): 18-69 times the count at this cap, five seeds of 100 probes. The
    # probes count a position once per line to it above their exact searches (here, every child of the
    # root reaches nearly the whole search), so the mean is not below the count but for chance.
    state, positions = lost("werner", {}, 10)
    found = probe(state, cap=4096, probes=60, seed=1)
    assert not found.exact and found.count == 60
    assert positions <= found.mean <= 100 * positions
    assert found.low <= found.mean <= found.high


def test_leaving_out_commuting_moves_brings_the_estimate_down():
    # Forty Thieves deal 20 (lost, 1,835,594 positions): 2,470 times the count with both orders of
    # commuting moves counted, 50 times without (docs/benchmarks.md)
    state = napoleon.new_game("forty-thieves", 20)
    both = probe(state, cap=4096, probes=20, seed=5, commute=False)
    one = probe(state, cap=4096, probes=20, seed=5)
    assert one.mean * 5 < both.mean


def test_the_same_seed_gives_the_same_estimate_and_another_seed_another():
    state = napoleon.new_game("forty-thieves", 20)
    a = probe(state, cap=4096, probes=8, seed=11)
    b = probe(state, cap=4096, probes=8, seed=11)
    c = probe(state, cap=4096, probes=8, seed=12)
    assert (a.mean, a.low, a.high) == (b.mean, b.low, b.high)
    assert c.mean != a.mean


def test_a_won_deal_says_so():
    state = napoleon.new_game("forty-thieves", 1, {"ranks": 4, "columns": 3})
    found = estimate_search(state, budget=2)
    assert found.exact and found.verdict == "won"


def test_means_and_intervals_of_logs():
    assert mean_of_logs([]) == 0.0
    assert mean_of_logs([0.0, 0.0]) == pytest.approx(1.0)
    assert mean_of_logs([1000.0, 1000.0]) > 1e300   # no overflow on the way
    low, high = bootstrap([0.0, 2.0, 4.0, 1.0], seed=1)
    assert low < mean_of_logs([0.0, 2.0, 4.0, 1.0]) < high


def test_bad_input_is_refused():
    state, _ = lost(*SMALL)
    for kwargs in ({"budget": 0}, {"budget": -1}, {"probes": 0}, {"cap": 0}):
        with pytest.raises(ValueError):
            estimate_search(state, **kwargs)
    with pytest.raises(ValueError):
        probe(state, cap=0, probes=1)


def cli(capsys, *args: str, stdin: str | None = None) -> tuple[int, str, str]:
    import io
    import sys

    from napoleon.interfaces.cli import main

    old = sys.stdin
    sys.stdin = io.StringIO(stdin or "")
    try:
        try:
            code = main(list(args)) or 0
        except SystemExit as exc:
            code = exc.code
    finally:
        sys.stdin = old
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_command_line(capsys):
    code, out, _ = cli(capsys, "solve", "werner", "-d", "10", "--estimate", "--budget", "2")
    assert code == 0 and "the search ended within the estimate's budget: lost after 4,831 positions" in out
    state = napoleon.new_game(MIDDLE[0], MIDDLE[2], MIDDLE[1])
    code, out, _ = cli(capsys, "solve", "--estimate", "--budget", "0.1", "--probes", "2", "--json",
                       stdin=json.dumps(state.to_json()))
    obj = json.loads(out)
    assert code == 0 and obj["probes"] == 2 and obj["cap"] == 65536 and not obj["exact"]
    assert obj["positions"] >= obj["reached"] > 0 and obj["eta_cpu_seconds"] > 0


@pytest.mark.parametrize(("args", "words"), [
    (("--strategy", "best"), "--strategy best"),
    (("--fingerprints",), "--fingerprints"),
    (("--max-states", "10"), "--max-states"),
])
def test_the_command_line_refuses_what_an_estimate_cannot_honour(capsys, args, words):
    code, out, err = cli(capsys, "solve", "werner", "-d", "10", "--estimate", *args)
    assert code == 2 and out == "" and words in err


def test_probes_without_an_estimate_are_refused(capsys):
    code, _, err = cli(capsys, "solve", "werner", "-d", "10", "--probes", "3")
    assert code == 2 and "--probes" in err and "--estimate" in err
