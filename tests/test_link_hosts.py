"""What links point at, by the hosts file (etl/data/link_hosts.txt): code, or a page, video,
paper, licence or dataset of its own kind; and the whole URL kept where it names something."""

from __future__ import annotations

import pytest

from etl.extract.hosts import CODE_KINDS, KINDS, host_rules
from etl.extract.links import extract_links

# (link as the paperlists catalogue gives or cites it, kind, canonical url, owner, repo)
CASES = [
    # code: repositories on code hosts, their users and organisations, packages, review copies
    ("https://github.com/generalroboticslab/SonicSense?tab=readme-ov-file", "repo",
     "https://github.com/generalroboticslab/SonicSense", "generalroboticslab", "SonicSense"),
    ("https://gitlab.com/tringwald/adaptiope", "repo", "https://gitlab.com/tringwald/adaptiope", "tringwald", "adaptiope"),
    ("https://www.gitlab.com/Shrotri/dpsampler", "repo", "https://gitlab.com/Shrotri/dpsampler", "Shrotri", "dpsampler"),
    ("https://gitlab.com/fgi", "user", "https://gitlab.com/fgi", "fgi", None),
    ("https://gitlab.kuleuven.be/detry-lab/public/implicit-grasp-diffusion.git", "repo",
     "https://gitlab.kuleuven.be/detry-lab/public/implicit-grasp-diffusion", "detry-lab/public",
     "implicit-grasp-diffusion"),
    ("https://gitlab.kitware.com/computer-vision/geowatch", "repo",
     "https://gitlab.kitware.com/computer-vision/geowatch", "computer-vision", "geowatch"),
    ("https://git.ias.informatik.tu-darmstadt.de/ias_code/aistats2022/dr-creps", "repo",
     "https://git.ias.informatik.tu-darmstadt.de/ias_code/aistats2022/dr-creps", "ias_code/aistats2022", "dr-creps"),
    ("https://jugit.fz-juelich.de/ias-8/mdeaux", "repo", "https://jugit.fz-juelich.de/ias-8/mdeaux", "ias-8", "mdeaux"),
    ("https://bitbucket.org/deeplab/deeplab-public", "repo",
     "https://bitbucket.org/deeplab/deeplab-public", "deeplab", "deeplab-public"),
    ("https://gitee.com/mindspore/models/tree/master/research/gflownets/gflowgnn", "repo",
     "https://gitee.com/mindspore/models", "mindspore", "models"),
    ("https://gist.github.com/karpathy/d4dee566867f8291f086", "gist",
     "https://gist.github.com/karpathy/d4dee566867f8291f086", "karpathy", None),
    ("https://huggingface.co/meedan/indian-xlm-r", "repo", "https://huggingface.co/meedan/indian-xlm-r", "meedan",
     "indian-xlm-r"),
    ("https://huggingface.co/spaces/uhhlt/CompUGE-Bench", "repo", "https://huggingface.co/spaces/uhhlt/CompUGE-Bench",
     "uhhlt", "CompUGE-Bench"),
    ("https://huggingface.co/aurora-m", "user", "https://huggingface.co/aurora-m", "aurora-m", None),
    ("https://anonymous.4open.science/r/WSS_POLE-DB45/README.md", "code",
     "https://anonymous.4open.science/r/WSS_POLE-DB45", None, "WSS_POLE-DB45"),
    ("https://anon-github.automl.cc/r/autorl_landscape-F04D", "code",
     "https://anon-github.automl.cc/r/autorl_landscape-F04D", None, "autorl_landscape-F04D"),
    ("https://git.io/MonoCon", "code", "https://git.io/MonoCon", None, None),
    ("http://sourceforge.net/projects/figtree", "code", "https://sourceforge.net/projects/figtree", None, "figtree"),
    ("https://cran.r-project.org/package=FunChisq", "code", "https://cran.r-project.org/package=FunChisq", None,
     "FunChisq"),
    ("https://pypi.org/project/edu-convokit/", "code", "https://pypi.org/project/edu-convokit", None, "edu-convokit"),
    # not code: each of its kind, the whole URL kept (query too), the fragment and tracking dropped
    ("https://zju3dv.github.io/pvnet/", "pages", "https://zju3dv.github.io/pvnet", "zju3dv", None),
    ("https://sites.google.com/view/scan-aaai2022", "project", "https://sites.google.com/view/scan-aaai2022", None, None),
    ("https://tumi6robot.wixsite.com/million", "project", "https://tumi6robot.wixsite.com/million", "tumi6robot", None),
    ("https://anonymous.4open.science/w/sparse_diffusion_policy-24E7/", "project",
     "https://anonymous.4open.science/w/sparse_diffusion_policy-24E7", None, None),
    ("https://www.youtube.com/watch?v=r7mde1EOG4o", "video", "https://youtube.com/watch?v=r7mde1EOG4o", None, None),
    ("https://www.youtube.com/watch?v=BuTYfo4bO2I&list=PLnEeMdoBDCISRm0EZYFcQuaJ5ITUaaEIb&index=1", "video",
     "https://youtube.com/watch?v=BuTYfo4bO2I&list=PLnEeMdoBDCISRm0EZYFcQuaJ5ITUaaEIb&index=1", None, None),
    ("https://youtu.be/zdcI839vAko?si=h9qlnl76ucSuXb8-", "video", "https://youtu.be/zdcI839vAko", None, None),
    ("https://vimeo.com/388874421", "video", "https://vimeo.com/388874421", None, None),
    ("https://arxiv.org/abs/2112.04197", "paper", "https://arxiv.org/abs/2112.04197", None, None),
    ("https://aclanthology.org/2021.acl-long.79", "paper", "https://aclanthology.org/2021.acl-long.79", None, None),
    # (ICLR 2018's Papers with Code links: the query is the paper)
    ("https://paperswithcode.com/paper/?openreview=ryQu7f-RZ", "paper",
     "https://paperswithcode.com/paper/?openreview=ryQu7f-RZ", None, None),
    ("http://creativecommons.org/licenses/by/4.0/", "licence", "https://creativecommons.org/licenses/by/4.0", None, None),
    ("https://huggingface.co/datasets/QCRI/AraDiCE", "dataset", "https://huggingface.co/datasets/QCRI/AraDiCE", "QCRI",
     "AraDiCE"),
    ("https://www.kaggle.com/c/web-traffic-time-series-forecasting", "dataset",
     "https://kaggle.com/c/web-traffic-time-series-forecasting", None, None),
    ("https://registry.opendata.aws/wikisum", "dataset", "https://registry.opendata.aws/wikisum", None, None),
    # (GitHub names no user with `_`: an abstract's placeholder)
    ("https://github.com/link_updated_upon_acceptance", "other", "https://github.com/link_updated_upon_acceptance",
     None, None),
    ("https://huggingface.co/", "other", "https://huggingface.co", None, None),
    ("https://huggingface.co/datasets?search=kilt", "other", "https://huggingface.co/datasets?search=kilt", None, None),
    ("https://huggingface.co/collections/AIUSRTMP/ace-m3-67593297ff391b93e3e5d068", "other",
     "https://huggingface.co/collections/AIUSRTMP/ace-m3-67593297ff391b93e3e5d068", None, None),
    ("https://zenodo.org/record/6510039#.Ym9F15NBz0o", "other", "https://zenodo.org/record/6510039", None, None),
    ("https://doi.org/10.5281/zenodo.7034173", "other", "https://doi.org/10.5281/zenodo.7034173", None, None),
    ("https://tinyurl.com/serif-embed", "other", "https://tinyurl.com/serif-embed", None, None),
    ("https://osf.io/7gjem/?view_only=42190678aba442b39664ad05a54bf843", "other",
     "https://osf.io/7gjem/?view_only=42190678aba442b39664ad05a54bf843", None, None),
    ("https://webis.de/data.html?q=clickbait&utm_source=twitter&utm_medium=social", "other",
     "https://webis.de/data.html?q=clickbait", None, None),
    ("http://www.cs.cmu.edu/~aayushb/marrRevisited/", "other", "http://www.cs.cmu.edu/~aayushb/marrRevisited", None,
     None),
]  # fmt: skip


