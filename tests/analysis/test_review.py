"""The review of a stored game: the losing move named, a winning line from before it that replays."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from napoleon import get_game
from napoleon.analysis import Analysis
from napoleon.analysis.review import LOST, UNKNOWN, WINNABLE, review_game
from napoleon.interfaces.cli import main
from napoleon.solver import LOST as PROVEN_LOST
from napoleon.solver import replays_to_win, solve
from napoleon.store import Store

# Werner deal 15: the first 18 moves follow a solution the solver found
# (so the position after them is winnable), move 19 puts the 8♠ from column 1
# into cell 3, after which the solver proves the deal lost; move 20 is the
# last one left. Found by searching deals in order for a solution and a
# lost position one move off it (find_lost_game.py); checked below, not taken on trust.
DEAL = 15
FOLLOWED = ["T2-F1", "T4-T1", "C3-T3", "T7-C3", "T7-F2", "T2-F2", "C3-T3", "T1-C3", "T1-T2", "C3-T2", "T8-C3",
            "T1-T4", "T7-T8", "C3-T7", "T3-C3", "T4-T7", "T5-T7", "C3-T3"]
LOSING = "T1-C3"
AFTER = ["T5-T6"]
GAME = [*FOLLOWED, LOSING, *AFTER]


def position(moves: list[str]):
    state = get_game("werner").new_state(DEAL)
    for text in moves:
        state.play_text(text)
    return state


def test_the_constructed_game_is_what_it_claims():
    before = position(FOLLOWED)
    assert solve(before, budget=30).won
    assert solve(position([*FOLLOWED, LOSING]), budget=30).verdict == PROVEN_LOST
    end = position(GAME)
    assert not end.legal_moves() and not end.is_won


@pytest.fixture
def stored_game(tmp_path):
    path = tmp_path / "review.db"
    with Store.open(path) as store:
        record = store.insert(get_game("werner"), DEAL, moves=GAME, result="lost")
    return path, record


def test_napoleon_review_names_move_19_and_a_line_from_move_18_that_wins(stored_game, capsys):
    path, record = stored_game
    assert main(["review", str(record), "--db", str(path), "--json"]) == 0
    review = json.loads(capsys.readouterr().out)
    assert review["losing_move"] == 19
    assert [m["index"] for m in review["moves"]] == list(range(1, 21))
    assert [m["move"] for m in review["moves"]] == GAME
    assert [m["verdict"] for m in review["moves"]] == [WINNABLE] * 18 + [LOST] * 2
    assert review["start"]["verdict"] == WINNABLE
    line = [get_game("werner").parse_notation(m) for m in review["line"]]
    assert replays_to_win(position(FOLLOWED), line)
    assert review["moves"][17]["length"] == len(line)
    assert not review["stored"]

    # The second look comes from the store, without a search.
    assert main(["review", str(record), "--db", str(path), "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["stored"] and again["losing_move"] == 19 and again["line"] == review["line"]


def test_the_text_names_the_move_and_the_line_under_the_voices_heading(stored_game, capsys, monkeypatch):
    from napoleon import voice

    path, record = stored_game
    assert main(["review", str(record), "--db", str(path)]) == 0
    out = capsys.readouterr().out
    name = get_game("werner").name
    assert out.splitlines()[0].startswith(f"Review of game #{record}: {name}, deal {DEAL}, 20 moves, lost: reviewed in ")
    assert "Move 19 lost the game: you moved the 8♠ from column 1 to the empty cell 3, instead of " in out
    assert re.search(r"A winning line from before move 19: \d+ moves\.", out)
    assert not re.search(r"\b[TCF]\d-", out), "no move in notation"
    # The chart: a scale of cards up the left (0 to 52), the moves along the bottom (the line makes the
    # scale), the verdict band under it, winnable then lost; 80 columns at most.
    lines = out.splitlines()
    axis = next(i for i, line in enumerate(lines) if re.fullmatch(r" 0 └─+", line))
    assert lines[axis - 6].startswith("52 ┤") and lines[axis - 3].startswith("26 ┤")
    assert re.fullmatch(r" {4}0 +\d+", lines[axis + 1])
    assert re.fullmatch(r" {4}✓+✗+", lines[axis + 2])
    assert "·" in out and "▁" in out
    assert all(len(line) <= 80 for line in lines[axis - 6:axis + 3])
    # The heading is the voice's (told from the store now: the review above was kept).
    monkeypatch.setattr(voice, "review_heading", lambda *args: "HEADING")
    monkeypatch.setattr(voice, "review_how", lambda *args: "HOW")
    assert main(["review", str(record), "--db", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "HEADING: HOW"


def test_review_of_a_missing_game_is_a_clear_error(tmp_path, capsys):
    assert main(["review", "7", "--db", str(tmp_path / "none.db")]) == 2
    assert capsys.readouterr().err.strip() == "napoleon: error: no game #7 in the store"


def test_a_won_game_is_measured_against_the_solver_and_needs_no_search_per_move():
    game = get_game("werner")
    state = game.new_state(1)
    moves = list(solve(state, budget=30).moves)
    analysis = Analysis()
    try:
        review = asyncio.run(review_game(analysis, game, 1, moves))
    finally:
        analysis.close()
    assert review.verdicts == [WINNABLE] * (len(moves) + 1)
    assert review.losing_move is None and review.searches <= 1
    assert review.won["length"] == len(moves) and review.won["shortest_known"] <= len(moves)
    assert review.lengths[:3] == [len(moves), len(moves) - 1, len(moves) - 2]


def test_an_undecided_position_is_unknown_and_never_called_the_losing_move():
    """Forty Thieves deal 2 with searches of a few positions only: nothing proven but the end."""
    game = get_game("forty-thieves")
    state = game.new_state(2)
    moves = []
    for _ in range(6):
        move = state.legal_moves()[0]
        state.play(move)
        moves.append(move)
    analysis = Analysis(max_states=50)
    try:
        review = asyncio.run(review_game(analysis, game, 2, moves, budget=0.2))
    finally:
        analysis.close()
    assert review.losing_move is None and review.line == []
    assert UNKNOWN in review.verdicts and review.done


def test_where_help_was_taken_is_kept_with_the_game(tmp_path):
    from napoleon.session import Session
    from napoleon.store.reviews import help_marks

    with Store.open(tmp_path / "help.db") as store:
        session = Session.recorded(store, get_game("werner").new_state(DEAL), autoplay=False)
        for text in FOLLOWED[:3]:
            session.play_text(text)
        session.mark_assisted("hint")
        session.undo()
        session.play_text(FOLLOWED[2])
        assert help_marks(store, session.record_id) == [{"at": 3, "kind": "hint"}, {"at": 2, "kind": "undo"}]


def test_the_moves_and_the_line_are_told_by_their_cards(stored_game, capsys):
    path, record = stored_game
    assert main(["review", str(record), "--db", str(path), "--moves", "--detail"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"19 ✗ lost +Moved the 8♠ from column 1 to the empty cell 3 <- lost the game", out)
    assert "Before move 19: the next move of the line is to move the " in out
    assert re.search(r"Line move 1 of \d+: moved the ", out)
    assert not re.search(r"\b[TCF]\d-", out)


def test_help_taken_is_said_in_one_line_and_in_detail_when_asked(tmp_path, capsys):
    from napoleon.store.reviews import mark_help

    path = tmp_path / "help.db"
    with Store.open(path) as store:
        record = store.insert(get_game("werner"), DEAL, moves=FOLLOWED[:5], result="abandoned")
        for at in range(226):
            mark_help(store, record, at % 5, "hint")
        mark_help(store, record, 4, "undo")
        mark_help(store, record, 5, "solution")
    assert main(["review", str(record), "--db", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Help taken: 226 hints, 1 undo, the solution shown at move 5." in out
    assert "Hint at move" not in out and len(out.splitlines()) < 20  # the headline and the chart, not 226 lines
    assert main(["review", str(record), "--db", str(path), "--detail"]) == 0
    detail = capsys.readouterr().out
    assert detail.count("Hint at move") == 226 and "Undo at move 4" in detail
    assert "Look at the solution at move 5" in detail


def test_the_losing_move_is_found_at_the_default_settings_with_longer_searches_where_short_ones_fail():
    """Searches capped at 200 positions decide neither position 18 nor 19: the review searches the
    undecided ones again, longer, and names move 19 (today's reviews needed --budget to)."""
    game = get_game("werner")
    state = game.new_state(DEAL)
    moves = []
    for text in GAME:
        moves.append(state.play_text(text))
    analysis = Analysis(max_states=200)
    try:
        review = asyncio.run(review_game(analysis, game, DEAL, moves))
    finally:
        analysis.close()
    assert review.losing_move == 19


def test_a_card_covered_by_the_losing_move_is_named_with_the_move_it_stopped():
    """A stock card turned over the A♣ that could have gone home: said by the cards."""
    from napoleon import voice

    game = get_game("forty-thieves")
    state = game.new_state(1)
    waste = game.role_piles["waste"][0]
    turn = next(m for m in state.legal_moves() if m.src == game.stock)
    while True:
        state.play(turn)
        home = state.foundation_move(waste)
        if home is not None:
            break
    card = voice.card_name(state.piles[waste][-1])
    coming = voice.card_name(state.piles[game.stock][-1])
    said = voice.review_losing_move(33, state, turn, home)
    assert said == (f"Move 33 lost the game: you turned the {coming} from the stock onto the waste, "
                    f"over the {card}, instead of playing the {card} home.")


def test_the_chart_fits_80_columns_with_its_scale_and_verdict_band():
    """A long game (61 moves) on an 80-column terminal: every line of the chart fits, the scale
    says 0 and the game's cards, the moves run to the last one, each move's verdict in the band."""
    from napoleon.analysis.review import Review
    from napoleon.interfaces.review_text import chart

    n = 61
    review = Review("werner", {}, 1, ["T1-T2"] * n, [""] * n, [min(k, 52) for k in range(n + 1)],
                    ["winnable"] * 30 + ["lost"] * (n + 1 - 30), [None] * (n + 1))
    lines = chart(review, 52, 80)
    assert all(len(line) <= 80 for line in lines)
    assert lines[0].startswith("52 ┤") and lines[-3].startswith(" 0 └")
    assert lines[-2].split() == ["0", str(n)]
    band = lines[-1].strip()
    assert len(band) == n + 1 and set(band) == {"✓", "✗"}
    assert sum(line.count("█") for line in lines) > n  # the game drawn in full blocks, not a 16-character sparkline


def finished_game(store, solution: list[str]):
    """Werner deal 1 played along ``solution`` until Finish is offered, then finished: the session."""
    from napoleon.session import Session

    session = Session.recorded(store, get_game("werner").new_state(1), autoplay=False)
    for text in solution:
        if session.finish_offer():
            break
        session.play_text(text)
    assert session.finish().done and session.state.is_won
    return session


def test_a_finish_is_kept_where_it_was_taken_and_said_in_the_help_line(tmp_path, capsys, werner1_solution):
    from napoleon.store.reviews import help_marks

    path = tmp_path / "finish.db"
    with Store.open(path) as store:
        session = finished_game(store, werner1_solution)
        at = len(session.state.history) - session.turns[-1]
        assert help_marks(store, session.record_id) == [{"at": at, "kind": "finish"}]
        saved = store.get(session.record_id)
        assert saved.result == "won" and saved.hints == 0 and not saved.solution  # no help: a win as won
        session.mark_assisted("hint")  # help asked after the win leaves it a win, and is said
    assert main(["review", str(session.record_id), "--db", str(path)]) == 0
    assert f"Help taken: 1 hint, Finish at move {at}." in capsys.readouterr().out
    assert main(["review", str(session.record_id), "--db", str(path), "--detail"]) == 0
    assert f"Finish at move {at}" in capsys.readouterr().out.split("Help taken")[-1].splitlines()[1:]
