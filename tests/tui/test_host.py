"""The mixins' contract with the app (napoleon/interfaces/tui/host.py): the
app defines everything ``AppHost`` declares, and the mixins use nothing of
the app that ``AppHost`` does not declare."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from napoleon.interfaces.tui import bars, deals, dialogs, hand, reviewing, solving, turns
from napoleon.interfaces.tui.host import HOST_NAMES, AppHost

from .conftest import make_app


def test_the_app_defines_all_that_the_mixins_may_use():
    app = make_app("werner")
    try:
        missing = []
        for name in HOST_NAMES:
            try:
                inspect.getattr_static(app, name)
            except AttributeError:
                missing.append(name)
        assert missing == []
    finally:
        app.analysis.close()


def names_used_on_self(cls: type) -> set[str]:
    source = Path(inspect.getsourcefile(cls)).read_text()
    node = next(n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.ClassDef) and n.name == cls.__name__)
    return {n.attr for n in ast.walk(node)
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self"}


@pytest.mark.parametrize("mixin", [bars.BarsMixin, solving.SolverMixin, hand.HandMixin, turns.TurnsMixin,
                                   deals.DealsMixin, dialogs.DialogsMixin,
                                   reviewing.ReviewsMixin])
def test_a_mixin_uses_only_what_the_host_declares(mixin):
    own = set(vars(mixin)) | set(getattr(mixin, "__annotations__", {}))
    undeclared = names_used_on_self(mixin) - own - set(HOST_NAMES)
    assert undeclared == set(), f"{mixin.__name__} uses {sorted(undeclared)}: declare them in AppHost"


def test_the_host_shadows_nothing():
    # Annotations only: a default here would hide the app's or Textual's own.
    assert [n for n in vars(AppHost) if n in HOST_NAMES] == []
