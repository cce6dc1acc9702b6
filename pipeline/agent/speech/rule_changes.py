"""What in a new rule says it replaces, takes back or adds to a rule in force, in each language with a reader,
and the function words that tell which language typed in Latin letters beside English a rule is in. The rule
lifecycle (`pipeline/learning/rules/rule_lifecycle.py`) decides with them; languages without a reader add their
words there (`pipeline/learning/rules/directive_words.py`). Pure data."""

from __future__ import annotations

import re

from pipeline.agent.speech.cues import RETRACTION

REPLACES = re.compile(
    r"\b(?:from now on|going forward|from here on|instead|no longer|not \w+ anymore|anymore|any more|no more|"
    r"(?:we|i)(?:'ve| have)? (?:changed|switched) (?:it|this|that|the rule)(?=\s*:)|"
    r"stop \w+ing|switch(?:ed)? to|moved? to|replaced? (?:by|with)|rather than|"
    r"(?<!for )(?<!right )(?<!\.)now(?![.(]))\b|"
    r"以后|今后|从现在(?:开始|起)|改成|改为|改用|换成|不再|现在(?:用|改|统一)|"
    r"\b(?:ab jetzt|ab sofort|künftig|statt|stattdessen|nicht mehr|jetzt|"
    r"a partir de ahora|de ahora en adelante|en adelante|a partir de hoy|en lugar de|en vez de|ya no|"
    r"désormais|dorénavant|à partir de maintenant|au lieu de|plus de)\b|"
    # Japanese, Korean, Portuguese: from now on, no longer, switch to, instead
    r"これからは|今後|今度から|以後|もう(?!一|少し|ちょっと)|やめて|代わりに|に変更|に切り替え|に移行|"
    r"앞으로|이제부터|지금부터|더 이상|더는|대신|던 건 끝|"
    r"\b(?:a partir de agora|de agora em diante|daqui (?:pra|para) frente|daqui em diante|em vez de|não mais|"
    r"agora)\b|"
    # Russian, Ukrainian: now, from now on, instead of, no longer, switch to
    r"\b(?:теперь|отныне|с этого момента|впредь|вместо|больше не|уже не|переходим на|перешли на|тепер|замість|"
    r"більше не|відтепер|віднині|надалі|з цього моменту|"
    # Vietnamese, typed with or without its diacritics: from now on, instead of, switch to
    r"t[uừ] (?:gi[oờ]|nay|b[aâ]y gi[oờ])|thay v[iì]|chuy[eể]n sang|"
    # Polish: from now on, instead of, after all, no longer, no more, "zmiana:" (a change)
    r"od teraz|od dzi(?:ś|s|siaj)|odt[aą]d|od tej pory|zamiast|jednak|ju[zż] nie|koniec z|zmiana|"
    # Indonesian: from now on, no more … (again), instead of, switch / move to, a change of plan
    r"mulai (?:sekarang|hari ini)|dari sekarang|ke ?depan(?:nya)?|"
    r"(?:gak|ga|nggak|tidak) (?:usah|pake|pakai) [\w.-]+ lagi|"
    r"daripada|ganti (?:ke|jadi|pake|pakai)|pindah ke|(?:berubah|ganti) rencana|"
    # Malay: after this (from now on), no more … (again), no longer, switch to
    r"(?:lepas|selepas) (?:ni|ini)|mulai hari ni|tak (?:payah|guna|pakai) [\w.-]+ lagi|dah tak|"
    r"tukar (?:ke|kepada|jadi|pakai|guna)|"
    # Hinglish: from now on, instead of, no more
    r"ab se|abse|aage se|aaj se|ki jagah|ke bajaye|ab nahi|aur nahi)\b|"
    # Thai (no word boundaries in it): from now on, instead of, stop using
    r"ต่อไปนี้|ต่อจากนี้|จากนี้ไป|แทน|เลิกใช้|ไม่ใช้.{0,20}แล้ว|"
    # Arabic (spoken and written, Arabizi) and Hebrew: from now on, instead of, no longer, we are moving to
    r"من هنا و ?رايح|من النهارد[هة]|من دلوقتي|من [اأ]لآن|بدل|بدلاً من|مش \S+ تاني|\bmen hena w ?rayeh\b|\bbadal\b|"
    r"מעכשיו|מהיום|מעתה|מכאן והלאה|עוברים ל|במקום|כבר לא|לא עוד|"
    # Greek (accents typed or not) and Greeklish: from now on, instead of, no longer, a change of course, drop X
    # and Y is enough ("άσε το πλήρες check, φτάνει το test")
    r"απ[οό] (?:ε?δ[ωώ]|τ[ωώ]ρα) (?:και|κι) π[εέ]ρα|στο εξ[ηή]ς|αντ[ιί] (?:για|να)|(?:[οό]χι|δεν \S+) πι[αά]|"
    r"αλλαγ[ηή] πλε[υύ]σης|(?:^|\s)[άα]σε (?:το|τα|τη|την|τον|τις) |φτ[άα]νει|\bapo e?dw kai pera\b|"
    # Persian and Finglish: from now on, instead of, no longer, is enough
    # (not "به جاش X", instead: a rule's own "use X instead", as in "از head استفاده نکنید، به جاش NonEmpty")
    r"از (?:این|الان|حالا) به بعد|د[یي]گه (?:نه|لازم ن[یي]ست)|کاف[یي]ه|\baz in be ba+d\b|"
    # Taglish: from now on, "let's not … after all", no longer
    r"\b(?:simula ngayon|mula ngayon|(?:wag|huwag) na(?: pala)?|hindi na natin|ayoko na)\b|"
    # Dutch: from now on, instead of, no longer, no more X
    r"\b(?:voortaan|vanaf nu|van nu af aan|in plaats van|niet meer|geen [\w.-]+ meer)\b|"
    # Swedish: from now on, instead of, no longer, switch to, a changed mind, how we do it "now"
    r"\b(?:från och med nu|hädanefter|framöver|i fortsättningen|istället för|i stället för|istället|inte längre|"
    r"byt(?:er)? till|jag har ändrat mig|vi kör [^,.]{1,60} nu)\b",
    re.IGNORECASE,
)
# A permission ("you may push your branches yourself", "feel free to bump the lockfile", "du darfst …"): given to an
# agent it lifts a restriction, so it replaces the rule in force on its subject that forbade or held something back
# (`FORBIDS`), and no other
PERMITS = re.compile(
    r"\b(?:you (?:can|may)(?: now| also| just)? \w+(?: \S+){0,8} yourself|you(?:'re| are)(?: now)? allowed to|"
    r"feel free to|it'?s (?:fine|ok|okay|alright) (?:now )?(?:to|if you)|you no longer need to ask|"
    r"du darfst|darfst du|du kannst (?:\S+ ){0,6}selbst|tu peux|vous pouvez|puedes|podés|(?:você|vc|tu) pode|"
    r"pode (?:\S+ ){0,4}(?:você mesmo|sozinho)|możesz|mozesz|wolno ci|je mag|mag je|du får|det är okej att|"
    r"(?:pwede|puwede) mo(?: nang)?|ikaw na|"
    r"(?<!gak )(?<!nggak )(?<!tidak )(?<!ga )(?<!tak )(?<!ndak )boleh|kar sakte ho|kar sakta hai|"
    r"можешь|можно|можеш|можна|"
    r"được phép|μπορείς|μπορεις|מותר לך|אתה יכול|مسموح|میتونی|می‌تونی)\b|"
    r"你可以|可以自己|してもいい|てもいい|しても大丈夫|해도 돼|해도 된다|해도 괜찮|ได้เลย",
    re.IGNORECASE,
)
# What was held back is allowed again, said as news ("debug logs on the field units are fine now", "friday deploys
# are fine again now that staging is back", "deploys can go out during the day now"): a rule only where it lifts one
# in force or said before (`daemon/services/learning/knowledge.py`); "the tests are fine now" lifts nothing and is
# dropped there. A practice or a kind of thing opens it, never a pronoun nor one thing named ("it's fine now",
# "everything is ok again", "the tests are fine now", "my knee is ok now" report how something is)
LIFTED = re.compile(
    r"^(?!(?:i|we|you|it|this|that|these|those|there|they|he|she|everything|all|both|now|the|my|your|our|his|her|"
    r"their|its|ok|okay|yes|yeah|so|and|but)\b)[\w.+/@:'-]+"
    r"(?: [\w.+/@:'-]+){0,7} (?:(?:is|are) (?:fine|ok|okay|allowed|alright)(?: again(?: now)?| now)|"
    r"(?:can|may) (?:[\w-]+ ){1,6}?(?:again|now))\b(?! on\b)(?!.*\b(?:thanks|thank you|thx|ty)\b)",
    re.IGNORECASE,
)
# What holds something back: a prohibition, a value to keep, a task the person keeps for themselves
FORBIDS = re.compile(
    r"\b(?:never|don'?t|do not|no|not|without|avoid|only|keep|stay|stick|leave|myself|"
    r"nicht|nie|kein|keine|ne|jamais|pas|nunca|não|nao|nie|nigdy|niet|nooit|geen|inte|aldrig|wag|huwag|hindi|"
    r"ako na|jangan|gak|nggak|tidak|mat|nahi|khud|не|никогда|ніколи|không|đừng|μην|ποτέ|δεν|אל|לא|אסור|لا|ممنوع|"
    r"نکن)\b|"
    r"不要|别|不准|禁止|不许|不能|我自己|しないで|ないで|禁止|하지 마|말고|금지|안 돼|ห้าม|อย่า|ไม่",
    re.IGNORECASE,
)
# Taking a rule back replaces it too, even when what follows says "too" ("forget chromium-only, run … on webkit too")
RETRACTS = RETRACTION
ADDS = re.compile(
    r"\b(?:too|also|as well|in addition|additionally|auch|además|aussi|também|além disso)\b|也|还要|另外|同时|"
    r"^あと|それと|さらに|加えて|또한",
    re.IGNORECASE,
)
RETRACTION_WORD_LIST = (
    "forget about what said scrap ditch drop changed mind that this про забудь забудьте передумал oublie oubliez "
    "olvida vergiss esquece mudei ideia cambié opinión fliegt kommt raus dropping removing lascia lasciamo perdere "
    "dimentica cambiato idea birak bırak vazgeçtim vazgectim bo bỏ di đi quen quên cai cái zapomnij rezygnujemy "
    "koniec wywalamy buang aja kita lupain lupakan gak jadi berubah rencana usah lagi pake pakai nggak tidak "
    "chhodo chodo hatao band karo vergeet glöm strunta ändrat mig"
)
RETRACTION_WORDS = frozenset(RETRACTION_WORD_LIST.split())

# Function words of languages typed in Latin letters beside English: two or more say which one a rule is in
_HINDI_WORDS = "se hai hain ke ki ka ko mein pe mat karo karna hamesha kabhi aur nahi jaise likho banana"
_INDONESIAN_WORDS = "yang aja gak nggak jangan semua pakai pake udah sudah biar ya di ke dari lewat"
MIXED_LANGUAGES = {"hi": frozenset(_HINDI_WORDS.split()), "id": frozenset(_INDONESIAN_WORDS.split())}
