/**
 * Demo letterheads and billing details: Acme's letterhead (legal name, address,
 * tax number, logo, bank details and payment instructions, in US English) and
 * its clients' billing addresses and tax numbers, so the demo invoices print
 * complete. Globex keeps no letterhead, so its invoices show the fallback: the
 * organisation's own name and address. Uses no random stream.
 */
import type { Queryable } from "../../../db/database.ts";
import { LETTERHEAD_KEY } from "../../../platform/orgs/letterhead.ts";
import { ORGS } from "../../../db/seed/demo-people.ts";

/** Acme's logo: a small PNG. */
const ACME_LOGO = "data:image/png;base64," +
  "iVBORw0KGgoAAAANSUhEUgAAAKAAAAA4CAYAAAB6+vMDAAALc0lEQVR4nOydeXAT1x3Hf+/JNyQctnxI5ggNEx+0ISEY" +
  "2xzmdDgSQaChaZp00mnLdGgZMpOZTIammWbyB9M/0jPNTNKZtkNbSKAk2ByhxhzhCDQUcFMsmyEQJ2DZWAabYGxhS/vr" +
  "7wlL2pVkHZZkrcR+GLO7T++tnvy++/u93+/tyikQgMWLb4wZBb0rkbPVdFhEPwYGcB/EEQS4RZtW6kczQ/ZBD2bU1teP" +
  "vwkaCQnzV2hadC2PcfsmBFzHGMsAFYOINtq8A1Lq5tqDeddAI6HwEaBp8dUVwNlWeuF+SCDIMn5N/z1fe8BYCxoJA/fs" +
  "IjNVt/4SGNudaOITDPZ5l6n66qvis4BGQuAeKFO15XsM8O+QBEiIP9h9oPCvoKF6nAI0Pd62ACSpjjFIgWQAcQAktrzm" +
  "oLEeNFTNXReM0sakEZ+AsVTUwc9AQ/Wwp6rbcx3oaCcBJtW8CSmEtw+kGvYdyW0HDdXCHWhfnWziE4jPlJLavwo0VI1w" +
  "wc9AkkIa1ASoclLI9E2HpAXLQUPVcMqYqXqlIxKS+bMlC2QBWTokKcn82ZIFDhoacSTmub8ZZenwizey/b72+qbrcO7M" +
  "HdC4d4m5BZxblTXka3OqMkHj3iamAkwh+1pWOXQcMLM8Q+TrNO5hYirA8tmZkJU1tMLuH8NhVqUWqN7LxHQOWDlX6WIt" +
  "V+2QksogN0+nqHPqhA1UDs81lFwicz1ZUSrhrzvazC9BBGQXTCtmXFpGEXslrR9Ooa2RVhGzyDOYaTmxhUL5i4Cw32ox" +
  "nwDnbY9DQ308QH1c7F3ucEDZ9fbG04Ha6g0l7zHGvuNdjohz6b2Ph/peoYISbrK2mTfHzAJmZDBnACKnqbEfzn+mDDoe" +
  "m5UBaWmganILSpf4iI9ALlaRZqTCMNAbS6aLQdRxNHNgb5KfWEMCeIQEl0vb0ZREKqPtWhLkz2l7jOqepzYvwDDgOnwq" +
  "YIXCQmEplkMciJkAZ1OAkZ6udL//bbgDDWeVAhQuunyOyoMRjs/5KyZxGLINfWEPXLaxZCG1PhyWBWGshN7vLzmG0l9B" +
  "+Dwd6MVcx+hlJPK4POsTMxfs7X777yD855QNGL+7nyYTp6h79FAfqJGxYyePpc0adwFiDamBLCI4w3vOQIizJuTz5RdN" +
  "1iFsp/Zj5eXk6s6RwJpp9eYaHd2m384kRFZErvgxeT16v5fJIn/a0da4M+AbIfS6+kjnfZBc7CPkSs/5rcp1K5mfduFA" +
  "04Yd6JDeDrW+nbEvxDYmArzvPg7TH1W637OU7+vtRfd+uSz4mDEzAzLJEvb1IqiNlMystTSE7qtJQraXREETDHhcHNPW" +
  "NDr/QX1P++fWUM6XxvmfyJopEqMkvh+SOP7sr76+sHgqQ7aF3sm9rk2u/7dwV/R2GAJxNxr9d5ws25zBfoobM/wIsCSN" +
  "Ia5wpSNoBI7TXjWEj6WzvfkIhElMXHDVwkzQ6ZRlJ4/1+d0XpKaqNydIA/h91z4FBXabZKshwXwgq5GWydO+G8q5nK7X" +
  "y+3SuX4/lPgE1qtNFwd6bUtJGJcG698ilTSMLSg2QuB+i2dkPMEDg9X+6unzYZHngsB+qmeGESQmAqzwcr82G8LJ4zIB" +
  "0r4ok+PtstVAjuGhh8gwzHYXMKzruXapY6BXt4N6P+ApZ8+Fcj76ZZvkx3SOLnuf7bVg7bq6Lt+UANehJFVZLZnZVkvj" +
  "k91tTV8Ga0eW84jsaNq4vOJpPnV0sErWn3pSuA5GkKgLcNx4DsWlyrD27Ok70N/vORb7okzOt6anO123mmCge0F5jO+L" +
  "7c2b/+sit7XXUw4zRVQb/HygvD0MYacQF4TA9VbzIWtb01GAMwMQKg7WQKLqdh3qUrh3NKwDZCs93YGDdMENK6ofLlEf" +
  "8YVLsoB7nfWTY74BhneZcNlVi1RlBSk7AjL3iz3Yz9yuVxoUowsmwfPBTkgufJKiDUjnIIYgSowh7HC/H6LiBl2aElRR" +
  "J/IG+2aXkO8AGN7d8RTobMw1lmIoP3pD6VuudlEXYIVXSkUEHqdO+ApQlPV6BR2VKkrH6POLl4o0i+uYRqXGajX3uI47" +
  "LX27hChdx6HlBFmO/EgC3gUxxsE8FwrNCx8VQY3rmCO4LSJZ9yM3LOevwAgTVQEaJ6TAN6Yqx+DsaRvY/cRqoky8JqeI" +
  "XLdw4aqAc4VFk5j0nrJCC+WUPBZxuDnBWEOu+wj5Vs9XljjYtwf3xGMznvwgkwdWI0dU0zAi+vW+uUBEt6FGuMJ1Cxe+" +
  "8/0eiCdjxnxzHGOOVR5vhP2Uk7Pl5BfNl9cj+/25/OMGzQky7ACZVeUgjYPY46B+7qR+rnd2gcGTtNmsLyie63K/Appe" +
  "fAgREFYeUAcW125UBShuPogU4cLjLcD0UXZKq3DZXRIsTcfYAQgSH9IgPxEoJ0jzsSaqZPCU8BF5HkcC6UMd8PV3O8Eq" +
  "xhumTWAouYMPmgDW0/Qi0sdX45sHfGBKKkycFLmehQvPyx/RTIAvjAUNKIZomBEoJ0hW9KRXkRBBSL+0nILSH+uNpYdz" +
  "CopfFAKCMLhuaRJuuMN1nMIcC2jFZaG7X8B2QZyImgAXLIlOACFc+MLqsFeCoobI/clXHcImQE6QOew7lAWQS0tkb0AQ" +
  "RIqHM9xMv5r5nPPfpDD8isrWQujYyfy6RUaCe4YCErf1xX57RO43EqLmgiv8RLAb1nXAlS/tAdtNIKv5h3dzFWXllZmw" +
  "bcstiAccdD+SH1N6Yo9I/A5VX6wVp43KahPWTxy7coLWVnODd92OjgufUQpiD11kT7jKSAivkAhHUYL5JX85vsEL4p90" +
  "4mxZp1qslt7wvoZOooCJw7q7fWTL3KcCONzZecECcSIqApz2cBroc5Vu88pX9qDic9ajOqLuhImerkx6IMXp0r+4HHrO" +
  "NUqIx1SflQcWNEBbAzXo7m7p1o8qEV9p544oB3OCDf7qD0iODbQeXCFfDyYRbtAbbfNQKv0joOMiYzwDOZvJEeeRtZrP" +
  "vMZJQnjVGYWHQUdbYz258C46lzLwQYyW+zV4B2nB6Gznn0RFgHPn+7pM7xRLIETdCRNHK8pEUnqkBZhjKF1BA+QOEsQq" +
  "QqfldlD3xCTcRiGwW4CDOcFX/Fm07vbmFhqoNUzHa8gSjXGfA+BhxuFdGIx0nBeBn+9MkQBe62wz/wPCxyFWXuiECgtP" +
  "C4rbIQqIlA7T6Z4Op41ejwURzwHFnK2s3Pe2+nDucvZXd/a8kU9K07KBIvig5Oz2UCxNR1vWHrIkVk+7wDlBihY/djig" +
  "klIXH0HoXCb1Le1sbQw6ZxwSSVJcTPT+H0ch+o2IiAU4oyzDJ3l847rkvPs5VERd0UaOcOnea8qxRMzl6FpSzPUkh7Q1" +
  "tNZnBshaKhLVgznBIbnRbjbTPHE5ZRin0orKBlLDNjrHaRIFzcewj+aeTbS/j4T9JrlcU0drRhG50X9BBFjbWb24AcJ1" +
  "jBLGLfp1wVZWt0Z0E96LL4+D+V5ruHX7euHt33WHdZ71G8dC9XKlK/9o9214563IvgC/ps6oPXenYiKygM7HLit83e+/" +
  "T4Z/d7O/NtFIbGuom4gtoNrRLKC60b4bRiOuaALUiCuaADXiCqdQP3m/ngpR+xtyKofWuFnSfos8suT9bMmCWPtsgOSl" +
  "GTRUDUdJ/uhekoG4HzRUDad/STtIXKfTBKhy+O46QzOtQ0a0xqhGKLtes2t/QQtoqBpnGgbtsDGZomHxWSR7+k9BQ/U4" +
  "BVh72HgBEX4CSQKTYN2eQzmtoKF63Ilo8fd1yW29DgmO+Aw19YVbQCMh8FmoNy1pNVHp3xLtr6aT8L4GCZ+trS/cCxoJ" +
  "g89SXO0BY+1AP5bSgO6BBEH0VfRZE1/iEfBWJVO1ZR4N7wL6mUVVpzAEI7UYDfEEQTy1bkGGl6hPn9LPodo6w1HQSEj+" +
  "DwAA//+PIZeKAAAABklEQVQDAIK/6Nwm8kvoAAAAAElFTkSuQmCC";

