"""Every sentence a player reads, in one place: line mode, the terminal and the page say the same.

Cards are named as players write them (``10♣``) and piles as they call
them (``column 4``, ``the waste``); the notation (``T4-T7``) stays in the
command line's own output and in JSON. The interfaces choose the colour and
the place of a sentence, never its words.

The module speaks; it decides nothing. Whether a move is legal, and why
not, is the engine's (:meth:`State.why_illegal
<napoleon.engine.state.State.why_illegal>`, :mod:`napoleon.engine.refusals`), which says it in the
sentences written here: the voice stands below the engine and reads positions and moves as they
are given to it.

>>> from napoleon import new_game
>>> state = new_game("werner", deal=1)
>>> refusal(state, state.parse_move("T1-T2"))
'the 8♣ does not go on the 10♥: the tableau builds down in alternating colours'
>>> played([state.describe(state.parse_move("T3-F1"), past=True)])
'Moved the A♣ from column 3 to foundation 1'
"""

from __future__ import annotations

from typing import Any

from .cards import RANKS, SUIT_SYMBOLS
from .rule_names import ACES, ALTERNATE, ANY, ANY_SUIT, FOUNDATION, KINGS, NONE, STOCK, TABLEAU

# The engine's kinds, as the voice reads them: it stands below the engine and never imports it.
State = Any
"""A position, :class:`napoleon.engine.state.State`."""
Move = Any
"""A move, :class:`napoleon.engine.move.Move`."""
Game = Any
"""A game, :class:`napoleon.engine.game.Game`."""

# ------------------------------------------------- cards, piles and moves
# The notation (``T4-T7``) is for the command line and the JSON; what a player reads in either
# interface is said here. Pile names are the game's own (:meth:`Game.pile_label`), with a tableau pile
# called a column, as players call it.


def card_name(card: int) -> str:
    """A card as players write it: ``10♣``, ``J♦``, ``A♠``."""
    r = RANKS[(card & 15) - 1]
    return ("10" if r == "T" else r) + SUIT_SYMBOLS[card >> 4]


def pile_name(state: State, pile: int) -> str:
    """A pile as players call it: ``column 4``, ``foundation 2``, ``waste``, ``central reserve``."""
    return pile_called(state.game, pile)


def pile_called(game: Game, pile: int) -> str:
    """:func:`pile_name`, for a game with no position at hand (the page's list of piles)."""
    label = game.pile_label(pile)
    if game.pile_roles[pile] == TABLEAU:
        return label.replace("tableau", "column", 1)
    return label


def _cards(cards: list[int]) -> str:
    if len(cards) == 1:
        return f"the {card_name(cards[0])}"
    return f"the {len(cards)} cards {card_name(cards[0])} to {card_name(cards[-1])}"


def describe_move(state: State, move: Move, past: bool = False) -> str:
    """``move`` (made from ``state``, which is left alone) in words.

    ``past=False`` is advice ("move the 10♣ ..."): a stock card is not named,
    since the player cannot see it yet. ``past=True`` tells what was done
    ("moved the 10♣ ...", "turned the 7♥ from the stock onto the waste").
    A move that does not fit the position is given in notation.

    >>> from napoleon import new_game
    >>> state = new_game("werner", deal=1)
    >>> describe_move(state, state.parse_move("T3-F1"))
    'move the A♣ from column 3 to foundation 1'
    """
    game = state.game
    if move.is_redeal:
        left = game.redeals_left(state)
        if past:
            return "redealt the cards"
        more = "" if left < 0 else f" ({plural(left, 'redeal')} left)"
        return f"redeal the cards{more}"
    n = game.npiles
    if not (0 <= move.src < n and 0 <= move.dst < n) or not 0 < move.count <= len(state.piles[move.src]):
        return game.notation(move)
    src, dst = state.piles[move.src], state.piles[move.dst]
    moving = src[-move.count:]
    where = pile_name(state, move.dst)
    if move.src == game.stock or game.pile_roles[move.src] == STOCK:
        if past:
            return f"turned {_cards(moving)} from the stock onto {_the(where)}"
        return f"turn the next stock card onto {_the(where)}"
    verb = "moved" if past else "move"
    what = f"{verb} {_cards(moving)} from {_the(pile_name(state, move.src))}"
    if game.pile_roles[move.dst] == FOUNDATION:
        return f"{what} to {where}"
    if not dst:
        return f"{what} to the empty {where}"
    return f"{what} onto the {card_name(dst[-1])} in {_the(where)}"


