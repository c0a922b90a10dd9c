// Card codes ("7H", "TD") as the API writes them, their names and images.

export const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };

/** "10♣": a card named as the server's sentences name it, for screen readers too. */
export function cardName(code) {
  return (code[0] === "T" ? "10" : code[0]) + SUIT_SYMBOLS[code[1]];
}

/** The image of a card face; ``four`` picks the four-colour deck. */
export function cardUrl(code, four) {
  return `cards/${four ? "four" : "two"}/${code}.svg`;
}

export const BACK_URL = "cards/two/back.svg";

/** The image of a card back of colour ``colour`` (blue, red, green). */
export function backUrl(colour) {
  return colour === "red" || colour === "green" ? `cards/two/back-${colour}.svg` : BACK_URL;
}

/** Width / height of a card image (the SVGs are 240 x 336). */
export const CARD_RATIO = 1.4;
