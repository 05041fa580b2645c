"""Official code links and the paper's code status, on sentences modelled on real abstracts."""

from __future__ import annotations

from pathlib import Path

import pytest

from etl.extract.code_status import paper_code_status
from etl.extract.derive import derive
from etl.extract.links import extract_links
from etl.load import load
from tests.helpers import rows


@pytest.mark.parametrize(
    "text, official",
    [
        ("We propose X. Our code can be found at https://github.com/a/b.", True),
        ("We propose X. The code is available at https://github.com/a/b.", True),
        ("We propose X. Code is publicly available at https://github.com/a/b", True),
        ("We propose X. Codes are available https://github.com/a/b.", True),
        ("We propose X. Code at: https://github.com/a/b.", True),
        ("We propose X. Datasets and codes are released on https://github.com/a/b.", True),
        ("We propose X. Our implementation is available at https://github.com/a/b.", True),
        ("We propose X. We release our benchmark at https://github.com/a/b.", True),
        ("Results are reproducible via a 1-line script at github.com/a/b.", True),
        ("We propose X. Code and data are on our project page https://a.github.io.", True),
        ("We build on the k-diffusion library (https://github.com/crowsonkb/k-diffusion) by Crowson et al.", False),
        ("Following https://github.com/a/b, we evaluate on ten tasks.", False),
        ("We use the open-source implementation https://github.com/a/b of BERT.", False),
        ("Code is available at https://github.com/a/b, built on top of fairseq.", True),
        ("The benchmark https://github.com/a/b has ten tasks.", None),
    ],
)
def test_is_official(text, official):
    derived = derive(text)
    assert derived.official == (official,)


@pytest.mark.parametrize(
    "text, status",
    [
        ("We propose X. Our code is available at https://github.com/a/b.", "released"),
        ("We propose X. The code will be released upon paper acceptance.", "promised"),
        ("We propose X. Code will be made publicly available.", "promised"),
        ("We propose X. We will release our code and models.", "promised"),
        ("We propose X. We provide our code in this GitHub repository.", "mentioned"),
        ("We propose X. Our code and models are publicly available.", "mentioned"),
        ("We propose X. It is available on GitHub.", "mentioned"),
        ("We prove a tight lower bound for convex optimisation.", "none"),
        ("We build on the library https://github.com/a/b of Smith et al.", "none"),
        # only a link to code releases it; the paper's own page, video, data or licence does not
        ("We propose X. Our code is available at https://anonymous.4open.science/r/SAMA/.", "released"),
        ("We propose X. Code is available at https://git.io/MonoCon.", "released"),
        ("We propose X. Our model is available at https://huggingface.co/meedan/indian-xlm-r.", "released"),
        ("We propose X. Our code is available at https://gitlab.com/rbhatta8/dcd.", "released"),
        ("We propose X. Videos are available at https://youtu.be/-nCsqUJnRKU.", "none"),
        ("We propose X. Project page: https://ut-austin-rpl.github.io/VIOLA/", "none"),
        ("We propose X. The dataset is available at https://huggingface.co/datasets/QCRI/AraDiCE.", "none"),
        ("We propose X. It is released under http://creativecommons.org/licenses/by/4.0/.", "none"),
        ("We propose X. Our arXiv version is available at https://arxiv.org/abs/2112.04197.", "none"),
        (
            "We propose X. Code, datasets, videos, and supplementary materials can be found on our website:"
            " https://sites.google.com/view/vaporsbot",
            "mentioned",
        ),
        (
            "We propose X. Code, the synthetic training dataset, and supplementary material are available at"
            " https://bit.ly/2letCuE",
            "mentioned",
        ),
        ("We propose X. Code and data are on our project page https://a.github.io.", "mentioned"),
        ("We propose X. The code will be released on https://sites.google.com/view/scan-aaai2022.", "promised"),
        # code to come, not data: a promise of data alone is none (the catalogue's ECCV, WACV, NAACL papers)
        ("We propose X. This dataset will be released upon acceptance to facilitate the research.", "none"),
        ("We propose X. We will release the dataset to promote future research on multilingual ED.", "none"),
        ("We propose X. Our datasets and annotations will be made publicly available.", "none"),
        ("We propose X. The dataset will be publicly available at http://lidaraccuracy.org.", "none"),
        ("We propose X. The KINS dataset and our proposed method will be made publicly available.", "promised"),
        ("We propose X. Our dataset and evaluation script will be made publicly available.", "promised"),
        ("We propose X. We will make our collected dataset and source code available online.", "promised"),
        ("We propose X. We will make our model and source codes publicly available.", "promised"),
        ("We propose X. We will make an end-to-end version of our system publicly available.", "promised"),
        ("We propose X. We will make PreciseDebias openly accessible to the research community.", "promised"),
        ("We propose X. At the end we will also make an indication of the direction of future research.", "none"),
        # a repository offered as data alone releases no code (the catalogue's ICRA 2021, COLING 2025,
        # NAACL 2022, IROS 2022 papers); data with code, a simulator or a benchmark does
        ("We propose X. The dataset is available at https://github.com/huawei-noah/datasets/PePScenes", "none"),
        (
            "We propose X. The Counter dataset is available at https://gitlab.inria.fr/ariabi/counter-dataset-public.",
            "none",
        ),
        ("We propose X. We release our dataset at https://github.com/Babelscape/multinerd.", "none"),
        ("We propose X. The PoseIt dataset is publicly released here: https://github.com/CMURoboTouch/PoseIt", "none"),
        (
            "We propose X. Together with the dataset, a number of deep learning based implementations for button"
            " recognition are also released. The dataset is available at https://github.com/zhudelong/elevator_button_recognition",
            "mentioned",
        ),
        (
            "We propose X. Our dataset and generation code is available at https://github.com/shh1574/multi-modal-dialogue-dataset.",
            "released",
        ),
        (
            "We propose X. Finally, we release the driving dataset [1], the simulator, and the trained controller at"
            " https://github.com/nathanlct/trajectory-training-icra.",
            "released",
        ),
        (
            "We propose X. All datasets and baselines are available under: https://github.com/alisafaya/mukayese",
            "released",
        ),
        (
            "We propose X. We make the benchmark available at https://github.com/lasuomela/carla_vloc_benchmark.",
            "released",
        ),
    ],
)
def test_code_status(text, status):
    assert derive(text).code_status == status