def _the(name: str) -> str:
    """``column 4`` as it is, ``waste`` as ``the waste``."""
    return name if name[-1].isdigit() else f"the {name}"


def the_pile(state: State, pile: int) -> str:
    """A pile as a sentence names it: ``column 4``, ``foundation 2``, ``the waste``."""
    return _the(pile_name(state, pile))


# ----------------------------------------------- why a move is illegal
# The engine decides (napoleon.engine.refusals, and a game's own notes); these are its words.

NO_SUCH_PILE = "no such pile"
OWN_PILE = "a card cannot move onto its own pile"
STOCK_TO_WASTE = "a stock card is turned onto a waste pile"
ONE_TURNED = "one card is turned at a time"
FOUNDATION_KEEPS = "cards on a foundation never leave it"
ONE_AT_A_TIME = "only one card moves at a time"
REDEAL_NEEDS_EMPTY_STOCK = "a redeal is allowed only when the stock is empty"


def no_redeal_in(game_name: str) -> str:
    return f"{game_name} has no redeal"


def redeals_used(limit: int) -> str:
    return f"no redeal left (all {limit} used)"


def nothing_to_redeal(gathered: str) -> str:
    return f"there are no cards on the {gathered} piles to redeal"


def pile_empty(state: State, pile: int) -> str:
    return f"{the_pile(state, pile)} is empty"


def not_in_this_pass(state: State, pile: int) -> str:
    return f"{the_pile(state, pile)} is not in play in this pass"


def not_the_players(state: State, pile: int) -> str:
    return f"cards of {the_pile(state, pile)} cannot be moved by the player"


def cannot_go(state: State, src: int, dst: int) -> str:
    return f"a card from {the_pile(state, src)} cannot go to {the_pile(state, dst)}"


def holds_only(state: State, pile: int) -> str:
    return f"{the_pile(state, pile)} holds only {plural(len(state.piles[pile]), 'card')}"


def not_a_run(state: State, pile: int, count: int) -> str:
    return f"the top {count} cards of {the_pile(state, pile)} are not a run built by the rules"


def foundation_complete(state: State, pile: int) -> str:
    return f"{the_pile(state, pile)} is complete"


def suit_has_foundation(card: int) -> str:
    return f"there is already a foundation for the {card_name(card)}'s suit in this group"


def not_on_foundation(state: State, card: int, pile: int, rule: Any) -> str:
    return f"the {card_name(card)} does not go on {the_pile(state, pile)}: {describe_foundation(rule)}"


def cannot_fill(state: State, card: int, pile: int, rule: Any) -> str:
    return f"the {card_name(card)} cannot fill the empty {pile_name(state, pile)}: {describe_space(rule)}"


def does_not_build(card: int, top: int, role: str, rule: Any) -> str:
    return f"the {card_name(card)} does not go on the {card_name(top)}: the {role} {describe_build(rule)}"


def nothing_put_on(state: State, pile: int) -> str:
    return f"nothing may be put on {the_pile(state, pile)} by the player"


NO_CARD_MOVED = "a move carries at least one card"


def not_a_move(text: str) -> str:
    """A typed move the notation cannot read."""
    return f"not a move: {text[:40]!r} (write e.g. T3-F1, T2-T5x3, S-W, redeal)"


def no_pile_named(game_name: str, name: str, piles: str) -> str:
    return f"{game_name} has no pile {name} (its piles: {piles})"


def goes_on_no_foundation(card: int) -> str:
    return f"the {card_name(card)} goes on no foundation now"


