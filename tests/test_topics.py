"""Topics from the taxonomy's terms weighed with learned evidence, on abstracts of COLM 2024 and
CoRL 2023 (venues the evidence never saw), and the shipped evidence's provenance."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from etl.extract.corpus import CorpusRanking, Stored, rank_all
from etl.extract.keywords import extract_terms, is_findable_phrase, normalise_keyword, rank_keywords
from etl.extract.keywords.phrases import phrase_candidates
from etl.extract.keywords.rank import LEARNED_TOPIC
from etl.extract.keywords.taxonomy_document import parse_taxonomy
from etl.extract.keywords.terms import topic_inputs
from etl.extract.keywords.title_topics import with_title
from etl.extract.keywords.topics import (
    EVIDENCE_FILE,
    MOST_TOPICS,
    build_taxonomy,
    match_topics,
    parse_evidence,
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

GATES = (  # NeurIPS 2008: Gates (message passing on factor graphs, no neural network)
    "Gates are a new notation for representing mixture models and context-sensitive independence in factor "
    "graphs. Factor graphs provide a natural representation for message-passing algorithms, such as expectation "
    "propagation. However, message passing in mixture models is not well captured by factor graphs unless the "
    "entire mixture is represented by one factor, because the message equations have a containment structure. "
    "Gates capture this containment structure graphically, allowing both the independences and the "
    "message-passing equations for a model to be readily visualized. Different variational approximations for "
    "mixture models can be understood as different ways of drawing the gates in a model. We present general "
    "equations for expectation propagation and variational message passing in the presence of gates."
)

TREE_PREDICTION = (  # NeurIPS 2008: Fast Prediction on a Tree (graph Laplacians)
    "Given an $n$-vertex weighted tree with structural diameter $S$ and a subset of $m$ vertices, we present a "
    "technique to compute a corresponding $m \\times m$ Gram matrix of the pseudoinverse of the graph Laplacian in"
    " $O(n+ m^2 + m S)$ time. We discuss the application of this technique to fast label prediction on a generic "
    "graph. We approximate the graph with a spanning tree and then we predict with the kernel perceptron. We "
    "address the approximation of the graph with either a minimum spanning tree or a shortest path tree. The fast"
    " computation of the pseudoinverse enables us to address prediction problems on large graphs. To this end we "
    "present experiments on two web-spam classification tasks, one of which includes a graph with 400,000 nodes "
    "and more than 10,000,000 edges. The results indicate that the accuracy of our technique is competitive with "
    "previous methods using the full graph information."
)

KALMAN_SSM = (  # NeurIPS 2006: Unified Inference for Variational Bayesian Linear Gaussian State-Space Models
    "Linear Gaussian State-Space Models are widely used and a Bayesian treatment of parameters is therefore of "
    "considerable interest. The approximate Variational Bayesian method applied to these models is an attractive "
    "approach, used successfully in applications ranging from acoustics to bioinformatics. The most challenging "
    "aspect of implementing the method is in performing inference on the hidden state sequence of the model. We "
    "show how to convert the inference problem so that standard Kalman Filtering/Smoothing recursions from the "
    "literature may be applied. This is in contrast to previously published approaches based on Belief "
    "Propagation. Our framework both simplifies and unifies the inference problem, so that future applications "
    "may be more easily developed. We demonstrate the elegance of the approach on Bayesian temporal ICA, with an "
    "application to finding independent dynamical processes underlying noisy EEG signals."
)

LT_GAN = (  # WACV 2021: LT-GAN: Self-Supervised GAN With Latent Transformation Detection
    "Generative Adversarial Networks (GANs) coupled with self-supervised tasks have shown promising results in "
    "unconditional and semi-supervised image generation. We propose a self-supervised approach (LT-GAN) to "
    "improve the generation quality and diversity of images by estimating the GAN-induced transformation (i.e. "
    "transformation induced in the generated images by perturbing the latent space of generator). Specifically, "
    "given two pairs of images where each pair comprises of a generated image and its transformed version, the "
    "self-supervision task aims to identify whether the latent transformation applied in the given pair is same "
    "as that of the other pair. Hence, this auxiliary loss encourages the generator to produce images that are "
    "distinguishable by the auxiliary network, which in turn promotes the synthesis of semantically consistent "
    "images with respect to latent transformations. We show the efficacy of this pretext task by improving the "
    "image generation quality in terms of FID on state-of-the-art models in conditional and unconditional "
    "settings on CIFAR-10, CelebA-HQ and ImageNet datasets. Moreover, we empirically show that LT-GAN helps in "
    "improving controlled image editing for CelebA-HQ, and ImageNet over baseline models. We experimentally "
    "demonstrate that our proposed LT self-supervision task can be effectively combined with other "
    "state-of-the-art training techniques for added benefits. Consequently, we show that our approach achieves "
    "the new state-of-the-art FID score of 9.8 on conditional CIFAR-10 image generation."
)

DIFFUSE_KRONA = (  # WACV 2025: DiffuseKronA, a fine-tuning method for personalized diffusion models
    "In the realm of subject-driven text-to-image (T2I) generative models recent developments like DreamBooth and"
    " BLIP-Diffusion have led to impressive results yet encounter limitations due to their intensive fine-tuning "
    "demands and substantial parameter requirements. While the low-rank adaptation (LoRA) module within "
    "DreamBooth offers a reduction in trainable parameters it introduces a pronounced sensitivity to "
    "hyperparameters leading to a compromise between parameter efficiency and the quality of T2I personalized "
    "image synthesis. Addressing these constraints we introduce DiffuseKronA a novel Kronecker product-based "
    "adaptation module that not only significantly reduces the parameter count by 35% and 99.947% compared to "
    "LoRA-DreamBooth and the original DreamBooth respectively but also enhances the quality of image synthesis. "
    "Crucially DiffuseKronA mitigates the issue of hyperparameter sensitivity delivering consistent high-quality "
    "generations across a wide range of hyperparameters thereby diminishing the necessity for extensive "
    "fine-tuning. Furthermore a more controllable decomposition makes DiffuseKronA more interpretable and can "
    "even achieve up to a 50% reduction with results comparable to LoRA-Dreambooth. Evaluated against diverse and"
    " complex input images and text prompts DiffuseKronA consistently outperforms existing low-rank models "
    "producing diverse images of higher quality with improved fidelity and a more accurate color distribution of "
    "objects all the while upholding exceptional parameter efficiency thus presenting a substantial advancement "
    "in the field of T2I generative modeling."
)


def by_terms(text: str) -> set[str]:
    words, phrases, passing = topic_inputs(text)
    return {TAXONOMY.names[i] for i in term_topics(words, phrases, TAXONOMY, passing)}


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


FEATURE_ALIGNMENT = (  # WACV 2023: Domain Adaptation Using Self-Training With Mixup for One-Stage Object Detection
    "In this paper, we present an end-to-end domain adaptation technique that utilizes both feature distribution "
    "alignment and Self-Training effectively for object detection. One set of methods for domain adaptation relies on "
    "feature distribution alignment and adapts models on an unlabeled target domain by learning domain invariant "
    "representations through adversarial loss. Although this approach is effective, it may not be adequate or even "
    "have an adverse effect when domain shifts are large and inconsistent. Another set of methods utilizes "
    "Self-Training which relies on pseudo labels to approximate the target domain distribution directly. However, it "
    "can also have a negative impact on the model performance due to erroneous pseudo labels. To overcome these two "
    "issues, we propose to generate reliable pseudo labels through feature distribution alignment and data "
    "distillation. Further, to minimize the adverse effect of incorrect pseudo labels during Self-Training we employ "
    "interpolation-based consistency regularization called mixup. While distribution alignment helps in generating "
    "more accurate pseudo labels, mixup regularization of Self-Training reduces the adverse effect of less accurate "
    "pseudo labels."
)

VALUE_ALIGNMENT = (  # NAACL 2024: Value FULCRA: Mapping Large Language Models to ... Basic Human Values
    "Value alignment is crucial for the responsible development of Large Language Models (LLMs). However, how to "
    "define values in this context remains largely unexplored. Existing work mainly specifies values as risk criteria "
    "formulated in the AI community, e.g., fairness and privacy protection, suffering from poor clarity, adaptability "
    "and transparency. Leveraging basic values established in humanity and social science that are compatible with "
    "values across cultures, this paper introduces a novel value space spanned by multiple basic value dimensions "
    "and proposes BaseAlign, a corresponding value alignment paradigm. Applying the representative Schwartz's Theory "
    "of Basic Values as an instantiation, we construct FULCRA, a dataset consisting of 20k (LLM output, value vector) "
    "pairs. Extensive analysis and experiments on FULCRA manifest BaseAlign's superiority in alignment performance "
    "with less data."
)

LIDAR_CALIBRATION = (  # IROS 2020: Experimental Evaluation of 3D-LIDAR Camera Extrinsic Calibration
    "In this paper we perform an extensive experimental evaluation of three planar target based 3D-LIDAR camera "
    "calibration algorithms, on a sensor suite consisting multiple 3D-LIDARs and cameras, assessing their robustness "
    "to random initialization and by using metrics like Mean Line Re-projection Error (MLRE) and Factory Stereo "
    "Calibration Error. We briefly describe each method and provide insights into practical aspects like ease of data "
    "collection. We also show the effect of noisy sensor on the calibration result and conclude with a note on which "
    "calibration algorithm should be used under what circumstances."
)

CERTAINTY_CALIBRATION = (  # ACL 2022: Region-dependent temperature scaling for certainty calibration ...
    "Certainty calibration is an important goal on the path to interpretability and trustworthy AI. Particularly in "
    "the context of human-in-the-loop systems, high-quality low to mid-range certainty estimates are essential. In "
    "the presence of a dominant high-certainty class, for instance the non-entity class in NER problems, existing "
    "calibration error measures are completely insensitive to potentially large errors in this certainty region of "
    "interest. We introduce a region-balanced calibration error metric that weights all certainty regions equally. "
    "When low and mid certainty estimates are taken into account, calibration error is typically larger than "
    "previously reported. We introduce a simple extension of temperature scaling, requiring no additional "
    "computation, that can reduce both traditional and region-balanced notions of calibration error over existing "
    "baselines."
)

TASK_ALLOCATION = (  # ICRA 2020: Decentralized Task Allocation in Multi-Agent Systems Using a Decentralized GA
    "In multi-agent collaborative search missions, task allocation is required to determine which agents will "
    "perform which tasks. We propose a new approach for decentralized task allocation based on a decentralized "
    "genetic algorithm (GA). The approach parallelizes a genetic algorithm across the team of agents, making "
    "efficient use of their computational resources. In the proposed approach, the agents continuously search for "
    "and share better solutions during task execution. We conducted simulation experiments to compare the "
    "decentralized GA approach and several existing approaches. Two objectives were considered: a min-sum objective "
    "(minimizing the total distance traveled by all agents) and a min-time objective (minimizing the time to visit "
    "all locations of interest)."
)

OPEN_AGENTS = (  # COLM 2024: OpenAgents: An Open Platform for Language Agents in the Wild
    "Language agents show potential in being capable of utilizing natural language for varied and intricate tasks "
    "in diverse environments, particularly when built upon large language models (LLMs). Current language agent "
    "frameworks aim to facilitate the construction of proof-of-concept language agents while neglecting the "
    "non-expert user access to agents and paying little attention to application-level designs. We present "
    "OpenAgents, an open platform for using and hosting language agents in the wild of everyday life. OpenAgents "
    "includes three agents: (1) Data Agent for data analysis with Python/SQL and data tools; (2) Plugins Agent with "
    "200+ daily API tools; (3) Web Agent for autonomous web browsing."
)


POSE_TRANSFER_GAN = (  # CVPR 2019: Progressive Pose Attention Transfer for Person Image Generation
    "This paper proposes a new generative adversarial network to the problem of pose transfer, i.e., transferring "
    "the pose of a given person to a target one. The generator of the network comprises a sequence of "
    "Pose-Attentional Transfer Blocks that each transfers certain regions it attends to, generating the person image "
    "progressively. Compared with those in previous works, our generated person images possess better appearance "
    "consistency and shape consistency with the input images, thus significantly more realistic-looking. The "
    "efficacy and efficiency of the proposed network are validated both qualitatively and quantitatively on "
    "Market-1501 and DeepFashion. Furthermore, the proposed architecture can generate training images for person "
    "re-identification, alleviating data insufficiency."
)

UNIVERSAL_PERTURBATIONS = (  # ECCV 2020: Regional Homogeneity: ... Universal Adversarial Perturbations Against Defenses
    "This paper focuses on learning transferable adversarial examples specifically against defense models (models "
    "to defense adversarial attacks). In particular, we show that a simple universal perturbation can fool a series "
    "of state-of-the-art defenses."
)


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


@pytest.mark.parametrize(
    "text, topic, given",
    [
        # a method family is given only to an abstract that writes its method's wording: message
        # passing on factor graphs and a graph Laplacian are no graph neural network ...
        (GATES, "graph neural networks", False),
        (GATES, "bayesian methods", True),
        (TREE_PREDICTION, "graph neural networks", False),
        # ... a Kalman filter's state-space model no transformer, a GAN no diffusion model
        (KALMAN_SSM, "transformers and attention", False),
        (KALMAN_SSM, "bayesian methods", True),
        (LT_GAN, "diffusion models", False),
        (LT_GAN, "generative models", True),
        # the method named within a compound counts (`BLIP-Diffusion`), and so do its names (`FedAvg`)
        (DIFFUSE_KRONA, "diffusion models", True),
        (ON_DEVICE_LLMS, "federated learning", True),
        (COUNTING_TRANSFORMERS, "transformers and attention", True),
    ],
)
def test_a_method_family_needs_its_methods_wording(text, topic, given):
    assert (topic in extract_terms(text, TAXONOMY).topics) is given


@pytest.mark.parametrize(
    "text, topic, given",
    [
        # a topic is given for its own sense of its word: feature alignment is no AI alignment (the
        # freed place goes to the paper's subject) ...
        (FEATURE_ALIGNMENT, "safety and alignment", False),
        (FEATURE_ALIGNMENT, "transfer, domain adaptation and generalization", True),
        (VALUE_ALIGNMENT, "safety and alignment", True),
        # ... a sensor's calibration no calibrated uncertainty ...
        (LIDAR_CALIBRATION, "uncertainty and calibration", False),
        (CERTAINTY_CALIBRATION, "uncertainty and calibration", True),
        # ... a team of robots or solvers, multi-agent, no agent that uses tools ...
        (TASK_ALLOCATION, "agents and tool use", False),
        (OPEN_AGENTS, "agents and tool use", True),
        # ... and a generative adversarial network no adversarial attack
        (POSE_TRANSFER_GAN, "robustness and adversarial attacks", False),
        (POSE_TRANSFER_GAN, "generative models", True),
        (UNIVERSAL_PERTURBATIONS, "robustness and adversarial attacks", True),
    ],
)
def test_a_topic_needs_the_wording_of_its_sense(text, topic, given):
    assert (topic in extract_terms(text, TAXONOMY).topics) is given


ANCHOR_FACE = (  # AAAI 2022: AnchorFace (evaluated on benchmark datasets, none of its own)
    "Within the field of face recognition (FR), it is widely accepted that the key objective is to optimize "
    "the entire feature space in the training process and acquire robust feature representations. However, "
    "most real-world FR systems tend to operate at a pre-defined False Accept Rate (FAR), and the "
    "corresponding True Accept Rate (TAR) represents the performance of the FR systems, which indicates that "
    "the optimization on the pre-defined FAR is more meaningful and important in the practical evaluation "
    "process. In this paper, we call the predefined FAR as Anchor FAR, and we argue that the existing FR loss "
    "functions cannot guarantee the optimal TAR under the Anchor FAR, which impedes further improvements of "
    "FR systems. To this end, we propose AnchorFace to bridge the aforementioned gap between the training and "
    "practical evaluation process for FR. Given the Anchor FAR, AnchorFace can boost the performance of FR "
    "systems by directly optimizing the non-differentiable FR evaluation metrics. Specifically, in "
    "AnchorFace, we first calculate the similarities of the positive and negative pairs based on both the "
    "features of the current batch and the stored features in the maintained online-updating set. Then, we "
    "generate the differentiable TAR loss and FAR loss using a soften strategy. Our AnchorFace can be readily "
    "integrated into most existing FR loss functions, and extensive experimental results on multiple "
    "benchmark datasets demonstrate the effectiveness of AnchorFace."
)


NBVC_BENCHMARK = (  # IROS 2020: NBVC: A Benchmark for Depth Estimation from Narrow-Baseline Video Clips
    "We present a benchmark for online, video-based depth estimation, a problem that is not covered by the "
    "current set of benchmarks for evaluating 3D reconstruction, which focus on offline, batch "
    "reconstruction. Online depth estimation from video captured by a moving camera is a key enabling "
    "technology for compelling applications in robotics and augmented reality. Inspired by progress in many "
    "aspects of robotics due to benchmarks and datasets, we propose a new benchmark called NBVC for "
    "evaluating methods for online depth estimation from video. Our benchmark is composed of short video "
    "sequences with corresponding high-quality ground truth depth maps, derived from the recent Tanks and "
    "Temples dataset. We are hopeful that our work will be instrumental in the development of learning-based "
    "algorithms for online depth estimation from video clips, and will also lead to improvements in "
    "conventional approaches. In addition to the benchmark, we present a superpixel-based plane sweeping "
    "stereo algorithm and use it to investigate various aspects of the problem. The paper contains our "
    "initial findings and conclusions."
)


GRAPH_CONVOLUTIONS = (  # ICLR 2017: Semi-Supervised Classification with Graph Convolutional Networks
    "We present a scalable approach for semi-supervised learning on graph-structured data that is based on an "
    "efficient variant of convolutional neural networks which operate directly on graphs. We motivate the "
    "choice of our convolutional architecture via a localized first-order approximation of spectral graph "
    "convolutions. Our model scales linearly in the number of graph edges and learns hidden layer "
    "representations that encode both local graph structure and features of nodes. In a number of experiments "
    "on citation networks and on a knowledge graph dataset we demonstrate that our approach outperforms "
    "related methods by a significant margin."
)


MULTI_PARTY_EMOTIONS = (  # COLING 2022: MuCDN (the speakers of a text conversation)
    "As an emerging research topic in natural language processing community, emotion recognition in "
    "multi-party conversations has attained increasing interest. Previous approaches that focus either on "
    "dyadic or multi-party scenarios exert much effort to cope with the challenge of emotional dynamics and "
    "achieve appealing results. However, since emotional interactions among speakers are often more "
    "complicated within the entangled multi-party conversations, these works are limited in capturing "
    "effective emotional clues in conversational context. In this work, we propose Mutual Conversational "
    "Detachment Network (MuCDN) to clearly and effectively understand the conversational context by "
    "separating conversations into detached threads. Specifically, two detachment ways are devised to perform "
    "context and speaker-specific modeling within detached threads and they are bridged through a mutual "
    "module. Experimental results on two datasets show that our model achieves better performance over the "
    "baseline models."
)


@pytest.mark.parametrize(
    "text, topic, given",
    [
        # a dataset or benchmark topic is for a paper that contributes one, not one evaluated on them ...
        (ANCHOR_FACE, "datasets and benchmarks", False),
        (ANCHOR_FACE, "computer vision", True),
        (NBVC_BENCHMARK, "datasets and benchmarks", True),
        # ... a convolutional network on graphs keeps its graph topic ...
        (GRAPH_CONVOLUTIONS, "graph neural networks", True),
        # ... and the speakers of a text conversation no speech
        (MULTI_PARTY_EMOTIONS, "speech and audio", False),
        (MULTI_PARTY_EMOTIONS, "natural language processing", True),
    ],
)
def test_a_tool_or_setting_every_field_uses_is_no_topic(text, topic, given):
    assert (topic in extract_terms(text, TAXONOMY).topics) is given


def test_convolutions_are_no_specific_term_of_vision():
    # (the learned evidence reaches computer vision for this paper, by a margin of 0.002: its
    # `convolutional` words, which vision papers write; the term rule does not, and the topic's
    # `needs` bar it: below)
    words, phrases, _ = topic_inputs(GRAPH_CONVOLUTIONS)
    names = {TAXONOMY.names[i] for i in term_topics(words, phrases, TAXONOMY)}
    assert "computer vision" not in names
    assert "graph neural networks" in names


ARM_CALIBRATION = (  # ICRA 2008: Kinematic calibration of a 7-DOF self-calibrated modular cable-driven robotic arm
    "This paper presents the kinematic calibration of a novel 7-degree-of-freedom (DOF) cable-driven robotic arm "
    "(CDRA), aimed at improving its absolute positioning accuracy. This CDRA consists of three 'self-calibrated' "
    "cable-driven parallel mechanism (CDPM) modules. In order to account for any kinematic errors that might arise "
    "when assembling the individual CDPMs, a calibration model is formulated based on the local product-of-"
    "exponential formula and the measurement residues in the tool-tip frame poses. An iterative least-squares "
    "algorithm is employed to identify the errors in the fixed transformation frames of the sequentially assembled "
    "'self- calibrated' CDPM modules. Both computer simulations and experimental studies were carried out to verify"
    " the robustness and effectiveness of the proposed calibration algorithm. From the experimental studies, errors"
    " in the fixed kinematic transformation frames were precisely recovered after a minimum of 15 pose "
    "measurements."
)


IMAGE_BENCHMARKS = (  # ICML 2013: Maxout Networks
    "We consider the problem of designing models to leverage a recently introduced approximate model averaging "
    "technique called dropout. We define a simple new model called maxout (so named because its output is the max "
    "of a set of inputs, and because it is a natural companion to dropout) designed to both facilitate optimization"
    " by dropout and improve the accuracy of dropout's fast approximate model averaging technique. We empirically "
    "verify that the model successfully accomplishes both of these tasks. We use maxout and dropout to demonstrate "
    "state of the art classification performance on four benchmark datasets: MNIST, CIFAR-10, CIFAR-100, and SVHN."
)


VIDEO_SALIENCY = (  # ECCV 2022: Temporal Saliency Query Network for Efficient Video Recognition
    '"Efficient video recognition is a hot-spot research topic with the explosive growth of multimedia data on the '
    "Internet and mobile devices. Most existing methods select the salient frames without awareness of the class-"
    "specific saliency scores, which neglect the implicit association between the saliency of frames and its "
    "belonging category. To alleviate this issue, we devise a novel Temporal Saliency Query (TSQ) mechanism, which "
    "introduces class-specific information to provide fine-grained cues for saliency measurement. Specifically, we "
    "model the class-specific saliency measuring process as a query-response task. For each category, the common "
    "pattern of it is employed as a query and the most salient frames are responded to it. Then, the calculated "
    "similarities are adopted as the frame saliency scores. To achieve it, we propose a Temporal Saliency Query "
    "Network (TSQNet) that includes two instantiations of the TSQ mechanism based on visual appearance similarities"
    " and textual event-object relations. Afterward, cross-modality interactions are imposed to promote the "
    "information exchange between them. Finally, we use the class-specific saliencies of the most confident "
    "categories generated by two modalities to perform the selection of salient frames. Extensive experiments "
    "demonstrate the effectiveness of our method by achieving state-of-the-art results on ActivityNet, FCVID and "
    'Mini-Kinetics datasets. Our project page is at https://lawrencexia2008.github.io/projects/tsqnet."'
)


ZERO_SHOT_SIM_TO_REAL = (  # IROS 2020: Crossing the Gap: A Deep Dive into Zero-Shot Sim-to-Real Transfer for Dynamics
    "Zero-shot sim-to-real transfer of tasks with complex dynamics is a highly challenging and unsolved problem. A "
    "number of solutions have been proposed in recent years, but we have found that many works do not present a "
    "thorough evaluation in the real world, or underplay the significant engineering effort and task-specific fine "
    "tuning that is required to achieve the published results. In this paper, we dive deeper into the sim-to-real "
    "transfer challenge, investigate why this is such a difficult problem, and present objective evaluations of a "
    "number of transfer methods across a range of real-world tasks. Surprisingly, we found that a method which "
    "simply injects random forces into the simulation performs just as well as more complex methods, such as those "
    "which randomise the simulator's dynamics parameters, or adapt a policy online using recurrent network "
    "architectures."
)


FLUIDIC_ACTUATORS = (  # ICRA 2017: Scalable pneumatic and tendon driven robotic joint inspired by jumping spiders
    "Fluidic actuators allow versatile, agile, and powerful motions and are commonly applied in robotics and "
    "automation. Likewise, many biological systems use fluidic actuators implemented with tissue for a wealth of "
    "tasks and performances. Spiders for example apply a hybrid mechanism of hydraulically actuated joint extension"
    " and muscle-based joint flexion to produce movement in two of their seven leg joints. Here, we present a novel"
    " spider-inspired joint mechanism employing both pneumatics and electrically-actuated tendons capable of "
    "strong, dynamic, and rapid joint movement. The implementation of the joint is closely inspired by those seen "
    "in real spiders, with a foldable structured membrane that effectively transfers all the energy from pressure "
    "to torque as the leg unfolds. To evaluate the mechanism we derived static joint models and a simple jumping "
    "model, and conducted equivalent experimental tests with a prototype of a single jumping leg robot. Besides "
    "applications in robot locomotion, the implementation and modeling of the spider-inspired joint mechanism can "
    "be utilized to further explore dynamics and functional biomechanics in spiders. In the future, we hope to use "
    "this platform to answer questions related to the impressive jumping and locomotion performances of real "
    "arachnids, and explore what morphological traits lie behind efficient spider locomotion at different size "
    "scales."
)


@pytest.mark.parametrize(
    "text, topic, given",
    [
        # a field a tool names needs the field's own wording: a convolutional network on graphs and
        # a robot arm's calibration frames are no computer vision; image data sets are its wording
        (GRAPH_CONVOLUTIONS, "computer vision", False),
        (ARM_CALIBRATION, "computer vision", False),
        (ARM_CALIBRATION, "robotics and control", True),
        (IMAGE_BENCHMARKS, "computer vision", True),
        # a word whose other senses are common is suggestive: the saliency of video frames is no
        # interpretability, zero-shot sim-to-real transfer no meta-learning, a robot's fluidic
        # actuators no fluid dynamics
        (VIDEO_SALIENCY, "interpretability", False),
        (VIDEO_SALIENCY, "computer vision", True),
        (ZERO_SHOT_SIM_TO_REAL, "continual and meta-learning", False),
        (FLUIDIC_ACTUATORS, "physics and PDEs", False),
        (FLUIDIC_ACTUATORS, "robotics and control", True),
    ],
)
def test_a_field_needs_its_wording_and_a_word_of_other_senses_is_suggestive(text, topic, given):
    assert (topic in extract_terms(text, TAXONOMY).topics) is given


OBESITY_STITCHING = (  # IROS 2011: Design of an endoscopic stitching device for surgical obesity treatment
    "This paper proposed a design of an endoscopic stitching device for surgical obesity treatment using a N.O.T.E.S "
    "(Natural Orifice Translumenal Endoscopic Surgery) approach. This proposed N.O.T.E.S gastroplasty approach "
    "performs stitching and resizing of a stomach from inside, aiming at further reducing postoperative "
    "complications by avoiding the use of skin incisions. The presented design can be inserted into the stomach in "
    "a folded configuration and be unfolded into a working configuration to perform stitching. It uses pre-curved "
    "super-elastic NiTi (Nickel-Titanium) alloy needle to facilitate the stitching motion. Role of the NiTi needle "
    "is demonstrated in in-vitro tissue penetrating experiments, while deployment and stitching motions of this "
    "device are verified using simulations."
)


NETWORK_TREATMENT_EFFECTS = (  # AISTATS 2020: Almost-Matching-Exactly for Treatment Effect Estimation under Network Interference
    "We propose a matching method that recovers direct treatment effects from randomized experiments where units "
    "are connected in an observed network, and units that share edges can potentially influence each others\u2019 "
    "outcomes. Traditional treatment effect estimators for randomized experiments are biased and error prone in this "
    "setting. Our method matches units almost exactly on counts of unique subgraphs within their neighborhood graphs. "
    "The matches that we construct are interpretable and high-quality. Our method can be extended easily to "
    "accommodate additional unit-level covariate information. We show empirically that our method performs better "
    "than other existing methodologies for this problem, while producing meaningful, interpretable results."
)


HATE_SPEECH_DEFINITIONS = (  # COLING 2025: DefVerify: Do Hate Speech Models Reflect Their Dataset's Definition?
    "When building a predictive model, it is often difficult to ensure that application-specific requirements are "
    "encoded by the model that will eventually be deployed. Consider researchers working on hate speech detection. "
    "They will have an idea of what is considered hate speech, but building a model that reflects their view "
    "accurately requires preserving those ideals throughout the workflow of data set construction and model "
    "training. Complications such as sampling bias, annotation bias, and model misspecification almost always "
    "arise, possibly resulting in a gap between the application specification and the model\u2019s actual behavior "
    "upon deployment. To address this issue for hate speech detection, we propose DefVerify: a 3-step procedure "
    "that (i) encodes a user-specified definition of hate speech, (ii) quantifies to what extent the model "
    "reflects the intended definition, and (iii) tries to identify the point of failure in the workflow. We use "
    "DefVerify to find gaps between definition and model behavior when applied to six popular hate speech "
    "benchmark datasets."
)


KEYWORD_SPOTTING = (  # IJCAI 2022: BiFSMN: Binary Neural Network for Keyword Spotting
    "The deep neural networks, such as the Deep-FSMN, have been widely studied for keyword spotting (KWS) "
    "applications. However, computational resources for these networks are significantly constrained since they "
    "usually run on-call on edge devices. In this paper, we present BiFSMN, an accurate and extreme-efficient "
    "binary neural network for KWS. We first construct a High-frequency Enhancement Distillation scheme for the "
    "binarization-aware training, which emphasizes the high-frequency information from the full-precision "
    "network's representation that is more crucial for the optimization of the binarized network. Then, to allow "
    "the instant and adaptive accuracy-efficiency trade-offs at runtime, we also propose a Thinnable Binarization "
    "Architecture to further liberate the acceleration potential of the binarized network from the topology "
    "perspective. Moreover, we implement a Fast Bitwise Computation Kernel for BiFSMN on ARMv8 devices which fully "
    "utilizes registers and increases instruction throughput to push the limit of deployment efficiency. Extensive "
    "experiments show that BiFSMN outperforms existing binarization methods by convincing margins on various "
    "datasets and is even comparable with the full-precision counterpart (e.g., less than 3% drop on Speech "
    "Commands V1-12). We highlight that benefiting from the thinnable architecture and the optimized 1-bit "
    "implementation, BiFSMN can achieve an impressive 22.3x speedup and 15.5x storage-saving on real-world edge "
    "hardware."
)


@pytest.mark.parametrize(
    "text, topic, given",
    [
        # a surgical treatment is no causal one: causality needs causal wording (`causal*`,
        # `counterfactual*`, `interven*`, `randomized`, `observational`, a DAG, ...)
        (OBESITY_STITCHING, "causality", False),
        (NETWORK_TREATMENT_EFFECTS, "causality", True),
        # hate speech is text: speech and audio needs spoken or audio wording
        (HATE_SPEECH_DEFINITIONS, "speech and audio", False),
        (HATE_SPEECH_DEFINITIONS, "natural language processing", True),
        (KEYWORD_SPOTTING, "speech and audio", True),
    ],
)
def test_a_word_of_another_field_needs_its_sense(text, topic, given):
    assert (topic in extract_terms(text, TAXONOMY).topics) is given


def test_needs_bar_every_route_to_a_topic():
    topics = [
        {"name": "fairness", "terms": ["fair"], "needs": ["fairness", "parit*"]},
        {"name": "robotics", "terms": ["robot"]},
    ]
    taxonomy = build_taxonomy(topics, normalise_keyword, is_findable_phrase, "t.json", parse_evidence(EVIDENCE))
    assert match_topics({"fair": 2}, {}, taxonomy) == {}  # its specific term twice, but none of its needs
    assert match_topics({"protected": 1, "disparate": 1}, {}, taxonomy) == {}  # learned evidence alone
    assert match_topics({"protected": 1, "fair": 1, "grasping": 1}, {}, taxonomy) == {"robotics": 1.001}  # (the place)
    assert match_topics({"protected": 1, "fair": 1, "fairness": 1}, {}, taxonomy) == {"fairness": 2}
    assert match_topics({"protected": 1, "fair": 1, "demographic-parity": 1}, {}, taxonomy) == {"fairness": 2}
    assert match_topics({"fair": 2, "parity": 1}, {}, taxonomy) == {"fairness": 4}  # (a need adds no weight)


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


CERTAINTY_DOMAIN_ADAPTATION = (  # CVPR 2019: Attending to Discriminative Certainty for Domain Adaptation
    "In this paper, we aim to solve for unsupervised domain adaptation of classifiers where we have access to label"
    " information for the source domain while these are not available for a target domain. While various methods"
    " have been proposed for solving these including adversarial discriminator based methods, most approaches have"
    " focused on the entire image based domain adaptation. In an image, there would be regions that can be adapted"
    " better, for instance, the foreground object may be similar in nature. To obtain such regions, we propose"
    " methods that consider the probabilistic certainty estimate of various regions and specific focus on these"
    " during classification for adaptation. We observe that just by incorporating the probabilistic certainty of the"
    " discriminator while training the classifier, we are able to obtain state of the art results on various"
    " datasets as compared against all the recent methods. We provide a thorough empirical analysis of the method by"
    " providing ablation analysis, statistical significance test, and visualization of the attention maps and t-SNE"
    " embeddings. These evaluations convincingly demonstrate the effectiveness of the proposed approach."
)
TEMPORALLY_DISJOINT_PATHS = (  # IJCAI 2021: Interference-free Walks in Time: Temporally Disjoint Paths
    "We investigate the computational complexity of finding temporally disjoint paths or walks in temporal graphs."
    " There, the edge set changes over discrete time steps and a temporal path (resp. walk) uses edges that appear at"
    " monotonically increasing time steps. Two paths (or walks) are temporally disjoint if they never use the same"
    " vertex at the same time; otherwise, they interfere. This reflects applications in robotics, traffic routing,"
    " or finding safe pathways in dynamically changing networks. On the one extreme, we show that on general graphs"
    ' the problem is computationally hard. The "walk version" is W[1]-hard when parameterized by the number of'
    ' routes. However, it is polynomial-time solvable for any constant number of walks. The "path version" remains'
    " NP-hard even if we want to find only two temporally disjoint paths. On the other extreme, restricting the"
    " input temporal graph to have a path as underlying graph, quite counterintuitively, we find NP-hardness in"
    " general but also identify natural tractable cases."
)


@pytest.mark.parametrize(
    "text, topic, given",
    [
        # `unsupervised` in `unsupervised domain adaptation` is no clustering (clustering's `passing`)
        (CERTAINTY_DOMAIN_ADAPTATION, "clustering and unsupervised learning", False),
        (CERTAINTY_DOMAIN_ADAPTATION, "transfer, domain adaptation and generalization", True),
        # `robotics` in a list of applications is no robotics paper
        (TEMPORALLY_DISJOINT_PATHS, "robotics and control", False),
        (TEMPORALLY_DISJOINT_PATHS, "combinatorial optimization and algorithms", True),
    ],
)
def test_a_term_written_in_passing_is_only_suggestive(text, topic, given):
    assert (topic in extract_terms(text, TAXONOMY).topics) is given


def test_passing_counts_a_specific_use_as_a_suggestive_one():
    topics = [
        {"name": "clustering", "terms": ["unsupervised", "k-means"], "passing": ["unsupervised domain adaptation"]}
    ]
    taxonomy = build_taxonomy(topics, normalise_keyword, is_findable_phrase, "t.json")
    uda = {"unsupervised domain adaptation": [1]}
    assert term_topics({"unsupervised": 1}, uda, taxonomy) == {}
    assert term_topics({"unsupervised": 2}, uda, taxonomy) == {0: 3}  # (written once more, outside it: 2 + 1)
    assert term_topics({"unsupervised": 1, "k-means": 1}, uda, taxonomy) == {0: 3}
    robotics = build_taxonomy(
        [{"name": "robotics", "terms": ["robot*", "autonomous driving"]}],
        normalise_keyword,
        is_findable_phrase,
        "t.json",
    )
    driving = {"autonomous driving": [1]}
    assert term_topics({"robotics": 1}, {}, robotics) == {0: 2}
    assert term_topics({"robotics": 1}, {}, robotics, {"robotics": 1}) == {}
    assert term_topics({"robotics": 2}, {}, robotics, {"robotics": 1}) == {0: 3}
    assert term_topics({}, driving, robotics, {"autonomous driving": 1}) == {}
    assert term_topics({}, driving, robotics, {"autonomous driving": 1, "robotics": 1}) == {}  # (not written)


CONTEXTUAL_BANDITS = (  # AAAI 2022: Context Uncertainty in Contextual Bandits with Applications to Recommender Systems
    "Recurrent neural networks have proven effective in modeling sequential user feedbacks for recommender systems."
    " However, they usually focus solely on item relevance and fail to effectively explore diverse items for users,"
    " therefore harming the system performance in the long run. To address this problem, we propose a new type of "
    "recurrent neural networks, dubbed recurrent exploration networks (REN), to jointly perform representation "
    "learning and effective exploration in the latent space. REN tries to balance relevance and exploration while "
    "taking into account the uncertainty in the representations. Our theoretical analysis shows that REN can "
    "preserve the rate-optimal sublinear regret even when there exists uncertainty in the learned representations. "
    "Our empirical study demonstrates that REN can achieve satisfactory long-term rewards on both synthetic and "
    "real-world recommendation datasets, outperforming state-of-the-art models."
)

GOAL_CONDITIONED_POLICY = (  # AAAI 2022: Learn Goal-Conditioned Policy with Intrinsic Motivation for Deep Reinforcement Learning
    "It is of significance for an agent to autonomously explore the environment and learn a widely applicable and "
    "general-purpose goal-conditioned policy that can achieve diverse goals including images and text descriptions."
    " Considering such perceptually-specific goals, one natural approach is to reward the agent with a prior non-"
    "parametric distance over the embedding spaces of states and goals. However, this may be infeasible in some "
    "situations, either because it is unclear how to choose suitable measurement, or because embedding "
    "(heterogeneous) goals and states is non-trivial. The key insight of this work is that we introduce a latent-"
    "conditioned policy to provide goals and intrinsic rewards for learning the goal-conditioned policy. As opposed"
    " to directly scoring current states with regards to goals, we obtain rewards by scoring current states with "
    "associated latent variables. We theoretically characterize the connection between our unsupervised objective "
    "and the multi-goal setting, and empirically demonstrate the effectiveness of our proposed method which "
    "substantially outperforms prior techniques in a variety of tasks."
)

PARALLEL_LSTM_DECODER = (  # ACL 2021: Multi-Head Highly Parallelized LSTM Decoder for Neural Machine Translation
    "One of the reasons Transformer translation models are popular is that self-attention networks for context "
    "modelling can be easily parallelized at sequence level. However, the computational complexity of a self-"
    "attention network is O(n2), increasing quadratically with sequence length. By contrast, the complexity of "
    "LSTM-based approaches is only O(n). In practice, however, LSTMs are much slower to train than self-attention "
    "networks as they cannot be parallelized at sequence level: to model context, the current LSTM state relies on "
    "the full LSTM computation of the preceding state. This has to be computed n times for a sequence of length n. "
    "The linear transformations involved in the LSTM gate and state computations are the major cost factors in "
    "this. To enable sequence-level parallelization of LSTMs, we approximate full LSTM context modelling by "
    "computing hidden states and gates with the current input and a simple bag-of-words representation of the "
    "preceding tokens context. This allows us to compute each input step efficiently in parallel, avoiding the "
    "formerly costly sequential linear transformations. We then connect the outputs of each parallel step with "
    "computationally cheap element-wise computations. We call this the Highly Parallelized LSTM. To further "
    "constrain the number of LSTM parameters, we compute several small HPLSTMs in parallel like multi-head "
    "attention in the Transformer. The experiments show that our MHPLSTM decoder achieves significant BLEU "
    "improvements, while being even slightly faster than the self-attention network in training, and much faster "
    "than the standard LSTM."
)

TITLED = [
    (
        CONTEXTUAL_BANDITS,
        "Context Uncertainty in Contextual Bandits with Applications to Recommender Systems",
        "bandits and online learning",
    ),
    (
        GOAL_CONDITIONED_POLICY,
        "Learn Goal-Conditioned Policy with Intrinsic Motivation for Deep Reinforcement Learning",
        "reinforcement learning",
    ),
    (
        PARALLEL_LSTM_DECODER,
        "Multi-Head Highly Parallelized LSTM Decoder for Neural Machine Translation",
        "natural language processing",
    ),
]


def _topics(ranked: list) -> list[str]:
    return [k.label for k in ranked if k.kind == "topic"]


@pytest.mark.parametrize("abstract, title, topic", TITLED)
def test_a_topic_the_title_names_is_the_papers_first(abstract, title, topic):
    """The reader's examples: the abstract alone does not give the topic its title names."""
    untitled = rank_all([("p", abstract, None)], TAXONOMY)["p"]
    titled = rank_all([("p", abstract, title)], TAXONOMY)["p"]
    assert topic not in _topics(untitled)
    assert topic in _topics(titled)
    assert len(_topics(titled)) <= MOST_TOPICS


