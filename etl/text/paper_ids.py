"""The values `paper_ids` may hold for a paper id as a reader writes or copies it."""

from __future__ import annotations

import json
import re
from urllib.parse import unquote

# What a reader may write before an id (case-insensitive), and the schemes it may then be.
_PREFIXES = re.compile(
    r"^(?:arxiv:|doi:|openreview:|https?://(?:dx\.)?doi\.org/|https?://arxiv\.org/(?:abs|pdf)/)",
    re.IGNORECASE,
)
_ARXIV_VERSION = re.compile(r"^(\d{4}\.\d{4,5})v\d+$")  # (paper_ids keeps arXiv ids without one)
# A DOI: the directory indicator `10.`, a registrant code, `/` and a suffix of printed characters.
_BARE_DOI = re.compile(r"10\.\d{1,9}(?:\.\d+)*/\S+")
# A chapter's DOI cut by a space before its number (ECCV 2022: `.../10.1007/978-3-031-19830-4 _37`).
_CUT_AT_SPACE = re.compile(r"(10\.\d{1,9}(?:\.\d+)*/\S+?)\s+(_\d+/?)\s*$")
# A PMLR paper's page or PDF: `proceedings.mlr.press/v13/kaelin10a.html`, `.../v13/kaelin10a/kaelin10a.pdf`;
# a reissued volume's: `.../r5/cowans05a.html` (AISTATS 1995-2005), whose key's volume is `vR5`.
_PMLR_URL = re.compile(r"proceedings\.mlr\.press/([vr][0-9]+)/([A-Za-z0-9_-]+?)(?:\.html|\.pdf|/|$)", re.IGNORECASE)
_PMLR_KEY = re.compile(r"pmlr-vR?[0-9]+-[A-Za-z0-9_-]+")  # (as PMLR's BibTeX writes its entry keys)
_PMLR_VOLUME_KEY = re.compile(r"([vr][0-9]+)/([A-Za-z0-9_-]+)")  # (as PMLR's addresses write them)
_PMLR_ENTRY = re.compile(r"\s*@\w+\s*\{\s*(pmlr-vR?[0-9]+-[A-Za-z0-9_-]+)\s*,")
_DOI_IN = re.compile(r"(?<![\w.])10\.\d{1,9}(?:\.\d+)*/[^\s?#]+")  # (in an address: up to its query or fragment)
# The id in a paper's address at OpenReview (its forum or PDF: `openreview.net/forum?id=SJU4ayYgl`,
# `.../pdf?id=...&noteId=...`), arXiv (`arxiv.org/abs/1703.03055v2`, `arxiv.org/pdf/1703.03055.pdf`, an
# old-style `arxiv.org/abs/cs/0101001`) and the ACL Anthology (`aclanthology.org/2021.acl-long.416/`, its
# `.pdf` or `.bib`, the older `aclweb.org/anthology/P19-1001`), as `paper_ids` holds it.
_OPENREVIEW_ADDRESS = re.compile(r"openreview\.net/(?:forum|pdf)/?\?(?:[^#]*?&)?id=([A-Za-z0-9_-]+)", re.IGNORECASE)
_ARXIV_ADDRESS = re.compile(
    r"arxiv\.org/(?:abs|pdf|html)/([0-9]{4}\.[0-9]{4,5}|[a-z-]+(?:\.[A-Z]{2})?/[0-9]{7})(?:v[0-9]+)?(?:\.pdf)?/?(?:[?#]|$)",
    re.IGNORECASE,
)
_ACL_ADDRESS = re.compile(
    r"(?:aclanthology\.org|aclweb\.org/anthology)/([A-Za-z0-9.-]+?)(?:\.pdf|\.bib|\.xml)?/?(?:[?#]|$)", re.IGNORECASE
)
# An address whose `//` was merged on its way in a path (`https:/openreview.net/...`).
_SLASHES_MERGED = re.compile(r"^(https?):/+(?=[^/])", re.IGNORECASE)
# A BibTeX entry's `doi` field (`doi = {10.24963/ijcai.2023/371}`, `doi = "10.18653/v1/2022.acl-long.219"`).
_BIBTEX_DOI = re.compile(r"(?:^|[,\s])doi\s*=\s*[{\"]\s*([^{}\"]*?)\s*[}\"]", re.IGNORECASE)
# An IEEE Xplore document's address: its article number (`https://ieeexplore.ieee.org/document/9196718/`).
_IEEE_DOCUMENT = re.compile(r"ieeexplore\.ieee\.org/(?:abstract/)?document/([0-9]{1,12})(?![0-9])", re.IGNORECASE)
# A NeurIPS proceedings address: its year and its paper's hash (32 hex digits: the hash of the paper's
# number in its year, so the same hash names papers of other years), which name the paper's abstract
# page, PDF, metadata, reviews and supplement, at papers.nips.cc, proceedings.neurips.cc and papers.neurips.cc
# (`https://papers.nips.cc/paper_files/paper/2016/hash/d79aac075930c83c2f1e369a511148fe-Abstract.html`,
# the older `https://proceedings.neurips.cc/paper/2016/file/d79a...-Paper.pdf`).
_NEURIPS_ADDRESS = re.compile(
    r"(?:papers\.nips\.cc|(?:proceedings|papers)\.neurips\.cc)/paper(?:_files/paper)?/([0-9]{4})/(?:hash|file)/([0-9a-f]{32})-",
    re.IGNORECASE,
)
# The same page at its other addresses of the same site: a CVF paper's page and PDF
# (`openaccess.thecvf.com/content_CVPR_2019/html/X_CVPR_2019_paper.html`, `.../papers/X_CVPR_2019_paper.pdf`),
# an ECVA paper's (`ecva.net/papers/eccv_2018/papers_ECCV/html/X_ECCV_2018_paper.php`, `.../papers/X....pdf`),
# an RSS paper's page and PDF (`roboticsproceedings.org/rss01/p17.html`, `.../p17.pdf`), an IJCAI
# paper's page and PDF (`ijcai.org/proceedings/2020/69`, `.../2020/0069.pdf`).
_CVF_PAGE = re.compile(r"^(.*openaccess\.thecvf\.com/.*)/(html|papers)/([^/]+)\.(html|pdf)$", re.IGNORECASE)
_ECVA_PAGE = re.compile(r"^(.*ecva\.net/papers/.*)/(html|papers)/([^/]+)\.(php|pdf)$", re.IGNORECASE)
_RSS_PAGE = re.compile(r"^(.*roboticsproceedings\.org/rss[0-9]+/p[0-9]+)\.(html|pdf)$", re.IGNORECASE)
_IJCAI_PAGE = re.compile(r"^(.*ijcai\.org/proceedings/[0-9]{4})/(?:0*([0-9]+)|0*([0-9]+)\.pdf)$", re.IGNORECASE)
# An address, its scheme and `www.` optional: the host and what follows it.
_ADDRESS = re.compile(r"^(?:https?://)?(?:www\.)?([a-z0-9.-]+\.[a-z]{2,}(?:[/?].*)?)$", re.IGNORECASE)
_FILE = re.compile(r"\.(?:html?|pdf|php)$", re.IGNORECASE)  # (a page or PDF: no `/` after it)
# A bare OpenReview forum id as OpenReview writes them since 2019 (`04DbUMZGMD`: 10 characters), and
# the address of its forum.
_FORUM_ID = re.compile(r"[A-Za-z0-9_-]{10}")
_OPENREVIEW_FORUM = "https://openreview.net/forum?id="


