"""The WebAssembly build of the core answers as the native one does.

The same C files, the same tables: on deals of every game and option set,
each search gives the same verdict, the same moves and the same count of
positions, and an exploration the same candidates (searches are capped by
positions, never by time, so that both visit the same ones). The moves,
auto-play and redeals are held to the engine itself by
test_core_matches_engine.py, which runs on both builds.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from variants import IDS, VARIANTS

import napoleon
from napoleon.solver import core, exploration, wasm

pytestmark = pytest.mark.skipif(not core.available, reason="the C core is not built")

SEARCHES = [
    {"mode": "dfs", "max_states": 20_000},
    {"mode": "dfs", "max_states": 20_000, "macros": False, "deadends": True},
    {"mode": "dfs", "max_states": 20_000, "fingerprints": True},
    {"mode": "best", "max_states": 20_000},
    {"mode": "greedy", "max_states": 20_000},
    {"mode": "playouts", "max_states": 20_000, "seed": 3},
    {"mode": "nested", "max_states": 20_000, "level": 1},
]


def both(wasm_core, run):
    """What ``run()`` answers on the native core and on the WebAssembly one."""
    native = run()
    with wasm.standing_in(wasm_core):
        return native, run()


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=IDS)
def test_every_search_answers_the_same_in_webassembly(wasm_core, game, options):
    for deal in (1, 2):
        state = napoleon.new_game(game, deal, options)
        for kw in SEARCHES:
            native, web = both(wasm_core, lambda: core.search(state, **kw))  # noqa: B023
            assert (web.verdict, web.moves, web.states) == (native.verdict, native.moves, native.states), (deal, kw)
        native, web = both(wasm_core, lambda: exploration.beam(state, max_states=20_000, width=4, stage_states=500))  # noqa: B023
        assert (web.verdict, web.moves, web.states) == (native.verdict, native.moves, native.states), deal


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=IDS)
def test_an_exploration_goes_on_the_same_in_webassembly(wasm_core, game, options):
    state = napoleon.new_game(game, 3, options)

    def explore():
        ex = exploration.Exploration(state)
        runs = [ex.run(max_states=cap, keep=4, redealt=3) for cap in (2_000, 6_000)]
        return [(r.verdict, r.moves, r.states, [(f.line, f.home, f.score, f.redealt) for f in found])
                for r, found in runs], ex.nbytes > 0

    native, web = both(wasm_core, explore)
    assert web == native


def test_the_webassembly_core_refuses_bad_input_as_the_native_one_does(wasm_core):
    state = napoleon.new_game("werner", 1)
    tables = core.encode_rules(state.game)
    piles = [p[:] for p in state.piles]
    for bad in ([tables[:-3], piles, 0], [[*tables, 0], piles, 0], [tables, [[99]] * state.game.npiles, 0]):
        with pytest.raises(ValueError) as native:
            core._core.moves(*bad)
        with pytest.raises(ValueError) as web:
            wasm_core.moves(*bad)
        assert str(web.value) == str(native.value)
    assert wasm_core.TABLE_VERSION == core.TABLE_VERSION


def test_a_build_is_taken_from_the_cache_while_the_c_files_stay_the_same(tmp_path, monkeypatch, compiled_core):
    runs = []

    def emcc(outdir):
        """emcc's work as the run did it once (``compiled_core``), counted: half a minute each."""
        runs.append(outdir)
        Path(outdir).mkdir(parents=True)
        for name in wasm.COMPILED:
            shutil.copy(compiled_core / name, Path(outdir) / name)
        return wasm._copy_js(Path(outdir))

    monkeypatch.setattr(wasm, "build", emcc)
    first = wasm.build_cached(tmp_path / "one", tmp_path / "cache")
    assert len(runs) == 1, "an empty cache is filled by a build"
    assert first["wasm"].stat().st_size > 10_000
    second = wasm.build_cached(tmp_path / "two", tmp_path / "cache")
    assert len(runs) == 1, "emcc ran again for the same C files"
    assert second["wasm"].read_bytes() == first["wasm"].read_bytes()
    assert second["glue"].read_bytes() == first["glue"].read_bytes() and second["core"].is_file()
    # Another set of flags is another build.
    monkeypatch.setattr(wasm, "FLAGS", (*wasm.FLAGS, "-DNAPOLEON_TEST_FLAG"))
    wasm.build_cached(tmp_path / "three", tmp_path / "cache")
    assert len(runs) == 2
