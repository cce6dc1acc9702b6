"""The person's verdict on a session's work in the languages beyond English (English lives in
`session_outcome.py`): words that say it went well ("passt", "谢谢", "valeu", "норм", "고마워요"), that it did not
("还是不行", "deu ruim", "не работает", "여전히 안 돼"), and that leave it for later ("morgen", "lo vemos mañana",
"завтра гляну", "내일 보자"). The languages' own words, never a project's. Pure.
"""

from __future__ import annotations

import re

POSITIVE = re.compile(
    r"(?:谢谢|多谢|感谢|好了|可以了|行了|搞定|完美|没问题了?|不错|很好|漂亮|合并吧|上线吧|👌|修好了|通过了|"
    r"(?:测试|CI|都|全)(?:过了|绿了|通过)|好使了|能用了|^\s*(?:行|好的?|可以)\s*[。！!]*\s*$)|"
    r"\b(?:danke|passt|läuft|super|perfekt|klappt|top|geht wieder|gracias|perfecto|funciona|genial|merci|parfait|"
    r"ça marche|está arriba|ya está|listo|va bien|ya funciona|ça fonctionne|c'est bon|"
    # Portuguese (Brazil)
    r"valeu|deu bom|deu certo|funcionou|obrigad[oa]|massa|show de bola|perfeito|beleza|tá ótimo|ficou ótimo|"
    # Russian, Ukrainian
    r"спасибо|спс|благодарю|отлично|супер|круто|класс|норм|нормально|збс|огонь|работает|заработало|"
    r"всё зелёное|все зелёные|пойдёт|годится|дякую|чудово|працює)\b|"
    # Korean
    r"고마워|고맙|감사합니다|감사해요|좋아요|좋네|완벽|잘 된다|잘 돼|됐다|ㅇㅋ|오케이|굿|머지하자|"
    r"^\s*show\s*[!.👍🙌]*\s*$|^\s*show[,!]+\s",
    re.IGNORECASE,
)
NEGATIVE = re.compile(
    r"(?:还是不行|还是不对|还是报错|还是失败|还是挂|还是红|又红了|又挂了|没修好|没好|不行|没用|不管用|更糟|算了|"
    r"明天再(?:说|看|弄)|回头再(?:说|看|弄)|先不管了?|先这样吧|下次再(?:说|弄)|放弃)|"
    r"\b(?:(?:geht|funktioniert|klappt) (?:immer )?noch nicht|geht nicht|funktioniert nicht|immer noch kaputt|"
    r"morgen weiter|lass das|sigue sin funcionar|no funciona|todavía falla|lo dejo|ça ne marche (?:toujours )?pas|"
    r"toujours cassé|deu ruim|não funcionou|não deu certo|"
    r"ainda (?:tá |está )?(?:quebrando|quebrado|falhando|dando erro)|"
    r"continua (?:quebrando|falhando|dando erro)|desisto|"
    r"не работает|не заработало|не помогло|вс[её] ещё (?:падает|красн\w+|не \w+)|опять (?:падает|упал\w*|красн\w+)|"
    r"сломалось|забей|бросаем|не працює)\b|"
    r"안 돼|안 되네|안 된다|여전히 (?:안|실패|빨간)|아직도 (?:안|실패|빨간|깨)|또 (?:깨졌|실패|빨간)|포기",
    re.IGNORECASE,
)
# Leaving it for later ("egal, morgen", "明天再说" is NEGATIVE already)
DEFERRED = re.compile(
    r"\bmorgen(?: früh)?\s*[.!]*\s*$|\bjetzt (?:meeting|termin|elternabend|feierabend)\b|\bfeierabend\b|"
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
