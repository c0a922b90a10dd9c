// Card codes ("7H", "TD") as the API writes them, their names and images.

export const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };

/** "10♣": a card named as the server's sentences name it, for screen readers too. */
export function cardName(code) {
  return (code[0] === "T" ? "10" : code[0]) + SUIT_SYMBOLS[code[1]];
}

// Every card is a symbol of one SVG document, the deck (napoleon.interfaces.web.page.deck_svg),
// drawn with <use>: the deck is parsed once, not each card as an image of its own.

/** A card face in the deck; ``four`` picks the four-colour deck. */
export function cardUrl(code, four) {
  return `cards/${four ? "four" : "two"}/deck.svg#${code}`;
}

export const BACK_URL = "cards/two/deck.svg#back";

/** A card back of colour ``colour`` (blue, red, green) in the deck. */
export function backUrl(colour) {
  return colour === "red" || colour === "green" ? `cards/two/deck.svg#back-${colour}` : BACK_URL;
}

/** The view box of a card's <svg>, whose <use> of the deck's card fills it (the faces are 240 x 336). */
export const CARD_BOX = "0 0 240 336";

/** Width / height of a card (CARD_BOX). */
export const CARD_RATIO = 1.4;
