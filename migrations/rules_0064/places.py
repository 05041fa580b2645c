"""Revision 0064's frozen copy of `etl.text.places` (read23, 2026-12-07).

Where an institution is, when its name says it and its source's country does not; pure.

The paperlists catalogue's normalised affiliations give every institution of Taiwan the country
`China` (no record gives `Taiwan`): National Taiwan University, Academia Sinica, National Tsing
Hua University, MediaTek. Bibliographic databases a reader joins paperdb with (OpenAlex, Scopus,
ROR: ISO 3166's `TW`) list them under Taiwan, and so do their authors. An institution whose name
places it in Taiwan (a city or county of Taiwan, `R.O.C.`) or that is one of Taiwan's institutions
known by a name without a place (below, as data) is in `Taiwan` when its source says `China` or
nothing; another country a source gives is kept (a name is weaker evidence than a source that
says otherwise). `Tsinghua University` (Beijing) is not `National Tsing Hua University` (Hsinchu).

A country is shown in one spelling: the one the catalogue's sources write most (`Russian Federation`
249 affiliations, `Russia` 8; `Czech Republic` 268, `Czechia` 13), so a facet or
`papers_per_institution?country=` counts a country once; a placeholder (`Unknown`, 108) is no country.
"""

from __future__ import annotations

import re
from functools import lru_cache

TAIWAN = "Taiwan"

# A place of Taiwan in an affiliation (`..., Taipei, Taiwan, R.O.C.`), whole words.
_PLACE = (
    r"Taiwan|Taipei|Hsinchu|Tainan|Taichung|Kaohsiung|Taoyuan|Chia-?[Yy]i|Yunlin|Hualien|Keelung|Taitung"
    r"|Pingtung|Changhua|Nantou|Miaoli|R\.\s?O\.\s?C\.?"
)
# Taiwan's institutions known by names without a place (the catalogue's, each read): universities
# named `National ...` in Taiwan, private universities, research institutes and companies.
_NAMED = (
    r"Academia Sinica|National (?:Tsing ?[Hh]ua|Chiao Tung|Yang[ -]Ming(?: Chiao Tung)?|Cheng[ -]?Kung|Chung[ -]Cheng|Cheng ?[Cc]hi"
    r"|Central|Chung[ -]Hsing|Sun Yat-[Ss]en|Dong Hwa|Chi Nan|Ilan|Formosa|United|Chin-Yi) University"
    r"|Chang Gung|Fu Jen|Tamkang|Feng Chia|Yuan Ze|Tatung|Ming Chuan|Chung Yuan Christian|Tunghai"
    r"|Chung[ -]Cheng Institute of Technology|Chung-Shan Institute of Science"
    r"|^Industrial Technology Research Institute|Institute for Information Industry"
    r"|MediaTek|ASUS(?:TeK)?|HTC|Appier|Hon Hai|Chunghwa Telecom|Delta (?:Research Center|Electronics)"
)
_IN_TAIWAN = re.compile(rf"\b(?:{_PLACE})(?!\w)|(?:^|\b)(?:{_NAMED})\b")
# The countries a source gives Taiwan's institutions in place of Taiwan (or none).
_OVERRIDDEN = frozenset({"China", "People's Republic of China", "PR China", "P.R. China", "CN"})

# Other spellings of a country (folded: case, punctuation) and the one it is shown in: the one the
# catalogue's sources write most, else its common English short name, as `aff_country_unique` writes.
_SPELLINGS = {
    "Russian Federation": ("Russia",),
    "Czech Republic": ("Czechia",),
    "Saudi Arabia": ("Kingdom of Saudi Arabia", "KSA"),
    "United States": ("USA", "US", "U.S.A.", "U.S.", "United States of America"),
    "United Kingdom": ("UK", "U.K.", "Great Britain", "England", "Scotland", "Wales"),
    "South Korea": ("Korea", "Republic of Korea", "Korea, Republic of", "Korea (South)"),
    "Türkiye": ("Turkey", "Turkiye"),
    "China": ("People's Republic of China", "PR China", "P.R. China", "PRC"),
    "Netherlands": ("The Netherlands", "Holland"),
    "Vietnam": ("Viet Nam",),
    "Iran": ("Iran, Islamic Republic of", "Islamic Republic of Iran"),
    "United Arab Emirates": ("UAE", "U.A.E."),
}
# What a source writes where it knows no country.
_NO_COUNTRY = frozenset({"unknown", "none", "n a", "null", "other", "not available"})


def _folded(country: str) -> str:
    return " ".join(re.sub(r"\W+", " ", country.casefold()).split())


_SHOWN = {_folded(spelling): shown for shown, spellings in _SPELLINGS.items() for spelling in (shown, *spellings)}


@lru_cache(maxsize=1 << 12)  # (a few hundred countries as sources write them, asked for every affiliation)
def country_shown(country: str | None) -> str | None:
    """A source's country in the one spelling shown (`Russia` -> `Russian Federation`); none for a
    placeholder (`Unknown`) or an empty value; any other country as given."""
    if country is None:
        return None
    folded = _folded(country)
    if not folded or folded in _NO_COUNTRY:
        return None
    return _SHOWN.get(folded, country.strip())


def institution_country(institution: str, country: str | None) -> str | None:
    """The country of an institution as shown: `Taiwan` for an institution of Taiwan (by its name)
    whose source gives `China` or no country; else the source's country, in its one spelling."""
    country = country_shown(country)
    if (country is None or country in _OVERRIDDEN) and _IN_TAIWAN.search(institution):
        return TAIWAN
    return country
