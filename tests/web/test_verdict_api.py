"""The page's live verdict: the analysis's ladder, one step a request, ``more`` while a longer search may follow."""

from __future__ import annotations

from starlette.testclient import TestClient

from napoleon.interfaces.web import Settings, create_app

from .api_client import new


def test_the_verdict_follows_a_known_solution_and_refuses_a_bad_budget(tmp_path):
    with TestClient(create_app(tmp_path / "v.db", settings=Settings())) as client:
        client.headers["X-Napoleon-Token"] = client.get("/api/token").json()["token"]  # as the page does
        gid = new(client, "werner", 1, autoplay=False)["id"]
        first = client.get(f"/api/games/{gid}/verdict").json()
        assert first["verdict"] == "won" and not first["more"] and first["at"] == 0
        client.post(f"/api/games/{gid}/moves", json={"notation": "T3-F1"})
        # One move along (or near) the solution found: followed on from it, no search.
        second = client.get(f"/api/games/{gid}/verdict").json()
        assert second["verdict"] == "won" and second["cached"] and second["at"] == 1
        bad = client.get(f"/api/games/{gid}/verdict", params={"longer": "soon"})
        assert bad.status_code == 400 and "budget" in bad.json()["error"]
        assert client.get("/api/games/nope/verdict").status_code == 404


def test_an_undecided_position_asks_for_more_until_the_ladder_ends(tmp_path):
    app = create_app(tmp_path / "v.db", settings=Settings())
    with TestClient(app) as client:
        client.headers["X-Napoleon-Token"] = client.get("/api/token").json()["token"]  # as the page does
        app.state.web.analysis.budgets = (0.05, 0.1)
        app.state.web.analysis.max_states = 50
        gid = new(client, "forty-thieves", 2, autoplay=False)["id"]
        steps = [client.get(f"/api/games/{gid}/verdict").json() for _ in range(3)]
        assert [(s["verdict"], s["more"], s["spent"]) for s in steps] == \
            [("unknown", True, 0.05), ("unknown", False, 0.1), ("unknown", False, 0.1)]
        longer = client.get(f"/api/games/{gid}/verdict", params={"longer": 0.2}).json()
        assert longer["spent"] == 0.2 and not longer["more"]