SPEECH_AND_CLUSTERING = build_taxonomy(
    [
        {"name": "speech", "terms": ["speech"], "weak": ["spoken"], "needs": ["audio*", "spoken"]},
        {
            "name": "clustering",
            "terms": ["unsupervised"],
            "weak": ["cluster*"],
            "passing": ["unsupervised domain adaptation"],
        },
        {"name": "vision", "terms": ["image*"]},
    ],
    normalise_keyword,
    is_findable_phrase,
    "t.json",
)


@pytest.mark.parametrize(
    "title, abstract_weights, abstract_worded, expected",
    [
        ("Speech Recognition of Spoken Words", {0: 1}, [], {"speech": (2 + 1) * 2 + 1}),  # (`spoken` is suggestive)
        ("Speech Recognition", {0: 1}, [0], {"speech": 2 * 2 + 1}),  # (`needs` written in the abstract)
        ("Hate Speech Detection", {0: 1}, [], {}),  # (no `needs`)
        ("Speech Recognition of Spoken Words", {}, [], {}),  # (the abstract writes no term of it)
        ("Unsupervised Domain Adaptation", {1: 2}, [], {}),  # (within clustering's `passing`)
        ("Unsupervised Clustering", {1: 2}, [], {"clustering": (2 + 1) * 2 + 2}),
        ("Clustering of Images", {1: 2, 2: 2}, [], {"vision": 2 * 2 + 2}),  # (`cluster*` is suggestive)
    ],
)
def test_a_title_names_a_topic_with_a_specific_term_and_a_term_in_the_abstract(
    title, abstract_weights, abstract_worded, expected
):
    words, phrases = phrase_candidates(title)
    titled = with_title({"other": 1.001}, (abstract_weights, abstract_worded), (words, phrases), SPEECH_AND_CLUSTERING)
    assert titled == {**expected, "other": 1.001}
    assert list(titled)[-1] == "other"  # (the title's topics first)


