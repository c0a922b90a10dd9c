"""The JSON API's solver: hints, solutions, the way back to the last winnable position, and
searches that never block the server or outrun its budget."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

import napoleon
from napoleon.interfaces.web import Settings, create_app

from .api_client import SETTINGS, new, unchanged, refused, hard_deal, LOST_WERNER_DEAL


# ------------------------------------------------------------------ solver


def test_hint_is_the_next_move_of_a_solution(client):
    gid = new(client, "werner", 1)["id"]
    r = client.get(f"/api/games/{gid}/hint")
    assert r.status_code == 200
    hint = r.json()
    assert hint["verdict"] == "won" and hint["at"] == 0
    state = napoleon.new_game("werner", 1)
    move = state.game.move_from_json(hint["move"])
    assert state.is_legal(move)
    # In a player's words (the notation stays in the move object).
    assert hint["text"] == state.describe(move) == hint["move"]["text"]
    assert hint["text"].startswith("move the ") and hint["move"]["notation"] not in hint["text"]
    # The game is marked as played with help (counted apart in the statistics).
    assert client.app.state.web.registry.get(gid).session.hints == 1
    # Following the hint, the next one is known without a new search.
    client.post(f"/api/games/{gid}/moves", json=hint["move"])
    assert client.get(f"/api/games/{gid}/hint").json()["cached"] is True


@pytest.mark.parametrize("budget", ["0", "-1", "abc", "1000", "nan"])
def test_hint_budget_is_checked(client, budget):
    gid = new(client, "werner", 1)["id"]
    with unchanged(client, gid):
        assert "'budget'" in refused(client.get(f"/api/games/{gid}/hint", params={"budget": budget}), 400)


def test_solve_gives_steps_that_win(client):
    gid = new(client, "werner", 1)["id"]
    client.post(f"/api/games/{gid}/moves", json={"notation": "T7-T6"})
    with unchanged(client, gid):
        answer = client.post(f"/api/games/{gid}/solve", json={"budget": 10}).json()
    assert answer["verdict"] == "won" and answer["at"] == 1 and answer["length"] == len(answer["moves"])
    state = napoleon.new_game("werner", 1)
    state.play_text("T7-T6")
    for src, dst, count in answer["steps"]:
        state.play(napoleon.Move(src, dst, count))
    assert state.is_won
    brief = client.post(f"/api/games/{gid}/solve", json={"steps": False}).json()
    assert brief["moves"] == [] and brief["length"] == answer["length"] and "steps" not in brief
    # The solution shown marks the game as helped; the badge's question (no steps) does not.
    assert client.app.state.web.registry.get(gid).session.solution_used


def test_the_winnable_badge_does_not_mark_the_game_as_helped(client):
    gid = new(client, "werner", 1)["id"]
    assert client.post(f"/api/games/{gid}/solve", json={"steps": False}).json()["verdict"] == "won"
    session = client.app.state.web.registry.get(gid).session
    assert not session.solution_used and session.hints == 0


def test_solve_steps_carry_the_piles_after_a_redeal(client):
    gid = new(client, "grand-napoleon", 1)["id"]
    answer = client.post(f"/api/games/{gid}/solve", json={}).json()
    assert answer["verdict"] == "won"
    state = napoleon.new_game("grand-napoleon", 1)
    redeals = 0
    for i, (src, dst, count) in enumerate(answer["steps"]):
        state.play(napoleon.REDEAL if src < 0 else napoleon.Move(src, dst, count))
        if src < 0:
            redeals += 1
            assert answer["redeal_piles"][str(i)] == state.to_json()["piles"]
    assert state.is_won and len(answer["redeal_piles"]) == redeals


@pytest.mark.parametrize("body", [{"budget": 0}, {"budget": "x"}, {"budget": True}, {"steps": "yes"}, {"depth": 3}, [1]])
def test_solve_refusals(client, body):
    gid = new(client, "werner", 1)["id"]
    with unchanged(client, gid):
        refused(client.post(f"/api/games/{gid}/solve", json=body), 400)


def test_the_last_winnable_position_is_found_by_the_server(client):
    """Werner deal 1 is winnable after the first 11 of these moves and lost after the 12th: the
    server finds the way back without the page having seen any position proven."""
    losing = ["T7-T6", "T3-F1", "C2-T6", "T2-C2", "C3-F2", "T6-C3", "T5-F1", "C3-T6", "T3-C3", "T4-T3", "C3-F2",
              "T1-C3"]
    gid = new(client, "werner", 1)["id"]
    for text in losing:
        assert client.post(f"/api/games/{gid}/moves", json={"notation": text}).status_code == 200
    with unchanged(client, gid):
        answer = client.get(f"/api/games/{gid}/last-winnable", params={"budget": 10}).json()
    assert answer["at"] == 11 and answer["move"] == "T1-C3" and answer["text"]
    assert answer["said"].startswith("This position can no longer be won: move 12 lost it (moved the ")
    # At the deal itself there is no earlier position.
    fresh = new(client, "werner", 1)["id"]
    assert client.get(f"/api/games/{fresh}/last-winnable").json() == {"at": None, "move": None, "text": None,
                                                                      "said": None}
    refused(client.get(f"/api/games/{gid}/last-winnable", params={"budget": "soon"}), 400)
    refused(client.get("/api/games/nosuch/last-winnable"), 404)


def test_the_way_back_goes_to_the_last_winnable_position_not_the_first_proven(client):
    """The live verdict proved Werner deal 1 winnable after 3 moves only (the player went on before
    it was asked again); lost after 12, the way back is still to the position after 11."""
    losing = ["T7-T6", "T3-F1", "C2-T6", "T2-C2", "C3-F2", "T6-C3", "T5-F1", "C3-T6", "T3-C3", "T4-T3", "C3-F2",
              "T1-C3"]
    gid = new(client, "werner", 1)["id"]
    for text in losing[:3]:
        assert client.post(f"/api/games/{gid}/moves", json={"notation": text}).status_code == 200
    for _ in range(8):
        verdict = client.get(f"/api/games/{gid}/verdict").json()
        if verdict["verdict"] != "unknown" or not verdict["more"]:
            break
    assert verdict["verdict"] == "won" and client.get(f"/api/games/{gid}").json()["winnable"] == 3
    for text in losing[3:]:
        assert client.post(f"/api/games/{gid}/moves", json={"notation": text}).status_code == 200
    answer = client.get(f"/api/games/{gid}/last-winnable", params={"budget": 10}).json()
    assert answer["at"] == 11 and answer["move"] == "T1-C3"
    assert client.get(f"/api/games/{gid}").json()["winnable"] == 11


def test_the_way_back_outlives_the_server_that_proved_it(db):
    """The live verdict proves Werner deal 1 winnable after 11 moves; move 12 loses it and the server
    stops (the page reloads on a new one): the game comes back with its way back, found without a search."""
    losing = ["T7-T6", "T3-F1", "C2-T6", "T2-C2", "C3-F2", "T6-C3", "T5-F1", "C3-T6", "T3-C3", "T4-T3", "C3-F2",
              "T1-C3"]

    def opened():
        client = TestClient(create_app(db, settings=SETTINGS))
        client.__enter__()
        client.headers["X-Napoleon-Token"] = client.get("/api/token").json()["token"]
        return client

    client = opened()
    gid = new(client)["id"]
    for text in losing[:11]:
        assert client.post(f"/api/games/{gid}/moves", json={"notation": text}).status_code == 200
    for _ in range(8):  # the live verdict's ladder, step by step, as the page asks it
        verdict = client.get(f"/api/games/{gid}/verdict").json()
        if verdict["verdict"] != "unknown" or not verdict["more"]:
            break
    assert verdict["verdict"] == "won"
    assert client.get(f"/api/games/{gid}").json()["winnable"] == 11
    view = client.post(f"/api/games/{gid}/moves", json={"notation": losing[11]}).json()
    assert view["winnable"] == 11
    client.__exit__(None, None, None)

    client = opened()
    try:
        assert client.get(f"/api/games/{gid}").json()["winnable"] == 11
        answer = client.get(f"/api/games/{gid}/last-winnable").json()
        assert answer["at"] == 11 and answer["move"] == "T1-C3"
        assert client.post(f"/api/games/{gid}/back", json={"to": answer["at"], "version": view["version"]}).is_success
        view = client.get(f"/api/games/{gid}").json()
        assert view["moves"] == losing[:11] and view["winnable"] == 11
    finally:
        client.__exit__(None, None, None)


def test_a_hint_with_no_solution_known_is_a_guess_said_to_be_one(client):
    """Forty Thieves deal 20010: no solution in a hint's time, and the hint
    still shows a move, said to be a guess, counted as help."""
    gid = new(client, "forty-thieves", 20010)["id"]
    hint = client.get(f"/api/games/{gid}/hint", params={"budget": 0.3}).json()
    assert hint["verdict"] == "unknown" and hint["suggestion"] is not None
    state = napoleon.new_game("forty-thieves", 20010)
    move = state.game.move_from_json(hint["move"])
    assert state.is_legal(move) and hint["move"] == hint["suggestion"]["move"]
    assert hint["text"].startswith(state.describe(move)) and "a guess, no solution known" in hint["text"]
    assert client.app.state.web.registry.get(gid).session.hints == 1
    # A hint from a solution says nothing of the kind.
    solved = client.get(f"/api/games/{new(client)['id']}/hint").json()
    assert solved["verdict"] == "won" and solved["suggestion"] is None and "guess" not in solved["text"]


def test_the_page_hint_guesses_after_the_terminals_second_and_a_half(db):
    """With no budget asked (the page asks none), a hint searches as long as the terminal's does,
    then guesses: within a second or two, not five."""
    from napoleon.analysis import QUICK_HINT_BUDGET
    from napoleon.interfaces.tui.solving import HINT_BUDGET

    with TestClient(create_app(db, settings=Settings())) as client:
        client.headers["X-Napoleon-Token"] = client.get("/api/token").json()["token"]
        gid = new(client, "forty-thieves", 20010)["id"]
        solver, asked = client.app.state.web.analysis, []
        real = solver.hint

        async def hint(state, budget=None, max_states=None):
            asked.append(budget)
            return await real(state, budget, max_states)

        solver.hint = hint
        answer = client.get(f"/api/games/{gid}/hint").json()
    assert asked == [QUICK_HINT_BUDGET] == [HINT_BUDGET] and QUICK_HINT_BUDGET <= 2
    assert answer["suggestion"] is not None and "a guess, no solution known" in answer["text"]


def test_lost_position_is_reported_lost(client):
    gid = new(client, "werner", LOST_WERNER_DEAL)["id"]
    hint = client.get(f"/api/games/{gid}/hint").json()
    assert hint["verdict"] == "lost" and hint["move"] is None
    # Lost as dealt: said plainly, with no advice to undo what was never played.
    assert hint["sentence"].startswith("No one can win this deal: it was lost before the first move")
    assert "undo" not in hint["sentence"]
    assert client.post(f"/api/games/{gid}/solve", json={}).json()["verdict"] == "lost"


def test_a_search_does_not_block_the_server(db):
    """While the solver works (in its own process), the server answers at once."""
    import asyncio
    import time

    import httpx

    game, deal = hard_deal()
    app = create_app(db, settings=SETTINGS)

    async def run():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
            c.headers["X-Napoleon-Token"] = (await c.get("/api/token")).json()["token"]  # as the page does
            gid = (await c.post("/api/games", json={"game": game, "deal": deal})).json()["id"]
            search = asyncio.create_task(c.post(f"/api/games/{gid}/solve", json={"budget": 3, "steps": False}))
            await asyncio.sleep(0.5)  # the search is under way in its worker process
            start = time.monotonic()
            r = await c.get(f"/api/games/{gid}")
            took = time.monotonic() - start
            assert r.status_code == 200
            running = not search.done()  # the answer came while the search still ran
            return took, running, (await search).json()

    try:
        took, running, answer = asyncio.run(run())
    finally:
        app.state.web.analysis.close()
    assert took < 1.0
    # A search that ran longer than the wait and the answer together was running when it came.
    assert running or answer["seconds"] < 0.5 + took


def test_a_hint_does_not_wait_behind_the_winnable_badge(db):
    """The badge's search (solve without steps) runs in the
    background lane; a hint asked meanwhile is answered while it still runs."""
    import asyncio

    import httpx

    game, deal = hard_deal()
    app = create_app(db, settings=SETTINGS)

    async def run():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver", timeout=120) as c:
            c.headers["X-Napoleon-Token"] = (await c.get("/api/token")).json()["token"]  # as the page does
            gid = (await c.post("/api/games", json={"game": game, "deal": deal})).json()["id"]
            badge = asyncio.create_task(c.post(f"/api/games/{gid}/solve", json={"budget": 60, "steps": False}))
            while not app.state.web.analysis.pids("background"):
                await asyncio.sleep(0.05)
            hint = await c.get(f"/api/games/{gid}/hint", params={"budget": 0.5})
            answered_first = not badge.done()
            badge.cancel()
            return hint, answered_first

    try:
        hint, answered_first = asyncio.run(run())
    finally:
        app.state.web.analysis.close()
    assert hint.status_code == 200 and answered_first


def test_searches_are_capped_by_the_servers_max_budget(db):
    game, deal = hard_deal()
    with TestClient(create_app(db, settings=Settings(max_budget=0.2))) as c:
        c.headers["X-Napoleon-Token"] = c.get("/api/token").json()["token"]  # as the page does
        gid = new(c, game, deal)["id"]
        answer = c.post(f"/api/games/{gid}/solve", json={"budget": 100, "steps": False}).json()
        assert answer["seconds"] < 1.5
