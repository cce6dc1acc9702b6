"""Markers of a standing rule in the languages memoryd reads beyond English and Japanese: always/never, must,
"from now on" in a request, a negative imperative of a work verb, "we do it this way here". Each entry is one
language's markers; `cues.rule_in` takes a sentence that one of them finds and that tells rather than reports.
They are the languages' own words, never a project's, so they carry over between projects and people. Pure.
"""

from __future__ import annotations

import re

_KO_REQUEST = (
    r"(?:해|해요|하세요|해라|해줘|하자|써|써줘|써요|쓰세요|쓰자|돌려|돌려줘|바꿔|넣어|빼|로드해|마|마세요|말아|"
    r"말 것|할 것|돼|거쳐|남겨|남겨줘)"
)
RULE_MARKERS = (
    # Chinese: never/always/must/uniformly, or "don't" with a generic object
    re.compile(
        r"(?:永远不要|永远别|绝对不要|千万别|千万不要|一律|统一(?:用|使用|走|放)|必须|务必|一定要|总是要|都要|禁止|不准|不许)"
    ),
    re.compile(r"^(?:不要|别(?![的人处称名号样儿])|不能)(?:再|直接|随便)?.{3,}"),
    # "…，别再加 pandas 了": "don't … any more" after a comma; "新代码都用 polars": a kind of thing, all done one way
    re.compile(r"[，,；]\s*(?:不要再|别再|不要|别(?![的人处称名号样]))\S.{2,}"),
    re.compile(r"^(?!大家|我们|他们|你们|人人|谁)(?:新|所有|全部|每个|任何)?\S{1,8}?都(?:用|走|放|要用|得用)\s*\S{2,}"),
    re.compile(r"只(?:放|用|能|允许|走)(?:在)?.{2,}"),
    # before a step of the work, something first ("提交前先跑 lint", "每次 push 之前都要先 rebase"), and "ask me first"
    # ("加新依赖之前先问我", "…，先问我"): an order for every time, as "antes de cada commit" is
    re.compile(
        r"(?:提交|推送|合并|部署|发布|上线|发版|commit|push|merge|deploy|PR)\s*(?:之)?前(?:都)?(?:要|得)?先(?![^，。,]*了).{2,}",
        re.I,
    ),
    re.compile(r"(?:之前|前|，|,)\s*(?:都)?(?:要|得)?先(?:问|问一下|问问|跟|和)我"),
    # one way, not the other ("测试里用 miniredis，不连真 Redis", "日志用 zap，不用 fmt.Println"), as "X, not Y" is
    re.compile(
        r"^(?!我(?!们)|他|她)[^，,。]{0,20}?(?<!了)用\s*[^，,。了]{2,30}[，,]\s*(?:而)?不(?:用|连|走|写|放|要).{2,}"
    ),
    # German: always/never in a request, an imperative, or "we ... here"
    re.compile(r"^(?:bitte\s+)?(?:nie|niemals) wieder\b|\bbitte\b.*\b(?:immer|nie|niemals|kein\w*)\b", re.I),
    re.compile(r"\b(?:dürfen|darf|sollen|soll|müssen|muss)\s+(?:\w+\s+)?(?:nie|niemals|immer|nur|kein\w*)\b", re.I),
    re.compile(
        r"^(?!(?:ist|sind|war|waren|geht|hängt|läuft|klappt|passiert|kommt|bleibt|wird|hat|habe|kann)\b)"
        r"[a-zäöü]+e?\s+(?:immer|nie|niemals)\b(?! noch)",
        re.I,
    ),
    re.compile(
        r"^(?:wir|man) (?:benutzen|benutzt|nutzen|nutzt|verwenden|verwendet|machen|macht|schreiben|schreibt|"
        r"pushen|pusht|committen|committet)\b.*\b(?:hier|immer|nur|kein\w*|nie)\b",
        re.I,
    ),
    # Spanish, French: a sentence that opens with always/never, or asks for it; "preferimos …" (we prefer),
    # "… antes de commitear" (before committing)
    re.compile(r"^(?:por favor,?\s+)?(?:siempre|nunca|jamás)\s+\w+|\bpor favor\b.*\b(?:siempre|nunca)\b", re.I),
    re.compile(
        r"^(?:preferimos|aquí (?:usamos|no usamos)|en este (?:repo|proyecto) (?:usamos|no)\b)|"
        r"\bantes de (?:cada (?:commit|push|merge|pr|release)|commitear|hacer commit|pushear|mergear)\b",
        re.I,
    ),
    # Spanish: a negative imperative of a work verb ("no le muevas a ios/fastlane", "ya no uses fvm", "porfa no
    # toques el pubspec.lock"), and what is not touched ("eso no se toca")
    re.compile(
        r"^(?:(?:oye|porfa|por favor|pero|y|ya|ah|ojo)[,\s]+){0,2}no (?:le |lo |la |los |las |me |nos |se )?(?:uses|"
        r"toques|muevas|cambies|hagas|pongas|subas|corras|metas|agregues|añadas|instales|borres|edites|modifiques|"
        r"commitees|pushees|mezcles|escribas|actualices|generes|dejes|llames|ejecutes|quites|saques|renombres|"
        r"desactives|ignores|reescribas|vuelvas a)\b|\bno se tocan?\b",
        re.I,
    ),
    # "los PR siempre con una sección de cómo probarlo": a kind of thing, always with/in/through something
    re.compile(
        r"^(?:los|las|todos los|todas las)\s+\S+(?:\s+\S+)?\s+(?:siempre|nunca)\s+(?:con|en|por|sin|van|llevan|"
        r"tienen|usan|pasan)\b",
        re.I,
    ),
    # "usa --wait sin --atomic", "nimm pnpm statt npm", "utilise X au lieu de Y": use this, not that
    re.compile(
        r"^(?:usa|usad|utiliza|nimm|benutze|verwende|utilise|utilisez)\s+\S+(?:\s+\S+){0,3}\s+"
        r"(?:sin|en vez de|en lugar de|y no|statt|anstatt|anstelle von|au lieu de|et pas|plutôt que)\s+\S",
        re.I,
    ),
    re.compile(
        r"^(?:toujours|jamais|ne jamais)\s+\w+|\b(?:utilise|fais|mets|écris)\s+toujours\b|\bne \w+ jamais\b", re.I
    ),
    # "on compile toujours avec le profil X", "on passe toujours par une PR": how it is always done here (not
    # "on a toujours eu …", a report)
    re.compile(r"\bon (?!(?:a|avait|était|est|aura)\b)[a-zéè]+e toujours (?:avec|par|sur|en|dans|via)\b", re.I),
    # "je préfère qu'on évite …", "je préfère qu'on ne mette pas …": a preference for how work is done
    re.compile(
        r"^je préf[èe]re (?:qu'on|que l'on|que tu|que vous) (?:évite|n'|ne |garde|utilise|reste|passe par)", re.I
    ),
    # Portuguese (Brazil): "não usa X, usa Y", "nunca commita direto na main", "nada de sqlite", "aqui a gente não
    # usa npm", "lembra que é uv run, não python solto", "usa getByRole, data-testid só em último caso"
    re.compile(
        r"^(?:por favor,?\s+)?(?:não|nunca) (?:usa|use|usem|faz|faça|mexe|mexa|commita|commite|roda|rode|sobe|suba|"
        r"coloca|coloque|põe|ponha|instala|instale|deixa|deixe|chama|chame|escreve|escreva|cria|crie)\b|"
        r"^sempre \w+|(?:^|,\s*)nada de \S+|"
        r"^(?:aqui )?a gente (?:não |nunca |sempre )?(?:usa|faz|roda|coloca|escreve)\b|"
        r"\blembra(?:-se)?(?: que)?:?\s+(?:é|são|a gente|sempre|nunca|não)\b.{2,}|"
        r"\b(?:usa|use)\s+\S+.{0,40}?,\s*(?:não|nada de|nunca)\s+\S|"
        r"\b(?:usa|use)\s+\S+.{0,40}?,\s*\S+(?:\s+\S+)?\s+só\b",
        re.I,
    ),
    # Russian: never/always/only at the opening, "only through X", "no X whatsoever", must, "every X does",
    # "we don't edit … by hand", "у нас так принято", a negative imperative of a work verb
    re.compile(
        r"^(?:никогда|всегда|только|ни в коем случае)\s+\S|\bникогда не\b|\bни в коем случае\b|"
        r"\bтолько (?:через|в|на|с|из|под|по|до|после)\s+\S|(?:^|[,;]\s*)никак(?:их|ого|ой|ую|ое)\s+\S|"
        r"\b(?:должен|должна|должно|должны|обязательно|запрещено|нельзя)\b|"
        r"^кажд(?:ый|ая|ое|ые)\s+\S+(?:\s+\S+)?\s+\w+(?:[еёи]т|[уюая]т|[её]тся|ится)\b|"
        r"\bне (?:правим|трогаем|меняем|редактируем|коммитим|пушим|мержим|деплоим|используем|пишем|катим)\b|"
        r"\bу нас (?:так )?(?:принято|не принято|не делают|делают|используют|пишут)\b|"
        r"^мы (?:всегда |везде |только )?(?:используем|пишем|логируем|храним|держим|деплоим|катим|мержим)\b.*"
        r"\b(?:везде|всегда|только|теперь)\b|"
        r"^забудь(?:те)? (?:про|о|об)\s+[^,]{2,40},\s*\S.{5,}|"
        # (wherever it is said: "автосинк в ArgoCD не включай, синкаю руками", "go.sum не трогай")
        r"(?:^|[\s,;])не (?:используй|пушь|трогай|добавляй|пиши|коммить|мержи|правь|меняй|удаляй|запускай|делай|"
        r"ставь|лезь|катай|включай|выключай|обновляй|тащи|гоняй|переименовывай|отключай)(?:те)?\b|"
        # in which language a kind of text is written: "коммиты пиши по-русски", "сообщения коммитов на английском"
        r"\b(?:коммит\w*|комментари\w*|сообщени\w+ коммит\w*)\s+(?:\S+\s+){0,2}?(?:пиши(?:те)?\s+)?"
        r"(?:по-(?:русски|английски|украински|немецки)|на (?:русском|английском|украинском|немецком))\b",
        re.I,
    ),
    # Korean: always/never/without fail/all/from now on, ending in a request ("배포는 항상 파이프라인으로만 해");
    # a negative imperative ("데이터 바꾸는 건 마이그레이션에 넣지 마"); an obligation ("전부 require_admin 거쳐야
    # 돼"); only through one way ("Addressables로만 로드해")
    re.compile(
        r"(?:항상|절대(?:로)?|반드시|꼭|무조건|전부|모든|매번|앞으로(?:는)?|이제부터(?:는)?|지금부터(?:는)?)\s.*"
        rf"{_KO_REQUEST}[.!~]?$"
    ),
    re.compile(r"[가-힣]지 ?(?:마|마세요|마요|말 것|말아(?:요|줘)?)[.!~]?$"),
    # "I told you (not) to …" ("main에 바로 푸시하지 말라니까", "커밋 전에 detekt 돌리라고 했잖아")
    # (a verb's stem before "라고": "실패라고 했잖아" quotes a noun, "it was a failure")
    re.compile(
        r"(?:지 ?말|[하리쓰보주치우추기르가오두내서켜으])라(?:고 (?:했잖아|했지|했는데|했어|했죠)|니까(?:요)?[.!~]*$)"
    ),
    # a kind of thing, how it is written or done ("커밋 메시지는 영어로 … 써줘", "테스트는 Kotest로 써줘")
    re.compile(
        rf"^(?:\S+\s){{0,2}}\S*[가-힣A-Za-z](?:은|는)\s(?!.*(?:다시|한번)).*\S(?:으로|로)[,\s].*{_KO_REQUEST}[.!~]?$"
    ),
    # before doing a kind of thing, always this first ("새 라이브러리 추가하기 전에 먼저 물어봐줘")
    re.compile(
        rf"(?:[가-힣]기|커밋|푸시|머지|배포|릴리스) ?전에\s.*(?:{_KO_REQUEST}|물어봐줘|물어봐|물어보세요)[.!~]?$"
    ),
    # an obligation for a whole kind of thing ("전부 … 거쳐야 돼"; "종료일은 시작일 이후여야 돼" specifies one task)
    re.compile(
        r"(?:전부|모든|항상|매번|무조건|반드시|언제나)\s.*[가-힣](?:아|어|여|해)야 ?"
        r"(?:돼|되|해|한다|합니다|됩니다|돼요|해요|함)[.!~]?$"
    ),
    re.compile(rf"(?:\S(?:으로만|로만|에서만)|\s(?:때만|때에만|경우에만))\s.*{_KO_REQUEST}[.!~]?$"),
    # Turkish: always/never ("hep", "her zaman", "asla") in a sentence that reports nothing (no "-iyor", "-di",
    # "-miş" verb closing it: "hep patliyor" is a complaint); "…, unutma" (don't forget); "…, X yok" (no X)
    re.compile(
        r"^(?![^,;]*\b\w+(?:[ıiuü]yor(?:um|uz|sun|lar)?|[dt][ıiuü](?:m|k|n|ler)?|m[ıiuü][sş])\s*(?:[,;.!]|$))"
        r".*\b(?:hep|her zaman|asla|hi[çc]bir zaman|her seferinde)\b(?!\s+de[gğ]il)|,\s*unutma\b",
        re.I,
    ),
    # Italian: never/always at the opening of a clause, "niente X" (no X), "qui da noi si usa …" (here we use),
    # a negative imperative of a work verb ("non pushare mai su main")
    re.compile(
        r"(?:^|[,;:]\s*)(?:per favore,?\s+)?(?:mai|sempre)\s+\S|(?:^|[,;]\s*)niente \S+|"
        r"\bqui da noi (?:si |non si )?(?:usa|usano|usiamo|fa|fanno|facciamo|scrive|scrivono|legge|leggono)\b|"
        r"^non (?:usare|fare|mettere|toccare|aggiungere|pushare|committare|modificare|lanciare|cancellare)\b",
        re.I,
    ),
)