def doi_of(value: str) -> str | None:
    """The DOI a source gives, bare: as written when it is one (`10.1145/3528223.3530127`), else the
    one inside it, after `doi:` or in an address (`https://doi.org/10.1145/...`,
    `https://link.springer.com/chapter/10.1007/978-3-031-20083-0_1`, an escaped `10.1007%2F...`, a
    `.pdf` after it dropped); None for a value holding none (`https://ieeexplore.ieee.org/document/1`,
    `N/A`)."""
    value = value.strip()
    if _BARE_DOI.fullmatch(value):
        return value
    if "%" in value:
        value = unquote(value)
    m = _DOI_IN.search(value)
    if not m:
        return None
    found = m.group().rstrip("/.,;")
    return found[: -len(".pdf")] if found.lower().endswith(".pdf") else found


def bibtex_doi(bibtex: str) -> str | None:
    """The DOI of a BibTeX entry's `doi` field, bare (`doi_of`), else None: IJCAI's, the ACL
    Anthology's and RSS's entries give one (`doi = {10.24963/ijcai.2023/371}`)."""
    m = _BIBTEX_DOI.search(bibtex)
    return doi_of(m[1]) if m and m[1] else None


def ieee_article_number(value: str) -> str | None:
    """The IEEE Xplore article number (IEEE's name for the number in `ieeexplore.ieee.org/document/<n>`)
    of an IEEE Xplore address of a document, else None."""
    m = _IEEE_DOCUMENT.search(value)
    return m[1] if m else None


