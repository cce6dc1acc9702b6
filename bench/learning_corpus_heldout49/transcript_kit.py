"""The transcript builder of the 49th held-out corpus (bench/heldout_transcript_kit.py) with Sravya's
`pantalu-pipeline` as the default working directory, this corpus's uuid5 namespace, and a Telugu language guess.

Sravya works on macOS with the fish shell, so Claude Code records cwds under /Users/sravya/code and background
output under /private/tmp/claude-501 (the shared builder already does both for a cwd under /Users).

About two messages in five are Telugu: some in Telugu script ("Playwright tests లో getByRole వాడు"), more in
romanised "Tenglish" ("inka work avvaledu", "pip install cheyyaku"), nearly always with English technical words
mixed in. The guess counts Telugu evidence (a word in Telugu script, or a romanised Telugu word from a list of
function and everyday words and verb forms) against English function words; a text is "te" when it has at least
two pieces of Telugu evidence and no fewer than English ones. Romanised Telugu words that are also common English
words ("me", "no", "are") are left out of the Telugu list, so a Tenglish message that is mostly a pasted
English log counts as English."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

PIPE = "/Users/sravya/code/pantalu-pipeline"
DASH = "/Users/sravya/code/pantalu-dash"

heldout_transcript_kit.configure(cwd=PIPE, namespace=uuid.UUID("c09adb10-f1b2-53d5-afa5-6bcc297b8a43"))

# Telugu script words are runs of the Telugu block (vowel signs and viramas included, which \w would split on);
# Latin words are ASCII letters with an optional apostrophe part.
WORD = re.compile(r"[\u0C00-\u0C7F]+|[A-Za-z]+(?:'[A-Za-z]+)?")
TE_SCRIPT = re.compile(r"[\u0C00-\u0C7F]")
_TE_TEXT = (
    # pronouns, particles, postpositions and connectives
    "nenu naaku naku meeru miru nuvvu mana maa manam idi adi ivi avi ee aa lo ki ku tho nunchi nundi ni nu ga gaa "
    "kada kadha kani kaani ante antey ayithe aithe ayite leka leda kooda kuda mari kosam valla badulu anduke enduku "
    "endukante kabatti okka oka okate rendu moodu anni prathi mottam konchem chala chaala takkuva ekkuva inka inkaa "
    "malli ade adhe anthe antha ila ala alaa ela ekkada eppudu eppudoo ippudu ippude repu ninna ninnati ivvala "
    "eeroju roju vaaram tarvata taruvata mundu modata kotha kottha patha paatha pedda chinna emi em emaina edo enti "
    "ento entandi matrame maatrame ye ne sare sari sarle parledu paravaledu avasaram chaalu chalu bagundi baagundi "
    "bagane manchidi tappu thappu asalu assalu anukunta anukuntunna anipistundi "
    # verbs and verb forms
    "cheyyi cheyi chey cheyyandi cheyyaku chesanu chesa chesindi chesina chesaru chestam chestha chesthe cheste "
    "chestunna chestundi chestunnaru cheddam cheyyadam cheyyali cheyyatledu cheyatledu cheyochu cheyyochu "
    "avvaledu avvatledu avtundi avutundi avuthundi avutunnayi ayyindi ayyindhi ayya ayyaka aipotayi ayipoyindi "
    "undi unnayi unnai undadu undochu unte undali vastundi vasthundi vastunnayi vachindi vastanu vastayi raledu "
    "pettu pettaku pettukunte pedithe pettina pettandi marchu marchaku marchanu marchesa marchudam teeseyyi "
    "teesey rayi raayi rasanu rastunnaru rasthunnaru chudu choodu chudandi chusanu chusa chusthe chuddam "
    "chuddaam chusukovali chupinchu chupistundi choopinchu kanipistundi kanipinchatledu kanipinchadu "
    "kanipistundo maaratledu maaradu vaadu vaadaku vaadudam vaadatam velldam vellali vellochu ivvu ivvaku "
    "istundi vadileyi vadileyandi aapesthe aapesthanu aapu telusu teliyadu telisindi ardham kavatledu "
    "cheppanu cheppa cheppu anukunna dorakadu kashtam alavatu chadavadam laaga ayipoindi adugutunna "
    "daachakandi daachi dachi nachadu nachaledu kanukkondi kavali kaavali avvali vellandi taggadaniki "
    "venakki avutha nadustunte nadustunda nadustundi ishtam istam gurthu nerchukunna "
    "ikkada ippatiki chesukunna pettinattu"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before i to a i'd i'm let's "
    "please"
)
_TE = frozenset(_TE_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "te" when a text has at least two pieces of Telugu evidence (a word in Telugu script, or a romanised Telugu
    word from the list) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    te = sum(1 for w in words if TE_SCRIPT.match(w) or w in _TE)
    en = sum(1 for w in words if w in _EN)
    return "te" if te >= 2 and te >= en else "en"


heldout_transcript_kit.read_before_edit(first=11, spread=29, after=13)