@pytest.mark.parametrize(
    "text, given, status",
    [
        # naacl2022.json: the `github` field copies the repository the abstract offers as data
        (
            "We propose X. We release our dataset at https://github.com/Babelscape/multinerd.",
            "https://github.com/Babelscape/multinerd",
            "none",
        ),
        # ... another repository a source gives is the paper's code
        (
            "We propose X. We release our dataset at https://github.com/Babelscape/multinerd.",
            "https://github.com/Babelscape/wikineural",
            "released",
        ),
        ("We propose X. Our code is available at https://github.com/a/b.", "https://github.com/a/b", "released"),
        ("We propose X. The code will be available at https://github.com/a/b.", "https://github.com/a/b", "promised"),
    ],
)
def test_a_source_copying_the_abstracts_data_repository_releases_no_code(text, given, status):
    derived = derive(text)
    assert paper_code_status(derived.code_status, derived.withheld, extract_links(given)) == status


@pytest.mark.parametrize(
    "text, status",
    [
        # the paper's own code offered in the words the catalogue's abstracts use (reader5 item 9)
        (
            "This paper presents the WiFi-Sensor-for-Robotics (WSR) open-source toolbox111Code:"
            " https://github.com/Harvard-REACT/WSR-Toolbox Dataset: https://github.com/Harvard-REACT/WSR-Toolbox-Dataset",
            "released",
        ),  # IROS 2022, a footnote's number glued to the cue
        ("We evaluate on quadcopters.11Code Repository - https://github.com/labicon/dp-ilqr", "released"),
        (
            "[Code]aaCodebase: https://github.com/castacks/tigris [Video]bbVideo: https://youtu.be/bMw5nUGL5GQ",
            "released",
        ),
        ("We propose X. Source code is at https://github.com/HadiZayer/AutoPhoto", "released"),
        ("We propose X. Code link: https://github.com/HaiyuWu/LogicNet.", "released"),
        ("We propose X. Codes are at: https://github.com/kami93/CMU-DATF", "released"),
        ("We propose X. Codes are at \\url{https://github.com/Cliu2/MTrans}.", "released"),
        ("We propose X. The code can be accessed at: https://github.com/salmakh1/DPFL.", "released"),
        ("We propose X. Source codes are in https://github.com/libai1943/MVTP_benchmark.", "released"),
        ("We propose X. Code is avalable at https://github.com/VCL3D/DeepDepthDenoising", "released"),
        ("We propose X. Our simulator is accessible under https://github.com/DLR-RM/oaisys.", "released"),
        ("We propose X. SERPENT is open-sourced at https://github.com/jpl-eels/serpent.", "released"),
        (
            "We propose X. Ungar is available under the Apache License 2.0 at https://github.com/fdevinc/ungar.",
            "released",
        ),
        ("We propose X. Repository—https://github.com/sisl/MPOPIS", "released"),
        (
            "We propose X. We openly provide the source code of our approach at"
            " https://github.com/robot-perception-group/AutonomousBlimpDRL.",
            "released",
        ),
        # reader6 item 15: more words for the paper's own code
        (
            "We propose X. We have publicly released the dataset and code to generate the results at"
            " https://github.com/StructuresComp/Multi-class-Weed-Classification.",
            "released",
        ),  # ICRA 2022
        (
            "We propose X. It is open-sourced with Apache 2.0 License and we invite community contributions at"
            " https://github.com/NVIDIA/NeMo-Aligner.",
            "released",
        ),  # COLM 2024
        (
            "We propose X. We host our leaderboard, data, code, and evaluation program at https://mango.ttic.edu and"
            " https://github.com/oaklight/mango/.",
            "released",
        ),  # COLM 2024
        (
            "Our paper is accompanied with a publicly available reference implementation of the proposed models in"
            " Tensorflow at url{https://github.com/tensorflow/models/tree/master/research/deeplab}.",
            "released",
        ),  # ECCV 2018
        ("We propose X. Our work is fully reproducible github.com/PaulAlbert31/SNCF.", "released"),  # ECCV 2022
        (
            "We propose X. Code: [https://github.com/likenneth/persona_drift](https://github.com/likenneth/persona_drift).",
            "released",
        ),  # COLM 2024, a Markdown link
        # a repository alone as the abstract's last sentence (ECCV 2022, ICCV 2019, CVPR 2018)
        (
            "Comprehensive experiments show that our CST significantly outperforms state-of-the-art methods while"
            " requiring cheaper computational costs. https://github.com/caiyuanhao1998/MST",
            "released",
        ),
        (
            "We propose X. The second shows robustness to 90% reductions in label coverage. github.com/xu-ji/IIC",
            "released",
        ),
        (
            "We propose X. The codes and pretrained models used in this study are publicly available."
            " https://github.com/kenshohara/3D-ResNets-PyTorch",
            "released",
        ),
        # ... but not after a sentence about data (IROS 2023), nor with more words after it
        (
            "We propose X. The dataset is publicly available online. https://github.com/remaro-network/MIMIR-UW/",
            "none",
        ),
        ("We propose X. https://github.com/a/b is the benchmark we use", "none"),
        (
            "We compare with https://github.com/a/b. We build on the library of Smith et al. https://github.com/c/d",
            "none",
        ),
        # still to come, or a dataset: not the paper's released code
        ("We propose X. The code will be published at https://github.com/Owen-Liuyuxuan/visualDet3D.", "promised"),
        ("We propose X. The framework will be released as open-source at https://github.com/MOLAorg/mola", "promised"),
        ("We propose X. RACECAR data can be accessed at https://github.com/linklab-uva/RACECAR_DATA.", "none"),
        (
            "We propose X. Recordings of 350 km of rides are shared at: https://github.com/RoboticsBUT/Brno-Urban-Dataset.",
            "none",
        ),
        ("We compare with the code https://github.com/a/b of Smith et al.", "none"),
        # the eighth reader's item 10: a Markdown link's words (AISTATS 2025), a label before the
        # abstract's last link (ICRA 2020, IROS 2023, IJCAI 2020, ICRA 2022 after a sentence that
        # compares with others), "could refer to" (ECCV 2022)
        (
            "We demonstrate our methodology on both simulated and semi-synthetic datasets and make the"
            " [code available](https://github.com/Jakefawkes/Obs_and_exp_data).",
            "released",
        ),
        (
            "We characterise the effect of variance re-scaling of data on quantization. Resource link:"
            " https://github.com/oravus/CoarseHash.",
            "released",
        ),
        (
            "The predicted uncertain regions increase the quality of grasps for all tested methods. Web:"
            " https://github.com/DLR-RM/shape-completion",
            "released",
        ),
        ("LAH accelerates the hash learning. GitHub address: https://github.com/IDSM-AI/LAH.", "released"),
        (
            "Our methods are more robust in solving large-scale instances than existing state-of-the-art"
            " approaches. source: github.com/arc-l/TRLB",
            "released",
        ),
        (
            "We propose X. The codes and datasets could refer to https://github.com/wanzengy/S2N-Suppression-Strengthen-Network.",
            "released",
        ),
        # ... not a label naming videos or data (CoRL 2025), a label in the middle, a Markdown link to others'
        (
            "We show robustness to the loss of one MAV. Videos of experiments: https://github.com/anonymousCoRL/MDCM_CoRL2025",
            "none",
        ),
        ("We propose X. Dataset: https://github.com/a/b", "none"),
        ("We propose X. Baseline: https://github.com/a/b and more words follow", "none"),
        ("We build on the [code of Smith et al.](https://github.com/a/b).", "none"),
    ],
)
def test_the_papers_own_code_is_told_in_the_words_abstracts_use(text, status):
    assert derive(text).code_status == status