def test_a_title_keeps_at_most_three_topics():
    words, phrases = phrase_candidates("Unsupervised Clustering of Images")
    topics = {"a": 4, "b": 3, "c": 1.002}
    titled = with_title(topics, ({1: 1, 2: 1}, []), (words, phrases), SPEECH_AND_CLUSTERING)
    assert titled == {"clustering": 2 * 3 + 1, "vision": 2 * 2 + 1, "a": 4}


def test_a_paper_whose_text_is_its_title_counts_it_once():
    title = "Contextual Bandits for Recommender Systems"
    (as_text,) = rank_all([("p", title, title)], TAXONOMY).values()
    (untitled,) = rank_all([("p", title, None)], TAXONOMY).values()
    topics = [(k.label, k.score) for k in as_text if k.kind == "topic"]
    assert topics == [(k.label, k.score) for k in untitled if k.kind == "topic"]
    assert {label for label, _ in topics} == {"bandits and online learning", "recommender systems and retrieval"}


def test_a_retitled_paper_takes_the_topics_of_its_stored_title():
    fed = "Multi-Head Highly Parallelized LSTM Decoder"
    stored = "Multi-Head Highly Parallelized LSTM Decoder for Neural Machine Translation"
    with CorpusRanking(TAXONOMY) as ranking:
        ranking.feed([("p", PARALLEL_LSTM_DECODER, fed)])
        (chunk,) = ranking.ranked(Stored(titles={"p": stored}))
    assert "natural language processing" in _topics(dict(chunk)["p"])
    assert "natural language processing" not in _topics(rank_all([("p", PARALLEL_LSTM_DECODER, fed)], TAXONOMY)["p"])