@pytest.mark.parametrize("raw, kind, url, owner, repo", CASES, ids=[c[0][8:50] for c in CASES])
def test_a_link_is_of_the_kind_its_host_serves(raw, kind, url, owner, repo):
    (link,) = extract_links(f"Code and more: {raw} .")
    assert (link.kind, link.url, link.owner, link.repo, link.raw) == (kind, url, owner, repo, raw)
    assert link.is_code == (kind in CODE_KINDS)
    assert link.host == url.split("/")[2].removeprefix("www.")


def test_the_cases_cover_every_kind():
    assert {kind for _, kind, *_ in CASES} == set(KINDS)


def test_a_raw_github_file_is_its_repository_on_github():
    (link,) = extract_links("data at https://raw.githubusercontent.com/a/b/main/data.csv")
    assert (link.kind, link.url, link.host, link.path) == (
        "repo",
        "https://github.com/a/b",
        "github.com",
        "main/data.csv",
    )


def test_a_gitlab_project_ends_where_its_routes_start():
    (new, old) = extract_links(
        "https://gitlab.com/fgi_nls/public/wildfire-real-time-segmentation/-/tree/main/src and"
        " https://gitlab.com/a/b/blob/master/README.md"
    )
    assert (new.owner, new.repo, new.path) == ("fgi_nls/public", "wildfire-real-time-segmentation", "-/tree/main/src")
    assert (old.url, old.path) == ("https://gitlab.com/a/b", "blob/master/README.md")


def test_links_differing_only_in_their_query_are_two_links():
    links = extract_links(
        "Videos: https://www.youtube.com/watch?v=T2Jo7wwaXss and https://www.youtube.com/watch?v=T1vzjPa5260."
    )
    assert [link.url for link in links] == [
        "https://youtube.com/watch?v=T2Jo7wwaXss",
        "https://youtube.com/watch?v=T1vzjPa5260",
    ]


def test_every_line_of_the_hosts_file_names_a_kind_and_every_code_kind_is_used():
    rules = host_rules()
    kinds = {rule.kind for found in rules.values() for rule in found}
    assert CODE_KINDS <= kinds <= {*KINDS, "-"}
    assert {"github.com", "*.github.io", "gitlab.*", "huggingface.co", "youtube.com"} <= set(rules)
