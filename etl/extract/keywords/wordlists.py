"""Word lists for keyword extraction: stop words, generic words, names that are not methods, and
the English words that are never nouns (from a lexicon, see `NOT_NOUNS`)."""

from importlib.resources import files as package_files

# Words that end a candidate phrase: function words, and the verbs and adverbs abstracts use to
# talk about their work rather than about the subject.
STOP_WORDS = frozenset(
    """
    a about above across after again against all almost along already also although always am
    among an and another any are around as at be became because become becomes been before being
    below between both but by can cannot could did do does doing done due during each either else
    enough especially even ever every far few for from further furthermore had has have having
    hence here hereby herein how however i if in into is it its itself just least less like likely
    may might more moreover most mostly much must namely neither never nevertheless no nor not
    notably now of off often on once one only onto or other others otherwise our ours ourselves out
    over own per perhaps rather same several shall she should since so some such than that the
    their theirs them themselves then thereby therefore these they this those though through
    throughout thus to together too toward towards under unlike until up upon us use used uses
    using very via was we well were what whereas whether which while who whom whose why will with
    within without would yet you your
    achieve achieves achieved achieving allow allows allowed address addresses addressed aim aims
    apply applied applies based can't consider considers considered demonstrate demonstrates
    demonstrated derive derives derived design designed develop develops developed enable enables
    enabled establish established evaluate evaluated explore explores explored find finds found
    focus focuses give gives given help helps improve improves improved include includes including
    introduce introduces introduced lead leads led make makes making obtain obtains obtained
    outperform outperforms outperforming perform performs performed present presents presented
    propose proposes proposed prove proves proved provide provides provided reduce reduces
    require requires required reveal reveals show shows showed shown significantly study studies
    studied suggest suggests take takes yield yields yielding remain remains termed called dubbed
    named coined refer refers referred leverage leverages leveraging resulting result when where
    except besides beyond behind describe describes described employ employs employed entail entails
    simulate simulates exhibit exhibits exhibited attempt attempts capture captures captured
    rely relies depend depends suffer suffers struggle struggles fail fails tend tends seek
    seeks aim aims ensure ensures maintain maintains preserve preserves exist exists emerge
    emerges involve involves consist consists compare compares compared utilize utilizes
    incorporate incorporates let lets see seen say says said offer offers offered pose poses posed
    arise arises arose occur occurs occurred lack lacks lacked
    able across based e.g i.e et al etc first second third two three four five many new novel
    recent recently previous previously existing various different extensive simple effective
    key important strong superior better best general specific certain particular several
    significant substantial comprehensive prior current standard typical widely commonly
    still currently often typically particularly respectively greatly highly relatively
    """.split()
)

# Generic nouns: never a keyword on their own (`model`, `results`).
NOT_ALONE = frozenset(
    """
    approach approaches method methods framework frameworks technique techniques model models
    result results performance problem problems paper work works experiment experiments
    experimental empirical empirically task tasks setting settings way ways number numbers set sets
    term terms fact case cases order effectiveness efficiency improvement improvements state art
    analysis evaluation evaluations application applications scenario scenarios issue issues
    challenge challenges question questions type types kind kinds part parts end level levels
    time times value values range variety amount process need needs aspect aspects manner
    goal goals idea ideas insight insights property properties advantage advantages benefit
    benefits domain domains baseline baselines benchmark benchmarks dataset datasets data
    practice practices literature community field fields area areas topic topics quality
    algorithm algorithms system systems solution solutions strategy strategies scheme schemes
    code codes github release version versions finding findings world real large small high
    low good role impact effect effects lack gap line lines step steps stage stages form forms
    point points example examples training learning network networks function functions
    information accuracy loss error errors space distribution distributions input inputs
    output outputs feature features structure structures tool tools user users human humans
    source target size cost costs rate rates ability capability capabilities knowledge
    share predict collect compute learn train automate maximize minimize optimize solve generate
    select produce combine extend identify measure estimate infer adapt transfer scale update
    quantity amount integer bit bits assumption assumptions individuals constraint constraints
    decision decisions property
    """.split()
)

# Nouns that do not end a phrase: `proposed method`, `experimental results`, `github repository`.
NOT_LAST = frozenset(
    """
    approach approaches method methods framework frameworks technique techniques result results
    performance paper work works experiment experiments way ways number fact case cases order
    effectiveness efficiency improvement improvements art state evaluation evaluations scenario
    scenarios issue issues aspect aspects manner advantage advantages benefit benefits finding
    findings insight insights step steps point points example examples code codes github
    repository version versions quality impact effect effects role lack gap extensive available
    setting settings
    """.split()
)

# Suffixes of hyphenated words that describe rather than name: `LLM-based`, `SAM-guided`.
DESCRIPTIVE_SUFFIXES = (
    "-based",
    "-like",
    "-style",
    "-free",
    "-aware",
    "-driven",
    "-guided",
    "-level",
    "-specific",
    "-wise",
    "-agnostic",
    "-scale",
    "-type",
    "-only",
    "-bit",
    "-shot",
    "-step",
    "-order",
    "-time",
)

# Coined-looking names that papers use but rarely introduce: models, datasets and common
# acronyms. They can still be keywords, but not a paper's own method.
NOT_METHODS = frozenset(
    """
    ai ml nlp cv rl llm llms vlm vlms mllm mllms gpt gpt-2 gpt-3 gpt-3.5 gpt-4 gpt-4o gpt-4v
    chatgpt llama llama-2 llama2 llama-3 llama3 mistral bert roberta t5 vit vits clip resnet
    resnets imagenet imagenet-1k cifar-10 cifar-100 cifar10 cifar100 mnist coco svhn glue
    superglue mmlu pytorch jax tensorflow cuda gpu gpus tpu tpus cpu api apis sota iid i.i.d
    gnn gnns cnn cnns rnn rnns lstm mlp mlps vae vaes gan gans ode odes pde pdes sde sdes sgd
    adam adamw relu ntk ntks mdp mdps pomdp kl rkhs ood id 1d 2d 3d 4d nerf rlhf dpo ppo lora
    qa vqa asr tts ocr nli ner pca svd lasso mcmc hmc ddpm ddim sam dino dinov2 mae
    llava blip instructblip minigpt palm phi qwen gemma mixtral u-net unet
    """.split()
)


def _words(name: str) -> frozenset[str]:
    text = (package_files("etl") / "data" / name).read_text(encoding="utf-8")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))


# Word forms with adjective, adverb or verb readings and none as a noun, from the lemminflect
# lexicon (regenerated by scripts/build_wordlists.py): `dense`, `sparse`, `efficient`, `proposed`.
NOT_NOUNS = _words("not_nouns.txt")
# Base and third-person forms the lexicon knows only as verbs (`align`, `calibrate`, `represents`):
# a verb is no part of a noun phrase. (Participles in -ed and -ing are left out: `learned index`.)
VERBS = _words("verbs.txt")
# English words used more than ten times per million words (Zipf frequency 4 or more, from the
# wordfreq package): `text`, `search`, `people`. Alone, they say too little to be a keyword.
COMMON_WORDS = _words("common_words.txt")
