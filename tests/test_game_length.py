"""One limit on a game's length: the session refuses a turn past the most moves a game file holds,
so every game played can be exported and imported again."""

from __future__ import annotations

import pytest

import napoleon
from napoleon import session as session_module
from napoleon.engine.errors import IllegalMoveError
from napoleon.schemas import files, values
from napoleon.session import Session
from napoleon.store import Store
from napoleon.store.transfer import game_to_json, import_game


def test_the_session_and_the_game_file_have_one_limit():
    assert session_module.MAX_MOVES is values.MAX_MOVES
    assert files.GameFile.model_fields["moves"].metadata[0].max_length == values.MAX_MOVES


def test_a_turn_past_the_limit_is_refused_and_the_game_stays_importable(tmp_path, monkeypatch):
    monkeypatch.setattr(session_module, "MAX_MOVES", 3)
    with Store.open(tmp_path / "a.db") as store:
        game = Session.recorded(store, napoleon.new_game("forty-thieves", 7), autoplay=False)
        for _ in range(3):
            game.play_text("S-W")
        before = (game.notation_history(), game.version)
        with pytest.raises(IllegalMoveError, match="at most 3 moves"):
            game.play_text("S-W")
        assert (game.notation_history(), game.version) == before
        saved = store.get(game.record_id)
        assert len(saved.moves) == 3
        obj = game_to_json(saved)
    with Store.open(tmp_path / "b.db") as other:
        assert other.get(import_game(other, obj)).moves == before[0]
