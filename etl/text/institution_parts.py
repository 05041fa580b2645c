"""The institution an affiliation names, when a source writes a whole address; pure.

Some sources' normalised affiliations are the address as written (IEEE's IROS and ICRA lists, some
NeurIPS, CVPR and WACV records): `Department of Electrical and Computer Engineering, Carnegie Mellon
University, Pittsburgh, PA, USA`. The institution is the university, institute or company part
(`Carnegie Mellon University`); the department, lab, city, state, postcode and country are not.
An address is read by its comma-separated parts, each ranked by the words that say what it is:

1. a university or a company (`University`, `Université`, `Univ.`, `Politecnico`, `Inc.`, `Co.,
   Ltd.`: a legal suffix joins the part before it);
2. an institute, academy, college, hospital, agency, centre or research organisation;
3. a unit of one: a department, school, faculty, division, laboratory, group or key lab;

and a place: a country, a state or province's code, a postcode, or a city (one to three capitalised
words between the institution and the country, or last after it). The institution is the part of the
best rank; several parts of that rank stay together as written (`Institute of Automation, Chinese
Academy of Sciences`), and so does a part that continues the one before (`Agency for Science,
Technology and Research`, `Rutgers, the State University of New Jersey`, `Queen Mary, University of
London`). A campus is part of the name of a university system's member (`University of California,
Berkeley`, `Indian Institute of Technology, Delhi`), of a college of one name in several cities
(`King's College, London`: the key of `King's College London`) and of a name with no proper noun
(`University of Technology, Sydney`). A name without a part of rank 1 or 2 keeps its parts but its places.

`unit_only` tells a name that is only a unit (`Department of Aeronautics and Astronautics`), which
names no institution by itself. `read_lost_escapes` reads back a JSON escape whose backslash a
source lost (`Universit u00e9 de Montr u00e9al` -> `Université de Montréal`) where it is certain.
"""

from __future__ import annotations

import re

from .places import country_shown