STABLE_MATCHING_CHANGES = (  # AAAI 2022: Theory of and Experiments on Minimally Invasive Stability Preservation in Changing Two-Sided Matching Markets
    "Following up on purely theoretical work, we contribute further theoretical insights into adapting stable "
    "two-sided matchings to change. Moreover, we perform extensive empirical studies hinting at numerous "
    "practically useful properties. Our theoretical extensions include the study of new problems (that is, "
    "incremental variants of Almost Stable Marriage and Hospital Residents), focusing on their (parameterized) "
    "computational complexity and the equivalence of various change types (thus simplifying algorithmic and "
    "complexity-theoretic studies for various natural change scenarios). Our experimental findings reveal, for "
    "instance, that allowing the new matching to be blocked by a few pairs significantly decreases the difference"
    " between the old and the new matching."
)

SLAM_REORDERING = (  # IROS 2012: Variable reordering strategies for SLAM
    "State of the art methods for state estimation and perception make use of least-squares optimization methods "
    "to perform efficient inference on noisy sensor data. Much of this efficiency is achieved by using sparse "
    "matrix factorization methods. The sparsity structure of the underlying matrix factorization which makes "
    "these optimization methods tractable is highly dependent on the choice of variable reordering; but there has"
    " been no systematic evaluation of reordering methods in the SLAM community. In this paper we evaluate the "
    "performance of various reordering techniques on benchmark SLAM data sets and provide definitive "
    "recommendations based on our results. We also compare these state of the art algorithms against our simple "
    "and easy to implement algorithm which achieves comparable performance. Finally, we provide empirical "
    "evidence that few gains remain with respect to variants of minimum degree ordering."
)