def doi_rejoined(value: str) -> str | None:
    """`value` with the space that cuts its DOI before the chapter's number taken out
    (`https://link.springer.com/chapter/10.1007/978-3-031-19830-4 _37` -> `..._37`: without it the DOI
    read is the volume's, which its other chapters share), or None where nothing is cut so."""
    m = _CUT_AT_SPACE.search(value)
    return value[: m.start()] + m[1] + m[2] + value[m.end() :] if m else None


def pmlr_key(value: str) -> str | None:
    """The PMLR key (`pmlr-v13-kaelin10a`, as PMLR's BibTeX writes its entry keys and `paper_ids`
    holds them) of a PMLR key, a PMLR address of the paper (`https://proceedings.mlr.press/v13/kaelin10a.html`,
    its PDF) or a volume and key as those addresses write them (`v13/kaelin10a`; a reissued volume's
    `r5/cowans05a` is `pmlr-vR5-cowans05a`), else None."""
    value = value.strip()
    if _PMLR_KEY.fullmatch(value):
        return value
    m = _PMLR_URL.search(value) or _PMLR_VOLUME_KEY.fullmatch(value)
    if not m:
        return None
    volume = m[1].lower()
    return f"pmlr-{'vR' + volume[1:] if volume[0] == 'r' else volume}-{m[2]}"


def pmlr_address(key: str) -> str | None:
    """The page at PMLR of a PMLR key (`pmlr-v48-amodei16` ->
    `https://proceedings.mlr.press/v48/amodei16.html`; a reissued volume's `pmlr-vR0-aha95a` is at
    `.../r0/aha95a.html`): `pmlr_key`'s address read back, else None."""
    m = re.fullmatch(r"pmlr-v(R?)([0-9]+)-([A-Za-z0-9_-]+)", key.strip())
    return f"https://proceedings.mlr.press/{'r' if m[1] else 'v'}{m[2]}/{m[3]}.html" if m else None


def neurips_address(key: str) -> str | None:
    """The abstract page at papers.nips.cc of a NeurIPS proceedings key (`2016/d79aac...`, as
    `neurips_key` writes it), else None."""
    m = re.fullmatch(r"([0-9]{4})/([0-9a-f]{32})", key.strip())
    return f"https://papers.nips.cc/paper_files/paper/{m[1]}/hash/{m[2]}-Abstract.html" if m else None


def pmlr_entry_key(bibtex: str) -> str | None:
    """The key of a PMLR BibTeX entry (`@InProceedings{pmlr-v70-silver17a, ...`), else None."""
    m = _PMLR_ENTRY.match(bibtex)
    return m[1] if m else None


def neurips_key(value: str) -> str | None:
    """The NeurIPS proceedings key of a NeurIPS proceedings address: its year and the paper's hash
    (lower case) as the address writes them (`2016/d79aac075930c83c2f1e369a511148fe`; the hash alone
    names a paper of each year), else None."""
    m = _NEURIPS_ADDRESS.search(value)
    return f"{m[1]}/{m[2].lower()}" if m else None


