"""Play: a turn played, taken back or refused, auto-play, the cards held, and the table told."""

from __future__ import annotations

from ..rule_names import FOUNDATION
from .naming import Move, State, capital, card_name, cards_named, pile_name, plural, the_pile


# -------------------------------------------------------------- the moves


def _and_auto(n: int) -> str:
    return f" (and {plural(n, 'card')} home by auto-play)" if n else ""


def refusal(state: State, move: Move) -> str | None:
    """Why ``move`` may not be played from ``state``, or None when it may."""
    return state.why_illegal(move)


def played(words: list[str]) -> str:
    """A turn just played: the player's move told in ``words[0]``, and auto-play's after it."""
    return capital(words[0]) + _and_auto(len(words) - 1)


def taken_back(after: State, move: Move) -> str:
    """``move`` taken back, told from ``after`` (the position it made): "the 10♣ back from column 7 to column 4"."""
    if move.is_redeal:
        return "the redeal taken back"
    moving = after.piles[move.dst][-move.count:]
    if not moving:
        return after.game.notation(move)
    what = f"the {card_name(moving[0])}" if len(moving) == 1 else \
        f"the {len(moving)} cards {card_name(moving[0])} to {card_name(moving[-1])}"
    if move.src == after.game.stock:
        return f"{what} back onto the stock"
    return f"{what} back from {the_pile(after, move.dst)} to {the_pile(after, move.src)}"


def undone(back: str, extra: int) -> str:
    """A turn taken back: the player's own move told as taken back (:func:`taken_back`), and ``extra``
    auto-play moves after it."""
    more = f" (and {plural(extra, 'auto-play move')})" if extra else ""
    return f"Undone: {back}{more}"


def redone(words: list[str]) -> str:
    """A turn played again, each of its moves told in ``words``."""
    return f"Redone: {words[0]}" + _and_auto(len(words) - 1)


def back_to(moves: int, turns: int) -> str:
    """Back to an earlier position (the last winnable one) in one step."""
    return (f"Back to the last winnable position (move {moves}): {plural(turns, 'turn')} taken back "
            f"(redo plays them again)")


def restarted_after_win(moves: int) -> str:
    return (f"Back to the start of the deal: a new game of it ({plural(moves, 'move')} taken back; "
            f"the game you won stays won)")


NO_LEGAL_MOVE = "no legal move"
NO_WAY_BACK = "no winnable position to go back to is known"


def restarted(moves: int) -> str:
    return f"Back to the start of the deal: {plural(moves, 'move')} taken back (redo plays them again)"


NOTHING_TO_UNDO = "nothing to undo"
NOTHING_TO_REDO = "nothing to redo"
AT_THE_START = "this is the start of the deal"
GAME_WON_ALREADY = "the game is won"


def too_long(limit: int) -> str:
    """Why a turn is refused when it would make the game longer than any game file may be."""
    return f"a game has at most {limit:,} moves: undo, or start a new deal"
GAME_OVER = "the game is over"
UNREACHABLE = "the server cannot be reached: is napoleon serve still running?"
STALE = "the game moved on in another window: this is where it is now"
# The page played in the browser alone (``napoleon site``), when the browser will not keep its data
# (private browsing, storage refused or full): the game goes on, forgotten when the page closes.
STORAGE_REFUSED = ("this browser does not keep napoleon's games here (private browsing, or its storage is "
                   "refused or full): play goes on, but this game and its statistics are lost when the page closes")
STORE_ELSEWHERE = "the game is open in another window now: choose Play here to play on in this one"
"""The static site's answer to a window that has let another window have the player's store."""
WORKER_FAILED = "the page's worker failed: reload the page to play on"
"""The static site's page when the worker its Python runs in fails."""
PYTHON_NOT_STARTED = "Python did not start in this browser: {why}"
"""The static site's page when its Python cannot start (``{why}``: the error's last line)."""
SEARCH_WORKER_FAILED = "the search worker failed"
SEARCH_STOPPED = "the search was stopped"
"""A search in a search worker of the static site, ended before its answer."""


def auto_played(cards: list[int]) -> str:
    """Safe cards played home at the player's asking."""
    return f"Played home {cards_named(cards)}"


AUTO_NONE = "no card can safely go to a foundation now"
AUTO_WAITS = "no card is played home automatically while a redeal is still to come"
AUTOPLAY_ON = "safe auto-play on"
AUTOPLAY_OFF = "safe auto-play off"


def autoplay_on(cards: list[int]) -> str:
    """Auto-play turned on, and the cards it played home at once."""
    return AUTOPLAY_ON + (f": played home {cards_named(cards)}" if cards else "")


