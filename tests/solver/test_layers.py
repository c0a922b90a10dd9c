"""The layered search (csrc/layers.c): complete, exact, layer after layer.

Its "lost" is a proof only if no move lowers a position's layer (cards home,
plus twice the cards turned, less the cards on the waste), if its keys tell
positions apart exactly, and if it visits every position of each layer: so
its verdicts are held to the unpruned exhaustive search's on reduced decks
and on small endgames, its wins replayed through the engine, and the layer
to the engine's own legal moves along random lines of play.
"""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from variants import IDS, VARIANTS

import napoleon
from napoleon.engine.game import UNLIMITED
from napoleon.engine.rules import WASTE
from napoleon.interfaces.cli import main
from napoleon.solver import LOST, UNKNOWN, WON, core, probes, replays_to_win, solve
from napoleon.solver.layered import NotLayered, layers
from napoleon.solver.search import Search

from .endgames import endgame, walked

pytestmark = pytest.mark.skipif(not core.available, reason="the layered search is the compiled core's")


def truth(state: napoleon.State, max_states: int = 60_000) -> str:
    return Search(state, prune=False, max_states=max_states).run().verdict


def layered(state: napoleon.State, **kw) -> core.Result:
    result, stats = layers(state, max_states=kw.pop("max_states", 400_000), **kw)
    if result.verdict == LOST:
        assert stats.layers >= 1 and stats.largest >= 1 and stats.stored >= result.states
    if result.won:
        assert replays_to_win(state, result.moves)
    return result


def applies(state: napoleon.State) -> bool:
    game = state.game
    return game.max_redeals != UNLIMITED and game.max_redeals - state.redeals <= 0 or game.redeal_order() is None


def test_reduced_deals_get_the_exhaustive_searchs_verdict():
    seen = {WON: 0, LOST: 0}
    deals = [({"ranks": 4, "columns": 3}, d) for d in range(1, 13)] + [({"ranks": 4, "columns": 2}, d) for d in (9, 10)]
    for options, deal in deals:
        state = napoleon.new_game("forty-thieves", deal, options)
        expected = truth(state)
        assert expected != UNKNOWN
        first = layered(state)
        assert first.verdict == expected, f"deal {deal} {options}"
        assert layered(state, deadends=True, waste=True).verdict == expected
        if first.states < 5_000:
            assert layered(state, macros=False).verdict == expected
        seen[expected] += 1
    assert seen[WON] >= 8 and seen[LOST] >= 3, seen


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(1, 2**40), steps=st.integers(0, 30), seed=st.integers(0, 2**32))
def test_walked_reduced_positions_get_the_depth_first_verdict(deal, steps, seed):
    state = walked("forty-thieves", {"ranks": 5, "columns": 4}, deal, steps, random.Random(seed))
    dfs = core.search(state, max_states=100_000, mode="dfs")
    result = layered(state, max_states=100_000)
    assume(dfs.verdict != UNKNOWN and result.verdict != UNKNOWN)
    assert result.verdict == dfs.verdict


LAYERED = [(g, o) for g, o in VARIANTS if g in ("forty-thieves", "napoleons-square", "werner") and "redeals" not in o]


@pytest.mark.parametrize(("game", "options"), LAYERED, ids=[IDS[VARIANTS.index(v)] for v in LAYERED])
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), cards_out=st.integers(1, 7))
def test_endgames_get_the_exhaustive_searchs_verdict(game, options, seed, cards_out):
    state = endgame(game, options, cards_out, random.Random(seed))
    expected = truth(state, 40_000)
    assume(expected != UNKNOWN)
    assert layered(state).verdict == expected


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=IDS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(1, 2**40), steps=st.integers(1, 120), seed=st.integers(0, 2**32))
def test_no_legal_move_lowers_the_layer(game, options, deal, steps, seed):
    rng = random.Random(seed)
    state = napoleon.new_game(game, deal, options)
    if not applies(state):
        with pytest.raises(NotLayered, match="redeal"):
            layers(state, max_states=10)
        return
    root = state.copy()
    g = state.game
    moving = {g.stock, *g.role_piles.get(WASTE, [])} if g.stock is not None else set()
    layer = probes.core_layer(root, state)
    for _ in range(steps):
        moves = state.legal_moves()
        if not moves or state.is_won:
            break
        move = rng.choice(moves)
        state.push(move)
        after = probes.core_layer(root, state)
        stays = move.src not in moving and move.dst not in g.foundations
        assert after == layer if stays else after > layer, f"{move} from layer {layer} to {after}"
        layer = after


def test_a_game_whose_layers_could_shrink_is_refused_by_name(capsys):
    for game_id in ("st-helena", "napoleons-tomb"):
        with pytest.raises(NotLayered, match=f"{game_id}: .*redeal"):
            layers(napoleon.new_game(game_id, 1), max_states=10)
    assert main(["solve", "st-helena", "-d", "1", "--strategy", "layers", "--max-states", "10"]) == 2
    assert "the layered search does not apply" in capsys.readouterr().err


