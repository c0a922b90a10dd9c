"""An imported game is checked as a played one: its moves replay to its result, its time is no
shorter than its turns could take, its dates are not in the future, an untouched deal is nothing,
and the same game under another uid is the same game."""

from __future__ import annotations

import copy
import secrets

import pytest

import napoleon
from napoleon.solver import solve
from napoleon.store import Store, StoreError
from napoleon.store.transfer import game_to_json, import_game


@pytest.fixture(scope="module")
def won_file(tmp_path_factory):
    """The export of a real win of Werner deal 1 (the solver's moves, one a turn, 2 s each)."""
    state = napoleon.new_game("werner", 1)
    moves = [state.game.notation(m) for m in solve(state, max_states=200_000).moves]
    with Store.open(tmp_path_factory.mktemp("w") / "w.db") as store:
        gid = store.insert(state.game, 1, moves=moves, result="won", elapsed=2.0 * len(moves),
                           started="2026-01-02T10:00:00.000+00:00", ended="2026-01-02T10:30:00.000+00:00",
                           won_elapsed=2.0 * len(moves), won_moves=len(moves))
        return game_to_json(store.get(gid))


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "s.db") as s:
        yield s


def edited(obj, **fields):
    out = copy.deepcopy(obj)
    out.update(fields)
    return out


def test_a_real_win_imports_once(store, won_file):
    gid = import_game(store, won_file)
    assert store.get(gid).result == "won"
    with pytest.raises(StoreError, match="already in the store"):
        import_game(store, won_file)


def test_the_same_game_under_other_uids_is_one_game(store, won_file):
    import_game(store, won_file)
    for _ in range(5):
        with pytest.raises(StoreError, match=r"already in the store as game #1"):
            import_game(store, edited(won_file, uid=secrets.token_hex(16)))
    later = edited(won_file, uid=secrets.token_hex(16), started="2026-01-02T11:00:00+01:00")  # the same instant
    with pytest.raises(StoreError, match="already in the store"):
        import_game(store, later)
    assert store.stats()[0]["won"] == 1 and store.stats()[0]["longest_streak"] == 1


@pytest.mark.parametrize("elapsed", [0, 0.5, 1.0])
def test_a_win_faster_than_its_turns_is_refused(store, won_file, elapsed):
    with pytest.raises(StoreError, match="turns could take"):
        import_game(store, edited(won_file, elapsed=elapsed))
    assert store.stats() == []


@pytest.mark.parametrize("field", ["started", "ended"])
def test_a_date_in_the_future_is_refused(store, won_file, field):
    with pytest.raises(StoreError, match="in the future"):
        import_game(store, edited(won_file, started="9999-12-30T00:00:00+00:00", ended="9999-12-31T00:00:00+00:00")
                    if field == "started" else edited(won_file, ended="9999-12-31T00:00:00+00:00"))
    assert store.games() == []


@pytest.mark.parametrize("result", ["abandoned", "playing"])
def test_an_untouched_deal_is_nothing_to_import(store, won_file, result):
    untouched = edited(won_file, moves=[], turns=[], result=result,
                       ended=None if result == "playing" else won_file["ended"])
    with pytest.raises(StoreError, match="counts as nothing"):
        import_game(store, untouched)
    assert store.stats() == [] and store.games() == []