FIXTURE = Path(__file__).parent / "fixtures" / "paperlists_links.json"
# The records of the fixture (copied from the paperlists catalogue): the kinds of the links their
# `github` and `project` fields give, and their code status. The ICCV record's abstract cites
# the git.io link its `github` field gives; the AISTATS one the video its `project` field gives;
# the IJCAI one a video whose `project` field differs from it only in its query.
GIVEN = [
    (
        "A Compression-Compilation Framework for On-mobile Real-time BERT Applications",
        [("video", 1), ("video", 0)],  # (the field lost the id's underscores: another video)
        "none",
    ),
    ("A Two-Level Interpretation of Modality in Human-Robot Dialogue", [("licence", 1)], "none"),
    (
        "Conformal Prediction for Semantically-Aware Autonomous Perception in Urban Environments",
        [("repo", 1)],
        "released",
    ),
    ("ErfAct and Pserf: Non-monotonic Smooth Trainable Activation Functions", [("paper", 1)], "none"),
    ("KoBEST: Korean Balanced Evaluation of Significant Tasks", [("dataset", 1)], "none"),
    (
        "Learning with Muscles: Benefits for Data-Efficiency and Robustness in Anthropomorphic Tasks",
        [("project", 1)],
        "none",
    ),
    ("Program-Aided Reasoners (Better) Know What They Know", [("code", 1)], "released"),
    ("Sample-Efficient Imitation Learning via Generative Adversarial Nets", [("video", 0)], "none"),
    ("Scale-Aware Trident Networks for Object Detection", [("code", 0)], "released"),
]