_UNIVERSITY = re.compile(
    r"\b(?:Universit\w*|Univer\w+|Univ\b\.?|Universidad\w*|Universidade|Uniwersytet|Politecnico|Polytechnique|Polytechnic"
    r"|Institute of Technology|Polytechnic Institute|CNRS|INRIA|Inria|Hochschule|K\.?\s?U\.? Leuven|Technion|Scuola|Escola|Escuela|École|Ecole|ETH\b|EPFL|KAIST|UNIST|DGIST|POSTECH|Sorbonne)",
    re.IGNORECASE,
)
_COMPANY = re.compile(
    r"(?:\b(?:Inc|Ltd|Corp|LLC|GmbH|Limited|Corporation|Company|plc|AG|K\.K|S\.\s?A|S\.\s?L|S\.p\.A|B\.V|Co)\b\.?)$",
    re.IGNORECASE,
)
_SUFFIX = re.compile(
    r"^(?:Inc|Ltd|LLC|GmbH|Limited|Corp|AG|plc|S\.\s?A|S\.\s?L|B\.V|Co|K\.K)\b\.?(?:,?\s*Ltd\.?)?$", re.IGNORECASE
)
_INSTITUTE = re.compile(
    r"\b(?:Institut\w*|Istituto|Inst\b\.?|Academy|Academia|Akademie|Acad\b\.?|College|Coll\b\.?|Hospital|Clinic|Agency"
    r"|Centre|Center|Research|Labs|Laboratories|Council|Foundation|Observatory|Museum|Ministry|Administration"
    r"|CSIRO|NASA|DLR|AIST|RIKEN|Fraunhofer|Max[- ]Planck|Microsoft|Google|Meta|Amazon|IBM"
    r"|Samsung|Huawei|Baidu|Alibaba|Tencent|NVIDIA|Adobe|Disney|Honda|Sony|Intel|Apple|Facebook|OpenAI"
    r"|DeepMind|Yandex|Siemens|Bosch|Toshiba|Panasonic|Mitsubishi|Fujitsu|NEC|NTT)\b",
)
_UNIT = re.compile(
    r"^(?:Department|Dept\b|Dep\b|Depto\b|Departament\w*|Département|Departement|Dipartimento|Division|Div\b"
    r"|School of|Graduate School|Grad\. School|Faculty|Fac\b|Faculdade|Facultad|Faculté|Fakultät|College of (?:Computer"
    r"|Computing|Engineering|Information|Electrical|Electronic|Mechanical|Software|Sciences?|Automation|Intelligence"
    r"|Mathematics|Control|Artificial|Cyber|Data|Physics|Medicine|Optical|Civil|Aerospace|Communication|Biomedical"
    r"|Life|Natural|Chemistry|Management|Business|Design|Architecture|Intelligent)"
    r"|Laboratory|Laboratories|Lab\b|Labs\b|Laboratoire|Laboratorio|Laboratório|Key Lab|State Key|Group|Chair"
    r"|Program|Programme|Unit\b|Section|Centre for|Center for|Research Center for|Research Centre for)"
    r"|\b(?:Department|Dept\.?|Division|School of|Laboratory|Lab|Group|Program|Key Laboratory|State Key Lab\w*)$"
    r"|\bSchool of\b|\bDepartment of\b|\bState Key Lab",
    re.IGNORECASE,
)
# A name that is a unit alone, by its first words or its last.
_UNIT_ONLY = re.compile(
    r"^(?:The )?(?:Department|Departments|Dept\b|Dep\b|Depto\b|Departament\w*|Département|Departement|Dipartimento"
    r"|School of|Graduate School of|Faculty of|Faculté|Fakultät|Facultad|Faculdade|Division of|(?:State )?Key Lab"
    r"|College of (?:Computer|Computing|Engineering|Information|Electrical|Electronic|Mechanical|Software|Sciences?"
    r"|Automation|Intelligence|Mathematics|Control|Artificial|Cyber|Data|Physics|Medicine|Intelligent))"
    r"|\b(?:Department|Dept\.?)$"
    # (a discipline alone, as a department is written without the word)
    r"|^(?:Computer Sciences?|Computer Engineering|Computer Science and Engineering|Electrical Engineering"
    r"|Electrical and Computer Engineering|Electrical Engineering and Computer Sciences?|Mechanical Engineering"
    r"|Industrial Engineering|Mathematics|Statistics|Linguistics|Physics|Biology|Psychology|EECS|ECE|CSE)$",
    re.IGNORECASE,
)
# University systems whose members are named by their campus (`University of California, Berkeley`).
_SYSTEMS = re.compile(
    r"^(?:(?:The )?University of (?:California|Maryland|Nevada|Massachusetts|North Carolina|Texas|Colorado|Illinois"
    r"|Wisconsin|Missouri|Tennessee|Alabama|Nebraska)|California State University|State University of New York|Pennsylvania State"
    r" University|Purdue University|Arizona State University|Indian Institute of (?:Technology|Information Technology"
    r"|Management|Science|Science Education and Research)|International Institute of Information Technology|Indraprastha Institute of Information"
    r" Technology|Chinese University of Hong Kong|(?:The )?Chinese University of Hong Kong|Harbin Institute of"
    r" Technology|National Institute of Technology|Birla Institute of Technology(?: and Science)?|Amrita Vishwa"
    r" Vidyapeetham|Texas A\s?&\s?M University|Rutgers University|State University of New Jersey|National"
    r" University of Ireland|Vietnam National University)$",
    re.IGNORECASE,
)
# Words of a name with no proper noun in it (`University of Technology`): its place is its name.
_GENERIC = frozenset(
    "university institute college school of and the for technology science sciences engineering applied national"
    " state polytechnic technical research academy agriculture information communications posts"
    " telecommunications economics medicine medical health business electronic".split()
)
# Words joined within a part of no rank (`Technology and Medicine`): the end of the name before it.
_JOINED = re.compile(r"\s(?:and|&|e|y|et|und)\s")
# A street address's part: a house number first, or a word of a street (`661 University Avenue`).
_STREET = re.compile(
    r"^\d|\b(?:Street|St\.|Avenue|Ave\.|Road|Rd\.|Drive|Boulevard|Blvd\.?|Suite|Floor|Building|Bldg\.?|P\.?\s?O\.? Box|Chome|boulevard|rue|Straße|Strasse|Str\.)(?!\w)"
)
_SYSTEM_ACRONYM = re.compile(r"^(?:SUNY|CUNY)$")
# Colleges of one name in several cities, each named with its city (`King's College London`,
# `King's College, Aberdeen`, `Trinity College Dublin`).
_CITY_COLLEGE = re.compile(r"^(?:King|Queen|Trinity|Imperial)(?:['’]s)? College$", re.IGNORECASE)
_STATE = re.compile(r"^(?:[A-Z]{2,3}|[A-Z]\.[A-Z]\.)(?:\s+\d[\d -]*)?$")  # `PA`, `CA 94305`, `NSW 2006`
_POSTCODE = re.compile(r"\d{3,}|\b[A-Z]{1,2}-?\d{4,5}\b|^\d+$")
_CITY = re.compile(
    r"^(?:[A-Z][\w'’.-]*|St\.|de|del|la|am|an|der|upon|sur|en)(?:\s+(?:[A-Z][\w'’.-]*|de|del|la|am|an|der|upon|sur|en)){0,3}$"
)
_COUNTRIES = frozenset(
    c.casefold()
    for c in (
        "P.R. China|P. R. China|P.R.China|PR China|PRC|R.O.C.|ROC|R.O.C|Republic of China|Korea|South Korea|Republic of"
        " Korea|US|USA|U.S.A.|UK|U.K.|England|Scotland|Wales|Northern Ireland|Hong Kong|Hong Kong SAR|Macau|Macao"
        "|Taiwan|Japan|Germany|China|Spain|Switzerland|Brazil|Israel|United Kingdom|Canada|Czech Republic|Denmark"
        "|Australia|Netherlands|The Netherlands|Italy|France|Singapore|Norway|Portugal|New Zealand|Hungary|India"
        "|Ireland|Malaysia|Sweden|Lebanon|Slovenia|Belgium|Puerto Rico|Greece|Estonia|Iraq|Russia|Russian Federation"
        "|Croatia|United Arab Emirates|UAE|Austria|Liechtenstein|Iran|Uruguay|Mexico|Chile|Finland|Turkey|Türkiye"
        "|South Africa|Poland|Venezuela|Colombia|Saudi Arabia|Pakistan|Argentina|Vietnam|Viet Nam|Ethiopia|Luxembourg"
        "|Tunisia|Ukraine|Qatar|Kenya|Thailand|Egypt|Romania|Indonesia|Serbia|Algeria|Lithuania|Panama|Cyprus"
        "|Nigeria|Sri Lanka|Kazakhstan|Bangladesh|Bulgaria|Malta|Slovakia|Philippines|Jordan|Ecuador|Latvia"
        "|Morocco|Peru|Cuba|Belarus|Iceland|Armenia|Oman|Sudan|Azerbaijan|Senegal|Ghana|Bahrain|Costa Rica"
        "|United States|United States of America|Deutschland|España|Italia|Brasil|Schweiz|Suisse|Österreich"
    ).split("|")
)
_LOST_ESCAPE = re.compile(
    r"(?<=[A-Za-z])\s?u(00[c-fC-F][0-9a-fA-F]|01[0-7][0-9a-fA-F])|(?<=\s)u(00[c-fC-F][0-9a-fA-F])"
)


