"""Papers modelled on real ones that came back in another venue or year (paperlists records):
a rejection resubmitted under the same title, a retitled resubmission, a title two unrelated
groups used, and papers that only look alike."""

from __future__ import annotations

import json

ROUTING = (
    "Mixture-of-experts layers scale model capacity, but learned routers collapse onto a few experts."
    " We propose a balanced routing objective that keeps the load of every expert within a constant"
    " factor of the mean, prove that it converges, and show on language modelling benchmarks that it"
    " matches dense models with a third of the compute."
)
ROUTING_LATER = ROUTING.replace("We propose", "In this paper we propose").replace(
    "language modelling benchmarks", "language modelling and translation benchmarks"
)
PRIORS = (
    "Bayesian neural networks need priors over weights that say something about functions. We place"
    " Gaussian process priors on the functions a network computes and derive a variational objective"
    " that matches them, which improves calibration under dataset shift on image and tabular tasks."
)
PRIORS_RETITLED = PRIORS.replace("which improves calibration", "which markedly improves calibration")
SPARSE = (
    "Sparse attention reduces the quadratic cost of transformers. We learn which tokens attend to which"
    " with a differentiable top-k relaxation and reach the accuracy of full attention on long documents."
)
ROBOTS = (
    "Legged robots fall on slippery ground. We learn a recovery controller in simulation with domain"
    " randomisation of friction and deploy it on a quadruped that recovers from pushes on ice."
)

# A group's two papers on one device, the second reusing the first's introduction (modelled on
# IROS 2012 and IROS 2013 papers of the catalogue): not one work.
_DEVICE = (
    "Many kinds of power assist device have been developed and are driven with various actuators such as"
    " electric motors and hydraulic cylinders. An exoskeleton allows a high torque actuator, and the assist"
    " performance of such devices becomes high; on the other hand, an exoskeleton is heavy and stiff."
)
FOLLOW_UP = (
    _DEVICE + " In this paper we develop a pneumatic lower limb power assist wear without an exoskeleton,"
    " made of flexible pneumatic cylinders sewn into clothing, and evaluate the assist torque at the knee.",
    _DEVICE + " In this paper the pneumatic power assist wear is driven by a wearable air supply system with a"
    " small compressor and tank carried on the back, and walking tests show how long a charge assists.",
)


def record(title: str, authors: str, status: str, abstract: str, **more) -> dict:
    return {"title": title, "author": authors, "status": status, "track": "main", "abstract": abstract, **more}


def earlier() -> str:
    """ICLR 2018: three rejections and a poster."""
    return json.dumps(
        [
            record("Balanced Routing for Mixtures of Experts", "Ann Lee;Bo Chen", "Reject", ROUTING),
            record("Function-Space Priors for Bayesian Neural Networks", "Cleo Park;Dan Ruiz", "Reject", PRIORS),
            record("Sparse Attention by Learned Top-k", "Eve Stone", "Reject", SPARSE),
            record("Recovering from Falls on Ice", "Finn Holt;Gus Moe", "Poster", ROBOTS),
        ]
    )


def later() -> str:
    """ICML 2019: the routing paper again (same title, one author in common, its abstract edited), the
    priors paper retitled (a word added to its title), the sparse attention title used by other authors for other work, and a
    paper by the robots' authors on a neighbouring subject."""
    return json.dumps(
        [
            record("Balanced routing for mixtures of experts.", "Bo Chen;Hana Ito", "Poster", ROUTING_LATER),
            record("Function-Space Priors for Bayesian Deep Neural Networks", "Dan Ruiz", "Oral", PRIORS_RETITLED),
            record("Sparse Attention by Learned Top-k", "Ivan Roe", "Poster", ROBOTS.replace("ice", "sand")[::-1]),
            record(
                "Walking on Sand",
                "Finn Holt",
                "Poster",
                "Legged robots sink on soft ground. We learn a gait for sand with a model of granular media and"
                " deploy it on a quadruped that crosses dunes.",
            ),
        ]
    )
