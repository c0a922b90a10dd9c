"""A move's answer carries what changed, not the whole line of play: the page, which sends the
version it shows, keeps the line itself."""

from __future__ import annotations

import json

from starlette.testclient import TestClient

from napoleon.interfaces.web import Settings, create_app


def test_a_change_made_on_the_line_shown_answers_only_what_changed(tmp_path):
    with TestClient(create_app(tmp_path / "m.db", settings=Settings())) as c:
        c.headers["X-Napoleon-Token"] = c.get("/api/token").json()["token"]
        view = c.post("/api/games", json={"game": "forty-thieves", "deal": 7, "autoplay": False}).json()
        gid, line, sizes = view["id"], [], []
        for _ in range(60):
            answer = c.post(f"/api/games/{gid}/moves", json={"notation": "S-W", "version": view["version"]})
            assert answer.status_code == 200
            view = answer.json()
            assert "moves" not in view
            line += [m["notation"] for m in view["made"]]
            sizes.append(len(answer.content))
        assert view["moves_made"] == len(line) == 60
        undone = c.post(f"/api/games/{gid}/undo", json={"version": view["version"]}).json()
        assert "moves" not in undone and [m["notation"] for m in undone["undone"]] == ["S-W"]
        whole = c.get(f"/api/games/{gid}").json()
        assert whole["moves"] == line[:-1]
        # Without a version (a script), the answer is the whole view as before.
        answer = c.post(f"/api/games/{gid}/moves", json={"notation": "S-W"})
        plain = answer.json()
        assert plain["moves"] == line
        assert len(answer.content) > sizes[-1] + 6 * len(line)  # what each answer above was spared
        assert json.loads(json.dumps(plain))["moves_made"] == 60