def test_only_links_to_code_a_source_gives_release_it(write, db_file):
    load(db_file, [str(write("corl2022.json", FIXTURE.read_text(encoding="utf-8")))])
    links = rows(
        db_file,
        "SELECT p.title, l.kind, l.source_id IS NOT NULL, p.code_status FROM papers p"
        " JOIN paper_links l ON l.paper_id = p.id ORDER BY p.title, l.offset",
    )
    got: dict[str, tuple[list, str]] = {}
    for title, kind, given, status in links:
        got.setdefault(title, ([], status))[0].append((kind, given))
    assert [(title, kinds, status) for title, (kinds, status) in got.items()] == GIVEN
    assert rows(db_file, "SELECT host, owner, name, url FROM repos") == [
        ("gitlab.com", "achref.d", "krps", "https://gitlab.com/achref.d/krps")
    ]


def test_revision_0060_takes_promises_of_data_alone_out_of_promised(tmp_path, monkeypatch):
    """A database loaded before 0060 calls a promise of data alone `promised`; upgrading gives each
    paper the status a cold load gives (`none`, or `mentioned` where a source links code), and
    downgrading gives the old ones back."""
    import json

    from alembic import command

    from etl.store.engine import alembic_config
    from tests.helpers import loaded_old_and_cold, marked_after_upgrade, run

    def paper(n: int, abstract: str, github: str = "") -> dict:
        return {
            "title": f"Paper {n}",
            "author": "Ada Lovelace",
            "status": "Poster",
            "id": f"p{n}",
            "github": github,
            "abstract": abstract,
        }

    records = [
        paper(1, "We propose X for fine-grained recognition. This dataset will be released upon acceptance."),
        paper(2, "We propose Y for optical flow. Our dataset and our method will be made publicly available."),
        paper(3, "We propose Z for soiling. The soiling dataset will be made public.", "https://github.com/valeo"),
        paper(4, "We propose W for sensors. At the end we will also make an indication of future research."),
        paper(5, "We propose V for maps. We will make our model and source codes publicly available."),
    ]
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / "wacv2023.json").write_text(json.dumps(records), encoding="utf-8")
    old = __import__("etl.migrations.versions.0060_promised_code_not_data", fromlist=["PROMISED_0059"])
    old_rules = {
        "etl.extract.code_status._PROMISED": old.PROMISED_0059,
        "etl.extract.code_status._promises_code": lambda stretch: True,
    }
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, old_rules)
    statuses = "SELECT title, code_status FROM papers ORDER BY title"
    before = rows(db, statuses)
    assert [s for _, s in before] == ["promised"] * 5
    marked_after_upgrade(db, "0059", "0060")
    assert rows(db, statuses) == rows(cold, statuses)
    assert [s for _, s in rows(cold, statuses)] == ["none", "promised", "mentioned", "none", "promised"]
    run(db, lambda conn: command.downgrade(alembic_config(conn), "0059"))
    assert rows(db, statuses) == before