def read_lost_escapes(text: str) -> str:
    """A JSON escape of a Latin letter whose backslash a source lost, read back (`Universit u00e9 de
    Montr u00e9al` -> `Université de Montréal`, `HEC Montru00e9al`, `D u00e9partement`): `u` and
    four hex digits of a letter with a diacritic (U+00C0-U+017F), after a letter (the space that
    stood for the backslash dropped) or a space. A code whose last digit is a hex letter before
    another letter may be cut short (`Montr u00eal`: `u00ea` + `l`, or `u00e9` cut to `u00e` +
    `al`): such a code stays as written, and so does any text where no code reads as a letter."""
    if "u0" not in text:
        return text

    def letter(match: re.Match) -> str:
        code = match.group(1) or match.group(2)
        end = match.end()
        if code[-1].isalpha() and end < len(text) and text[end].isalpha():
            return match.group(0)  # (ambiguous: a code cut short)
        char = chr(int(code, 16))
        return char if char.isalpha() else match.group(0)

    return _LOST_ESCAPE.sub(letter, text)


def _parts(name: str) -> list[str]:
    """The comma-separated parts (not within parentheses), a legal suffix and a part that continues
    the one before (starting in lower case, with `and`, `&` or a hyphen) joined to it."""
    raw, depth, start = [], 0, 0
    for i, c in enumerate(name):
        depth += (c in "([") - (c in ")]")
        if c == "," and depth <= 0:
            raw.append(name[start:i])
            start = i + 1
    raw.append(name[start:])
    parts: list[str] = []
    for part in (p.strip() for p in raw):
        if not any(c.isalpha() for c in part):
            continue
        if parts and re.match(r"(?:and|&|et|und|y|e)\s", part):
            parts[-1] = f"{parts[-1]}, {part}"  # (a list's last item: the list is one name)
            while len(parts) > 1 and _rank(parts[-2]) == 4 and not _place(parts[-2]):
                parts[-2:] = [f"{parts[-2]}, {parts[-1]}"]
            if len(parts) > 1 and _rank(parts[-2]) < 3:
                parts[-2:] = [f"{parts[-2]}, {parts[-1]}"]
        elif parts and (_SUFFIX.match(part) or part[0].islower() or (_JOINED.search(part) and _rank(part) == 4)):
            parts[-1] = f"{parts[-1]}, {part}"
        else:
            parts.append(part)
    return parts


