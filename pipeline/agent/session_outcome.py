"""A session's outcome from the evidence at its end, with a confidence and the reasons.

The last tool result alone never decides: a session that ends "yes, everything is pushed and clean, thanks"
after a `grep` that found nothing succeeded; one whose tests passed but whose user says "still broken on
staging, I'll look tomorrow" failed. The evidence, strongest first:
1. the person's last words, when they come after some work (not the opening request): "thanks", "perfect",
   "went green", "merging 🎉" vs "still broken", "I'll pick it up another day", "don't commit" (and in other
   languages: "好了，谢谢", "passt", "还是不行", "morgen weiter", "норм", below); being called away ("gotta run",
   "muss los, Termin") says nothing of the work, leaving it for later ("meeting now, stopping here") does;
   when more work follows them, they judge the work before and weigh half;
2. the final state of the work: the last check (tests, type check, lint, CI) passing or failing, unless the
   person spoke after it without complaint (an acknowledged failure: "that one's known, ignore it");
   a commit, push or PR after the last failure; a session that stops on a failure, or on a change the person
   declined (the fix proposed was not wanted), or is interrupted and left.
A subagent's run (no person in it) succeeded when it came back with an answer, weighed against its checks.
Each piece adds to a score; the sign gives the outcome, its size the confidence (0.5 = a coin toss); a session
with no evidence either way (a question answered, code read, nothing checked) is `unknown`.
Pure.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from pipeline.agent.speech import polish, vietnamese
from pipeline.agent.speech.knowledge import extract_knowledge
from pipeline.agent.speech.marks import fold
from pipeline.agent.speech.sentence_parts import sentences
from pipeline.agent.transcript import Step, Transcript, error_line

_NEGATIVE = re.compile(
    r"\bstill (?:broken|failing|fails|failed|hanging|hangs|wrong|not working|red|crashing|the same|times? out|"
    r"timing out|there|happening)\b|\b(?:doesn't|does not|didn't|did not|won't|isn't|is not) (?:work|help|fix|fixed)\b|"
    r"\bnot (?:working|fixed)\b|\b(?:give up|giving up|out of time)\b|"
    r"\b(?:I'll|I will|we'll|we will|let's) (?:just )?(?:look|pick (?:it|this|that) up|"
    r"get back|come back|continue|deal with (?:it|this)|revisit|try again)\b|"
    r"\bleave (?:it|this|that|the [\w ]{1,30}?) (?:as is|for now|alone|there)\b|"
    r"\bdon'?t (?:commit|push|merge)(?: (?:anything|it|this|that))?\b|\b(?:have|has|must|need) to wait\b|"
    r"\bhope (?:it|this|that) (?:goes|works|passes)\b|"
    r"\bno luck\b|\b(?:that|this|it) (?:just )?hides (?:it|the)\b|\bmade it worse\b|^\s*nope\b|"
    r"\bstill (?:a |an |getting |gives |returns )?(?:\d{3}|errors?|panics?|crash(?:es)?|flaky)\b|"
    r"\b(?:broken|failing|red|down) again\b|\bcall(?:ing)? it a (?:day|night)\b|\b(?:for|until) tomorrow\b|"
    r"\bpark(?:ing)? (?:it|this|that)\b|"
    # "still blows up for me", "still the same panic": a failure word a few words after "still"
    r"\bstill\b(?:\s+[\w`'-]+){0,2}?\s+(?:blows? up|blowing up|breaks|crash\w*|panic\w*|explodes?|dies|fails?|"
    r"errors? out|hangs?)\b|"
    r"\b(?:forget it|not (?:merging|shipping|releasing|deploying)(?: (?:it|this|that))? (?:today|yet|now))\b|"
    r"\bleav(?:e|ing) (?:it|this|that) (?:for today|for now|for later|for tomorrow)\b|\b(?:done|enough) for today\b|"
    r"\bstop(?:ping)? (?:here|there)(?: for)? today\b|"
    r"\b(?:I'm|I am|we're|we are) (?:just )?leaving (?:it|this|that)\b(?! (?:running|on|open|to|with|as is))",
    re.IGNORECASE,
)
# Leaving with the work unfinished: "ok. later", "egal, morgen", "stop, meeting" (a deferral, unless the same
# words also say it went well: "great. invoices tomorrow").
_DEFERRED = re.compile(
    r"\b(?:tomorrow|later|next week|after the (?:meeting|call|demo))\s*[.!]*\s*$|"
    r"\bwhen I (?:have|get|find) (?:a (?:moment|minute|sec)|(?:the |some )?time)\b|"
    r"\b(?:demo|lunch) (?:now|at \d)|^\s*stop,? lunch\b|\bstop(?:ping)? (?:here|there)\b",
    re.IGNORECASE,
)
# Called away: "gotta run", "meeting now", "muss los, Termin", "devo scappare", "мне бежать", "회의 들어가야 돼".
# Life interrupting says nothing of the work: what else the session shows decides (a failing check, a push).
_LEAVING = re.compile(
    r"\b(?:gotta (?:run|go)|got to (?:run|go)|(?:have|need) to (?:run|go|leave)|off to (?:a |the |my )?"
    r"(?:meeting|call)|(?:meeting|call|standup) (?:now|in \d+)|stop,? (?:meeting|call)|muss (?:los|weg)|"
    r"jetzt (?:meeting|termin|elternabend)|devo (?:scappare|andare|staccare)|(?:me )?tengo que ir(?:me)?|"
    r"je dois (?:y aller|filer|partir)|(?:tenho|preciso) (?:que |de )?(?:ir|sair|correr)|мне (?:бежать|пора)|"
    r"убегаю)\b|회의 들어가|가야 (?:돼|해)|가봐야|我(?:得|要)走了|要开会了|行かなきゃ|会議(?:行|に行)",
    re.IGNORECASE,
)
_REFUSAL = re.compile(
    r"\b(?:no|nope|non|nein|não|nee)[,.!]?\s+(?:thanks|thank you|thx|merci|danke|gracias|obrigad[oa]|grazie|dank je)\b",
    re.IGNORECASE,
)
_CLAIMS_PASS = re.compile(
    r"\b(?:tests?|specs?|suite|lint(?:er)?|rubocop|eslint|vitest|jest|pytest|rspec|build|type ?check|tsc|clippy|"
    r"mypy|ci|checks?)\b[^.\n]{0,40}?\b(?:pass(?:es|ed)?|(?:is |are )?green|(?:is |are )?clean|succeed(?:s|ed)?)\b",
    re.IGNORECASE,
)
_MILD_NEGATIVE = re.compile(r"\b(?:revert|undo|roll ?back|wtf|ugh|damn|mist|shit|argh)\b", re.IGNORECASE)
_POSITIVE = re.compile(
    r"\b(?:thanks|thank you|thx|ty|cheers|great|perfect|nice|awesome|excellent|brilliant|lovely|sweet|lgtm|"
    r"all good|ship it|well done|good job|works now|that works|that did it|that's it|went green|is green|"
    r"merged|merging|deployed|works(?: now| again| fine)?|fixed(?: it| now)?|all green|passes now|looks good|"
    r"good now|ok now)\b|^\s*(?:good|green|done|yes|yep|cool|ok|okay|k|kk)\s*[.!]*\s*$|"
    r"^\s*(?:good|green|done|yes|yep|cool)\b|[🎉👍✅🚀🙏💯]",
    re.IGNORECASE,
)
_ACKNOWLEDGED = re.compile(
    r"\b(?:known|ignore (?:it|that|this)|pre-?existing|not (?:ours|related)|flaky|ignorier (?:das|es)|ist alt|"
    r"ign[oó]ralo|ignora (?:eso|esto)|ignore[rz]? (?:ça|cela))\b",
    re.I,
)
# Asking to undo the session's work: a check after it checks the undoing, not the work
_UNDO = re.compile(
    r"\b(?:revert|undo|roll ?back|discard|throw away|drop) (?:it|this|that|them|the|my|your|all|everything)\b|"
    r"\bgit (?:checkout|restore|reset)\b|\b(?:revertir|deshaz|descarta)\w*\b|\brückgängig\b|\bannule\b|撤销|回滚|还原",
    re.I,
)
# Thanks and nothing else: said for the last answer (an issue written up, an explanation), no verdict on the work
_ONLY_THANKS = re.compile(
    r"^\s*(?:thanks|thank you|thx|ty|cheers|danke|merci|gracias|谢谢|多谢)[\s.!,]*(?:a lot|so much|!)?[\s.!🙏👍]*$",
    re.I,
)
# Throwing the session's changes away ("git checkout -- src", "git restore .", "git reset --hard", "git stash")
_REVERTS = re.compile(
    r"\bgit (?:checkout (?:\S+ )?--(?:\s|$)|restore\b|reset --hard\b|revert\b|stash(?!\s+(?:pop|apply|list|show)))"
)
# The person's verdict in the languages beyond English (_POSITIVE, _NEGATIVE, _DEFERRED above): their own
# words, never a project's ("passt", "谢谢", "норм", "고마워요" / "还是不行", "не работает" / "morgen", "завтра гляну")
_POSITIVE_OTHER = re.compile(
    r"(?:谢谢|多谢|感谢|好了|可以了|行了|搞定|完美|没问题了?|不错|很好|漂亮|合并吧|上线吧|👌|修好了|通过了|"
    r"(?:测试|CI|都|全)(?:过了|绿了|通过)|好使了|能用了|^\s*(?:行|好的?|可以)\s*[。！!]*\s*$)|"
    r"\b(?:danke|passt|läuft|super|perfekt|klappt|top|geht wieder|gracias|perfecto|funciona|genial|merci|parfait|"
    r"ça marche|está arriba|ya está|listo|va bien|ya funciona|ça fonctionne|c'est bon|"
    # Portuguese (Brazil)
    r"valeu|deu bom|deu certo|funcionou|obrigad[oa]|massa|show de bola|perfeito|beleza|tá ótimo|ficou ótimo|"
    # Russian, Ukrainian
    r"спасибо|спс|благодарю|отлично|супер|круто|класс|норм|нормально|збс|огонь|работает|заработало|"
    r"всё зелёное|все зелёные|пойдёт|годится|дякую|чудово|працює|"
    # Italian, Turkish (with and without its letters)
    r"grazie|perfetto|ottimo|funziona|va bene|tutto ok|funziona tutto|finalmente|"
    r"te[sş]ekk[üu]rler|te[sş]ekk[üu]r ederim|sa[gğ]ol|eyvallah|harika|s[üu]per|tamamd[ıi]r|oldu|"
    r"[çc]al[ıi][sş][ıi]yor|g[üu]zel|m[üu]kemmel)\b|"
    # Korean
    r"고마워|고맙|감사합니다|감사해요|좋아요|좋네|완벽|잘 된다|잘 돼|됐다|ㅇㅋ|오케이|굿|머지하자|"
    r"^\s*show\s*[!.👍🙌]*\s*$|^\s*show[,!]+\s",
    re.IGNORECASE,
)
_NEGATIVE_OTHER = re.compile(
    r"(?:还是不行|还是不对|还是报错|还是失败|还是挂|还是红|又红了|又挂了|没修好|没好|不行|没用|不管用|更糟|算了|"
    r"明天再(?:说|看|弄)|回头再(?:说|看|弄)|先不管了?|先这样吧|下次再(?:说|弄)|放弃)|"
    r"\b(?:(?:geht|funktioniert|klappt) (?:immer )?noch nicht|geht nicht|funktioniert nicht|immer noch kaputt|"
    r"morgen weiter|lass das|sigue sin funcionar|no funciona|todavía falla|lo dejo|ça ne marche (?:toujours )?pas|"
    r"toujours cassé|deu ruim|não funcionou|não deu certo|"
    r"ainda (?:tá |está )?(?:quebrando|quebrado|falhando|dando erro)|"
    r"continua (?:quebrando|falhando|dando erro)|desisto|"
    r"не работает|не заработало|не помогло|вс[её] ещё (?:падает|красн\w+|не \w+)|опять (?:падает|упал\w*|красн\w+)|"
    r"сломалось|забей|бросаем|не працює|"
    # Italian: still not working, leave it, oh well (resigned), I give up, I'll look at it tomorrow
    r"non (?:funziona|va|parte)(?: ancora| più)?|non va bene|ancora (?:rotto|niente|non va)|"
    r"lascia(?:mo)? (?:stare|perdere)|"
    r"vabb[eè]|niente da fare|ci rinuncio|(?:ci|lo) guardo (?:domani|con calma)|domani ci guardo|"
    # Turkish: didn't work, still crashing / not working, we'll look tomorrow, leave it
    r"olmad[ıi]|h[âa]l[âa] (?:\w+ )?(?:olmuyor|[çc]al[ıi][sş]m[ıi]yor|resetleniyor|patl[ıi]yor|hata veriyor)|"
    r"[çc]al[ıi][sş]m[ıi]yor|yar[ıi]n bakar[ıi]z|yar[ıi]n bakar[ıi]m|b[ıi]rak gitsin)\b|"
    r"안 돼|안 되네|안 된다|여전히 (?:안|실패|빨간)|아직도 (?:안|실패|빨간|깨)|또 (?:깨졌|실패|빨간)|포기",
    re.IGNORECASE,
)
# Leaving it for later ("egal, morgen", "明天再说" is NEGATIVE already)
_DEFERRED_OTHER = re.compile(
    r"\bmorgen(?: früh)?\s*(?:[.!]*\s*$|,)|\bjetzt feierabend\b|\bfeierabend\b|"
    # Spanish, French: "lo vemos mañana", "lo miro otro día", "lo dejamos así por hoy", "no me da tiempo"
    r"\b(?:lo|la|los|las) (?:vemos|veo|miro|miramos|arreglo|arreglamos|hablo|hablamos|seguimos|retomamos)\b.{0,30}"
    r"\b(?:mañana|otro día|luego|más tarde|la semana que viene|la próxima semana|el lunes|el martes|el miércoles|"
    r"el jueves|el viernes)\b|\b(?:lo|la) dej(?:o|amos)(?: así)? (?:por hoy|para mañana|para otro día)\b|"
    r"\bno me da tiempo\b|\bon (?:verra|regarde|reprend) (?:demain|plus tard|la semaine prochaine)\b|"
    r"\bje (?:regarde|reprends) (?:demain|plus tard)\b|"
    # "je regarderai quand j'aurai un moment", "cuando tenga un rato", "wenn ich Zeit habe": when there is time
    r"\bquand j'aurai (?:un moment|le temps|deux minutes|un peu de temps)\b|\ble temps qu'on trouve\b|"
    r"\b(?:je|on) (?:regarderai|regardera|reprendrai|reprendra|creuserai|creusera|verrai ça|verra ça)\b|"
    r"\bcuando tenga (?:un rato|tiempo|un momento)\b|\bwenn ich (?:mal )?(?:zeit|luft) habe\b|"
    r"\b(?:amanhã|depois|segunda|semana que vem) (?:eu )?(?:vejo|olho|continuo|resolvo|termino)\b|"
    r"\b(?:vejo|olho|continuo) (?:isso )?(?:amanhã|depois|segunda)\b|\bfica pra (?:amanhã|depois|outro dia)\b|"
    r"\b(?:завтра|потом|позже|в понедельник) (?:гляну|посмотрю|продолжим|доделаю|разберусь|вернусь)\b|"
    r"\b(?:пока )?отлож(?:у|им|им пока)\b|\bв другой раз\b|"
    r"(?:내일|나중에|다음에|월요일에)\s?(?:보자|볼게|할게|하자|계속|이어서)|"
    r"\b(?:гляну|посмотрю|доделаю|разберусь) (?:завтра|потом|позже)\b|"
    r"(?:回头|晚点|下午|开会)(?:再)?(?:看|说|弄)?\s*[。！]*\s*$|"
    r"(?:周末|明天|下周|改天|回头)\S{0,8}?(?:再)?(?:看看|看|弄|改|处理|修)",
    re.IGNORECASE,
)
_EDITS = ("Edit", "MultiEdit", "Write", "NotebookEdit")
_NOTES = re.compile(r"\.(?:md|markdown|rst|txt|adoc)$", re.I)
# The person's own look at the result ("works on device too", "работает", "funciona aqui"), not thanks for a
# claim: it stands even when the assistant claimed checks it never ran
_FIRST_HAND = re.compile(
    r"\b(?:works|worked|working|runs|passes|passed|green|confirmed|verified|checked|tested|works on|"
    r"работает|заработало|проверил|funciona|funcionou|marche|fonctionne|läuft|klappt|funziona)\b|好使|能用了|通过了|動いた",
    re.I,
)
HEARD_WEIGHT = 2.5  # below a cue's 3: a meaning read from a few words is less sure than a known phrase
_NO_TIME = re.compile(r"\bno time (?:today|now|for (?:this|that|it))\b|\bkeine zeit\b|\bpas le temps\b|没时间", re.I)
_CHECK = re.compile(
    r"\b(?:pytest|py\.test|tox|nox|(?:npm|yarn|pnpm|bun)(?: (?:--filter|-F) \S+)? (?:run )?(?:test|lint|build|check|"
    r"typecheck|e2e)\S*|turbo run (?:test|lint|build|typecheck)|jest|vitest|mocha|next build|rubocop|rails test|"
    r"cmake --build|clang-tidy|run-clang-tidy|cppcheck|"
    r"go (?:test|vet|build)|cargo (?:test|check|clippy|build)|make (?:test|check|lint|build|ci)|mvn|gradle|"
    r"mypy|pyright|ruff check|flake8|pylint|eslint|tsc|rspec|phpunit|pest|phpstan|psalm|artisan test|pint --test|"
    r"idf\.py build|dotnet test|gh pr checks|gh run (?:view|watch)|"
    r"gradlew|mvnw|terraform (?:validate|plan|apply)|tflint|helm (?:lint|upgrade|install|test)|kubectl rollout status|"
    r"alembic upgrade|cargo nextest|nextest run|dbt (?:run|test|build)|playwright test|golangci-lint|sqlfluff lint|"
    r"pre-commit run|airflow (?:dags|tasks) test|deno test|bazel test|ctest|swift (?:test|build)|dotnet build|"
    r"just test|xcodebuild(?: \S+)* (?:test|build)|fastlane (?:test|scan|tests)|kubectl(?: -{1,2}\S+(?:[= ]\S+)?)* "
    # (not a file named like a tool: "git checkout -- build.gradle.kts", "cat pytest.ini")
    r"rollout status|flutter (?:test|analyze)|dart (?:test|analyze)|buf (?:lint|breaking))\b(?!\.\w)|"
    # Any command line's own test, lint or check subcommand ("<tool> test", "<tool> run lint", "<tool> -v check"):
    # how command-line tools name them, whatever the tool
    r"(?:^|&&\s*|;\s*)[\w.-]+(?: -{1,2}[\w-]+(?:=\S+)?)*(?: run)? (?:test|tests|lint|check|analyze|analyse|vet|"
    r"verify|typecheck)\b|"
    # a project's own script named for its tests or checks ("tools/run-tests.sh EditMode", "./scripts/lint"), and
    # an engine's or runner's flag that runs them ("-runTests")
    r"(?:^|&&\s*|;\s*)(?:\S*/)?[\w-]*(?:test|tests|lint|check)[\w-]*(?:\.sh|\.py|\.ps1|\.bash)?(?=\s|$)|\s-{1,2}run-?tests\b"
)
_SHIPPED = re.compile(r"\bgit (?:commit|push|merge)\b|\bgh pr (?:create|merge)\b")
_READ_ONLY = re.compile(r"^\s*(?:git (?:status|log|diff|show|branch|fetch)|ls|cat|head|tail|grep|rg|find|wc|echo)\b")


@dataclass(frozen=True, slots=True)
class Outcome:
    outcome: str  # success | failed | unknown (no evidence either way)
    confidence: float  # 0.5 (no evidence either way) .. 0.99
    evidence: tuple[str, ...]  # short reasons, strongest first


def closing_words(t: Transcript) -> str | None:
    """The person's last words when they judge the work (they follow some work) and no cue of any language
    this module knows reads them: what the caller may read by meaning and hand back as `heard`."""
    steps = _steps(t)
    users = [i for i, s in enumerate(steps) if s.kind == "user"]
    words = _closing(steps, users)[0]
    return words if words and _cue(words) is None else None


def session_outcome(t: Transcript, heard: str | None = None) -> Outcome:
    """The outcome of a session (or a subagent's run) from its end; see the module docstring. `heard`: what
    the person's closing words mean when no cue reads them (`closing_words`), "success" or "failed", as the
    caller judged by meaning (`pipeline/learning/verdict_meaning.py`)."""
    steps = _steps(t)
    users = [i for i, s in enumerate(steps) if s.kind == "user"]
    evidence: list[tuple[float, str]] = []
    last_user = users[-1] if users else None
    words, weight = _closing(steps, users)
    spoke_against = False  # the person's own words (a cue, not a reading by meaning) say the work is not right
    if words:
        cue = _cue(words)
        spoke_against = cue is not None and cue[0] < 0
        if cue is not None and (cue[0] < 0 or _did_work(steps)):
            # Why only after work: thanks for an answer to a question say nothing of work that went well
            value, reason = cue
            if value > 0 and _claimed_unchecked(steps) and not _FIRST_HAND.search(words):
                value, reason = 0.0, "thanks for checks the assistant said passed but never ran"
            evidence.append((value * weight, f"{reason}: {_quote(words)}"))
        elif (
            heard in ("success", "failed")
            and _did_work(steps)
            and not (heard == "success" and _claimed_unchecked(steps))
        ):
            value = HEARD_WEIGHT if heard == "success" else -HEARD_WEIGHT
            evidence.append((value * weight, f"the user's last words, by their meaning: {_quote(words)}"))
    check = _last(steps, is_check)
    reverted = _last(steps, lambda s: s.kind == "tool" and s.status == "ok" and bool(_REVERTS.search(_command(s))))
    thrown_away = reverted is not None and last_user is not None and reverted > last_user
    undone = last_user is not None and bool(_UNDO.search(steps[last_user].text))
    # Why: a check that passed on work thrown away afterwards, or after an undo, says nothing of the work
    passed_on_nothing = (
        check is not None
        and steps[check].status == "ok"
        and (
            (undone and last_user is not None and check > last_user)
            or (thrown_away and reverted is not None and reverted >= check)
        )
    )
    if check is not None and not passed_on_nothing:
        acknowledged = (last_user is not None and last_user > check and not any(v < 0 for v, _ in evidence)) or (
            _seen_and_accepted(steps, users, check)
        )
        # Why: "tests green but it still crashes on the phone": a pass the person saw and spoke against after it
        overruled = spoke_against and last_user is not None and last_user > check
        if steps[check].status == "ok" and not overruled:
            evidence.append((1.5, f"the last check passed: `{_command(steps[check])}`"))
        elif not acknowledged:
            evidence.append((-1.5, f"the last check failed: `{_command(steps[check])}`"))
    failure = _last(steps, lambda s: s.kind == "tool" and s.status == "failed")
    shipped = _last(
        steps,
        lambda s: (
            s.kind == "tool"
            and s.status == "ok"
            and bool(_SHIPPED.search(_command(s)))
            and not _REVERTS.search(_command(s))
        ),  # a pushed revert ships nothing
    )
    if shipped is not None and (failure is None or shipped > failure):
        evidence.append((1.0, f"the work was committed or pushed: `{_command(steps[shipped])}`"))
    answered = t.is_subagent and bool(steps) and steps[-1].kind == "assistant"
    ending = [s for s in steps if s.kind != "assistant"]
    if (
        ending
        and ending[-1].kind == "tool"
        and ending[-1].status == "failed"
        and not answered
        and not _seen_and_accepted(steps, users, steps.index(ending[-1]))
    ):
        evidence.append((-2.0, f"the session stopped on a failure: `{_command(ending[-1])}`"))
    # Why: "no, not against staging" … "ok, works": what the person says last, about the work, outweighs a
    # command they stopped on the way
    approved_after = last_user is not None and words == steps[last_user].text and any(v > 0 for v, _ in evidence)
    declined = _last(steps, lambda s: s.kind == "tool" and s.status == "denied" and _changes(s))
    if (
        declined is not None
        and not (approved_after and last_user is not None and last_user > declined)
        and not any(s.kind == "tool" and s.status == "ok" and _changes(s) for s in steps[declined:])
    ):
        evidence.append((-2.0, f"the user declined the last change: `{_command(steps[declined])}`"))
    if _left_after_interrupt(steps) and not approved_after:
        evidence.append((-1.0, "the user interrupted and left"))
    if answered:
        # Why: nobody judges a subagent's run; it did its job when it came back with an answer (a test it
        # wrote may fail on purpose, exposing the bug it was sent to find).
        evidence.append((2.0, "the subagent finished with an answer"))
    if thrown_away and reverted is not None:
        evidence.append((-1.5, f"the work was reverted: `{_command(steps[reverted])}`"))
    score = sum(value for value, _ in evidence)
    # Why unknown and not a default: an idle, trivial or read-only session says nothing about what it was
    # given, and crediting it as a success would make every injected memory look useful.
    outcome = "unknown" if score == 0 else "success" if score > 0 else "failed"
    confidence = round(min(0.99, 0.5 + abs(score) / 8), 2)
    ordered = sorted(evidence, key=lambda item: -abs(item[0]))
    return Outcome(outcome, confidence, tuple(reason for _, reason in ordered) or ("no evidence either way",))


def _claimed_unchecked(steps: list[Step]) -> bool:
    """The assistant's last words after the last change say a check passed ("All PriceTag tests pass now",
    "rubocop is clean and the suite is green") though no check ran after that change: the person's thanks
    take the claim on trust, they verify nothing."""
    edits = [
        i
        for i, s in enumerate(steps)
        if s.kind == "tool" and s.status == "ok" and _changes(s) and not is_check(s) and not _notes_only(s)
    ]
    if not edits:
        return False
    after = steps[edits[-1] + 1 :]
    if any(is_check(s) for s in after):
        return False
    said = [s.text for s in after if s.kind == "assistant"]
    return bool(said) and bool(_CLAIMS_PASS.search(said[-1]))


def _notes_only(step: Step) -> bool:
    """An edit of notes (CLAUDE.md, a README, a changelog): no check it follows is made stale by it."""
    call = step.call
    return call is not None and call.name in _EDITS and bool(call.files) and all(_NOTES.search(f) for f in call.files)


def _did_work(steps: list[Step]) -> bool:
    """Files were changed, something was checked or something failed: there is work for the person's words to
    judge (a question answered and a decision taken are no work that went well or badly)."""
    return any(
        s.kind == "tool"
        and ((s.status == "ok" and s.call is not None and s.call.name in _EDITS) or s.status == "failed" or is_check(s))
        for s in steps
    )


def _steps(t: Transcript) -> list[Step]:
    return [s for s in t.steps if s.kind != "tool" or s.status not in ("harness", "pending")]


def _closing(steps: list[Step], users: list[int]) -> tuple[str, float]:
    """The words that judge the work and their weight: the last message when it follows some work (half when
    more work follows it, unless that work only undoes the session's changes as asked), or the deferral before
    a closing "thanks"; ("", 0) when the person never spoke after the opening request."""
    last_user = users[-1] if users else None
    if last_user is None or not (len(users) > 1 or _work_before(steps, last_user)):
        return "", 0.0
    if (deferred := _deferred_before_thanks(steps, users)) is not None:
        # "no time today, write it up as an issue" … "thx": the thanks are for the write-up
        return steps[deferred].text, 1.0
    after = [s for s in steps[last_user + 1 :] if _substantive(s) and not _REVERTS.search(_command(s))]
    return steps[last_user].text, 0.5 if after else 1.0


_FOLDED = (vietnamese, polish)  # languages whose verdicts are read over folded text


def _without_lessons(words: str) -> str:
    said = sentences([words])
    kept = [s for s in said if not extract_knowledge([s]).lessons]
    return " ".join(kept) if len(kept) < len(said) else words


def _cue(words: str) -> tuple[float, str] | None:
    """What the person's words say by the cues of the languages this module knows, strongest first."""
    words = _without_lessons(words)  # "TIL the auto-wait doesn't help here. commit": a lesson, no verdict
    folded = fold(words)  # Vietnamese and Polish are read typed with or without their diacritics
    if _NEGATIVE.search(words) or _NEGATIVE_OTHER.search(words) or any(v.NEGATIVE.search(folded) for v in _FOLDED):
        return -3.0, "the user's last words"
    deferred = bool(_DEFERRED.search(words) or _DEFERRED_OTHER.search(words) or _NO_TIME.search(words))
    deferred = deferred or any(v.DEFERRED.search(folded) for v in _FOLDED)
    leaving = bool(_LEAVING.search(words)) or any(v.LEAVING.search(folded) for v in _FOLDED)
    positive = bool(_POSITIVE.search(words)) or any(v.POSITIVE.search(folded) for v in _FOLDED)
    if leaving and not (positive or deferred):
        return 0.0, "the user was called away (nothing said of the work)"
    thanked = _REFUSAL.sub("", words)  # "Non merci, …" declines an offer; it thanks for nothing
    if _POSITIVE.search(thanked) or _ACKNOWLEDGED.search(thanked) or _POSITIVE_OTHER.search(thanked):
        return 3.0, "the user's last words"
    if any(v.POSITIVE.search(folded) for v in _FOLDED):
        return 3.0, "the user's last words"
    if deferred:
        return -3.0, "the user left it for later"
    if _MILD_NEGATIVE.search(words):
        return -1.5, "the user's last words"
    return None


def _deferred_before_thanks(steps: list[Step], users: list[int]) -> int | None:
    """The person's earlier message that left the work for later, when all they said since is thanks and
    nothing was changed in between (the session was spent on a write-up or an explanation)."""
    if len(users) < 2 or not _ONLY_THANKS.search(steps[users[-1]].text):
        return None
    before = users[-2]
    words = steps[before].text
    if not (_NO_TIME.search(words) or _DEFERRED.search(words) or _DEFERRED_OTHER.search(words)):
        return None
    return None if any(_changes(s) and s.status == "ok" for s in steps[before : users[-1]]) else before


def _seen_and_accepted(steps: list[Step], users: list[int], failed: int) -> bool:
    """The failure at `failed` is one the person already saw and waved through ("the gocyclo finding in legacy/
    is old, ignore it. commit"): the same error line failed before a message of theirs that accepted it."""
    if steps[failed].status != "failed":
        return False
    line = _error_key(steps[failed].output)
    if not line:
        return False
    for index in users:
        if index > failed or not _ACKNOWLEDGED.search(steps[index].text):
            continue
        if any(s.kind == "tool" and s.status == "failed" and _error_key(s.output) == line for s in steps[:index]):
            return True
    return False


def _error_key(output: str) -> str:
    return re.sub(r"\d+", "N", error_line(output)) if output else ""


def _changes(step: Step) -> bool:
    """A tool call that changes something (an edit, a write, a command that is no read-only look)."""
    call = step.call
    if call is None:
        return False
    if call.name in _EDITS:
        return True
    return bool(call.command) and not _READ_ONLY.search(call.command)


def _work_before(steps: list[Step], index: int) -> bool:
    return any(s.kind == "tool" for s in steps[:index])


def _substantive(step: Step) -> bool:
    return (
        step.kind == "tool"
        and step.call is not None
        and not (step.call.command and _READ_ONLY.match(step.call.command))
    )


def is_check(step: Step) -> bool:
    """A finished tool step that ran tests, a type check, a linter or looked at CI."""
    command = step.call.command if step.call is not None else ""  # a subagent's task names no check it ran
    return step.kind == "tool" and step.status in ("ok", "failed") and bool(_CHECK.search(" ".join(command.split())))


def _command(step: Step) -> str:
    call = step.call
    if call is None:
        return ""
    return " ".join((call.command or call.task or call.name).split())[:120]


def _left_after_interrupt(steps: list[Step]) -> bool:
    """An interrupt with nothing after it but the person's words (no more work)."""
    last = _last(steps, lambda s: s.kind == "interrupt")
    return last is not None and not any(s.kind == "tool" for s in steps[last + 1 :])


def _last(steps: list[Step], test: Callable[[Step], bool]) -> int | None:
    for index in range(len(steps) - 1, -1, -1):
        if test(steps[index]):
            return index
    return None


def _quote(text: str) -> str:
    line = " ".join(text.split())
    return f'"{line[:120]}{"…" if len(line) > 120 else ""}"'
