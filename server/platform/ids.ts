/** Record ids: a short prefix naming the kind, then 20 random base32 characters. */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** A fresh id such as `usr_…`. `random` defaults to crypto; the seed passes its own. */
export function newId(prefix: string, random: () => number = cryptoRandom): string {
  let id = "";
  for (let i = 0; i < 20; i++) id += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return `${prefix}_${id}`;
}

function cryptoRandom(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32;
}