def describe_build(rule: Any) -> str:
    """``builds down in suit`` and the like, for messages and rules text (``rule``: a
    :class:`~napoleon.engine.rules.Build`)."""
    way = "up or down" if rule.up and rule.down else "up" if rule.up else "down" if rule.down else ""
    if not way:
        return "holds one card"
    how = {ANY_SUIT: "regardless of suit", ALTERNATE: "in alternating colours"}.get(rule.suit, "in suit")
    wrap = ", Ace on King" if rule.wrap and rule.up else ", King on Ace" if rule.wrap else ""
    return f"builds {way} {how}{wrap}"


def describe_space(rule: Any) -> str:
    """What fills an empty pile of ``rule``: ``a space takes only a King`` and the like."""
    return {
        ANY: "a space takes any card",
        KINGS: "a space takes only a King",
        ACES: "it takes only an Ace when empty",
        NONE: "a space is never filled",
    }[rule.space]


def describe_foundation(rule: Any) -> str:
    """How a foundation of ``rule`` (a :class:`~napoleon.engine.rules.Foundation`) starts and builds."""
    start = "Ace" if rule.start == 1 else "King"
    way = "up" if rule.up else "down"
    twice = ", twice round" if rule.length > rule.top else ""
    return f"it is started by a{'n' * (start == 'Ace')} {start} and builds {way} in suit{twice}"


# A game's own rules, said when they refuse a move.

SINGLE_OPTION = "with the single option runs do not move as a unit: one card at a time"
REDEAL_CHANGED_NOTHING = "the last redeal changed nothing: the game is lost"
WHOLE_PILE_ONLY = "only a whole tableau pile moves onto the central reserve"
CENTRAL_NOT_EMPTY = "a whole tableau pile moves only onto a central reserve that is not empty"
ONE_OR_WHOLE_PILE = "only one card moves at a time (a whole tableau pile may move onto the central reserve)"


def bottom_not_in_suit(bottom: int, top: int) -> str:
    return f"the bottom card {card_name(bottom)} does not follow the {card_name(top)} in suit"


def first_deal_foundations(number: int) -> str:
    """St. Helena's first deal: each pile plays to the foundations of its side only."""
    which = "upper (King)" if number <= 4 else "lower (Ace)"
    return f"in the first deal, pile {number} plays only to the {which} foundations"


# ------------------------------------------------------------------ helpers