def _rank(part: str) -> int:
    """1 a university or company, 2 an institute or the like, 3 a unit of one, 4 anything else."""
    if _UNIT.search(part) and not _COMPANY.search(part):
        return 3
    if _UNIVERSITY.search(part) or _COMPANY.search(part):
        return 1
    if _INSTITUTE.search(part):
        return 2
    return 4


def _place(part: str) -> bool:
    """A country, a state's or province's code, or a postcode (a city is told by its position)."""
    folded = part.casefold().rstrip(".")
    return (
        folded in _COUNTRIES
        or folded.rstrip(".") + "." in _COUNTRIES
        or country_shown(part) in _COUNTRIES
        or bool(_STATE.match(part))
        or (bool(_POSTCODE.search(part)) and not _INSTITUTE.search(part) and not _UNIVERSITY.search(part))
    )


def names_a_place(part: str) -> bool:
    """Whether an address's part names a place and no institution: a country, a state's code, a
    postcode, or a city's words (`Boston`, `London`; not `Google`, `Stanford University`)."""
    part = part.strip()
    return _place(part) or (_rank(part) == 4 and bool(_CITY.match(part)))


def _campus_named(institution: str, campus: str) -> bool:
    """Whether a campus after this institution is part of its name (not when the name has it:
    `Harbin Institute of Technology, Harbin`)."""
    if campus.casefold() in institution.casefold():
        return False
    if _SYSTEMS.match(institution) or _CITY_COLLEGE.match(institution):
        return True
    words = re.findall(r"\w+", institution.casefold())
    return bool(words) and all(w in _GENERIC for w in words)


def institution_part(name: str) -> str:
    """The institution an affiliation names (see the module): `Department of Electrical and Computer
    Engineering, Carnegie Mellon University, Pittsburgh, PA, USA` -> `Carnegie Mellon University`;
    a name that is no address (`University of California, Berkeley`, `Willow Garage, Inc.`) as
    written."""
    if "," not in name:
        return name
    parts = _parts(name)
    if len(parts) <= 1:
        return parts[0] if parts else name.strip(" ,")
    while len(parts) > 1 and _place(parts[-1]):
        parts.pop()
    parts = [p for p in parts if not _STREET.search(p)] or parts
    ranks = [_rank(p) for p in parts]
    best = min(ranks)
    if best > 2:
        return ", ".join(parts)
    first = ranks.index(best)
    # (an institute after a university is another institution beside it: `Università degli Studi di
    # Genova, Istituto Italiano di Tecnologia`; before it, one of its units: `Robotics Institute`)
    chosen = [i for i, r in enumerate(ranks) if r == best or (best == 1 and r == 2 and i > first)]
    kept = [parts[i] for i in range(first, chosen[-1] + 1) if i in chosen or ranks[i] == 4]
    while len(kept) > 1 and _rank(kept[-1]) == 4 and _CITY.match(kept[-1]):
        kept.pop()  # (a city between two institutions' parts)
    after = parts[chosen[-1] + 1 :]  # (after the last: a campus of a system, else a city)
    if after and (
        (_campus_named(parts[chosen[-1]], after[0]) and _CITY.match(after[0])) or _SYSTEM_ACRONYM.match(after[0])
    ):
        kept.append(after[0])
    # a college of the University of London: its name is written with the university's
    if first > 0 and re.match(r"(?i)University of London$", parts[first]) and ranks[first - 1] == 4:
        kept.insert(0, parts[first - 1])
    return ", ".join(kept)


def university_or_company(name: str) -> bool:
    """Whether a name (not an address) names a university or a company (`Tongji University`,
    `Baidu USA LLC`), not a unit of one or an institute (`Center for the Neural Basis of Cognition`)."""
    return _rank(name) == 1


def address_units(name: str) -> list[str]:
    """The units an address names beside its institution (`Department of Computer Science, Cornell
    University` -> [`Department of Computer Science`]); none for a name that is no address."""
    if "," not in name or institution_part(name) == name:
        return []
    return [part for part in _parts(name) if _rank(part) == 3]


def unit_only(name: str) -> bool:
    """Whether an institution's name is only a unit of some institution it does not name: a
    department, school, faculty, division or key laboratory of a subject (`Department of
    Aeronautics and Astronautics`, `School of Computer Science`, `Computer Science Department`,
    `State Key Lab of Intelligent Technologies and Systems`); `College of William & Mary`, `Colorado
    School of Mines`, `Alibaba Group` and `Pengcheng Laboratory` name institutions."""
    return bool(_UNIT_ONLY.search(name)) and not (_UNIVERSITY.search(name) or _COMPANY.search(name))
