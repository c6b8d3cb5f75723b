/**
 * Round trip: printing a tree and parsing the text gives the tree back.
 *
 * 1. For every string `s`, `parse(stringify(parse(s)))` equals `parse(s)`
 *    (positions aside): everything the parser can produce prints, and prints
 *    right.
 * 2. For every well-formed tree `t` (./ast-arbitrary.ts), `stringify(t)` either
 *    throws a `StringifyError` or prints text that parses back to exactly `t`.
 *    This is checked on the handlers alone (`print`, without the final check
 *    `stringify` adds), so that they are shown to catch the unrepresentable
 *    trees themselves.
 * 3. Every text typed, with what the client rewrites rewritten as it does, prints
 *    as a message of just that text.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Root } from '../../src/ast.js'
import { parse } from '../../src/parse/index.js'
import { StringifyError, stringify } from '../../src/stringify/index.js'
import { print } from '../../src/stringify/print.js'
import { withoutPositions } from '../helpers/walk.js'
import {
  asTheClientShows,
  blockLinesTextOf,
  editedChatTextOf,
  editedFixtureTextOf,
  emphasisDenseTextOf,
  linkSoupTextOf,
  longDenseTextOf,
  markupText,
  markupTextWithControls,
  starDenseTextOf,
  textScanTextOf,
  unicodeText,
  urlDenseTextOf,
} from './arbitraries.js'
import { rootArbitrary } from './ast-arbitrary.js'
import { runOptions } from './run-options.js'

/**
 * Thousands of runs per property and arbitrary, in a few seconds (see `run-options.ts` for other
 * seeds; counterexamples go to the regressions at the end).
 */
const options = runOptions(20_261_122, 4000)

const texts = [
  ['full Unicode text', unicodeText],
  ['markup-dense text', markupText],
  ['markup-dense text with CRLF, CR, tabs, form feeds and surrogates', markupTextWithControls],
  ['emphasis-dense text', emphasisDenseTextOf()],
  ['star-dense text', starDenseTextOf()],
  ['text with URL schemes, line breaks and numbered lines', textScanTextOf()],
  ['text dense in URLs, angle brackets, tokens and masked links', urlDenseTextOf({ maxParts: 120 })],
  // (Five times the runs: the printer of 2e8a39a fails it after 10,699 with the suite's seed.)
  ['lines of block markers and odd whitespace before URLs, angle brackets and code', blockLinesTextOf(), 5],
  ['soups of masked links whose text holds code, backslashes, brackets and line breaks', linkSoupTextOf()],
  ['chat messages with typos', editedChatTextOf()],
  ["the fixtures' inputs with typos", editedFixtureTextOf()],
] as const

/** A test that `text`'s tree prints as text that parses back to that tree. */
const readsBack = (text: string) => () => {
  const tree = withoutPositions(parse(text))
  expect(withoutPositions(parse(stringify(tree)))).toEqual(tree)
}

