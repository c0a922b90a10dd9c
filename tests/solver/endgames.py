"""Small random endgames: every card home but a few, scattered over the piles.

Such positions have search spaces small enough for the unpruned, exhaustive
Python search, so they can hold the pruned solvers to the plain meaning of
"winnable". They need not be reachable from a deal: the solver works from
any position.
"""

from __future__ import annotations

import random

import napoleon
from napoleon.cards import KING, make_card
from napoleon.engine.game import UNLIMITED
from napoleon.engine.rules import WASTE, Build, Foundation
from napoleon.engine.state import State


def complete_foundations(game: napoleon.Game) -> dict[int, list[int]]:
    """Each foundation full, the suits dealt out in order within each group."""
    out: dict[int, list[int]] = {}
    for group, piles in zip(game.groups, game.group_piles, strict=True):
        rule = group.rule
        if not isinstance(rule, Foundation):
            continue
        for n, f in enumerate(piles):
            suit = n % 4
            rank, cards = rule.start, []
            for _ in range(rule.length):
                cards.append(make_card(rank, suit))
                rank += 1 if rule.up else -1
                if rank < 1 or rank > KING:
                    rank = rule.start
            out[f] = cards
    return out


def endgame(game_id: str, options: dict, cards_out: int, rng: random.Random, tries: int = 50) -> State:
    """A valid position of ``game_id`` with ``cards_out`` cards off the foundations."""
    game = napoleon.get_game(game_id, options)
    last_error: Exception | None = None
    for _ in range(tries):
        top = 3 if game.max_redeals == UNLIMITED else min(game.max_redeals, 3)
        # Half the time no redeal is left: that is where dead ends are.
        redeals = top if rng.random() < 0.5 and game.max_redeals != UNLIMITED else rng.randint(0, top)
        probe = State(game, 1)
        probe.redeals = redeals
        wastes = set(game.active_wastes(probe))
        targets = [
            i for i in range(game.npiles)
            if not isinstance(game.groups[game.pile_group[i]].rule, Foundation)
            and (game.pile_roles[i] != WASTE or i in wastes)
        ]
        piles = {i: [] for i in range(game.npiles)}
        piles.update(complete_foundations(game))
        keep = 1 if game.id == "st-helena" else 0  # St. Helena's foundations keep their base card
        popped: list[int] = []
        while len(popped) < cards_out:
            choices = [f for f in game.foundations if len(piles[f]) > keep]
            f = rng.choice(choices)
            for _ in range(min(rng.randint(1, 3), cards_out - len(popped), len(piles[f]) - keep)):
                popped.append(piles[f].pop())
        # Shuffled onto a few piles, the card a foundation needs first may end
        # up buried under others: where dead ends come from.
        rng.shuffle(popped)
        burying = [t for t in targets if game.fit[t] is None or not any(game.fit[t])]
        few = rng.sample(targets, min(len(targets), rng.randint(1, 3)))
        for card in popped:
            pool = burying if burying and rng.random() < 0.4 else few
            dst = rng.choice(pool)
            rule = game.groups[game.pile_group[dst]].rule
            if isinstance(rule, Build) and rng.random() < 0.3:
                # now and then somewhere the card is built in order
                fitting = [t for t in targets if piles[t] and game.fit[t] is not None and card in game.fit[t][piles[t][-1]]]
                dst = rng.choice(fitting) if fitting else dst
            piles[dst].append(card)
        obj = {
            "game": game.id,
            "deal": 1,
            "options": game.options_json(),
            "redeals": redeals,
            "piles": {game.pile_names[i]: [napoleon.cards.card_str(c) for c in p] for i, p in piles.items()},
        }
        try:
            return napoleon.position_from_json(obj)
        except napoleon.PositionError as exc:
            last_error = exc
    raise AssertionError(f"no valid {game_id} endgame in {tries} tries: {last_error}")


def walked(game_id: str, options: dict, deal: int, steps: int, rng: random.Random) -> State:
    """Deal ``deal`` of the (reduced) game, ``steps`` random legal moves in."""
    state = napoleon.new_game(game_id, deal, options)
    for _ in range(steps):
        moves = state.legal_moves()
        if not moves or state.is_won:
            break
        state.push(rng.choice(moves))
    return state