def clock(seconds: float) -> str:
    """``m:ss`` or ``h:mm:ss`` (whole seconds, rounded down as a clock shows them).

    >>> clock(83.9), clock(3725)
    ('1:23', '1:02:05')
    """
    s = int(seconds)
    h, rest = divmod(s, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}" if h else f"{rest // 60}:{rest % 60:02d}"


def plural(n: int, word: str) -> str:
    """``1 move``, ``2 moves``."""
    return f"{n} {word}{'s' * (n != 1)}"


def capital(text: str) -> str:
    """The sentence with its first letter a capital."""
    return text[:1].upper() + text[1:]


def cards_named(cards: list[int]) -> str:
    """``the A♣``, ``the A♣ and 2♣``, ``the A♣, 2♣ and A♥``."""
    names = [card_name(c) for c in cards]
    return "the " + (", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0])


def _and_auto(n: int) -> str:
    return f" (and {plural(n, 'card')} home by auto-play)" if n else ""


# -------------------------------------------------------------- the moves


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


# ------------------------------------------------------------------ hints


def hint(state: State, move: Move) -> str:
    """The next move of a solution."""
    return f"Hint: {describe_move(state, move)}"


def guess(state: State, move: Move, home: int, now: int) -> str:
    """A move to try where no solution is known ("Guess" first: a narrow screen still shows it)."""
    leads = f": it leads to {home} cards home" if home > now else ""
    return f"Guess: {describe_move(state, move)} (no solution known{leads})"


POSITION_WINNABLE = "the position is winnable"
HINT_WON = "the game is won"
HINT_LOST = "this position can no longer be won: undo to find a better line"
HINT_LOST_FROM_START = "No one can win this deal: it was lost before the first move. Try a new deal or a winnable one"
HINT_UNKNOWN = "the solver found no way to win from here in the time it had"
HINT_LOOKING = "looking for a hint …"
SOLVE_LOOKING = "looking for a solution …"


def solver_failed(error: object) -> str:
    return f"the solver failed: {error}"


# -------------------------------------------------------------- verdicts

DEAL_CANNOT_BE_WON = "No one can win this deal: it was lost before the first move (n: a new deal or a winnable one)"
DEAL_LOST_FROM_START = "No one can win this deal: it was lost before the first move."


def lost_by(move_number: int, before: State, move: Move) -> str:
    """The move that lost the game (``move_number`` counts from 1)."""
    return (f"this position can no longer be won: move {move_number} lost it "
            f"({describe_move(before, move, past=True)})")


LOST_HERE = "this position can no longer be won"


def lost_looking(keys: dict[str, str]) -> str:
    """The terminal's word on a lost position while it looks for the move that lost it (``keys``: the key
    of each action, from the key map)."""
    return (f"{LOST_HERE} · looking for the move that lost it … "
            f"({keys['restart']} restarts, {keys['new_deal']} new deal)")


def lost_by_keys(move_number: int, before: State, move: Move, keys: dict[str, str]) -> str:
    """:func:`lost_by`, and the keys of the ways on."""
    return (f"{lost_by(move_number, before, move)} · {keys['back_to_winnable']} goes back to before it · "
            f"{keys['restart']} restarts · {keys['new_deal']} new deal")


def lost_keys(keys: dict[str, str]) -> str:
    """A lost position whose losing move was not found, and the keys of the ways on."""
    return f"{LOST_HERE}: {keys['undo']} undoes, {keys['restart']} restarts, {keys['new_deal']} deals a new one"
LOST_HERE_SAID = "This position can no longer be won."


def lost_said(moves_made: int) -> str:
    """A proven loss as the page's banner says it: at the deal itself, nothing the player did lost it."""
    return DEAL_LOST_FROM_START if moves_made == 0 else LOST_HERE_SAID

VERDICT_WORDS = {
    "won": "won", "lost": "lost", "searching": "solver …", "off": "solver off", "winnable": "✓ winnable",
    "no_longer_winnable": "✗ no longer winnable", "not_winnable": "✗ not winnable",
    "unknown_searching": "? unknown, searching", "unknown": "? unknown",
}
"""The terminal's header word on the position: the game's status, else the solver's verdict."""


# ------------------------------------------------------------ end of game


END_WON = "You won!"
END_LOST = "No legal move is left: the game is lost."
"""The end-of-game screen's title, the terminal's and the page's."""


def won(game_name: str, deal: int | None, moves: int, seconds: float, helped: bool = False) -> str:
    """A game won; ``helped``: with a hint or the solution, which the statistics count apart."""
    if helped:
        return (f"You won deal {deal} of {game_name} with help, in {plural(moves, 'move')}, {clock(seconds)}: "
                f"it counts as a win with help.")
    return f"You won deal {deal} of {game_name} in {plural(moves, 'move')}, {clock(seconds)}."


def lost(game_name: str, deal: int | None) -> str:
    return f"Deal {deal} of {game_name} is lost: no card can move and no stock or redeal is left."


RESULTS = {"won": "won", "lost": "lost", "abandoned": "given up", "playing": "unfinished"}
"""A game's result as the player reads it, for each result the store keeps: a game left under way
is "given up", wherever it is shown (it counts as played and lost)."""


def leave_question(game_name: str, deal: int | None, moves: int) -> str:
    """Asked before the player leaves a game under way."""
    return (f"Leave deal {deal} of {game_name}? {plural(moves, 'move')} made: "
            f"a game left unfinished counts as played and lost.")


def left_game(moves: int) -> str:
    """Said when the player left a game under way for another."""
    return f"Game left after {plural(moves, 'move')}: it counts as played and lost."


def left(record_id: int, moves: int) -> str:
    """Said after the player quit a game under way in line mode."""
    return (f"game #{record_id} left after {plural(moves, 'move')}: it counts as played and lost "
            f"(resume it with: napoleon resume {record_id})")


def showing_solution(n: int) -> str:
    return f"Showing the solution: {plural(n, 'move')} (your game is kept; any key goes back to it)"


def solution_step(shown: int, total: int, text: str) -> str:
    return f"Solution, move {shown} of {total}: {text}"


def solution_shown(total: int) -> str:
    return f"The solution wins in {plural(total, 'move')}. Your game is as you left it: any key goes back to it"


BACK_TO_GAME = "back to your game"


# ------------------------------------------------------------ statistics

BEST_TIME = "best time"
FEWEST_MOVES = "fewest moves"
WITH_HELP = "with help"
BY_GRADE = "by grade of the deal"
NO_GAME_OF_IT = "No game of it finished or left yet."
NO_STATS_STORE = "no statistics: the store could not be opened"
STATS_KEPT = "the statistics are kept"


def stats_title(game_name: str) -> str:
    return f"Statistics of {game_name}"


def no_stats(error: object) -> str:
    return f"no statistics: {error}"


def reset_question(game_name: str) -> str:
    """Asked before the statistics of a game are reset."""
    return f"Reset the statistics of {game_name}? Games played so far stop counting (their history is kept)."


def stats_reset_of(game_name: str, games: int) -> str:
    return f"statistics of {game_name} reset: {plural(games, 'game')} no longer counted"


def not_reset(error: object) -> str:
    return f"the statistics were not reset: {error}"


def stats_keys(reset: str, close: str) -> str:
    """The statistics screen's keys, named by the screen."""
    return f"{reset}: reset these statistics (asks first) · {close}: close"


# ------------------------------------------------------ the terminal's own

FOUR_COLOUR_DECK = "four-colour deck"
TWO_COLOUR_DECK = "two-colour deck"


def deal_handed(deal: int, grade: str | None) -> str:
    """A deal handed out from the shipped grades: the deal of the day (``grade`` None) or one of a grade."""
    what = "the deal of the day" if grade is None else f"a winnable {grade} deal"
    return f"deal {deal}: {what}"


def no_deal_shipped(error: object) -> str:
    return f"no such deal shipped for this game: {error}"


NEW_DEAL_QUESTION = "New deal: any, winnable, winnable of a grade, or the deal of the day"
NEW_DEAL_CHOICES = {"any": "Any deal", "winnable": "Winnable", "easy": "Easy", "medium": "Medium", "hard": "Hard",
                    "expert": "Expert", "daily": "Deal of the day"}
"""The choices of a new deal, as their buttons say them."""
NEW_DEAL_SHORT = {**{choice: label.lower() for choice, label in NEW_DEAL_CHOICES.items()}, "any": "any",
                  "daily": "today"}
"""The same, as a line of keys says them."""
HELP_SCROLLS = "(Esc closes, arrows scroll)"
HELP_CLOSES = "Esc closes this help."
OPTIONS_HOW = "Options (napoleon play GAME -o NAME=VALUE):"
MOUSE_HELP = """Mouse: click a card (or a card deeper in a run) to pick it up, then click where
it goes; click the stock to turn a card; double-click a card to send it home.
Marked green while you hold a card: the piles it may legally go to.
The header says whether the position is still winnable: the solver searches it
in the background after every move ("unknown" when it runs out of time)."""


def keys_said(pairs: list[tuple[str, str]]) -> str:
    """A screen's keys in one line: ``n/Enter any · w winnable · Esc cancel``."""
    return " · ".join(f"{keys} {what}" for keys, what in pairs)


def piles_in_notation(abbrs: list[str] | tuple[str, ...]) -> str:
    return "Piles in move notation: " + " ".join(abbrs)


def deal_number_asked(most: int, now: int) -> str:
    return f"Deal number (1 to {most}); now {now}:"


def deal_number_range(most: int) -> str:
    return f"a deal number is from 1 to {most}"


def move_asked(piles: str) -> str:
    return f"Move (e.g. T3-F1, T3-F, S-W, redeal). Piles: {piles}"


def terminal_too_small(game_name: str, need: tuple[int, int], now: tuple[int, int]) -> str:
    return (f"The terminal is too small for {game_name}: it needs at least {need[0]} x {need[1]} "
            f"(now {now[0]} x {now[1]}). Make the window bigger.")


# ---------------------------------------------------------------- review
# A game's review (napoleon.analysis.review) told to the player: the command
# line, the terminal and the page show these sentences as they are.

REVIEW_LOST_FROM_START = "No one can win this deal: it was lost before the first move."
REVIEW_LOSS_NOT_FOUND = ("The game was lost, but the move that lost it is not known yet: the solver could not "
                         "decide every position in the time it had.")
REVIEW_FROM_STORE = "Reviewed before: read from the store."
REVIEW_STARTING = "Reviewing…"


def _doing(advice: str) -> str:
    """Advice ("move the 2♣ ...") as what one might have been doing ("moving the 2♣ ...")."""
    verb, _, rest = advice.partition(" ")
    return f"{ {'move': 'moving', 'turn': 'turning', 'redeal': 'redealing'}.get(verb, verb)} {rest}".strip()


def review_verdict(verdict: str, length: int | None) -> str:
    """A position's verdict in a review: ``winnable (12 moves to win)``, ``lost``, ``not known``."""
    if verdict == "winnable":
        return f"winnable ({plural(length, 'move')} to win)" if length is not None else "winnable"
    return "lost" if verdict == "lost" else "not known"


def review_deal(verdict: str, length: int | None) -> str:
    """What the deal was as dealt."""
    if verdict == "lost":
        return REVIEW_LOST_FROM_START
    if verdict == "winnable" and length is not None:
        return f"The deal as dealt could be won: a line of {plural(length, 'move')} wins it."
    return "The deal as dealt: not known (the solver could not decide it in the time it had)."


def review_losing_move(number: int, before: State, move: Move, better: Move | None) -> str:
    """The move that lost the game, by its cards, and the move of the winning line it was played instead of:
    "Move 33 lost the game: you turned the 7♠ from the stock onto the waste, over the 2♣, instead of
    playing the 2♣ home."."""
    game = before.game
    covered = instead = ""
    if better is not None and not better.is_redeal and before.piles[better.src]:
        card = before.piles[better.src][-better.count]
        if not move.is_redeal and move.dst == better.src and game.pile_roles[move.dst] != FOUNDATION:
            covered = f", over the {card_name(card)}"
        if game.pile_roles[better.dst] == FOUNDATION:
            instead = f", instead of playing the {card_name(card)} home"
        else:
            instead = f", instead of {_doing(describe_move(before, better))}"
    return f"Move {number} lost the game: you {describe_move(before, move, past=True)}{covered}{instead}."


def review_line(before_move: int, length: int) -> str:
    """The winning line from the position before the losing move."""
    return f"A winning line from before move {before_move}: {plural(length, 'move')}."


def review_line_step(step: int, total: int, before_move: int, before: State, move: Move) -> str:
    """Step ``step`` (0: not yet begun) of the winning line, told from ``before`` (the position ``move`` is made from)."""
    if step == 0:
        return f"Before move {before_move}: the next move of the line is to {describe_move(before, move)}."
    done = " The game is won." if step == total else ""
    return f"Line move {step} of {total}: {describe_move(before, move, past=True)}.{done}"


def review_won(length: int, shortest: int) -> str:
    if shortest < length:
        return f"You won in {plural(length, 'move')}; the shortest line the solver knows takes {shortest}."
    return f"You won in {plural(length, 'move')}: no shorter line is known."


_HELP_WORDS = {"hint": "hint", "solution": "look at the solution", "undo": "undo", "finish": "Finish"}


def review_help(marks: list[dict]) -> str:
    """The help taken in one line: "Help taken: 226 hints, 1 undo, the solution shown at move 80, Finish at
    move 95."."""
    counts: dict[str, list[int]] = {}
    for mark in marks:
        counts.setdefault(mark["kind"], []).append(mark["at"])
    parts = []
    for kind in ("hint", "undo", "solution", "finish"):
        at = counts.get(kind)
        if not at:
            continue
        if kind == "finish":
            parts.append(f"Finish at move {at[-1]}")  # the last: the one that ended the game
        elif kind == "solution":
            parts.append(f"the solution shown at move {at[0]}" + (f" and {plural(len(at) - 1, 'time')} more"
                                                                 if len(at) > 1 else ""))
        else:
            parts.append(plural(len(at), kind))
    return f"Help taken: {', '.join(parts)}." if parts else ""


def review_help_here(kinds: list[str]) -> str:
    """The help taken with one position on the table, for its row of the review: "hint, undo"."""
    return ", ".join(_HELP_WORDS.get(kind, kind) for kind in kinds)


def review_help_detail(marks: list[dict]) -> list[str]:
    """Each help taken, where it was taken (the detail behind :func:`review_help`)."""
    return [f"{capital(_HELP_WORDS.get(m['kind'], m['kind']))} at move {m['at']}" for m in marks]


def review_unknown(unknown: int, positions: int) -> str:
    return f"Not known within the time: {unknown} of {plural(positions, 'position')}."


def review_progress(checked: int, positions: int) -> str:
    return f"Reviewing… {checked} of {plural(positions, 'position')}"


def reviewed(seconds: float) -> str:
    return f"Reviewed in {seconds:.1f} s."


def review_title(game_name: str, deal: int, moves: int) -> str:
    return f"Review: {game_name}, deal {deal}, {plural(moves, 'move')}"


def review_chart(losing_move: int | None) -> str:
    """The chart's caption."""
    line = "; dotted: the winning line from before the losing move" if losing_move is not None else ""
    return f"Cards home after each move: your game{line}. Under it, the verdict after each move " \
           f"(✓ winnable, ✗ lost, ? not known)."


def review_chart_label(home: int, losing_move: int | None, total: int) -> str:
    """What the chart shows, for a screen reader."""
    line = f"; the winning line from before move {losing_move} gets all {total} home" if losing_move else ""
    return f"Cards home after each move: {home} at the end{line}"


# ------------------------------------------------------- the review's own

REVIEW_KEYS = "← → the winning line · p play from here · d help taken · ↑ ↓ scroll · Esc back to the game"
"""The keys of the terminal's review."""

REVIEW_NO_LINE = "No winning line to play from: the review names no losing move."

PAST_GAMES_TITLE = "Past games: Enter reviews one"
PAST_GAMES_NONE = "No game played yet."
PAST_GAMES_KEYS = "↑ ↓ choose · Enter: review · Esc: close"


def review_heading(record_id: int | None, game_name: str | None = None, deal: int | None = None,
                   moves: int | None = None, result: str | None = None) -> str:
    """The review's heading, as far as it is known: "Review of game #12: Werner, deal 15, 20 moves, lost"."""
    head = f"Review of game #{record_id}"
    if game_name is None:
        return head
    return f"{head}: {game_name}, deal {deal}, {plural(moves or 0, 'move')}, {RESULTS.get(result or '', result or '')}"


def review_how(stored: bool, seconds: float, searches: int) -> str:
    """How the review was had: "reviewed from the store", or "reviewed in 3.2 s, 12 searches"."""
    return "reviewed from the store" if stored else \
        f"reviewed in {seconds:.1f} s, {searches} search{'es' * (searches != 1)}"


def review_kept(record_id: int) -> str:
    """A review closed before its end has ended, and is kept with its game."""
    return f"The review of game #{record_id} is done, kept with the game."


def review_failed(why: object) -> str:
    return f"No review: {why}"


def played_from_here(before_move: int, length: int) -> str:
    """The winning line taken onto the table (the review's Play from here) as a new game."""
    return (f"A new game from before move {before_move}, played with help: the winning line from here "
            f"takes {plural(length, 'move')}.")


# ------------------------------------------------------------- the page's own

PAGE_WORDS: dict[str, str] = {
    "looking_for_hint": HINT_LOOKING,
    "stale": STALE,
    "deal_title": "{name}, deal {deal}",
    "new_deal": "New deal: {title}",
    "back_to_game": "Back to the game: {title}",
    "lost_at": "This position can no longer be won: {move} lost the game.",
    "lost_here": capital(LOST_HERE) + ".",
    "undo_to_winnable": "Undo to the last winnable position ({back:move} back)",
    "looking_for_solution": SOLVE_LOOKING,
    "no_solution_lost": "No solution: this position can no longer be won.",
    "no_solution_in_time": "The solver found no solution in time.",
    "already_won": capital(GAME_WON_ALREADY) + ".",
    "solution_found": "A solution in {moves:move} (the game itself is not changed).",
    "solution_shown": "Solution shown: {moves:move}.",
    "solution_step": "Solution: move {i} of {total} ({move})",
    "you_won": END_WON,
    "no_legal_move_left": END_LOST,
    "winnable_in": "winnable ({moves:move})",
    "cannot_be_won": "cannot be won from here",
    "not_proven": "winnable? not proven (search again)",
    "winnable_title": "The solver found a way to win from here (click to search again)",
    "lost_title": "The solver proved that no sequence of moves wins from here",
    "unknown_title": "The solver found no way to win in the time it had: click to search longer",
    "unfinished_game": "{name}, deal {deal}: {moves:move}, {time} (last played {when})",
    "stats_reset": "Statistics reset: {games:finished game} no longer counted.",
    "window_title": "{title} — Napoleon patience",
    "rules_of": "Rules of {name}",
    "lost_no_move": "lost: no legal move",
    "winnable_asking": "winnable? …",
    "searching_longer": "winnable? searching longer …",
    "solver_unavailable": "winnable? (solver unavailable)",
    "no_game_at": "no game at {hash}: showing the last one played",
    "not_a_deal_number": 'a deal number is a whole number from 1 up, not "{text}"',
    "looking_for_graded": "Looking for a winnable {grade} deal…",
    "looking_for_winnable": "Looking for a deal the solver can win…",
    "none_yet": "None yet.",
    "not_counted": "not counted (reset)",
    "review_game": "Review game {id}",
    "export_game": "Export game {id} to a file",
    "no_game_finished": "No game finished yet.",
    "title_deal": " · deal {deal}",
    "redeal_button": "Redeal ({left} left)",
    "redeals_left": "redeals left {left}",
    "wastes_in_play": " · waste piles in play {wastes}",
    "with_help": WITH_HELP,
    "by_grade": capital(BY_GRADE),
    "win_percent": "Win %",
    "best_streak": "Best streak",
    "best_time": capital(BEST_TIME),
    "fewest_moves": capital(FEWEST_MOVES),
    "badge_won": "won!",
    "badge_grade": "grade: {grade}",
    "share_link": "link: {hash}",
    "imported_as": "Imported as game {id}.",
    "pile_not_in_play": ", not in play",
    "pile_takes_held": ", the held cards may go here",
    "face_down": "{count:card} face down",
    "empty": EMPTY,
    "empty_starts_a": EMPTY + ", starts with a {start}",
    "empty_starts_an": EMPTY + ", starts with an {start}",
    "pile_top": "{count:card}, top card {card}",
}
"""The sentences the page writes itself (served with the catalogue, ``words``): ``{key}`` is
filled in by the page, ``{key:word}`` is the number and the word, plural unless it is 1 (see
:func:`fill`, which the page's ``sentence`` follows)."""


def fill(template: str, **values: object) -> str:
    """A sentence of :data:`PAGE_WORDS` filled in as the page fills it.

    >>> fill(PAGE_WORDS["solution_found"], moves=1)
    'A solution in 1 move (the game itself is not changed).'
    >>> fill(PAGE_WORDS["undo_to_winnable"], back=3)
    'Undo to the last winnable position (3 moves back)'
    """
    import re

    def one(match: re.Match[str]) -> str:
        key, word = match.group(1), match.group(2)
        value = values[key]
        return str(value) if word is None else plural(int(value), word)  # type: ignore[call-overload]

    return re.sub(r"\{(\w+)(?::([^}]+))?\}", one, template)


def page_words() -> dict[str, object]:
    """What the catalogue serves the page as ``words``: its sentences and the results' words."""
    return {**PAGE_WORDS, "results": RESULTS}