def test_the_memory_limit_answers_unknown(tmp_path):
    before = core.memory_limit()
    core.set_memory_limit(2 << 20)
    try:
        result, stats = layers(napoleon.new_game("forty-thieves", 2), budget=60, folder=tmp_path)
    finally:
        core.set_memory_limit(before)
    assert result.verdict == UNKNOWN and result.out_of_memory and not result.complete
    assert stats.peak_bytes <= 2 << 20
    assert list(tmp_path.iterdir()) == []  # its records are removed


def test_solve_and_the_cli_run_it(capsys, monkeypatch, tmp_path):
    state = napoleon.new_game("forty-thieves", 2, {"ranks": 4, "columns": 3})
    result = solve(state, strategy="layers", max_states=100_000)
    assert result.verdict == truth(state) and result.complete
    log = tmp_path / "log"
    layers(state, max_states=100_000, log=log)
    assert log.read_text().splitlines()[0].startswith("layer ")
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(state.to_json())))
    main(["solve", "--strategy", "layers", "--json", "--max-states", "100000"])
    assert f'"verdict": "{result.verdict}"' in capsys.readouterr().out



@pytest.mark.parametrize(("options", "deal", "limit"), [({"ranks": 7, "columns": 6}, 1, 640 << 10),
                                                        ({"ranks": 4, "columns": 3}, 1, 320 << 10)])
def test_layers_waiting_go_to_disk_and_come_back_with_the_same_positions(tmp_path, options, deal, limit):
    """Under a memory limit that holds the largest layer but not the layers waiting beside it, the
    waiting layers go to disk and are read back in their turn: the same verdict after the same positions."""
    state = napoleon.new_game("forty-thieves", deal, options)
    free = layered(state)
    before = core.memory_limit()
    core.set_memory_limit(limit)
    log, records = tmp_path / "log", tmp_path / "records"
    records.mkdir()
    try:
        result = layered(state, folder=records, log=log)
    finally:
        core.set_memory_limit(before)
    assert (result.verdict, result.states) == (free.verdict, free.states)
    assert sum(int(n) for n in re.findall(r"(\d+) more on disk", log.read_text())) > 0
    assert list(records.iterdir()) == []  # keys, children and records removed


@pytest.mark.parametrize(("options", "deal", "limit"), [({"ranks": 7, "columns": 6}, 16, 0),
                                                        ({"ranks": 7, "columns": 6}, 1, 640 << 10),
                                                        ({"ranks": 4, "columns": 3}, 1, 320 << 10)])
def test_a_layered_search_in_pieces_visits_exactly_the_positions_of_one_run(tmp_path, options, deal, limit):
    """Stopped by max_states again and again (with layers on disk under a memory limit, too) and taken
    up from its checkpoint folder each time: the verdict and the positions of one run, and a win's line."""
    state = napoleon.new_game("forty-thieves", deal, options)
    one = layered(state)
    before = core.memory_limit()
    core.set_memory_limit(limit)
    try:
        cap, pieces = 0, 0
        while True:
            cap += 20_480
            result, _ = layers(state, max_states=cap, checkpoint=tmp_path)
            pieces += 1
            if result.verdict != UNKNOWN:
                break
            assert (tmp_path / "layers.state").exists() and result.states <= cap
    finally:
        core.set_memory_limit(before)
    assert pieces > 1 and (result.verdict, result.states) == (one.verdict, one.states)
    assert not result.won or replays_to_win(state, result.moves)
    assert list(tmp_path.iterdir()) == []


def test_another_searchs_layers_checkpoint_is_refused_and_kept(tmp_path, capsys):
    folder = tmp_path / "kept"
    args = ["solve", "forty-thieves", "-d", "2", "--strategy", "layers", "--checkpoint", str(folder)]
    assert main([*args, "--max-states", "8192"]) == 0
    out = capsys.readouterr().out
    assert "unknown" in out and f"kept in {folder}" in out
    kept = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert "layers.state" in kept
    # Another deal, or the same deal with other settings: exit 2, one line, the files kept.
    assert main(["solve", "forty-thieves", "-d", "3", "--strategy", "layers", "--checkpoint", str(folder)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "another search" in err[0]
    with pytest.raises(core.CheckpointError, match="another search"):
        layers(napoleon.new_game("forty-thieves", 2), checkpoint=folder, macros=False)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == kept
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "layers.state").write_bytes(b"not a checkpoint" * 20)
    with pytest.raises(core.CheckpointError, match="not a checkpoint"):
        layers(napoleon.new_game("forty-thieves", 2), checkpoint=tmp_path / "junk")
    (tmp_path / "junk" / "layers.state").write_bytes(kept["layers.state"][:-8])
    with pytest.raises(core.CheckpointError, match="cut short"):
        layers(napoleon.new_game("forty-thieves", 2), checkpoint=tmp_path / "junk")
    assert main([*args, "--max-states", "16384", "--json"]) == 0  # taken up: 8192 more positions
    answer = json.loads(capsys.readouterr().out)
    assert answer["verdict"] == UNKNOWN and 8192 < answer["states"] <= 16384
    assert main(["solve", "forty-thieves", "-d", "2", "--checkpoint", str(folder)]) == 2
    assert "--strategy layers" in capsys.readouterr().err
