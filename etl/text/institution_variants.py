"""One institution under one key however its name is written: the filing key of an institution's
merge key (`etl.text.cleaning.institution_key`); pure.

The catalogue writes one university many ways: `University of Freiburg`, `Albert-Ludwigs-Universität
Freiburg`, `Albert-Ludwigs-University Freiburg`, `Universität Freiburg`, `Freiburg University`, `Albert
Ludwig University of Freiburg`; `Friedrich-Alexander-Universität Erlangen-Nürnberg` and `University
of Erlangen-Nuremberg`; `University of Technology Nuremberg` and `Nuremberg University of Technology`.
The filing key reads a merge key (accents and case already folded) word by word, in this order:

1. a city's native spelling as its English one, and an umlaut spelt out as the folded letter
   (`nurnberg`, `nuernberg` -> `nuremberg`; `munchen` -> `munich`; `tuebingen` -> `tubingen`: a
   closed table, `EXONYMS`);
2. a university's native words as English (`universitat`, `universite`, `universita`, `universidad`,
   `universidade`, `universiteit` -> `university`; `technische` -> `technical`; `freie` -> `free`;
   `katholieke`, `catholique` -> `catholic`), and the word after it that says `of` (`zu`, `de`, `di`,
   `degli studi di`, `del`, `du`, `des`, `van`) as `of`;
3. a founder's names before a university of one city dropped (`albert ludwigs`, `friedrich
   alexander`, `ludwig maximilians`: a closed table, `FOUNDERS`, of universities the catalogue and
   their own usage call `University of <city>`; `Humboldt`, `Ruhr` and `Leibniz` are not founders of
   a university one city names);
4. `university <city>` as `university of <city>` (`Universität Freiburg`, `Technical University
   Munich`), not before a word of a unit or another institution (`University College London`,
   `University Hospital Zurich`);
5. `technical university of <city>` and `university of technology <city>` as `<city> university of
   technology`, and `university of <city>` as `<city> university` (`Freiburg University`): a city
   of one word, not one whose `University of X` and `X University` are two institutions
   (`University of Washington` and Washington University in St. Louis, `University of Miami` and
   Miami University, `University of York` and York University, `University of Newcastle` and
   Newcastle University, `Jinan`, `Victoria`, `Shanghai`) or a university system's
   (`University of California`): `DISTINCT`.

So `University of Freiburg` and `Albert-Ludwigs-Universität Freiburg` are both `freiburg university`,
while `Technical University of Munich` (`munich university of technology`), `Ludwig-Maximilians-
Universität München` (`munich university`) and `Munich University of Applied Sciences` stay three;
`Universität Hamburg` (`hamburg university`) and `Hamburg University of Technology` two; a hospital
(`University Hospital Freiburg`) is never its university. A key no rule changes is its own filing
key; each rule looks a word up in a set, so the key costs a few lookups per word.
"""

from __future__ import annotations

from collections.abc import Callable

from .cleaning import institution_key
from .short_forms import without_own_short_form

# A city's native spelling, or an umlaut written out (`ue`), as the catalogue's English one.
EXONYMS = {
    "nurnberg": "nuremberg",
    "nuernberg": "nuremberg",
    "munchen": "munich",
    "muenchen": "munich",
    "koln": "cologne",
    "koeln": "cologne",
    "wien": "vienna",
    "geneve": "geneva",
    "genf": "geneva",
    "tuebingen": "tubingen",
    "osnabrueck": "osnabruck",
    "saarbruecken": "saarbrucken",
    "goettingen": "gottingen",
    "muenster": "munster",
    "luebeck": "lubeck",
    "duesseldorf": "dusseldorf",
    "wuerzburg": "wurzburg",
    "hannover": "hanover",
    "milano": "milan",
    "torino": "turin",
    "napoli": "naples",
    "roma": "rome",
    "firenze": "florence",
    "padova": "padua",
    "genova": "genoa",
    "venezia": "venice",
    "lisboa": "lisbon",
    "praha": "prague",
    "warszawa": "warsaw",
    "bruxelles": "brussels",
    "kobenhavn": "copenhagen",
    "goteborg": "gothenburg",
    "sevilla": "seville",
    "saarlandes": "saarland",
}
# A university's native words as English.
NATIVE = {
    "universitat": "university",
    "universitaet": "university",
    "universite": "university",
    "universita": "university",
    "universidad": "university",
    "universidade": "university",
    "universiteit": "university",
    "technische": "technical",
    "technischen": "technical",
    "freie": "free",
    "katholieke": "catholic",
    "catholique": "catholic",
}
# The words after a university that say `of` (`degli studi di`: three words).
OF = frozenset("zu de di del du des van da do".split())
# Founders' names a German or Austrian university of one city is named by before `Universität`.
FOUNDERS = frozenset(
    (
        "albert ludwigs|albert ludwig|friedrich alexander|ludwig maximilians|ludwig maximilian|julius maximilians"
        "|julius maximilian|eberhard karls|eberhard karl|rheinische friedrich wilhelms|friedrich wilhelms"
        "|westfalische wilhelms|georg august|christian albrechts|ruprecht karls|johannes gutenberg"
        "|otto friedrich|carl von ossietzky|otto von guericke|heinrich heine|johann wolfgang goethe|goethe"
        "|karl franzens|leopold franzens|paris lodron|martin luther|friedrich schiller|justus liebig|philipps"
        "|ernst moritz arndt"
    ).split("|")
)
_FOUNDER_WORDS = {tuple(f.split()) for f in FOUNDERS}
_FOUNDER_LENGTHS = sorted({len(f) for f in _FOUNDER_WORDS}, reverse=True)
# Cities with another university a bare `University of X` may mean (`Universität München`: the
# catalogue's authors of it are the Technical University's): there the founder's names stay, one
# spelling of them (`ludwig maximilian` as `ludwig maximilians`).
FOUNDERS_KEPT: dict[str, dict[tuple[str, ...], str]] = {
    "munich": {("ludwig", "maximilian"): "ludwig maximilians", ("ludwig", "maximilians"): "ludwig maximilians"}
}
# Cities whose `University of X` and `X University` are two institutions, or a system's name.
DISTINCT = frozenset(
    "washington miami york newcastle jinan victoria shanghai korea seoul paris toulouse cordoba austin columbia"
    " georgia dublin quebec wales london california texas maryland nevada massachusetts illinois wisconsin"
    " missouri tennessee alabama nebraska colorado".split()
)
# Words no city is: a unit's, another institution's or a qualifier's (after `university`, or as X).
NOT_CITIES = frozenset(
    "of at in for and the college hospital medical medicine clinic clinical center centre school institute"
    " faculty department library press health sciences science technology applied national state federal"
    " central north south east west northern southern eastern western new polytechnic technical catholic free"
    " international open research politehnica polytechnical nacional autonoma complutense pompeu carlos rey"
    " jaume pablo politecnica der a zu".split()
)