GPS_VIO_STATE_ESTIMATOR = (  # IROS 2019: A GPS-aided Omnidirectional Visual-Inertial State Estimator in Ubiquitous Environments
    "The visual-inertial navigation system (VINS) has been a practical approach for state estimation in recent "
    "years. In this paper, we propose a general GPS-aided omnidirectional visual-inertial state estimator capable"
    " of operating in ubiquitous environments and platforms. Our system consists of two parts: 1) the pre-"
    "processing of omnidirectional cameras, IMU, and GPS measurements, and 2) the sliding window based nonlinear "
    "optimization for accurate state estimation. We test our system in different conditions including an indoor "
    "office, campus roads, and challenging open water surface. Experiment results demonstrate the high accuracy "
    "of our approach than state-of-the-art VINSs in all scenarios. The proposed odometry achieves drift ratio "
    "less than 0.5% in 1200 m length outdoors campus road in overexposure conditions and 0.65% in open water "
    "surface, without a loop closure, compared with a centimeter accuracy GPS reference."
)


@pytest.mark.parametrize(
    "abstract, title, topic",
    [
        # `Hospital Residents` is a matching problem (healthcare's `passing`: `hospital resident`)
        (STABLE_MATCHING_CHANGES, None, "healthcare and medicine"),
        (STABLE_MATCHING_CHANGES, "Almost Stable Marriage and Hospital Residents", "healthcare and medicine"),
        # `definitive recommendations` are advice (recommender's `passing`)
        (SLAM_REORDERING, None, "recommender systems and retrieval"),
        # a robot's `state estimator` is no statistics (kernel methods and statistics' `passing`)
        (GPS_VIO_STATE_ESTIMATOR, None, "kernel methods and statistics"),
        (
            GPS_VIO_STATE_ESTIMATOR,
            "A GPS-aided Omnidirectional Visual-Inertial State Estimator",
            "kernel methods and statistics",
        ),
    ],
)
def test_a_term_within_a_phrase_of_another_sense_names_no_topic(abstract, title, topic):
    assert topic not in _topics(rank_all([("p", abstract, title)], TAXONOMY)["p"])
