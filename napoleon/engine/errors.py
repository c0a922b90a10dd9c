"""The errors a user can cause. Each carries a message meant for that user."""


class NapoleonError(Exception):
    """Base of every error caused by bad input; the message says what was wrong."""


class UnknownGameError(NapoleonError, KeyError):
    """No game has that id."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class OptionError(NapoleonError, ValueError):
    """An unknown option, or a value the option does not take."""


class IllegalMoveError(NapoleonError, ValueError):
    """The move is not legal in this position; the message says why."""


class NotationError(NapoleonError, ValueError):
    """Text that is not a move in this game's notation."""


class PositionError(NapoleonError, ValueError):
    """A position (JSON) that is malformed or not a position of this game."""
