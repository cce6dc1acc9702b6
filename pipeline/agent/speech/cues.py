"""How people mark a standing rule, a lesson, a decision or a complaint in the languages memoryd meets beyond
English (`english.py`, with its finer grammar): the leads ("from now on", "remember"), retractions, requests to keep
a rule in CLAUDE.md, lessons and decisions of each language, and the checks that keep a request for now out
(`rule_markers.py` holds the always/never markers, `japanese.py` and `vietnamese.py` their languages' own
grammar; verdicts on a session are in `session_outcome.py`; what no marker reads is left to meaning,
`pipeline/learning/rules/rule_meaning.py` and `verdict_meaning.py`).

These are the languages' own markers ("以后…", "ab jetzt …", "a partir de ahora …", "下次记得…", "passt",
"还是不行"), never a project's words, so they carry over between projects and people. Each function returns
the item a sentence states, or None, and keeps precision first: a sentence that points at one thing in front
of the person ("别改这个文件": don't change *this* file) is an instruction for now, not a rule; a question or a
sentence about the speaker's own habits ("我总是忘记…", "ich vergesse immer …", "nunca mexi …" with the "I"
dropped) is not one either. Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.english_forms import OLD_ONE_NAMED
from pipeline.agent.speech.languages import DECISION_READERS, LESSON_READERS, RULE_READERS
from pipeline.agent.speech.languages.polish import is_polish
from pipeline.agent.speech.languages.thai import TAKEN_BACK
from pipeline.agent.speech.marks import KANA, QUESTION, tidy
from pipeline.agent.speech.rule_markers import RULE_MARKERS

# What opens a sentence before what it says: "así que a partir de ahora …", "also ab jetzt …", "donc désormais …"
_OPENING = re.compile(
    r"^(?:(?:así que|entonces|vale|bueno|pues|y|pero|oye|mira|venga|also|und|aber|okay|ok|donc|alors|et|mais|"
    r"bon|non|ah|au passage|pour info|d'ailleurs|du coup|mas|então|好|那|嗯|所以)[,，.!:\s]+|"
    # Portuguese interjections, only with their comma ("não, os testes usam …"; "não usa X" keeps its "não")
    r"(?:não|nao|opa|blz|beleza|show|aí|hmm+)(?:\s+(?:não|nao))*[,.!]+\s*|"
    # Russian: "и ещё: …", "кстати, …", "ок, норм. …", "нет, …"
    r"(?:и ещё|и да|ещё|и|а|ну|ок|окей|ладно|кстати|слушай|короче|в общем|нет|норм|збс|да|"
    # "сказал же, …" (I told you): a remark before the rule
    r"(?:я же )?сказал(?:а)? же)[,.!:\s]+|"
    # Ukrainian: "і ще: …", "до речі, …", "ні, …"
    r"(?:і ще|і|й|ще|до речі|слухай|коротше|загалом|ні|ок|окей|ну|норм)[,.!:\s]+|"
    # Korean: "아니 …" (no), "그리고 …", "근데 …", "참, …"
    r"(?:아니|아니야|그리고|근데|참|아|음|ㅇㅋ|오케이)[,.!\s]+|"
    # Indonesian: "eh, …", "nah …", "btw …", "oh iya …", "bang, …" (a form of address)
    r"(?:eh|nah|btw|oh iya|oh ya|oiya|wah|bang|bro|mas|terus|trus|jadi)[,.!:\s]+|"
    # Malay: "satu lagi, …" (one more thing), "lagi satu, …", "ok boleh, …"
    r"(?:satu lagi|lagi satu|ok boleh|okay boleh)[,.!:]+\s*|"
    # "kan I dah cakap, …" (didn't I say): a remark before the rule
    r"(?:kan )?(?:i |saya |aku )?(?:dah|sudah) (?:cakap|kata|bagitau|bilang)(?: kan)?[,.!:]+\s*)+",
    re.IGNORECASE,
)
_NOT_NOW = re.compile(r"^(?:算了|egal|nevermind|olvídalo|laisse tomber)\b")
_ABOUT_ME = re.compile(
    r"^(?:我(?:总是|老是|经常|每次都|从来)?(?:忘|记不住)|ich (?:vergesse|habe|hatte|war)|yo (?:siempre )?olvido|"
    r"j'oublie|je (?:n'ai|suis)|"
    # Portuguese and Spanish drop the "I": "nunca mexi no remote cache" (I never touched), "nunca usé" are reports
    r"(?:nunca|sempre|siempre|jamás|jamais) \w+(?:ei|i|é|í)\b|eu \w+|"
    # Russian: what I do or did ("я всегда забываю …", "мы вчера …", "я никогда не трогал …")
    r"я\b|мы\s+(?:\w+\s+){0,2}\w+(?:л|ла|ли)\b)",
    re.IGNORECASE,
)
# "this file", "that test", "hier oben": the instruction is about something in front of the person.
# ("in this repo" is the rule's scope, not a thing in front of the person)
_SCOPE = r"(?!\s+(?:repo|repositorio|proyecto|equipo|código|projekt|team|code|projet|équipe)\b)"
# "esta" typed for "está" (is), as chat Spanish drops accents: "ya esta en 3.24.3", "esta roto" point at nothing
_ESTA_IS = (
    r"(?!\s+(?:en|bien|mal|roto|rota|rotos|listo|lista|ahi|ahí|aqui|aquí|usando|corriendo|fallando|a|al|con|hecho|"
    r"hecha)\b)"
)
_DEICTIC = re.compile(
    # Chinese: this, that, here, this time, just now; now, today, tonight, tomorrow, for the moment
    r"这个|那个|这里|这段|这次|上面|刚才|(?<!从)现在(?!起|开始)|今天|今晚|明天|暂时|"
    rf"diese[rsnm]?\b{_SCOPE}|das da\b|este\b{_SCOPE}|esta\b{_SCOPE}{_ESTA_IS}|ce fichier\b|"
    # Korean: this/that one, here, this time, for now, yet
    r"(?:^|\s)(?:이|그|저)\s|이거|그거|저거|여기|거기|이번(?:에|엔)?\s|아직|일단|당분간|지금은|오늘"
)

# A lead that says the rule changes how things were done ("以后", "ab jetzt") stays in the rule: rule_lifecycle
# reads it as a replacement.
_RULE_LEADS = (
    # Chinese: from now on / in future / remember / the rule is
    re.compile(r"^(?P<r>(?:以后|今后|往后|从现在(?:开始|起)|从今天起)[，,:：\s]*.{3,})"),
    re.compile(
        r"^(?:记住|记得|注意)[：:，,\s]*(?P<r>.*(?:不要|别(?![的人处称名号样])|必须|一定|一律|统一|都要|都用|永远|总是|只用|只能用).{2,})"
    ),
    re.compile(r"^(?:规则|约定|规范)[：:]\s*(?P<r>.{3,})"),
    # German
    re.compile(
        r"(?:^|[,:;]\s+)(?P<r>(?:ab jetzt|ab sofort|künftig|in zukunft|von nun an|ab heute)[,:]?\s+.{6,})", re.I
    ),
    re.compile(r"^(?:regel|konvention)\s*:\s*(?P<r>.{6,})", re.I),
    # Spanish, French
    re.compile(r"(?:^|[,:;]\s+)(?P<r>(?:a partir de ahora|de ahora en adelante|en adelante)[,:]?\s+.{6,})", re.I),
    re.compile(r"(?:^|[,:;]\s+)(?P<r>(?:désormais|à partir de maintenant|dorénavant)[,:]?\s+.{6,})", re.I),
    # Portuguese: from now on ("então de agora em diante pode disparar build de preview sem me perguntar")
    re.compile(
        r"(?:^|[,:;]\s+|\bent[ãa]o\s+)(?P<r>(?:a partir de agora|de agora em diante|daqui (?:pra|para) frente|"
        r"daqui (?:em|pra) diante)[,:]?\s+.{6,})",
        re.I,
    ),
    # Russian: from now on / henceforth; "правило: …"
    re.compile(
        r"(?:^|[,:;]\s+)(?P<r>(?:с этого момента|с сегодняшнего дня|впредь|отныне|дальше всегда)[,:]?\s+.{6,})", re.I
    ),
    re.compile(r"^(?:правило|договорились|конвенция)\s*:\s*(?P<r>.{6,})", re.I),
    # Italian: from now on; "regola: …"
    re.compile(
        r"(?:^|[,:;]\s+)(?P<r>(?:d'ora in (?:poi|avanti)|da ora in poi|da adesso in poi|da oggi in poi)[,:]?\s+.{6,})",
        re.I,
    ),
    re.compile(r"^(?:regola|convenzione)\s*:\s*(?P<r>.{6,})", re.I),
    # Turkish: from now on; "kural: …"
    re.compile(r"(?:^|[,:;]\s+)(?P<r>(?:bundan sonra|bundan b[öo]yle|art[ıi]k)[,:]?\s+.{6,})", re.I),
    re.compile(r"^(?:kural|kurallar[ıi]m[ıi]z)\s*:\s*(?P<r>.{6,})", re.I),
)
# Taking a rule back ("forget chromium-only, …", "oublie ce que j'ai dit sur X : …", "mudei de ideia: …"): what
# follows replaces it; the rule lifecycle reads it as a replacement (`rule_changes.RETRACTS`)
RETRACTION = re.compile(
    r"\b(?:forget (?:about |what I said about )?[\w-]+|(?:scrap|ditch) (?:the )?[\w.-]+|(?:I )?changed my mind|"
    # "ignore the old deploy-from-main thing, …": what was said before, named by what it is about
    rf"{OLD_ONE_NAMED}|"
    r"mudei de ideia|cambié de opinión|(?:oublie|oubliez) ce que|olvida lo que|vergiss|esquece o que|"
    r"lascia(?:mo)? perdere|dimentica|ho cambiato idea|[\w.-]+'[a-zıiuü]+ b[ıi]rak|vazge[çc]tim|"
    r"забудь(?:те)?,? (?:про|о|об|что)|я передумал|передумал|"
    # what is dropped: "pytest-xdist fliegt raus, ab jetzt …", "we're dropping Moq, …"
    r"[\w.-]+ (?:fliegt|kommt|ist) raus|(?:we'?re |we are )?(?:dropping|removing) [\w.-]+|"
    # told to drop it, the sentence's first word ("drop the feat:/fix: prefixes from commit messages")
    r"(?:^|(?<=[,;:.!] )|(?<=please )|(?<=pls )|(?<=just ))drop "
    r"(?!(?:the |a |all |our |those |these |any )?(?:table|database|schema|index|column|view|db)s?\b)"
    r"(?:the |all |our |those |these |any )?[\w.:/-]+|"
    # Vietnamese: "bỏ XCTest đi" (drop it), "quên cái X đi" (forget it), with or without diacritics
    r"(?:bo|bỏ|qu[eê]n) (?:c[aá]i )?[\w.-]+ (?:di|đi)|"
    # Polish: "zapomnij o X" (forget X), "rezygnujemy z X", "koniec z X", "wywalamy X"
    r"zapomnij o [\w.-]+|rezygnujemy z [\w.-]+|koniec z [\w.-]+|wywalamy [\w.-]+|"
    # Indonesian: "Config autoload kita buang aja" (we drop it), "lupain X", "X gak jadi" (X is off), "gak usah
    # date-fns lagi" (no more date-fns)
    r"[\w.-]+(?: [\w.-]+)? (?:kita |di)?buang(?: aja)?|lupain [\w.-]+|lupakan [\w.-]+|[\w.-]+ (?:gak|nggak|ga) jadi|"
    r"(?:gak|ga|nggak|tidak) (?:usah|pake|pakai) (?:pake |pakai )?[\w.-]+ lagi|"
    # Hinglish: "ExMachina chhodo" (drop it), "X hatao" (remove X), "X band karo" (stop X)
    r"[\w.-]+ (?:chhodo|chodo|hatao|hata do|band karo)|"
    # Dutch: "vergeet die --exclude slow" (forget it; not "vergeet niet": don't forget)
    r"vergeet (?!niet\b)(?:die |dat |het |de )?[\w.-]+)\b|" + TAKEN_BACK.pattern,
    # Thai: "เลิกใช้ X" (stop using X), "ไม่เอา X แล้ว" (no more X)
    re.IGNORECASE,
)
# Asked to be kept where agents read their instructions ("add to CLAUDE.md: …", "добавь в AGENTS.md: …"), or
# after a correction that says how it is done here ("no, we don't do it that way here: …", "нет, у нас так не
# делают: …", "non, chez nous on ne fait pas comme ça : …"): what follows the colon is a standing rule, said so by
# the person, in any language.
_MEMORY_FILE = re.compile(
    r"^(?P<lead>.{0,40}?)\b(?:CLAUDE|AGENTS|GEMINI|CONVENTIONS)(?:\.local)?\.md\b[^:：\n]{0,20}[:：]\s*(?P<r>\S.{5,})",
    re.I,
)
_WRITE_VERB = re.compile(
    r"\b(?:add|put|write|note|append|record|save|update|добав\w*|запиш\w*|впиш\w*|ajout\w*|écri\w*|mets|añad\w*|"
    r"agreg\w*|escrib\w*|pon|adicion\w*|coloc\w*|escrev\w*|anot\w*|füg\w*|schreib\w*|trag\w*|aggiung\w*|scriv\w*|"
    r"metti|voeg\w*|dodaj|zapisz|dopisz|wpisz|ekle|tambah\w*|tulis\w*|catat\w*|masuk\w*|simpan\w*)\b|"
    r"加|写|记|追加|書",
    re.I,
)
_CORRECTION = re.compile(
    r"^(?:no|nope|nah|нет|ні|non|nein|não|nao|不是?|いや|ちがう|違う)(?:\b|(?<=[^\w]))[\s,.!—–-]*(?P<lead>[^:：]{3,50}?)"
    r"\s*[:：]\s*(?P<r>\S.{5,})",
    re.I,
)
# Quoted from the team's written rules ('from our release checklist: "release builds are made only by CI"')
_QUOTED_DOC = re.compile(
    r"\b(?:from|per|in|according to)\s+(?:our|the team's|the|my)\s+(?:[\w-]+\s+){0,3}(?:checklist|guidelines?|docs?|"
    r"documentation|wiki|handbook|style ?guide|conventions?|rules|policy|playbook|runbook|CONTRIBUTING(?:\.md)?|"
    r"README(?:\.md)?|onboarding)\b[^\"“”]{0,40}?[\"“](?P<r>[^\"”]{8,})[\"”]",
    re.I,
)
# Said as the team's written rules say it ("like the Notion page says, sqlfluff fix before commit")
_AS_THE_DOC_SAYS = re.compile(
    r"^(?:just )?(?:like|as) (?:the|our|the team's) (?:[\w-]+ ){0,2}(?:page|wiki|docs?|checklist|guide|guidelines|"
    r"handbook|style ?guide|conventions|README(?:\.md)?|CONTRIBUTING(?:\.md)?|rules) says,\s*\S.{6,}",
    re.IGNORECASE,
)
_WE_HERE = re.compile(
    r"\b(?:we|us|here|у нас|мы|chez nous|on ne|nous|aquí|acá|nosotros|bei uns|wir|a gente|aqui|da noi|noi)\b|"
    r"我们|うちでは|うちは",
    re.I,
)
_THAT_WAY = re.compile(
    r"\b(?:like that|that way|this way|так|comme ça|ainsi|así|asi|so|assim|desse jeito|così)\b|这样|这么|そう",
    re.I,
)


def told_to_keep(sentence: str) -> str | None:
    """The rule in a sentence that asks for it to be kept in the agent's instructions file, quotes the team's
    written rules, or follows a correction saying how it is done here (`_MEMORY_FILE`, `_QUOTED_DOC`,
    `_CORRECTION`); else None."""
    text = _OPENING.sub("", sentence.strip())
    if (kept := _MEMORY_FILE.match(text)) and (not kept["lead"].strip() or _WRITE_VERB.search(kept["lead"])):
        return tidy(kept["r"])
    if quoted := _QUOTED_DOC.search(sentence):
        return tidy(quoted["r"])
    if _AS_THE_DOC_SAYS.match(text):
        return tidy(text)  # "like the Notion page says, …": where the rule is written is worth keeping with it
    fixed = _CORRECTION.match(sentence.strip())
    if fixed and _WE_HERE.search(fixed["lead"]) and _THAT_WAY.search(fixed["lead"]):
        return tidy(fixed["r"])
    return None


_REMEMBERED_RULE = re.compile(
    r"^(?:recuerda|recordad|merk dir|denk dran|rappelle-toi|souviens-toi|yadda saxla|yadda saxlayın|recorda|"
    r"recorda-ho|recordeu)\s*[:,]\s*"
    # "merk dir: bevor du sagst, dass ein Chart fertig ist, helm lint laufen lassen": what to do before something
    r"(?:(?:bevor|vor jede[mr]|before (?:you|every|each|any)|antes de|avant de|avant chaque)\b|"
    r".*\b(?:nunca|siempre|no \w+[ae]s|"
    r"nie|immer|kein\w*|jamais|toujours|ne \w+ pas|"
    # Azerbaijani: never, always, only, no, the prohibitive of do, write, put
    r"heç vaxt|hec vaxt|həmişə|ancaq|yalnız|yox|etmə|yazma|qoyma|"
    # Catalan: always, never, only, none of, nothing of
    r"sempre|mai|només|nomes|cap|res de)(?!\w))",
    re.I,
)
# Why the remembered rule holds, said after it ("recorda: res de npm, tot amb pnpm, que si no el lockfile es trenca")
_REMEMBERED_REASON = re.compile(r",\s*(?:que si no|perquè|perque|porque|ya que|ja que|si no|sinó|sino)\s", re.I)
# The Chinese markers that read the same in Japanese (禁止, 必须): the others ("都", "只", "要") do not
_CJK_ONLY_MARKER = re.compile(r"禁止|必须|不要|不准|不许|一律")

_LESSON = (
    re.compile(r"^(?:下次|以后)(?:记得|注意|要记得)[：:，,\s]*(?P<l>.{3,})"),
    # "记住：duckdb 一个文件只能有一个进程写", "Recuerda: los Jobs no se pueden actualizar": remember + a fact (with
    # a directive it is a rule: _REMEMBERED_RULE)
    re.compile(r"^(?:记住|记着|要记住)[：:]\s*(?P<l>.{6,})"),
    re.compile(
        r"^(?:recuerda|recordad|merk dir|denk dran|rappelle-toi|souviens-toi|yadda saxla|yadda saxlayın|recorda|"
        r"recorda-ho|recordeu)\s*[:,]\s*"
        r"(?P<l>.{6,})",
        re.I,
    ),
    re.compile(r"^(?:教训|经验|踩坑|记一下|备忘|小结)[：:]\s*(?P<l>.{3,})"),
    re.compile(r"^原来(?P<l>.{4,})"),
    # Japanese: learned / note to self / to remember / pitfall
    re.compile(
        r"^(?:学び|学んだこと|今日の学び|教訓|覚えとく|覚えておく|覚え書き|メモ|備忘録?|知見|わかったこと|分かったこと|"
        r"ハマりどころ|ハマりポイント|注意点|次回への教訓)[：:]\s*(?P<l>.{6,})"
    ),
    re.compile(
        r"^(?:wieder was gelernt|gelernt|merke|lektion|notiz an mich|gut zu wissen|wichtig zu wissen|"
        r"für später|zur info)\s*[:,]\s*(?P<l>.{6,})",
        re.I,
    ),
    re.compile(
        r"^(?:lección aprendida|lo que aprendí|aprendí que|ojo|nota para mí|nota para la próxima|para la próxima)"
        r"\s*[:,]?\s*(?P<l>.{6,})",
        re.I,
    ),
    re.compile(
        r"^(?:leçon|à retenir|à noter|bon à savoir|note pour plus tard|pour la prochaine fois)\s*[:,]\s*(?P<l>.{6,})",
        re.I,
    ),
    # Korean: "교훈: …", "배운 점: …", "메모: …"
    re.compile(r"^(?:교훈|배운 점|오늘의 교훈|메모|참고)\s*[:：]\s*(?P<l>.{6,})"),
    # "알고 보니 …" (it turned out), "… 있었던 거네", "… 건너뛴 거였구나": the speaker finding out how it was
    re.compile(r"^알고 보니(?:까)?\s*[:：,]?\s*(?P<l>.{6,})"),
    re.compile(
        r"^(?!(?:이|그|저)\s)(?!.*(?:어제|아까|방금))"
        r"(?P<l>.{8,}?(?:던 거(?:였)?|[가-힣] 거였)(?:네|구나|군)(?:요)?)[.!~]*(?:\s*[ㅋㅎㅠㅜ]+)?$"
    ),
    # Russian: "урок: …", "на заметку: …", "оказалось, что …", "оказывается, …"
    re.compile(
        r"^(?:урок|вывод|на заметку|на будущее|запомни(?:, что| что)?|оказалось(?:, что| что)?|оказывается,?|"
        r"выяснилось(?:, что| что)?)\s*[:,]?\s*(?P<l>.{6,})",
        re.I,
    ),
    re.compile(r"^(?:ders|[öo][gğ]rendi[gğ]im|not(?: olarak)?|bilgin olsun)\s*[:]\s*(?P<l>.{6,})", re.I),
    re.compile(
        r"^(?:lezione(?: imparata)?|ho imparato che|nota per me|da ricordare|buono a sapersi|per la prossima volta)"
        r"\s*[:,]?\s*(?P<l>.{6,})",
        re.I,
    ),
    # Portuguese: "lição pra anotar: …", "anota aí pra gente: …", "fica a dica: …", "aprendi que …"
    re.compile(
        r"^(?:lição|lições|aprendizado|aprendi que|anota aí|anota ai|anota isso|fica a dica|bom saber|nota pra mim|"
        r"pra próxima)(?: (?:pra|para) (?:anotar|gente|a gente|próxima))?\s*[:,]?\s*(?P<l>.{6,})",
        re.I,
    ),
)
# A sentence that opens with "I/we decided" reports a choice made ("decidi que a fila vai ser Oban, nada de
# RabbitMQ"): a decision, whatever rule-like words follow it (English reads "we decided …" the same way)
DECIDED_OPENING = re.compile(
    # (Spanish "por cierto nos quedamos con Firestore, nada de Realtime Database": we stay with one, a choice)
    r"^(?:(?:por cierto|bueno|ok|oye),?\s+)?(?:nos quedamos con|nos vamos con|vamos a ir con)\b|"
    r"^(?:eu |yo |nós |nos |nosotros )?(?:decidi|decidimos|decidí|hemos decidido|he decidido|resolvi|resolvemos|"
    r"optei|optamos|on a décidé|j'ai décidé|nous avons décidé|abbiamo deciso|ho deciso|"
    r"wir haben (?:uns )?entschieden|ich habe (?:mich )?entschieden)\b",
    re.IGNORECASE,
)
_DECISION = (
    re.compile(r"^(?:决定|定了)[：:]\s*(?P<d>.{3,})"),
    re.compile(r"(?P<d>(?:就用|就这么|先用|改用|那就用|我们用|我们先).{2,})"),
    re.compile(r"(?P<d>这次先不.{2,})"),
    # Japanese: "…ことに決めた", "決めた、…でいく", "決定: …"
    re.compile(r"(?P<d>.{3,}(?:ことに(?:決めた|した|決定)|に決めた|と決めた))"),
    re.compile(r"^(?P<d>決めた[、，,]\s*.{3,})"),
    re.compile(r"^(?:決定|決めたこと)[：:]\s*(?P<d>.{3,})"),
    re.compile(r"^(?:entscheidung|entschieden)\s*:\s*(?P<d>.{6,})", re.I),
    re.compile(r"\b(?P<d>(?:wir nehmen|dann machen wir|wir bleiben (?:bei|auf)|lass uns)\b.{4,})", re.I),
    re.compile(r"\b(?P<d>(?:vamos con|nos quedamos con|decidido:|decidimos|hemos decidido)\s.{4,})", re.I),
    re.compile(r"\b(?P<d>(?:on part sur|on garde|décision\s*:)\s.{4,})", re.I),
    # Portuguese: "decidi que a fila vai ser Oban, …", "vamos de Expo Router", "ficamos com o managed workflow"
    re.compile(
        r"(?:^|[,:]\s*)(?P<d>(?:eu )?(?:decidi|decidimos|resolvi|resolvemos|optei|optamos|vamos de|vamos ficar com|"
        r"ficamos com|fica(?:mos)? no)\b.{4,})",
        re.I,
    ),
    re.compile(r"\b(?P<d>(?:on a décidé|nous avons décidé|on a choisi|on reste (?:sur|en|avec|à))\b.{4,})", re.I),
    re.compile(r"(?:^|[,:]\s*)(?:решили|решено|решение)\s*[:,]?\s*(?P<d>.{6,})", re.I),
    re.compile(r"\b(?P<d>(?:остаёмся|остаемся|оставляем|берём|берем) (?:на|в|с)?\s*\S.{3,})", re.I),
    re.compile(r"(?:^|[,:]\s*)(?:decisione|deciso|abbiamo deciso(?: che| di)?)\s*[:,]?\s*(?P<d>.{6,})", re.I),
    re.compile(r"(?:^|[,:]\s*)(?:karar|karar verdik|karar(?:ımız|imiz))\s*[:,]\s*(?P<d>.{6,})", re.I),
)

# The person talking about a problem ("又挂了", "schon wieder rot"): worth comparing with the known problems.
PROBLEM_TALK = re.compile(
    r"(?:又|还是|老是|总是|一直|再次)(?:挂|失败|报错|超时|卡住|不稳定|红|崩)|不稳定|挂了|超时|报错|失败|"
    r"\b(?:schon wieder|wieder|immer noch)\b.*\b(?:rot|kaputt|fehl\w*|hängt|timeout)\b|\bflaky\b|"
    r"\b(?:otra vez|de nuevo)\b.*\b(?:falla|roto)\b|\b(?:encore)\b.*\b(?:cassé|échoue|plante)\b|"
    # French, Spanish, Portuguese, Italian, German failure words on their own
    r"\b(?:échoue\w*|plant(?:e|ent|é|ait)|cass(?:e|é|ée|ent)|crashe\w*|segfault\w*|erreur de (?:link|compilation)|"
    r"ne (?:passe|compile|linke|marche|démarre|tourne) (?:toujours |plus |jamais )?pas|est rouge|rouge une fois|"
    r"fall(?:a|an|ó)|se cuelga|no (?:compila|arranca|pasa)|falh(?:a|ou|am)|quebr(?:ou|ado)|trava|"
    r"fallisce|si blocca|non (?:compila|parte|passa)|schlägt fehl|fehlgeschlagen|stürzt ab)\b",
    re.IGNORECASE,
)


def rule_in(sentence: str) -> str | None:
    """The rule a sentence states in one of these languages, or None."""
    text = _OPENING.sub("", sentence.strip())
    if QUESTION.search(text) or _NOT_NOW.search(text) or _ABOUT_ME.search(text):
        return None
    for lead in _RULE_LEADS:
        if match := lead.search(text):
            # "Oublie ce que j'ai dit sur la version : dorénavant …": the retraction names what is replaced
            taken_back = RETRACTION.search(text, 0, match.start("r"))
            return tidy(text[taken_back.start() :] if taken_back else match.group("r"))
    if _REMEMBERED_RULE.search(text):
        said = re.split(r"[:,]", text, maxsplit=1)[1]
        return tidy(_REMEMBERED_REASON.split(said, maxsplit=1)[0])
    for language_rule in RULE_READERS:
        if found := language_rule(text):
            return found
    if is_polish(text):
        return None  # Polish "nie" is no German "never": its own markers only
    if _DEICTIC.search(text):
        return None
    if KANA.search(text) and not _CJK_ONLY_MARKER.search(text):
        return None  # Japanese: the Chinese markers below ("都", "只", "要") mean other things there
    text = _SAID_BEFORE_ZH.sub("", text)  # "提交前先跑 lint，说过了": said before, not a report
    if any(marker.search(text) for marker in RULE_MARKERS) and _is_instruction(text):
        return tidy(text)
    return None


_SAID_BEFORE_ZH = re.compile(r"[，,]\s*(?:我)?(?:早就|已经|之前|上次)?(?:说过|讲过|提过)(?:了|的)?(?:吧|啊)?[。！!]?$")


def lesson_in(sentence: str) -> str | None:
    text = _OPENING.sub("", sentence.strip())
    if QUESTION.search(text):
        return None
    if _RULE_LEADS[1].search(text) or _REMEMBERED_RULE.search(text):
        return None  # "记住：不要…", "Recuerda: nunca …" tell what to do: a rule
    for pattern in _LESSON:
        if match := pattern.search(text):
            return tidy(match.group("l"))
    return next((found for language_lesson in LESSON_READERS if (found := language_lesson(text))), None)


def decision_in(sentence: str) -> str | None:
    text = _OPENING.sub("", sentence.strip())
    if QUESTION.search(text) or _NOT_NOW.search(text):
        return None
    for pattern in _DECISION:
        if match := pattern.search(text):
            return tidy(match.group("d"))
    return next((found for language_decision in DECISION_READERS if (found := language_decision(text))), None)


def _is_instruction(text: str) -> bool:
    """A sentence that tells rather than reports: no past tense report markers, not about what happened."""
    if re.search(r"(?:别再|不要再).+了$", text):
        text = text[:-1]  # "别再加 pandas 了": this 了 asks to stop, it reports nothing
    reported = re.search(
        r"(?:了$|过了|刚刚|昨天|上次)|\b(?:war|hatte|wurde|fue|était|был|была|было|были|вчера|пока|сейчас|сегодня)\b|"
        r"\b(?:падает|падают|упал\w*|ломается|сломал\w*|висит|зависает|крашится|вылетает)\b|"
        # what they do or what we did: "с первого раза они никогда не проходят", "в прошлом проекте мы всегда клали …"
        r"\b(?:они|он|она|оно)\s+(?:\S+\s+)?(?:никогда|всегда)\b|\bмы\s+(?:\w+\s+){0,2}\w+ли\b|\bв прошлом\b|"
        # for now: "no cambies nada todavía, solo quiero hacerme una idea"
        r"\b(?:todav[ií]a|por ahora|de momento|por el momento|por enquanto|por agora)\b",
        text,
        re.IGNORECASE,
    )
    return reported is None