const ACME_LETTERHEAD = {
  legal_name: "Acme Consulting Ltd",
  address: "12 Market Street\nLondon EC1A 1AA\nUnited Kingdom",
  tax_number: "GB123456789",
  bank_account_holder: "Acme Consulting Ltd",
  bank_account_number: "GB29 NWBK 6016 1331 9268 19",
  bank_code: "NWBKGB2L",
  bank_name: "NatWest",
  payment_instructions:
    "Please pay by bank transfer within the payment terms, quoting the invoice number.",
  logo: ACME_LOGO,
  locale: "en-US",
};

/** Client id → billing address and tax number. */
const BILLING: Readonly<Record<string, [string, string]>> = {
  cli_northwind: ["1 Harbour Way\nSeattle, WA 98101\nUnited States", "US-91-1234567"],
  cli_contoso: ["400 Industrial Park Road\nDetroit, MI 48201\nUnited States", "US-38-2345678"],
  cli_fabrikam: ["77 Innovation Drive\nAustin, TX 78701\nUnited States", "US-74-3456789"],
  cli_tailspin: ["8 Toy Lane\nPortland, OR 97201\nUnited States", ""],
  cli_wingtip: ["1 Capital Plaza\nNew York, NY 10004\nUnited States", "US-13-4567890"],
  cli_litware: ["25 Code Street\nBoston, MA 02110\nUnited States", "US-04-5678901"],
};

/** Seeds Acme's letterhead and its clients' billing details. */
export async function seedLetterheads(tx: Queryable, today: number): Promise<void> {
  const now = new Date(today).toISOString();
  await tx.run(
    "INSERT INTO settings (organization_id, key, value, version, updated_at) VALUES (?, ?, ?, 1, ?)",
    [ORGS.acme.id, LETTERHEAD_KEY, JSON.stringify(ACME_LETTERHEAD), now],
  );
  for (const [client, [address, taxNumber]] of Object.entries(BILLING)) {
    await tx.run(
      "UPDATE clients SET billing_address = ?, tax_number = ? WHERE organization_id = ? AND id = ?",
      [address, taxNumber, ORGS.acme.id, client],
    );
  }
}
