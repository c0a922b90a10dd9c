// Card codes ("7H", "TD") as the API writes them, their names and images.

const RANK_NAMES = {
  A: "Ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven",
  8: "Eight", 9: "Nine", T: "Ten", J: "Jack", Q: "Queen", K: "King",
};
const SUIT_NAMES = { C: "Clubs", D: "Diamonds", H: "Hearts", S: "Spades" };

/** "Seven of Hearts": what a screen reader says for a card. */
export function cardName(code) {
  return `${RANK_NAMES[code[0]]} of ${SUIT_NAMES[code[1]]}`;
}

/** The image of a card face; ``four`` picks the four-colour deck. */
export function cardUrl(code, four) {
  return `/cards/${four ? "four" : "two"}/${code}.svg`;
}

export const BACK_URL = "/cards/two/back.svg";

/** The image of a card back of colour ``colour`` (blue, red, green). */
export function backUrl(colour) {
  return colour === "red" || colour === "green" ? `/cards/two/back-${colour}.svg` : BACK_URL;
}

/** Width / height of a card image (the SVGs are 240 x 336). */
export const CARD_RATIO = 1.4;