def address_forms(text: str) -> list[str]:
    """The addresses a site writes for the page of a paper at the address `text` (an address as
    written, without a fragment): itself; at `https` and `http`, with and without `www.` and a final
    `/`; and, at CVF's open access, ECVA's, RSS's and IJCAI's proceedings, the page's PDF or the PDF's page
    (`papers.url` holds one of them); none for text that is no address."""
    written = unquote(text.strip()).strip() if "%" in text else text.strip()
    written = _SLASHES_MERGED.sub(r"\1://", written).partition("#")[0]
    m = _ADDRESS.match(written)
    if not m:
        return []
    rest = m[1].rstrip("/")
    pages = [m[1]]
    if cvf := _CVF_PAGE.match(rest):
        pages += [f"{cvf[1]}/html/{cvf[3]}.html", f"{cvf[1]}/papers/{cvf[3]}.pdf"]
    elif ecva := _ECVA_PAGE.match(rest):
        pages += [f"{ecva[1]}/html/{ecva[3]}.php", f"{ecva[1]}/papers/{ecva[3]}.pdf"]
    elif rss := _RSS_PAGE.match(rest):
        pages += [f"{rss[1]}.html", f"{rss[1]}.pdf"]
    elif ijcai := _IJCAI_PAGE.match(rest):
        number = int(ijcai[2] or ijcai[3])
        pages += [f"{ijcai[1]}/{number}", f"{ijcai[1]}/{number:04d}.pdf"]
    forms = [written]
    for page in dict.fromkeys(pages):
        bare = page.rstrip("/")
        for variant in (page,) if "?" in page or _FILE.search(bare) else (bare, bare + "/"):
            forms += [f"{scheme}://{www}{variant}" for scheme in ("https", "http") for www in ("www.", "")]
    return list(dict.fromkeys(forms))


def forum_address(text: str) -> list[str]:
    """The OpenReview forum address of a bare forum id (`04DbUMZGMD` ->
    `https://openreview.net/forum?id=04DbUMZGMD`, the address a paper whose source gives its forum
    only as its `id` has: WWW 2024, ACM MM 2024), in a list; none for other text."""
    written = text.strip()
    return [f"{_OPENREVIEW_FORUM}{written}"] if _FORUM_ID.fullmatch(written) else []


def address_ids(address: str) -> list[str]:
    """The OpenReview forum id, arXiv id (without its version), ACL Anthology id and IEEE Xplore
    article number in a paper's address at those sites, as `paper_ids` holds them
    (`https://openreview.net/pdf?id=SJU4ayYgl` -> `SJU4ayYgl`, `https://arxiv.org/pdf/1703.03055v2.pdf`
    -> `1703.03055`, `https://aclanthology.org/2021.acl-long.416/` -> `2021.acl-long.416`,
    `https://ieeexplore.ieee.org/document/9196718/` -> `9196718`) and the NeurIPS proceedings key
    (`neurips_key`); none for another address."""
    patterns = (_OPENREVIEW_ADDRESS, _ARXIV_ADDRESS, _ACL_ADDRESS, _IEEE_DOCUMENT)
    found = [m[1] for pattern in patterns if (m := pattern.search(address))]
    return [*found, key] if (key := neurips_key(address)) else found


def id_forms(text: str) -> list[str]:
    """The values `paper_ids` may hold for an id as a reader wrote it: as written, without a prefix
    or address before it, the id in an OpenReview, arXiv or ACL Anthology address (`address_ids`), the
    DOI in an address (`doi_of`), an arXiv id without its version, and the PMLR
    key of a PMLR address or of a volume and key (`v13/kaelin10a`: `pmlr_key`); each once, in that order. An id
    copied from an address (`10.1609%2Faaai.v36i2.20142`, a DOI's slash escaped) is read unescaped."""
    written = text.strip()
    if "%" in written:
        written = unquote(written).strip()
    written = _SLASHES_MERGED.sub(r"\1://", written)
    bare = _PREFIXES.sub("", written)
    forms = [written, bare, *address_ids(written)]
    if "/" in bare and (doi := doi_of(bare)):  # (a publisher's address of the paper: its DOI)
        forms.append(doi)
    if m := _ARXIV_VERSION.match(bare):
        forms.append(m[1])
    if pmlr := pmlr_key(bare):  # (a PMLR address, or its volume and key: `v13/kaelin10a`)
        forms.append(pmlr)
    return list(dict.fromkeys(f for f in forms if f))


def address_forms_json(text: str | None) -> str:
    """The addresses `text` may be of a paper's own page (`address_forms`, or the OpenReview forum
    a bare forum id names: `forum_address`) as a JSON array (`[]` for anything but text): for SQL's
    `json_each` against `papers.url`, as `/-/paper/<address>` looks them up."""
    return json.dumps((address_forms(text) or forum_address(text)) if isinstance(text, str) else [])


def id_forms_json(text: str | None) -> str:
    """`id_forms` as a JSON array (`[]` for anything but text): for SQL's `json_each`."""
    return json.dumps(id_forms(text) if isinstance(text, str) else [])
