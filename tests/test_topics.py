"""Topics from the taxonomy's terms weighed with learned evidence, on abstracts of COLM 2024 and
CoRL 2023 (venues the evidence never saw), and the shipped evidence's provenance."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from etl.extract.keywords import extract_terms, is_findable_phrase, normalise_keyword, rank_keywords
from etl.extract.keywords.rank import LEARNED_TOPIC
from etl.extract.keywords.terms import topic_inputs
from etl.extract.keywords.topics import (
    EVIDENCE_FILE,
    build_taxonomy,
    match_topics,
    parse_evidence,
    parse_taxonomy,
    read_evidence,
    taxonomy_path,
    term_topics,
)
from etl.load.taxonomy import load_taxonomy

ROOT = Path(__file__).resolve().parents[1]

TAXONOMY = load_taxonomy(taxonomy_path())

ON_DEVICE_LLMS = (  # COLM 2024: Personalized Collaborative Fine-Tuning for On-Device Large Language Models
    "We explore on-device collaborative fine-tuning of large language models under limited local data availability."
    " We introduce three distinct dynamic collaborator selection schemes, allowing trust-weighted personalized update"
    " aggregation: model-similarity-based, prediction-similarity-based and validation-performance-based. To minimize"
    " communication overhead, we integrate Low-Rank Adaptation (LoRA) and only exchange LoRA model updates. Our"
    " protocols, driven by prediction and performance metrics, surpass both FedAvg and local fine-tuning methods,"
    " which is particularly evident in realistic distributed scenarios with more diverse local data distributions."
    " The results underscore the effectiveness of our approach in addressing heterogeneity and scarcity of the local"
    " datasets."
)
COUNTING_TRANSFORMERS = (  # COLM 2024: Counting Like Transformers
    "Deriving formal bounds on the expressivity of transformers, as well as studying transformers that are"
    " constructed to implement known algorithms, are both effective methods for better understanding the"
    " computational power of transformers. Towards both ends, we introduce the temporal counting logic K_t[#]"
    " alongside the RASP variant C-RASP. We show they are equivalent to each other, and that together they are the"
    " best-known lower bound on the formal expressivity of future-masked soft attention transformers with unbounded"
    " input size. We prove this by showing all K_t[#] formulas can be compiled into these transformers without any"
    " additional positional embeddings."
)
POSE_IMITATION = (  # CoRL 2023: One-Shot Imitation Learning: A Pose Estimation Perspective
    "In this paper, we study imitation learning under the challenging setting of: (1) only a single demonstration,"
    " (2) no further data collection, and (3) no prior task or object knowledge. We show how, with these"
    " constraints, imitation learning can be formulated as a combination of trajectory transfer and unseen object"
    " pose estimation. To explore this idea, we provide an in-depth study on how state-of-the-art unseen object pose"
    " estimators perform for one-shot imitation learning on ten real-world tasks, and we take a deep dive into the"
    " effects that camera calibration, pose estimation error, and spatial generalisation have on task success rates."
)
IN_HAND_ROTATION = (  # CoRL 2023: General In-hand Object Rotation with Vision and Touch
    "We introduce Rotateit, a system that enables fingertip-based object rotation along multiple axes by leveraging"
    " multimodal sensory inputs. Our system is trained in simulation, where it has access to ground-truth object"
    " shapes and physical properties. Then we distill it to operate on realistic yet noisy simulated visuotactile"
    " and proprioceptive sensory inputs. These multimodal inputs are fused via a visuotactile transformer, enabling"
    " online inference of object shapes and physical properties during deployment. We show significant performance"
    " improvements over prior methods and highlight the importance of visual and tactile sensing."
)
COLD_DIFFUSION = (  # CoRL 2023: Cold Diffusion on the Replay Buffer
    "Learning from demonstrations (LfD) has successfully trained robots to exhibit remarkable generalization"
    " capabilities. However, many powerful imitation techniques do not prioritize the feasibility of the robot"
    " behaviors they generate. In this work, we explore the feasibility of plans produced by LfD. As in prior work,"
    " we employ a temporal diffusion model with fixed start and goal states to facilitate imitation through"
    " in-painting. Unlike previous studies, we apply cold diffusion to ensure the optimization process is directed"
    " through the agent's replay buffer of previously visited states. This routing approach increases the"
    " likelihood that the final trajectories will predominantly occupy the feasible region of the robot's state"
    " space. We test this method in simulated robotic environments with obstacles and observe a significant"
    " improvement in the agent's ability to avoid these obstacles during planning."
)
CONSTRAINT_SOLVERS = (  # CoRL 2023: Compositional Diffusion-Based Continuous Constraint Solvers
    "This paper introduces an approach for learning to solve continuous constraint satisfaction problems (CCSP) in"
    " robotic reasoning and planning. Previous methods primarily rely on hand-engineering or learning generators for"
    " specific constraint types and then rejecting the value assignments when other constraints are violated. By"
    " contrast, our model, the compositional diffusion continuous constraint solver (Diffusion-CCSP) derives global"
    " solutions to CCSPs by representing them as factor graphs and combining the energies of diffusion models"
    " trained to sample for individual constraint types. Diffusion-CCSP exhibits strong generalization to novel"
    " combinations of known constraints, and it can be integrated into a task and motion planner to devise"
    " long-horizon plans that include actions with both discrete and continuous parameters."
)
PERSPECTIVE_RETRIEVERS = (  # COLM 2024: Beyond Relevance: Evaluate and Improve Retrievers on Perspective Awareness
    "The task of Information Retrieval (IR) requires a system to identify relevant documents based on users'"
    " information needs. In real-world scenarios, retrievers are expected to not only rely on the semantic relevance"
    " between the documents and the queries but also recognize the nuanced intents or perspectives behind a user"
    " query. For example, when asked to verify a claim, a retrieval system is expected to identify evidence from"
    " both supporting vs. contradicting perspectives, for the downstream system to make a fair judgment call."
    " In this work, we study whether retrievers can recognize and respond to different perspectives of the queries"
    " --- beyond finding relevant documents for a claim, can retrievers distinguish supporting vs. opposing"
    " documents? We reform and extend six existing tasks to create a benchmark for retrieval, where we have diverse"
    " perspectives described in free-form text, besides root, neutral queries. We show that current retrievers"
    " covered in our experiments have limited awareness of subtly different perspectives in queries and can also be"
    " biased toward certain perspectives. Motivated by the observation, we further explore the potential to"
    " leverage geometric features of retriever representation space to improve the perspective awareness of"
    " retrievers in a zero-shot manner. We demonstrate the efficiency and effectiveness of our projection-based"
    " methods on the same set of tasks. Further analysis also shows how perspective awareness improves performance"
    " on various downstream tasks, with 4.2% higher accuracy on AmbigQA and 29.9% more correlation with designated"
    " viewpoints on essay writing, compared to non-perspective-aware baselines."
)
AUC_THEOREMS = (  # ICML 2024 (the bundled listings): theorems on precision-recall and ROC AUC
    "In this paper, we present two key theorems that should have significant implications for machine learning"
    " practitioners working with binary classification models. The first theorem provides a formula to calculate"
    " the maximum and minimum Precision-Recall AUC ($AUC_{PR}$) for a fixed Receiver Operating Characteristic AUC"
    " ($AUC_{ROC}$), demonstrating the variability of $AUC_{PR}$ even with a high $AUC_{ROC}$. This is particularly"
    " relevant for imbalanced datasets, where a good $AUC_{ROC}$ does not necessarily imply a high $AUC_{PR}$. The"
    " second theorem inversely establishes the bounds of $AUC_{ROC}$ given a fixed $AUC_{PR}$."
)


def by_terms(text: str) -> set[str]:
    return {TAXONOMY.names[i] for i in term_topics(*topic_inputs(text), TAXONOMY)}


@pytest.mark.parametrize(
    "text, topic, terms, learned",
    [
        # learned evidence finds a subject no term names: collaborators, aggregation, FedAvg, local data
        (ON_DEVICE_LLMS, "federated learning", False, True),
        (ON_DEVICE_LLMS, "efficient inference and training", True, True),  # LoRA
        # terms with other senses are only suggestive: `positional embeddings` are no representation learning,
        # a `lower bound` on expressivity no term of learning theory, and `a fair judgment call` is no fairness
        # (formal bounds and proofs are not learning theory either since its threshold is chosen with COLT's
        # and ALT's papers weighing half: proofs and bounds of every kind are their words)
        (COUNTING_TRANSFORMERS, "self-supervised and representation learning", False, False),
        (COUNTING_TRANSFORMERS, "learning theory", False, False),
        (PERSPECTIVE_RETRIEVERS, "fairness", False, False),
        (PERSPECTIVE_RETRIEVERS, "recommender systems and retrieval", True, True),
        # constraint satisfaction is combinatorial search, in robotics too (the authors chose the term)
        (CONSTRAINT_SOLVERS, "combinatorial optimization and algorithms", True, True),
        (CONSTRAINT_SOLVERS, "diffusion models", True, True),
        (COUNTING_TRANSFORMERS, "transformers and attention", True, True),
        # camera calibration and pose estimators are not uncertainty calibration or statistics ...
        (POSE_IMITATION, "uncertainty and calibration", True, False),
        (POSE_IMITATION, "kernel methods and statistics", True, False),
        # ... and the paper's own terms stay
        (POSE_IMITATION, "imitation and inverse reinforcement learning", True, True),
        # a fingertip, simulation and tactile sensing are robotics without the word `robot`
        (IN_HAND_ROTATION, "robotics and control", False, True),
        # a specific term of several words, written once, keeps its topic (a named method is what
        # authors choose as a keyword: these did choose `diffusion`)
        (COLD_DIFFUSION, "diffusion models", True, True),
    ],
)
def test_topics_of_abstracts_the_evidence_never_saw(text, topic, terms, learned):
    assert (topic in by_terms(text)) is terms  # the hand-written rule alone
    assert (topic in extract_terms(text, TAXONOMY).topics) is learned


def test_at_most_three_topics_those_of_most_learned_evidence():
    topics = extract_terms(ON_DEVICE_LLMS, TAXONOMY).topics
    # its terms give three (`transfer` for fine-tuning), learned evidence two more (federated
    # learning, natural language processing): the three of largest margins over their thresholds
    # stay; `large language models`, named once and under its threshold, is not one of them
    assert len(by_terms(ON_DEVICE_LLMS)) == 3 and "large language models" in by_terms(ON_DEVICE_LLMS)
    assert len(topics) == 3 and "large language models" not in topics and "federated learning" in topics


def test_a_paper_no_learned_evidence_places_keeps_its_terms_topics():
    # theorems and bounds suggest learning theory (suggestive terms only); COLT's papers do not
    # look like this one, so the learned evidence gives no topic at all: the terms' stays
    assert by_terms(AUC_THEOREMS) == {"learning theory"}
    assert set(extract_terms(AUC_THEOREMS, TAXONOMY).topics) == {"learning theory"}


def test_a_topic_only_learned_evidence_gives_ranks_as_a_subject_not_a_phrase():
    terms = extract_terms(IN_HAND_ROTATION, TAXONOMY)
    assert 1 <= terms.topics["robotics and control"] < 2 <= terms.topics["multimodal learning"]
    ranked = {k.label: k for k in rank_keywords(terms, {}, 1) if k.kind == "topic"}
    assert ranked["robotics and control"].score == LEARNED_TOPIC  # (below the paper's phrases)
    assert ranked["multimodal learning"].score > LEARNED_TOPIC


EVIDENCE = (
    "threshold\tfairness\t3.0\nweight\tfairness\tprotected\t2.0\nweight\tfairness\tdisparate\t1.0\n"
    "weight\tfairness\t@fairness\t1.5\nthreshold\trobotics\t1.0\nweight\trobotics\tgrasping\t2.0\n"
)


@pytest.mark.parametrize(
    "words, phrases, expected",
    [
        ({"protected": 1, "fair": 1}, {}, {"fairness": 2}),  # the term and its learned weight: 2.0 + 1.5
        ({"fair": 1, "grasping": 1}, {}, {"robotics": 1.001}),  # the term alone, once: 1.5, under the threshold
        ({"fair": 1}, {}, {"fairness": 2}),  # ... but where no topic has the evidence, the term rule's
        ({"fair": 2}, {}, {"fairness": 4}),  # a specific word used twice, whatever the learned evidence
        ({"protected": 1, "disparate": 1}, {}, {"fairness": 1}),  # learned alone: weighs less than terms
        ({"protected": 1, "groups": 1}, {}, {}),  # learned evidence under the threshold
        ({}, {"demographic parity": [1]}, {"fairness": 2}),  # a term of several words is specific once
    ],
)
def test_learned_evidence_decides_the_topics_it_knows(words, phrases, expected):
    topics = [
        {"name": "fairness", "terms": ["fair", "demographic parity"]},
        {"name": "privacy", "terms": ["private"]},  # no learned evidence: its terms decide
        {"name": "robotics", "terms": ["robot"]},
    ]
    taxonomy = build_taxonomy(topics, normalise_keyword, is_findable_phrase, "t.json", parse_evidence(EVIDENCE))
    assert match_topics(words, phrases, taxonomy) == expected
    assert match_topics({"private": 1}, {}, taxonomy) == {"privacy": 2}


def test_a_replaced_taxonomy_gets_the_evidence_of_the_topics_it_names():
    document = (
        b'{"topics": [{"name": "computer vision", "terms": ["image*"]}, {"name": "proteins", "terms": ["protein*"]}]}'
    )
    taxonomy = parse_taxonomy(document, "t.json")
    assert taxonomy.evidence is not None and set(taxonomy.evidence.thresholds) == {0}  # not `proteins`
    assert "proteins" in match_topics({"proteins": 1}, {}, taxonomy)
    # without evidence (a build with none), the hand-written rule alone
    assert (
        build_taxonomy(
            [{"name": "proteins", "terms": ["protein*"]}], normalise_keyword, is_findable_phrase, "t"
        ).evidence
        is None
    )


def _header() -> tuple[list[str], str]:
    text = EVIDENCE_FILE.read_text(encoding="utf-8")
    header = [line[2:] for line in text.splitlines() if line.startswith("# ")]
    return header, "".join(line + "\n" for line in text.splitlines() if not line.startswith("#"))


def test_the_shipped_evidence_is_the_one_the_header_records():
    header, body = _header()
    (recorded,) = [line.split()[1] for line in header if line.startswith("body ")]
    assert hashlib.sha256(body.encode("utf-8")).hexdigest() == recorded  # no hand edits
    inputs = [line.split() for line in header if line.startswith("input ")]
    used = {name for _, _, use, name in inputs if use == "used"}
    held_out = {name for _, _, use, name in inputs if use == "held-out"}
    # IJCAI (the topic evaluation) and the keyword venues never feed the evidence
    assert {"ijcai/ijcai2020.json", "ijcai/ijcai2023.json", "colm/colm2024.json", "corl/corl2023.json"} <= held_out
    assert not any(name.startswith(("ijcai/", "colm/colm2024", "corl/corl2023")) for name in used)
    thresholds, weights = read_evidence()
    assert len(thresholds) > 30 and set(weights) <= set(thresholds) <= set(TAXONOMY.names)
    assert weights["computer vision"]["image"] > 1 and weights["reinforcement learning"]["@reinforcement learning"] > 1


def test_the_shipped_evidence_was_built_with_the_rules_in_the_tree():
    """The evidence depends on the extraction code, its data, the taxonomy and the label mapping:
    a change to any of them without `scripts/build_topic_weights.py` (a minute with the catalogue;
    its `--check` compares the whole file) fails here."""
    header, _ = _header()
    (recorded,) = [line.split()[1] for line in header if line.startswith("rules ")]
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_topic_weights.py"), "--rules"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.stdout.strip() == recorded, "rebuild: scripts/build_topic_weights.py (docs/keywords.md)"