def filing_key(key: str) -> str:
    """The key an institution is filed under (see the module): `albert ludwigs universitat freiburg`
    -> `freiburg university`; a key no rule changes as it is."""
    words = [EXONYMS.get(w, w) for w in key.split()]
    words = [NATIVE.get(w, w) for w in words]
    if "university" not in words:
        return " ".join(words)
    if all(w in NOT_CITIES or w == "university" for w in words):
        return key  # (`Open University`, `Open Universiteit`: no proper noun, two institutions)
    if words[-1] in FOUNDERS_KEPT and words[:-1] in (["university"], ["university", "of"]):
        return key  # (`Universität München`, `University of Munich`: which one is not said)
    at = words.index("university")
    if words[at + 1 : at + 4] == ["degli", "studi", "di"]:
        words[at + 1 : at + 4] = ["of"]
    elif at + 1 < len(words) and words[at + 1] in OF:
        words[at + 1] = "of"
    for length in _FOUNDER_LENGTHS:
        if at == length and at + 1 < len(words) and tuple(words[:length]) in _FOUNDER_WORDS:
            kept = FOUNDERS_KEPT.get(words[-1], {}).get(tuple(words[:length]))
            words, at = ([*kept.split(), *words[length:]], 2) if kept else (words[length:], 0)
            break
    after = words[at + 1 :]
    if after and "of" not in after and after[0] not in NOT_CITIES:
        words.insert(at + 1, "of")  # (`university freiburg`)
    return _english_order(words)


def _english_order(words: list[str]) -> str:
    """`university of <city>` as `<city> university`, `technical university of <city>` and
    `university of technology <city>` as `<city> university of technology` (a city of one word
    not in `DISTINCT`)."""
    city = words[-1] if len(words) > 1 else ""
    if city in DISTINCT or city in NOT_CITIES or not city.isalpha():
        return " ".join(words)
    if words == ["technical", "university", "of", city] or words == ["university", "of", "technology", city]:
        return f"{city} university of technology"
    if words == ["university", "of", city]:
        return f"{city} university"
    return " ".join(words)


def parts_of_one(name: str, key_of: Callable[[str], str]) -> str | None:
    """The first of a name's comma-separated parts when every part is filed under its key
    (`University of Freiburg, Albert-Ludwigs-Universität Freiburg`: the one university written twice),
    else None; `key_of` gives a part's filing key."""
    if "," not in name:
        return None
    parts = [part.strip() for part in name.split(",")]
    keys = {key_of(part) for part in parts if part}
    return parts[0] if len(keys) == 1 and len(parts) > 1 and parts[0] else None


def filed_key(name: str) -> str:
    """The key an institution's name is filed under: its merge key's filing key (`Albert-Ludwigs-
    Universität Freiburg` and `University of Freiburg`: `freiburg university`), a name written with its
    own short form in parentheses as the name alone (`Indian Institute of Science (IISc)`:
    `etl.text.short_forms`)."""
    return filing_key(institution_key(without_own_short_form(name)))