describe('stringify round trip', () => {
  for (const [name, arbitrary, times = 1] of texts) {
    it(`should print every tree parsed from ${name} back to text that parses to the same tree`, () => {
      fc.assert(
        fc.property(arbitrary, (text) => {
          const tree = withoutPositions(parse(text))
          const again = withoutPositions(parse(stringify(tree)))
          expect(again).toEqual(tree)
        }),
        { ...options, numRuns: options.numRuns * times },
      )
    })
  }

  // Spans of stars and underscores side by side whose forms constrain each other, where the search
  // ran out of budget before it found the flips they need; a last print with every italic's other
  // delimiter first finds a form (shrunk from random star-dense messages that failed before it).
  const constrained = [
    '**\\*_***_\\__***____***_ b**\\___**a*_b***_b\\_*_b*_* _\\*bb a_b*',
    '____a***___*__\\****__**__*___\\__a___*_a__\\**** **_a*_a_*_a\\_',
    '_ *\\_ * \\*a\\_**a**aa\\__*__ \\*__****\\**__****__*b_*\\_b_** \\',
    'b**____ *_b_***__ba*_**_____*__\\\\***_\\_**_ __a_*** *____***bb**____*_',
    '¯*|*[__¯***** |*****_****)_*****_ _(_*_@*_*\\_)___||*||*_**** _\n\\**_**_*[',
    // A spoiler whose search found the two flips it needs, which the root's search, where the spoiler
    // does not search, then had to find again among all of the message's (shrunk from one of 2,000
    // characters; the root's search now starts from what the spoiler's found).
    '~~¯~~********_|_\n||*****[__\n*#\\*_***\\******]*||_ _*]*¯',
    // The same twice: the second strikethrough fails first (children print from the last), and the
    // first spoiler then never printed outside the root's search, so never searched itself (now the
    // children before a failure still print, and search).
    '~~¯~~********_|_\n||*****[__\n*#\\*_***\\******]*||_ _*]*¯'.repeat(2),
    // An underscore italic whose closing `_` needs the star italic three siblings on to take its other
    // form, which the search's climb found once it looked at three right neighbours, not two (the
    // known gap's example until then).
    'e_*|@everyone*****a__\n- )~~_*||)*_*]__@everyone]*]_*\\**)*****>*a\n____)*|*\n*¯*)||]||*[***_*_******_*[*|*]*(_a*_*** ***(_]_ *_* *_*]@everyone',
    // A span's search in a context where no form of it reads back spent half the budget, and the next
    // one around it half the rest, before the root's (which can change more) had its turn; each now
    // spends at most a quarter (the known gap's example in between).
    '**_**_)_~~_*****__\n*__***\\***r****[*\n_*)*_~~*-***',
    // An italic whose parent tried its star first: under it, no form of the italic fits, and its
    // search spent a quarter of the budget twice before the parent tried its underscore, under which
    // the italic prints at once (shrunk from one of 2,000 characters; a span's children now hold their
    // searches until the span has tried its own forms).
    '**_**_)_~~_*****__****\n*__***\\***r****[*a_*)*_[\n~~*-***@*|*',
    // Two flips got as far as each other; the way from the first spent the budget on 28,000 runs, and
    // the second, then never tried, prints with one more (the known gap's example until the way from
    // each first set of a climb had a share of the budget).
    '_ _*#*_)_||_||~~#~~*o*||\\******\n**\\_)_\n*\n*******||**[*',
    // A single flip printed more of the strikethrough that failed, and its way came only after the
    // thousands of pairs and threes of the strikethrough's decisions, which spent the budget (the known
    // gap's example until that way came first).
    '******~~_*****__**\n*__*****_***\\***\n)|_)_(*****~~*)_*****\\*****)***_***a***]~~ ~~***#***',
    // Three children each read back differently in the whole message (a list item's stars, a bold's
    // stars and underscore, an italic's lone star), each mended by one flip; the climb saw no progress
    // from one mended child to the next, and spent the budget on 10,000 runs (the known gap's example
    // until a run whose output reads right further on counted as getting further: now 78 runs).
    '__(_)_*\n(__*\\**~~\\_)_)\\e____****_\n- ***\\*~~]*[***#****_\\***',
  ]
  for (const text of constrained) it(`should print the tree of ${JSON.stringify(text)}`, readsBack(text))

  // Long messages whose search ran out of budget, though a form exists: the known gap until a last
  // resort printed them in two runs, each searched with a budget of its own (`halves.ts`). Before it,
  // `bench/printable.js` found 7 such trees in 1,400 star-dense messages of 4,000 characters (seeds 1
  // to 14) and 2 in 80,000 masked-link soups of 400 (seeds 12 to 15). The first is shrunk from one of
  // the 4,000 characters, and the second is one of the link soups. The next two did not print with
  // one cut from the middle (4,000 characters, seed 26; 2,000, seed 12): in each, the side that holds
  // the child the whole failed in did not print either. They print with the cuts nearest that child,
  // and with that side cut again. The fifth, a link soup, printed with one cut from the middle, its
  // second (inside its long text of refused links), and not once the cuts near that text came
  // second: the first, which cuts a text off from the refused link that keeps its spaces before a
  // newline, spent all the work the cuts may do. It prints since the first cut may do two thirds.
  const halved = ["- ~~(|~~***]*****_#_\\****\n_[**\\******_\\*_*******************)_*#***~~__*[_****)_[*__***¯*****~~*****[***\n******__*****************_)___***(***@*|*~~__*(__***(*\\~~*[* */***a*]* **~~]~~*]*****_)_¯*)*]|", ")[[[<@1>]( https://a.co)a<> [](<https://a.co>)> - []()_`  \n[``~~\\(](https://a.co) [<t:1>¯\\_(ツ)_/¯> (]( https://a.co)\\)*[\\\\)\t  >]())<[](x:/y)`](  \n[/]()*[a[<t:1>]( https://a.co)_  \n[[<__ ](<https://a.co>)\n\n[||<t:1>*``](https://a.co \"t\"))- _[]](<https://a.co>``]([](x:/y)https://a.co)> [`\\`]( https://a.co)\n<a[\\`:<t:1>\\`[](https://a.co) [)[<t:1><t:1>** ](x:/y)\n[_[](https://a.co)`))[\\\\```<@1>  ```](https://a.co \"t\"<", "- *_a]~~_****_[]***~~¯\\_(ツ)_/¯~~¯\\_(ツ)_/¯ **_> ]- ** \n]__**\\*a||(- ¯\\_(ツ)_/¯||[*****~~(__*||**||***** )(] __~~***- ~~***** ____\n]_])a~~*( *****\n[||(*******__****¯\\_(ツ)_/¯**~~#a- a~~]]_(- [[ __*****)¯\\_(ツ)_/¯***_#¯\\_(ツ)_/¯****##_aa*********_a- (_*****\n- *****]*||[*__> ]\\*[__ > **||** ~~\\****__ _¯\\_(ツ)_/¯\\******#***a** a\n)¯\\_(ツ)_/¯__** \\* __*- )]@everyone_*\\**\\*~~******a*****_~~ ]¯\\_(ツ)_/¯__*> \\*****[_||***¯\\_(ツ)_/¯> _]*****][___¯\\_(ツ)_/¯~~]#*~~- *[*****- *~~____\n*@everyone [(*- *****> > @everyone]___[~~]@everyone\n___¯\\_(ツ)_/¯- ||¯\\_(ツ)_/¯*)******||~~***||_\n*****[__~~]_@everyone_¯\\_(ツ)_/¯ ~~¯\\_(ツ)_/¯a***(*- _\\*- @everyone||¯\\_(ツ)_/¯____(¯\\_(ツ)_/¯@everyone@everyone~~****~~**\\*]\\***- __***)**_*]#* ** * ¯\\_(ツ)_/¯*(_******** ]*> ~~¯\\_(ツ)_/¯_¯\\_(ツ)_/¯********__****** )~~_ __@everyone> _|| ||~~a- **\na_*¯\\_(ツ)_/¯a()*****> *~~*\n- *****\\*\\*_)a])*)¯\\_(ツ)_/¯]@everyone~~@everyone****\\*\\*_> #[~~(\n> *¯\\_(ツ)_/¯[__))#***_**********(#*~~\n¯\\_(ツ)_/¯\\*~~****__**___**(~~_**- ||*[**(\\**- *\\*(_*_||********> - ~~- *> ||_*_\\*\\*)******[~~~~#__a)__\\*@everyone¯\\_(ツ)_/¯[***********_~~> *******> *****(@everyone___ (__**********\n> ~~*> __- *****__\\*]~~- *||a***()*a> **¯\\_(ツ)_/¯~~_***[||~~- ~~~~*~~@everyone********¯\\_(ツ)_/¯*)___*#[a_a- )*> ||_[*][ *** > ******* \n*- \\*__*__)*> \n\\*_a*****@everyone**~~[*****[ (*)\n__]*__***#*****#*@everyone¯\\_(ツ)_/¯(\n¯\\_(ツ)_/¯*****_*****- ******]*****@everyone*****\n#[\n[-  _- - *******\n¯\\_(ツ)_/¯*** *\\*#¯\\_(ツ)_/¯__~~||(> > \\*\n> @everyone)> )***~~#~~\n@everyone)@everyone*** a@everyone > __ ¯\\_(ツ)_/¯**~~¯\\_(ツ)_/¯##@everyone**___]> ]*_(_\\*¯\\_(ツ)_/¯(> ****\\*__*__)****)*) ***¯\\_(ツ)_/¯__\\*~~@everyone\\*~~~~[]************||a[\\***[*\\*@everyone~~***||@everyone[_a)\n\n- \\*_~~#@everyone#\n\n(*****#¯\\_(ツ)_/¯# *\n#- _******\\*\\*([\n***__*****@everyone [#__> ~~~~ *¯\\_(ツ)_/¯[]*@everyone*- - [a***** (**- *_***aa) **a@everyone> )- [__*****~~****[_***\\*_ ]¯\\_(ツ)_/¯\\**@everyone> \\*~~~~*[~~- > ||)¯\\_(ツ)_/¯||\n*****************__\n*[- *)~~***_||a~~*\n__#*)*****||*(||]\\*#]@everyone - _¯\\_(ツ)_/¯||¯\\_(ツ)_/¯*~~¯\\_(ツ)_/¯]**- \\*\n¯\\_(ツ)_/¯**- - **********\n@everyone*********(*- *#*___)***[> **\\******* [~~¯\\_(ツ)_/¯*****)__@everyone- a**_* @everyone[ (******[\\**_*#****\\******##a_]||__**a¯\\_(ツ)_/¯(_@everyone||- ****> [_~~\\*__a]- ******(||(*\n_||*****\n___¯\\_(ツ)_/¯(***_||¯\\_(ツ)_/¯*\n]]~~_***¯\\_(ツ)_/¯\n~~¯\\_(ツ)_/¯***)#*#\n *__**- - ]~~*\n\n||@everyone)\n***> ]||*********\n- _#||*-  a]~~*> ***](> *****> - *([[*****\n- > ***\n\n_a~~__*******\n- _a*****@everyone*@everyone***(*> *_)****#a\\****** \n_(_||*****#*¯\\_(ツ)_/¯(*\n*]*****- > a- *a#\n\n~~*****@everyone__ *****||*****@everyone*****\na__a)]> ]||)> *_(@everyone- ]||> ||____@everyone[*)||> [@everyone*** __a *****#)*]#~~¯\\_(ツ)_/¯a(([_]@everyone~~]___*]*#[_> [\n #> ~~\n _*** *a\\*a)#\na¯\\_(ツ)_/¯- ***[a_> ¯\\_(ツ)_/¯(\n> ***||||)***¯\\_(ツ)_/¯\\*@everyonea__¯\\_(ツ)_/¯_> []]__- *@everyone_@everyone||~~*******~~***¯\\_(ツ)_/¯[***> *__\\*_\n#*> ][> *\\* - [@everyone¯\\_(ツ)_/¯][***\n~~a> - a_**********¯\\_(ツ)_/¯- [_a*||¯\\_(ツ)_/¯- (- ******a#)\\*)¯\\_(ツ)_/¯*> #@everyone[*||*\\*]a@everyone**||*()*****#*____**> _#**-  ***¯\\_(ツ)_/¯||_(~~- \\*[||~~[)@everyone||_||***]***__> \\*#)\n***#*****[_¯\\_(ツ)_/¯- *****¯\\_(ツ)_/¯)|| __#*> (\n||\\*__ ***(~~(- ¯\\_(ツ)_/¯> ~~**__***#¯\\_(ツ)_/¯****_*****)#__***____***\\* ((a(****_> a > @everyone*¯\\_(ツ)_/¯@everyone\n***- ***> ********\n\\*[\n@everyone_********])__\n> **_]**a_**~~***#||- ||***> ~~**> **______\n¯\\_(ツ)_/¯[__)**- * )~~)]*******¯\\_(ツ)_/¯~~#*****(*_)\n~~_\n(***a~~¯\\_(ツ)_/¯\\*__@everyone~~~~*- \n*~~¯\\_(ツ)_/¯***\n\n\\*- _a> ****a*a(__**********a||_a[(]~~\n¯\\_(ツ)_/¯__)*a[* (~~||#¯\\_(ツ)_/¯)a\\*a*#***- ||__(_¯\\_(ツ)_/¯> ___ *a> > )*[*__¯\\_(ツ)_/¯(@everyone *\\*(¯\\_(ツ)_/¯(@everyonea*_(*******\\*> ***@everyonea~~__**#***\n¯\\_(ツ)_/¯\n- *****~~_a||@everyone@everyone\n~~__a_ > [(- )*******~~_@everyone****> > \\**)||__[) ***~~***- \n ]*#\\*_- *\n~~)> __||#- > *****||]\n )*¯\\_(ツ)_/¯_@everyone-  \\*_¯\\_(ツ)_/¯*****||*||_> ||~~\n***- *_\\**\n_¯\\_(ツ)_/¯[[(\n**> \n\n_\n\\*\n*]\\**#a > \\**||*||***~~*a ___~~***@everyone_**~~¯\\_(ツ)_/¯- *_)(> ***(_- - (a*a#***__)\n\naa||[_\\*> ~~__\\**__||*@everyone\n***** ", "#_)))*@everyone*(__***a) _~~\n**__[)*]*********_#@everyone)@everyone*¯\\_(ツ)_/¯\\***\\******(\\**)#*****@everyone~~*****\\*~~*****_(* *****a[*****_*- *_***\n#*****__\n¯\\_(ツ)_/¯#**#__()- **_\na_*- ]****_*||**#**¯\\_(ツ)_/¯#||- *****¯\\_(ツ)_/¯[> \n¯\\_(ツ)_/¯> [>  ~~***__( *****\n_||¯\\_(ツ)_/¯*[[**__**||[[ **]*@everyone@everyone#)> ** #___@everyone\n¯\\_(ツ)_/¯- ***a]~~**_*****#*\n(**] *||||*_> ***[_]\n*_*****][- @everyone> [[**\n**__**a - __(_*)]> [[@everyone*__*\n\n- @everyonea~~*a[*~~~~**__*@everyone(*a||\n**> ||\\*@everyone\\**> *********#~~***[_\n~~** [*#@everyone]- *****_**_]a ||*|| __\n#__\na**@everyone])# (_[~~**¯\\_(ツ)_/¯*)**\\**)- _)***a~~@everyone> \n#* ] - **#\n*)***||@everyone\\*~~*******||#aa@everyone~~]~~#~~[******]||***- >  #a\n@everyone*****(¯\\_(ツ)_/¯*****__> ||)#]**- *****\\*¯\\_(ツ)_/¯*@everyone __**\n||******__***** ||)\\* *¯\\_(ツ)_/¯___- ¯\\_(ツ)_/¯**)¯\\_(ツ)_/¯||||*********¯\\_(ツ)_/¯¯\\_(ツ)_/¯***- > ****\n@everyone~~([a*__a) (#***\n([a__~~||**||@everyone**\n~~[*****~~*)> - **||]a||#[ )(*****__> @everyone#||([\n*******> ¯\\_(ツ)_/¯**> @everyone- *¯\\_(ツ)_/¯\n*||*****> a#*~~_( _*__> ***\\*)#~~(*[||||¯\\_(ツ)_/¯#*@everyone*- *)#)##__***- *** _)||¯\\_(ツ)_/¯_@everyone]||¯\\_(ツ)_/¯> a_ ¯\\_(ツ)_/¯[*@everyone*(> @everyone||\\*~~(___ ******\n>  >  [* *- ****\\******\na\n*@everyone> @everyone(a(#*****]> ***))*****\\**#__******[||> \n*¯\\_(ツ)_/¯*¯\\_(ツ)_/¯@everyone-  [ > a**********- _ )a¯\\_(ツ)_/¯_*****_ _***~~*¯\\_(ツ)_/¯*****a*****(> **@everyone)*)_# **@everyone***¯\\_(ツ)_/¯(*__¯\\_(ツ)_/¯ @everyone]*****_~~) _(**a______ [)*- -  > #(*****a||_* @everyone\na)[_¯\\_(ツ)_/¯)¯\\_(ツ)_/¯#_)\n#_ [¯\\_(ツ)_/¯*@everyone*** ****[¯\\_(ツ)_/¯(@everyone***** ||**)¯\\_(ツ)_/¯*[\n_\na\n***a¯\\_(ツ)_/¯\\*[#\n**__]||*]***~~* a]***_- \n**- a[#[ _(_@everyone#)[  \\**\\*@everyone[[***(||_@everyone@everyonea***#(***|| ___a** #\\*_@everyone\n\n__aa \n]#- ]*\\*(\\*- > )> __a> ~~¯\\_(ツ)_/¯*[_\n]____ *[> ]\n~~> ][[***_[_____\n_*> *@everyone~~******__***(¯\\_(ツ)_/¯[**[) ))#_||#*____- a¯\\_(ツ)_/¯**a#[@everyone_#*******¯\\_(ツ)_/¯**||@everyone\\*~~[a\n)_-  \n**- ~~*#)**(\n(*-  __*@everyone)*****(", "- ]([](https://a.co \"t\")> *`[\\¯\\_(ツ)_/¯]( https://a.co)ahttps://a.coa[ ](x:/y)`\n_[`]() \n[](https://a.co/(x))- ](- []( https://a.co**<[\\`x:/_\n](https://a.co \"t\")<> [[\t\n\\ ||](https://a.co \"t\")  \n\\> []\t](https://a.co/(x))-   \n[[    ~~ \n]( \\_[*](https://a.co/(x))- `[](https://a.co)\n  \n  \n[](<https://a.co>)](\n<[**¯\\_(ツ)_/¯x:/\\\\ ](http://o)` - [](<https://a.co>)\n*[:\\\\](x:/y)\n\n\\[\\\\#__- ](<https://a.co>) "]
  for (const text of halved) it(`should print the tree of ${JSON.stringify(text.slice(0, 60))}… in two runs`, readsBack(text))

  // Each node saw the first 512 characters of what follows it, and an escaped `<` of `<https://` before
  // a `>` further on was printed bare, or bare where a far `>` took it, in every form: these printed
  // only once a print that failed was made again with each node seeing all (the shortest that failed,
  // found by a random search of repeated patterns printed at 800 characters).
  const far = [
    `${'\\<https://`'.repeat(47)}> # https://`,
    `${'!)\r\n\\<@<https://'.repeat(35)}>\`\`\`1. `,
    `\\<https://${"'/'#|](".repeat(72)}!>1`,
    `\n${'**\\<https://'.repeat(44)}*<a:b:1>`,
  ]
  for (const text of far) it(`should print the tree of ${JSON.stringify(text.slice(0, 40))}…, whose \`>\` is over 512 characters on`, readsBack(text))

  // Italics that only `_` can close (content that ends or starts with a space), each before a text that
  // starts with a word character: the text has to start with a refused URL in angle brackets
  // (`_https:// _<https://> x`). Found by a search, these ran out of budget in a block (a quote, a list
  // item, a heading) from sixty italics on, and took 1.3 s at the root with 200 (found by `bench/hunt.js
  // --print`, seeds 1 and 7).
  const wordAfterItalic = [
    ...['> ', '- ', '# ', '-# ', '>>> ', ''].map((block) => block + '_<https://> '.repeat(200)),
    `${'> _<https://'.repeat(67)}<@(`,
    `> ${'_ <https://>_<https://> '.repeat(80)}`,
  ]
  for (const text of wordAfterItalic) it(`should print the tree of ${JSON.stringify(text.slice(0, 40))}…, italics before words`, readsBack(text))

  // After a masked link whose target holds a `(` that nothing closes, a text whose two spaces before a
  // newline only a refused link keeps: raw, its `)` closed the target; escaped, its `[` broke the
  // refused link (found by a random seed of the link soups, -116946086, and shrunk).
  const openTargetThenRefused = ["https://a.co- [`](https://a.co/(x)\n\\)[](https://a.co)[[](https://a.co  \n[:]](https://a.co)  \n", '[`](http://()\n\\)[[]  \n[]]()\n']
  for (const text of openTargetThenRefused) it(`should print the tree of ${JSON.stringify(text)}`, readsBack(text))

  // A text with two spaces before a newline prints as a refused masked link, raw, whose target `(()`
  // stays open, and a link after it needs the no-break space the client takes out of link text to
  // stay apart (found by a random seed of the link soups, 1940322639, and shrunk). Also where the
  // target holds brackets of its own, `[]()`, whose `](` is not the one left open (found by
  // `bench/printable.js --kinds=links --lengths=200 --seed=91`, and shrunk).
  const afterRefusedOpenTarget = ['[  \n](()[\u00a0>)](http://x)', '[  \n]([]()[a\u00a0](http://a)`)`', '  \n]([https://a.co  \n\u00a0 ](https://a.co/(x)<*[\u00a0a>)](https://a.co/(x)<https://a.co[\u200b\n](x:/y`https://a.co*[> a_]https://a.co[](https://a.co/(x)_ *[ :> ](https://a.co \"t\"\n*https://a.co[\\`<@1>](<https://a.co>))\n- [  \n\\||_||]( https://a.co*']
  for (const text of afterRefusedOpenTarget) it(`should print the tree of ${JSON.stringify(text)}`, readsBack(text))

  // A `<` that ends a bare URL, before a span whose text holds `:/`: escaped, the `<` would join the
  // URL; bare, it starts a URL in angle brackets across the span, which only an escaped `/` in the
  // span breaks (found by a random seed of the URL-dense texts, -1602632326, and shrunk).
  const angleAcrossSpan = ['http://x.://<||tel:</://>||>', 'http://x.co<**a:</://>**>', 'http://x.co<||**~~tel:</://>~~**||>', 'http://x.co<a||b:</://>||>']
  for (const text of angleAcrossSpan) it(`should print the tree of ${JSON.stringify(text)}`, readsBack(text))

  // A star italic around a masked link whose text holds a backslash before a delimiter: the italic's
  // scan for its closer reads `\\*` as an escape, and closes too early, unless a no-break space, which
  // the client takes out of link text, stands between them (found by `bench/printable.js
  // --kinds=links --lengths=400 --seed=96`, and shrunk).
  const backslashInLinkText = ['*[\\\u00a0**](http://a)*a', '> *[\\\u00a0**](http://a)*a']
  for (const text of backslashInLinkText) it(`should print the tree of ${JSON.stringify(text)}`, readsBack(text))

  it('should print every well-formed tree it does not reject as text that parses back to exactly that tree', () => {
    fc.assert(
      fc.property(rootArbitrary, (tree: Root) => {
        let text: string
        try {
          text = print(tree)
        } catch (error) {
          if (error instanceof StringifyError) return
          throw error
        }
        expect(withoutPositions(parse(text))).toEqual(tree)
      }),
      options,
    )
  })

  // What a bot does with what its users type: a text node of it, printed. The client rewrites some
  // characters before it reads a message (line endings, tabs, form feeds) and drops two or more spaces
  // before a newline, so no message shows those as typed (the printer rejects them, quickly); with
  // those rewritten as the client does, every text prints, as a message that reads back as that text.
  it('should print every typed text, rewritten as the client rewrites it, as a message of just that text', () => {
    const typed = fc.oneof(unicodeText, markupText, markupTextWithControls, linkSoupTextOf(), urlDenseTextOf(), emphasisDenseTextOf())
    fc.assert(
      fc.property(typed.map(asTheClientShows).filter(Boolean), (value) => {
        const tree: Root = { type: 'root', children: [{ type: 'text', value }] }
        expect(withoutPositions(parse(stringify(tree)))).toEqual(tree)
      }),
      options,
    )
  })

  it('should never return text that reads back differently, even where the printer falls short (the final check)', () => {
    fc.assert(
      fc.property(fc.oneof(markupText, markupTextWithControls, longDenseTextOf({ maxParts: 400 }), starDenseTextOf({ maxParts: 200 })), (text) => {
        const tree = withoutPositions(parse(text))
        let printed: string
        try {
          printed = stringify(tree)
        } catch (error) {
          expect(error).toBeInstanceOf(StringifyError)
          return
        }
        expect(withoutPositions(parse(printed))).toEqual(tree)
      }),
      options,
    )
  })

  // Counterexamples the properties once found (the first four were long known gaps): runs of one
  // delimiter character split between nested spans and a sibling, text left by a construct the client
  // refuses (a masked link, a URL in angle brackets) next to something it would join, escapes that a
  // bare URL before them would swallow.
  const regressions = [
    // After a link to `https://a.co/(x`, typed as `(https://a.co/(x)` and followed by the text `[\)`,
    // the escapes the rules put on that text (`\[`, `\\`) let the target take `(x)` as a group and
    // them after it, up to the text's `)`; typed bare, the `[` reaches no `)` before the line break
    // (a random seed of the link-soup property found it).
    "[`](https://a.co/(x)[\\)[:\n](https://a.co]([]()[",
    "_******\\*******# _",
    "_\n_<https://a.co/(x)\n<@123>",
    "[  \n](¯\\_(ツ)_/¯******",
    "https://a.co/x)<\n  \n[a](<https://a.co>)",
    "***\n> \\\\*",
    "**[a](https://a.co \"t\")  \n](¯\\_(ツ)_/¯_",
    "*> \\\\*",
    "*[](\t\n)__¯\\_(ツ)_/¯",
    "*_____<steam:/x>¯\\_(ツ)_/¯* ",
    "- *~~\n  1. @~~",
    "<@123># [  \n]()",
    "<@123>* [[  \n](<@123>[a](https://a.co)",
    "<@123>-# [a](<https://a.co>)\n  \n]()",
    "> \n>>> ",
    "[\t\n)  \n]()",
    "[](  \n)\\\\<@123>",
    "[a](a.co)\n  \n]()\\\\*",
    "\\<@123>[  \n](:[a](https://a.co)",
    "\\<@123>[\t\n]()",
    "\\<@123>[a](a.co)](  \n)",
    "\\<@123>[a](https://a.co)  \n](¯\\_(ツ)_/¯",
    "\\\\[  \n]()",
    "\\\\[[  \n]()",
    "\\\\[a](https://a.co \"t\")](\n  \n<@123>[a](<https://a.co>)",
    "_  _<steam:/x>",
    "_ _<steam:/x>",
    "_## _<steam:/x>",
    "_*****1*\n****_____",
    "_- _<steam:/x>",
    "_1. _<steam:/x>",
    "_>>> \\\\_",
    "_\n_<steam:/x>",
    "_\t_<steam:/x>",
    "__> _<steam:/x>",
    "__\n_<steam:/x>",
    "_______<steam:/x>*\\\\* _",
    "_ _<steam:/x>",
    "_ _<steam:/x>",
    "https://a.co/(x):<steam:/x>",
    "https://a.co/(x)<[a](https://a.co \"t\")<@123>",
    "https://a.co/(x)<[a](https://a.co \"t\")>",
    "https://a.co/(x)<https://a.co/(x)\n  \n<@123>",
    "https://a.co/x:<[a](<https://a.co>)",
    "https://a.co/x:<steam:/x>",
    "https://a.co/x<*##   \nhttps://a.co/x<@123>*",
    "https://a.co/x<[a](https://a.co \"t\")<@123>",
    "https://a.co/x<[a](https://a.co \"t\")>",
    "https://a.co/(x):)<steam:/x>",
    "https://a.co/x\n  <\n[a](<https://a.co>)",
    "1. ```\t``\n`*`",
    "# *****\n**<@123>**",
    "_\n******)****\n_______",
    "# _____\n__*__",
    "_____________******",
    "\\[a](https://a.co))<steam:/x>",
    "#\n_>>> _\n1",
    "*1. \\\n*2",
    "[  \n<https://a.co>\t\n]()",
    "[a](https://a.co \"t\")https://a.co/(x)](<@123>\\)",
    "[  \n<https://a.co>](\n  \n)",
    "## *\n <\n<https://a.co>",
    "**<[a](https://a.co)\n>*3",
    "[a](https://a.co)](  \n[a](https://a.co)  \n)",
    "\\<[a](<https://a.co>)  \n]()",
    ">>> > [\t\n]()",
    "_1. _\\_3",
    "https://a.co/(x)<steam:/x>[\t\n](\u00af\\_(\u30c4)_/\u00af",
    "1. -# \u2029",
    "#  <\u2028<steam:/x>",
    "* -# \u00a0",
    "https://a.co/(x)<*~~ *<https://a.co>",
    "````*`  ``",
    "_____\\_0",
    "~~~~~\\_3",
    "_\n*****]]______*\n\\\\_",
    "* <[a](https://a.co)\n  >",
    "## ||||<steam:/x> ||",
    "1. > <steam:/x>\r\n *",
    "> ****<steam:/x>\n*",
    "> ____<steam:/x>\n*",
    "> https://a.co/x<steam:/x>\n\t",
    "||>>> ### | ||",
    // Two lists in a row: inside a list item (a blank line separates them), and after a bare URL and
    // text (which ends in a line break so that the first list can indent).
    "* *\n    1. *\n  - <@123>",
    "1. * *\n \n  1. *",
    "http:///x]\n  \n * \\\n1. @",
    // Two lists in a row in a quote or spoiler inside a list item: the first indents, as outside items.
    "0. >>>  * >\n  - .",
    "0. || 0. *\n  * 9||",
    // A span in a list item keeps the newline before a list inside it (only the item's own content drops it).
    "1. ** -  \n  1. .**",
    // Short chains of spans inside a search: printed in one loop there with no choice of form, and no
    // fall-back on their handlers, these were lost (now a decision picks the form, and the handlers
    // take over when no form reads back).
    "*****_****_",
    "**a**_****_",
    "a_..\n\n_*______*",
    "_  ___*____*\\__ __",
    " _**\n_*****\\__***   ***\\",
    // Inside a search, each span falls back on the other delimiter and view when the ones decided fail on
    // its own content, so the flips go to what its neighbours need (these took four or more flips).
    "a_\n\\\\_*__*__a\n_ ",
    "_*_** * * _\\***_*_*\\\\*",
    "\\ _ .a_*_*_\\.a\\\\_",
    " __ _\n*\\_*_*_\\_*  \n.__",
    "a_ *\\___* _*a*_.._\n_\n",
    " a_\n._*\\**\n_\n _**_.*a__*",
    "|_ *_-~\n_~aa~a~--\n_*_|*_\\*\\_`1\\*#>|_>1*#",
    "_\n\n*_*__*\n_a_*\n__ \n_*_*\n",
    "_\n* \\\\_*_*_****_**\\\n ",
    "|*`>|~_`_\\~*_a_\n>>- \\>\n*_*1 `\\a||*_*\n*",
    "_\n_*\\|>*_*a11* ``_-*___*a*** *_`\\->_>a|_",
    // Two spaces before a newline survive only in a refused construct, here a masked link with a blank
    // target; in a list item, the text before it is checked as item content (headings off), so its `#`
    // needs no escape.
    "- # [\t\n ]()",
    "- # [  \n\t]()",
    // A heading at the end of a span in a heading: no newline may end it there, a space does.
    "# ~~# ~ ~~",
    // Text ending in a newline at the end of an item: a refused URL in angle brackets keeps it, from
    // where its scheme starts.
    "- :<p:/\n >",
    // A text before an indented list ends in a line break, and is escaped with it in place (a `#` or
    // `>>>` before it would start a block that runs on past the newline).
    "\\#  \n - #\n0. |",
    "\\>>>  \n - 1\n1. #",
    // Three flips among more than 16 decision points (an italic holding code and an italic, beside more).
    "_`*`**\\_*`_*-\n|*_`_*",
    // A masked link's URL that ends in `>` (the optional end of `<url>`, which it would lose).
    "[a](tel:+1]>>)",
    "[a](https://a.co/>>)",
    // The choice that mends a span lies past the first 24 decision points of the search: the
    // italic around `http://(_` takes `*` only if a sibling to its right changes form (found in
    // random messages of 1,000 characters and more).
    "**\t** *http://(_*_>_/__\n- b\r ]**<*)\n~\n)__(____(_~]\n_~]  \n",
    // Text after a bare URL that starts with `<`, which must stay unescaped (a `\<` would join the
    // URL), and would start an e-mail link: only a refused `<url>` further on breaks it.
    "http://ao<:<@:/.o>>",
    // A chain of seven italics around a star, whose outermost must take `_` next to the runs of
    // stars around it: a choice only a search one level up can make.
    "********_*************************_*********************<#**)*******************- ***************************************************************************************************\r\n****************- *****",
    // Runs of stars beside spans of stars and underscores, whose forms depend on each other across
    // the message: each needs flips in several siblings at once (the search keeps the flips that get
    // it past one more sibling), a chain with its run escaped (`***\\****`), or a list with `*` bullets,
    // which a star italic before it cannot read past.
    '*_\n_***_***__***¯\\_(ツ)_/¯***> ***_***]*¯\\_(ツ)_/¯***\r\n***_***_*[*',
    '*************************\r\n* ******************************************************************************************\n</a:*********\\**********\\******)**@everyone*__*******************__***************************',
    '__e__***\\****',
    '_\n_***\\****',
    '*\\**__)*__*_**_[__\\__*****_(_',
    '*\\**__****)*__***__**_[__\\* __*****_\\_(_',
    // Spans whose forms constrain each other in a chain (a strikethrough cannot stand before `_`, so
    // the italic after it takes `*`, so the one after that cannot…): the search backs up from flips
    // that got it further but led nowhere.
    '**>**~~|~~*>*_*\\**]_*__]_*_)_\n***[\n***',
    '*\n__*__*(*_(_/_*)_*]*___***]*******~__a***|\\**',
    // The same, past the budget while every run of the search printed the whole message again: a run
    // now prints anew only what its flips change and what comes before it (the rest it printed in an
    // earlier run, with the same flips, is kept).
    '~~*\\**_)__ _*a*****[_****\n_**~~*****(*****_ツ)_ ',
    // A bold first that needs its right sibling to start with `_`, which needs the one after it to
    // start with `*`, and so on to the end: a chain of italics whose delimiters alternate. Each flip
    // alone makes the sibling it changes fail, so the climb, which keeps only flips that get further,
    // never took them; it now tries the delimiters of every right sibling up to the m-th at once.
    // (Shrunk from a random star-dense message of 1,000 characters; no budget printed it before.)
    '**\n***_*~*****]*_*__****\\_)_*_)_~*e*_)*_)__\n****)_****',
    // Runs of the search printed it whole but read back differently in the middle, and the climb, with
    // nothing to say where, looked for flips around the first children; it now looks around the first
    // child that reads back differently. (The last expected failure of the session before.)
    '*****(*[***_¯***_||*\n)||*)_*_*****_*|\\*_*****_~_(_a_',
    // Found by fuzzing with every token: a `mailto:` URL in angle brackets that is no e-mail address
    // printed without its scheme; and a bare URL that keeps its last `.` before an unbalanced `)`
    // called itself invalid where only its place was wrong (an escaped `)` after it), which ended
    // the search that would have found the line break it needs.
    '<mailto:/(>',
    '_http://co<@everyone  \n:/t>http://x.)_',
    // And a `<` that must stay bare after a bare URL, where the line break at the end keeps a `<url>`
    // from closing at the final `>`: a search's run kept the `<` printed escaped for a context whose
    // first 64 characters were the same, without the break (the key now holds all of what follows).
    `http://co<@everyone:/${'a'.repeat(60)}  \n>`,
    // Texts that keep two spaces before a newline inside a construct the client refuses, where the
    // first form that reads back alone is not the one the neighbours need: a `<url>` that takes the
    // final newline from the list after it, and a first line without the line break that keeps the
    // `<` before from starting a `<url>` across it (a search now may take a later form).
    '[  \n]():/\n- a',
    'http://x(<http://co  \n>[](  \n)',
    // (And the third or fourth form.)
    '[]([](  \n) http://](@)',
    'http://co<http://--  \n[>  \n:/]()',
    // What the property on text dense in URLs found on the printer before these (4,777 runs).
    'http://http://<http://x.123456789012345678https://a.coxn--<t:](<<<id:](<<<<[  \n> ',
    // A text that ends with a newline inside a star italic before a word character: only the refused
    // `<url>` form keeps the newline off the closer, and it was no choice where nothing but newlines
    // followed the `:/`.
    '*<p:/\n>*t',
    // The same where the scheme starts after a `:` or space; and a refused link's text whose first form
    // that reads back alone runs on into the inline code after it (found by fuzzing messages of up to
    // 1,200 characters; the first form that reads back before what follows now wins).
    '*:<p:/\n>*x',
    '*a <p:/\n>*x',
    '[]([[](  \n))`]()`',
    // A refused link whose raw part ends after a `](`, before a `<url>` the client refuses.
    '[]((  \n):http://\\)](<\n:/\\>/',
    // An unsafe bare URL, which the client shows as typed, after a refused link: escaped, it let the
    // link's target run on to its `)` (a search may now print it as typed).
    '[]((  \n)_:steam:///\\)\n:/%_',
    // A text that ends with a newline at the end of a list item, which the item trims, in a quote or
    // holding one: only a refused `<url>` keeps it (the test for that edge had left out everything in
    // a quote; it now follows the last children down from the item). Found by fuzzing lines of blocks.
    '>>> - <s:/\n >',
    '  - >>> <s:/\n\t>',
    // A list item's bullet takes the spaces after it, not a no-break or em space: such text needs no
    // refused `<url>` at the start of the item, whose `>` went to the start of the quote line after it.
    // And a `#` at the start of an item in a quote needs no escape either (the item, not the quote,
    // holds the text). Found by fuzzing lines of blocks with other whitespace after the markers.
    '* \u2003:/\n > a',
    '* \u00a0:/\n > #',
    '>>> - #\u00a0[](  \n )',
    // Nor at its end, which loses only spaces and newlines: a text ending in an em space took the
    // refused `<url>` form, whose `<` joined the one before it.
    '1. http://co<@everyonep:/\u2003',
    // A refused link (a tab makes the spaces before its newline) before a code block within the line,
    // which let the link's target run on to the `)` in the block: in a search, the block may take a line
    // break after its fence.
    '[\t\n](()```\n*)```',
    // An item at the end of a heading loses what the heading trims: any whitespace at its end.
    '# * <s:/\u00a0>',
    // A text after a bare URL at the end of a star italic, before a word: only the refused `<url>` form
    // ends it with something other than a newline, and in a search it may now come first.
    '*http://o(<<:/\n>*o',
    // A span whose own search failed reported the error of its last run (a quote a flipped text left
    // without its line end), which kept the search of the root, which flips the italic after it, from
    // running. Found by fuzzing messages dense in URLs.
    '*_\n> p:/\n(_*_)_',
    // A refused `<url>` cut before the final newlines of its text, so that its `>` does not take the
    // line start a list after it needs (found by the property on lines of blocks, another seed).
    'http://x.)<s:/\n>  \n  - <s:/\n\n',
    // Inline code after a raw backslash in a masked link's text: the client checks the text read with
    // escapes, where the padded form's first backtick is escaped and the mention in it shows.
    '[\\```@everyone``](http://o)',
    // (And three backticks there open inline code, not a code block, which link text does not hold.)
    '[\\```@everyone`` ```](http://o)',
    // (Or a fence longer than it needs, which a raw backtick in the text before would otherwise close.)
    '[`\n`` ``](http://o)',
    // A text after a bare URL that ends a list item with a newline, which the item trims: the refused
    // `<url>` form comes first there.
    '- http://o\\<<:/\n >',
    // Found by fuzzing masked links with code, backslashes and brackets in their text: a backtick
    // before the code, which pairs with a padded fence; a backslash before a space, which a link
    // target before it reads as an escaped space; a refused link whose escapes extend a target before it.
    '[` ```_``](http://y)',
    '[`\u00a0```\n``](http://o)',
    '[\\](http://o)`](`\\\\ http://)o',
    '[|](http://()[\\)\t]()',
    // A refused link whose text starts at the seventh `[` back (the first is now tried too), and one
    // whose escaped `)` before it keeps a link target before that from running on.
    '[]([[[[[[  \n)',
    '[>](http://()\\)[  \n]()',
    // Text after a link whose target holds a `(` that nothing closes, a backslash before a `)`: the
    // escaped backslash is no escape of the `)`, which needs its own (a random seed found it).
    '[*](https://a.co/(x)\\\\\\\\\\)',
    '[a](https://a.co/(x)\\\\\\)',
    // The text before a refused link keeps trying its brackets escaped but for one after a backslash:
    // with that form gone, this soup (another random seed) did not print.
    '[](https://a.co\\\\)[  \n](  \nhttps://a.co[](https://a.co)*[`]( https://a.co)> *[](https://a.co[](https://a.co/(x)',
    // Link text prints raw, so only a line break's spaces keep a star italic from closing after its
    // newline, or a `<` before the link from starting a `<url>` across it.
    '[*\\  \n*](http://o)',
    // (And with two newlines, each of them: a random seed found the soup this one is cut from.)
    '[  \n*\\  \n*](https://a.cohttps://a.co[](https://a.co[](https://a.co)',
    'http://x))<[:/  \n>](http://o)',
    'http://*\\<[  \n:/1>](http://o)',
    // Inline code whose fence is two backticks longer than it needs, after raw ones in link text.
    '[``\\```/```](http://")',
    // A soup of refused masked links whose search ran out of budget: it parsed the same few hundred
    // texts some 24,000 times (a text parsed before now costs the budget a sixteenth).
    ')> [[\t\n\\ ||](https:/\n\\> []\t](htt))-\n[[a.co/(x)))\n  \n  \n[](<https://a.co>)](\n<[**¯\\_(ツ)_/¯x:/\\\\\u00a0](http://o)`:',
    // A refused link that keeps a line break's spaces, and starts at a `[` behind the nearest six:
    // the starts further off whose link the rule reads past the break are tried too.
    'http://[\\] []([[[[[[  \n)',
    '[\\`][[][][][`][][]  \n[]]()',
    '<[_]:/o>[[][_][][][][]  \n[]]()',
    // A text holding a line break after an italic, whose closing `_` cannot stand before the text's
    // first character, a letter: the refused `<url>` at its start must wrap, and the refused link after
    // it keep the break.
    '_ _<t:/)>[  \n]()',
    // The same italic before a URL that the client takes in brackets (`<http://b>`) but refuses cut
    // after its `//`, the one form whose `>` keeps the closing `_` off the `h` (found by fuzzing every
    // token; `stringify` threw before).
    '_ _<http://>b',
    'x_ _<https://>b.co d',
    // But an underscore after it takes an escape, and needs no brackets, which here would not read back
    // (shrunk from a random star-dense message of 800 characters).
    '___ _\\__:/a__',
    // Soups of refused links whose root's search ran out of budget before the one flip each needs,
    // the form of the link or text after the long text that fails (shrunk from ones of 400
    // characters): the children's first decisions now go first among a search's single flips, and a
    // climb tries the neighbours' before the hundreds of a text of refused links.
    ')[[a[]()_`  \n[`://o) [<t]( ))[]())<[](x:/y)`](  \n[/]()*[a[t]( http://a)_  \n[[__](https://a.)\n\n(https://co)> [`\\`](https://a)\n[_[](https://))[\\\\```<@1>  ```](https',
    '[[  \n](:/y)[[]()\n[**\\\\\u00a0~~](htx))a[\n[[o>)https://a.co  \na[*- *](https://a.co)[¯\\_(ツ)_/¯](http://o*- _]__](x:/y\\*a[\\]()`<]([]]( http://o)\n>~~\\s:/o)',
    '\\\\[`ax:/a  ]( \\[[(https://a.co/(x))](  [```[](https://a.co "t")*\n*[  \n@.co>) _[~~||](x:/y) >  [<].co`[||~~]]]((x)\\a[#]( http://o)\n[>](_a\n\\_)_\\x _](https://a.co[\n* [http://](||<t:1>](',
    // Found by a random seed of the link-soup property (183611957): the raw link of the first text would
    // run on to the last `)` but for two flips in its right neighbours (a space before the italic's
    // link target, the last text's brackets escaped); the search tried no pair of those before.
    '[](https://a.co\\\\)[  \n](  \nhttps://a.co[](https://a.co)*[`]( https://a.co)> *[](https://a.co[||](https://a.co/(x)',
    '[](https://a.co\\\\)[  \n](  \nhttps://a.co[](https://a.co)*[`]( https://co)> *[]([||](https://a.co/(x)',
  ]
  for (const text of regressions) it(`should print the tree of ${JSON.stringify(text)}`, readsBack(text))

  // Runs of stars or underscores that nested spans split, inside an italic: they print in one loop
  // (`chain` in the handlers). Through the search they took seconds, and past about 49 characters
  // they ran out of its budget.
  for (const n of [45, 49, 81, 251, 1000]) {
    for (const [d, o] of [['*', '_'], ['_', '*']] as const) {
      const text = `${o}${d.repeat(5)}1${d}\n${d.repeat(n)}${o.repeat(5)}`
      it(`should print the tree of a run of ${n} ${d} between nested italics`, () => {
        const tree = withoutPositions(parse(text))
        expect(withoutPositions(parse(stringify(tree)))).toEqual(tree)
      })
    }
  }

  // An odd run of stars whose form only reads back if the italic after it changes form: siblings
  // print right to left, the italic takes `*` first and joins the run, and only the search one level
  // up changes it. Inside that search, the run's chain of spans must still print in one loop (a deep
  // chain through the handlers spends the whole budget), and a chain that failed next to the old
  // form must be tried again next to the new one.
  it('should print an odd run of stars before an italic that must change form', () => {
    for (const n of [5, 47, 49, 51, 99, 301]) {
      const tree = withoutPositions(parse(`${'*'.repeat(n)}_\\__`))
      expect(withoutPositions(parse(stringify(tree))), `${n} stars`).toEqual(tree)
    }
  })

})