def finish_offer(n: int) -> str:
    """The rest of the game plays itself."""
    return f"The rest plays itself: Finish (F) plays the last {plural(n, 'move')} to the foundations"


def finished(n: int) -> str:
    return f"Finished: {plural(n, 'move')} played out (undo takes them back)"


FINISH_REFUSED = "the game does not finish by itself yet: some cards still need moving"


def picked_up(state: State, src: int, count: int, dsts: list[int]) -> str:
    """The cards the player holds and every place they may go: said when a card is picked up.

    >>> from napoleon import new_game
    >>> state = new_game("werner", deal=1)
    >>> picked_up(state, 10, 1, state.targets(10, 1))
    'the 4♥ from column 7: it may go onto the 5♣ in column 6'
    >>> picked_up(state, 6, 1, state.targets(6, 1))
    'the A♣ from column 3: it may go to an empty foundation (foundation 1, foundation 2, foundation 3 or foundation 4)'
    >>> picked_up(state, 4, 1, [])
    'the 8♣ from column 1: it may go nowhere now'
    >>> tomb = new_game("napoleons-tomb", deal=1)
    >>> picked_up(tomb, tomb.game.stock, 1, tomb.targets(tomb.game.stock, 1)[:2])
    'the next stock card: it may go to an empty waste (waste 1 or waste 2)'
    """
    cards = state.piles[src][-count:]
    if src == state.game.stock:
        what = "the next stock card"  # face down: the player may not know it yet
    elif count == 1:
        what = f"the {card_name(cards[0])} from {the_pile(state, src)}"
    else:
        what = f"the {count} cards {card_name(cards[0])} to {card_name(cards[-1])} from {the_pile(state, src)}"
    it = "it" if count == 1 else "they"
    places = _places(state, dsts)
    if not places:
        return f"{what}: {it} may go nowhere now"
    listed = places[0] if len(places) == 1 else ", ".join(places[:-1]) + ", or " + places[-1]
    return f"{what}: {it} may go {listed}"


def _places(state: State, dsts: list[int]) -> list[str]:
    """Where cards may go, in words: onto a card, to a foundation, to empty piles of a kind (grouped)."""
    game = state.game
    out: list[str] = []
    empty: dict[str, list[int]] = {}
    for d in dsts:
        top = state.piles[d]
        if top and game.pile_roles[d] == FOUNDATION:
            out.append(f"to {the_pile(state, d)}")
        elif top:
            out.append(f"onto the {card_name(top[-1])} in {the_pile(state, d)}")
        else:
            empty.setdefault(game.pile_roles[d], []).append(d)
    for piles in empty.values():
        names = [pile_name(state, d) for d in piles]
        if len(names) == 1:
            out.append(f"to the empty {names[0]}")
        else:
            kind = names[0].rsplit(" ", 1)[0]
            listed = ", ".join(names[:-1]) + " or " + names[-1]
            out.append(f"to an empty {kind} ({listed})")
    return out

def no_home(state: State, src: int) -> str:
    """Why the top card of ``src`` cannot go to a foundation now (a pile's own rule, if it has one)."""
    game, cards = state.game, state.piles[src]
    if src == game.stock or not cards:
        return f"nothing to send home from {the_pile(state, src)}"
    if src in game.foundations:
        return "that card is on a foundation already"
    note = next((n for f in game.foundations if (n := game.restriction_note(state, src, f))), None)
    return note or f"the {card_name(cards[-1])} cannot go to a foundation yet"


def no_redeal(reason: str) -> str:
    return f"no redeal: {reason}"


def which_waste(state: State, wastes: list[int]) -> str:
    return f"turn the stock card onto which waste pile? ({', '.join(pile_name(state, w) for w in wastes)})"


# ------------------------------------------------------- the table, told

def face_down(n: int) -> str:
    """The stock, told: ``24 cards face down``."""
    return f"{plural(n, 'card')} face down"


EMPTY = "empty"


def wastes_in_play(n: int) -> str:
    return f"{n} waste piles in play"


def showing_solution_at(shown: int, total: int) -> str:
    """The terminal's status line while it shows the solution."""
    return f"showing the solution: move {shown} of {total} (any key goes back to your game)"


HOLDING = "holding {cards} from {pile}: "
"""The cards the player holds, told: ``{cards}`` stands where an interface draws them."""
A_STOCK_CARD = "a stock card"
HOLD_HAS_PLACES = "put it on a pile marked green"
HOLD_NOWHERE = "it has nowhere to go now"


def puts_back(keys: str) -> str:
    """What puts held cards back: ``Esc puts it back``."""
    return f"{keys} puts it back"
