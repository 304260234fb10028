"""``studspec describe``: a rule book's rules in plain English, generated from the YAML.

Nothing here is written for one variant: every sentence is either composed from the
book's numbers (players, stakes, streets) or is the phrase :mod:`studspec.authoring.phrases` holds
for an option's value; what a value implies (a fixed bet size, a burn before a street) is read
from its traits in :mod:`studspec.rulebook.options`, as the checks and the engine read it. So the
description is what the interpreter plays, a house rule reads as complete rules, and changing
an option changes the text. Options this module does not place in a section (added to the
schema later) still appear, under "Other rules".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from studspec.engine.blinds import blind_name, blind_round
from studspec.engine.cards import RANK_LETTERS, Rank, card_name, parse_card
from studspec.engine.evaluation import HIGH
from studspec.engine.qualifiers import LEAST_RANK, least_cards
from studspec.engine.wild_cards import SINGULARS, plural, wild_words
from studspec.rulebook.model import Face, Share, Street, Trigger, Variant
from studspec.rulebook.options import (
    BURN_TRAITS,
    DECK_TRAITS,
    EXHAUSTION_TRAITS,
    HAND_TRAITS,
    INDICATOR_TRAITS,
    STRUCTURE_TRAITS,
    TRIGGER_EFFECT_TRAITS,
)

from . import card_decisions
from .document import Document, Point, Section
from .overrides import IDENTITY, Lineage, lineage, related, shown
from .phrases import Phrase, fill, follow_phrase, named_values, phrase, schema_default, schema_options, value_key

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_LOW_RANKS = ("", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king")  # fmt: skip


def _number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def _ordinal(n: int) -> str:
    """``second`` for 2; past the eighth, ``9th``."""
    return _ORDINALS[n] if 0 <= n < len(_ORDINALS) else f"{n}th"


def _sentence(text: str) -> str:
    """``text`` as a sentence: capital first letter, a full stop at the end."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


class _Builder:
    """Collects the sections of one description and the options they state."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.book: Mapping[str, Any] = variant.resolved
        self.stated: set[str] = set()

    # -- reading the book ------------------------------------------------------------------

    def value(self, option: str) -> Any:
        """The book's value of a dotted option, or the schema's default when it is unstated."""
        node: Any = self.book
        for part in option.split("."):
            if not isinstance(node, Mapping) or part not in node:
                return schema_default(option)
            node = node[part]
        return node

    def said(self, option: str) -> Phrase:
        return phrase(option, self.value(option))

    def text(self, option: str, **extra: Any) -> str:
        return fill(self.said(option).text, self.book, **extra)

    def point(self, text: str, *options: str, lead: str = "") -> Point:
        self.stated.update(options)
        return Point(text=text, options=tuple(options), lead=lead)

    # -- sections ----------------------------------------------------------------------------

    def has_bring_in(self) -> bool:
        return any(street.bring_in for street in self.variant.streets)

    def players_and_stakes(self) -> Section:
        v, s = self.variant, self.variant.stakes
        ante = f"an ante of {s.ante} from every player before the deal" if s.ante else "no ante"
        bring_in = f"a bring-in of {s.bring_in}, " if self.has_bring_in() else ""
        if s.blinds:
            bring_in = f"{_blinds_words(s.blinds)}, "
        self.stated.update(("stakes.blinds", "players.no_peek"))
        blind = [self.point(fill(phrase("players.no_peek", "true").text, self.book), "players.no_peek")]
        return Section(
            "Players and stakes",
            (
                *(blind if v.no_peek else []),
                self.point(f"From {v.min_players} to {v.max_players} players.", "players.min", "players.max"),
                self.point(
                    f"Stakes, in the table's smallest unit (chips or cents): {ante}, {bring_in}"
                    f"a small bet of {s.small_bet} and a big bet of {s.big_bet}.",
                    "stakes.ante",
                    "stakes.bring_in",
                    "stakes.small_bet",
                    "stakes.big_bet",
                    "stakes.blinds",
                ),
                self.point(
                    f"When studspec plays or simulates hands, each player starts with {s.starting_stack}.",
                    "stakes.starting_stack",
                ),
            ),
        )

    def betting(self) -> Section:
        cap = self.variant.raise_cap
        bet = "a bet (or a completion of the bring-in)" if self.has_bring_in() else "a bet"
        if cap is None:
            cap_text = "There is no limit on the number of raises in a betting round."
        elif cap == 0:
            cap_text = f"A betting round allows {bet} and no raises."
        else:
            raises = "one raise" if cap == 1 else f"up to {_number(cap)} raises"
            cap_text = f"A betting round allows {bet} and {raises}."
        points = [
            self.point(self.text("betting.structure"), "betting.structure"),
            self.point(cap_text, "betting.raise_cap"),
        ]
        if cap is not None:
            points.append(self.point(self.text("betting.heads_up"), "betting.heads_up"))
        else:
            self.stated.add("betting.heads_up")  # without a cap there is nothing to lift
        points.append(self.point(self.text("betting.short_all_in"), "betting.short_all_in"))
        self.stated.add("betting.open_pair")  # said on each street the open pair can change
        return Section("Betting", tuple(points))

    def size(self, street: Street) -> str:
        """The street's bet in words and chips: "the big bet (800)", "twice the big bet (1600)"."""
        if street.bet is None:
            return ""
        noun = phrase("streets.bet", street.bet.value).noun
        amount = self.variant.stakes.bet(street.bet, street.bet_times)
        times = {1: "", 2: "twice "}.get(street.bet_times, f"{street.bet_times} times ")
        return f"{times}{noun} ({amount})"

    def deal(self, street: Street) -> str:
        runs: list[tuple[int, str]] = []
        for face in street.deal:
            if runs and runs[-1][1] == face.value:
                runs[-1] = (runs[-1][0] + 1, face.value)
            else:
                runs.append((1, face.value))
        words = []
        for i, (count, face_name) in enumerate(runs):
            noun = "card" if count == 1 else "cards"
            what = f"{_number(count)} {noun} " if i == 0 else f"{_number(count)} "
            words.append(what + phrase("streets.deal", face_name).text)
        said = ", then ".join(words) + " to each player"
        if street.down_when_all_up and Face.UP in street.deal:
            said += f" ({phrase('streets.down_when_all_up', 'true').text})"
        return said

    def opener(self, index: int) -> str:
        """Who acts first on a street without the bring-in: the best board, or, while no up
        card has been dealt, the first player to the dealer's left (there is no board to read)."""
        blinds = blind_round(self.variant, self.variant.stakes)
        if blinds is not None and blinds.street == index:
            return (
                "the blinds are this round's first bets: the first player after the last blind acts first, "
                f"the {'largest ' if len(self.variant.stakes.blinds) > 1 else ''}blind ({blinds.level}) is the bet "
                f"to call{' or complete' if blinds.completed else ''}, and a blind nobody has raised may still raise "
                "when the betting comes back to it"
            )
        if any(card_decisions.shows_up(street) for street in self.variant.streets[: index + 1]):
            return f"{self.said('first_to_act.board').noun} acts first"
        return "no up card is showing yet, so the first player to the dealer's left acts first"

    def street(self, index: int, street: Street) -> Point:
        burned = BURN_TRAITS[self.variant.burn].burns_before(index)
        parts = []
        if street.deal:
            parts.append(_sentence(("a burn card, then " if burned else "") + self.deal(street)))
        parts += self.board_sentences(index, street, burned)
        if street.turn_up:
            cards = (
                "its next face-down card"
                if street.turn_up == 1
                else f"its next {_number(street.turn_up)} face-down cards"
            )
            parts.append(_sentence(f"Each player still in, in turn from the dealer's left, turns up {cards} (the "
                                   "first dealt first); nobody chooses which"))  # fmt: skip
        if street.turn_until_best:
            parts.append(fill(phrase("streets.turn_until_best", "true").text, self.book))
        parts += self.indicator_sentences(index, street, burned)
        parts += [card_decisions.sentence(decision, self.book) for decision in street.decisions]
        parts += (
            self.street_betting(index, street)
            if street.betting
            else [fill(phrase("streets.betting", False).text, self.book)]
        )
        known = {"id", "deal", "bet", "bet_times", "bring_in", "open_pair_big_bet", "decisions", "betting", "board"}
        known.update(
            ("indicator", "indicator_dealt_on", "board_dealt_on", "down_when_all_up", "turn_up", "turn_until_best")
        )
        raw: Mapping[str, Any] = next((s for s in self.book.get("streets", []) if s.get("id") == street.id), {})
        for key in raw:
            if key not in known:
                parts.append(f"({key}: {shown(raw[key])})")
        lead = street.id.replace("-", " ").capitalize() + " street"
        # The point reads every option its sentences depend on, so that a house rule
        # changing any of them marks the street.
        options = [f"streets.{street.id}", "deck.burn"]
        if street.betting:
            if self.said("betting.structure").street and street.bet is not None:
                options += ["betting.structure", f"stakes.{street.bet.value}_bet"]
            if not street.bring_in:
                options += ["first_to_act.board", "stakes.blinds"]
            if street.open_pair_applies:
                options += ["stakes.big_bet", "betting.open_pair"]
        return self.point(" ".join(parts), *options, lead=lead)

    def street_betting(self, index: int, street: Street) -> list[str]:
        """The street's betting round: its bet size, who opens it, the open-pair rule."""
        parts = []
        template = self.said("betting.structure").street
        if template and street.bet is not None:
            parts.append(_sentence(fill(template, self.book, size=self.size(street))))
        if street.bring_in:
            parts.append(fill(phrase("streets.bring_in", True).text, self.book))
        elif street.turn_until_best:
            parts.append(
                "Each new best hand showing brings a betting round of its own, opened by the player that turned it."
            )
        else:
            parts.append(_sentence(self.opener(index)))
        extra = fill(phrase("streets.open_pair_big_bet", street.open_pair_applies).text, self.book)
        required = fill(phrase("betting.open_pair", self.variant.open_pair).text, self.book)
        if street.open_pair_applies and required:
            extra = required
        if extra:
            parts.append(extra)
        return parts

    def streets(self) -> Section:
        return Section(
            "The streets",
            tuple(self.street(i, s) for i, s in enumerate(self.variant.streets)),
            numbered=True,
        )

    def bring_in(self) -> Section:
        v, s = self.variant, self.variant.stakes
        first = next((st for st in v.streets if st.bring_in), None)
        if first is None:
            # Nobody brings in, so how the bring-in is chosen and played does not apply.
            self.stated.update(("bring_in", "stakes.bring_in"))
            if s.blinds:
                return Section(
                    "The bring-in", (self.point("There is no bring-in: the blinds open the first betting round."),)
                )
            return Section("The bring-in", (self.point("There is no bring-in."),))
        where = first.id.replace("-", " ") + " street"
        if STRUCTURE_TRAITS[v.structure].fixed and first.bet is not None:
            complete = f"completing it raises it to {self.size(first)}"
        else:
            complete = f"completing it raises it to a full bet of at least the small bet ({s.small_bet})"
        points = [
            self.point(self.text("bring_in.card"), "bring_in.card"),
            self.point(self.text("bring_in.ties"), "bring_in.ties"),
            self.point(
                f"On {where} that player posts the bring-in ({s.bring_in}); {complete}. "
                + self.text("bring_in.completion")
                + " Each player after may call the bring-in, complete, or fold; once the bring-in is "
                "completed, the betting goes on as usual.",
                "stakes.bring_in",
                "bring_in.completion",
            ),
            self.point(self.text("bring_in.all_in_for_ante"), "bring_in.all_in_for_ante"),
        ]
        return Section("The bring-in", tuple(points))

    def first_to_act(self) -> Section:
        if _rolls(self.variant):  # the boards do not decide: the turn that made the new best does
            self.stated.add("first_to_act.ties")
            opener = "Every betting round is opened by the player whose turn made the new best hand showing."
            return Section("Who acts first", (self.point(opener, "first_to_act.board"),))
        return Section(
            "Who acts first on the other streets",
            (
                self.point(self.text("first_to_act.board"), "first_to_act.board"),
                self.point(self.text("first_to_act.ties"), "first_to_act.ties"),
            ),
        )

    def running_out(self) -> Point | None:
        """The deck arithmetic a rules designer wants: from how many players cards run short."""
        v = self.variant
        deck = DECK_TRAITS.get(v.deck)
        if deck is None:
            return None
        size = deck.size_without(len(v.removed_ranks), v.copies)
        extra = sum(card_decisions.replacements(st) for st in v.streets)
        cards = sum(len(st.deal) for st in v.streets) + extra
        burn = BURN_TRAITS[v.burn]
        burns = sum(burn.cards_burned_before(i) for i, st in enumerate(v.streets) if st.deal or v.middle_cards_on(i))
        board = sum(st.to_the_middle for st in v.streets)  # dealt once, not a seat
        need = v.max_players * cards + burns + board
        options = ("players.max", "deck.cards", "deck.removed_ranks", "deck.copies", "deck.burn",
                   *(f"streets.{st.id}.deal" for st in v.streets))  # fmt: skip
        burnt = f" and {burns} burn{'s' if burns != 1 else ''}" if burns else ""
        if board:
            middle = "community card" if not any(st.indicator for st in v.streets) else "card in the middle"
            cards_word = middle.replace("card", "cards", 1) if board != 1 else middle
            burnt += f" and {board} {cards_word}"
        if extra:  # a draw or a buy deals a replacement from the stub
            them = "one of them a replacement" if extra == 1 else f"{_number(extra)} of them replacements"
            burnt = f", {them}" + (f",{burnt}" if burnt else "")
        if need <= size:
            text = (
                f"A full table of {v.max_players} needs at most {need} cards ({cards} each{burnt}), "
                f"so the {size}-card deck never runs short."
            )
        else:
            short = next(n for n in range(v.min_players, v.max_players + 1) if n * cards + burns + board > size)
            text = (
                f"A full table of {v.max_players} who all stay to the last street would need {need} "
                f"cards ({cards} each{burnt}), more than the {size} in the deck: from {short} "
                "players the cards can run short on the last street."
            )
        return self.point(text, *options)

    def stripped(self) -> list[Point]:
        """The ranks a stripped deck lacks, and what that does to straights (``deck.removed_ranks``)."""
        v = self.variant
        if not v.removed_ranks:
            self.stated.add("deck.removed_ranks")
            return []
        ranks = [plural(Rank(RANK_LETTERS.index(letter))) for letter in v.removed_ranks]
        listed = ranks[0] if len(ranks) == 1 else ", ".join(ranks[:-1]) + " and " + ranks[-1]
        size = DECK_TRAITS[v.deck].size_without(len(ranks), v.copies)
        text = (
            f"The deck is stripped: every one of its {listed} is taken out, leaving {size} cards. A straight "
            "is five ranks in a row among those left, the missing ranks skipped, and the ace still plays "
            "below the lowest rank left; a wild card stands only for a card the deck holds."
        )
        return [self.point(text, "deck.removed_ranks")]

    def doubled(self) -> list[Point]:
        """A double deck and what it deals that one deck cannot (``deck.copies``, docs/rules.md D6)."""
        v = self.variant
        if v.copies == 1:
            self.stated.add("deck.copies")
            return []
        size = DECK_TRAITS[v.deck].size_without(len(v.removed_ranks), v.copies)
        text = (
            f"The deck is doubled: two of every card, {size} cards shuffled together, the two copies alike. "
            "A hand may hold two identical cards, which pair; five cards of a rank are five of a kind, above "
            "a straight flush; five cards of a suit are a flush even with a rank repeated, ranked card by "
            "card; a straight needs five different ranks. Of identical up cards, the seat dealt first brings "
            "in or acts first."
        )
        return [self.point(text, "deck.copies")]

    def deck(self) -> Section:
        points = [
            self.point(self.text("deck.cards"), "deck.cards"),
            *self.stripped(),
            *self.doubled(),
            self.point(self.text("deck.burn"), "deck.burn"),
        ]
        fact = self.running_out()
        if fact is not None:
            points.append(fact)
        points.append(self.point(self.text("deck.exhaustion"), "deck.exhaustion"))
        if EXHAUSTION_TRAITS[self.variant.exhaustion].may_deal_community_card:
            points.append(self.point(self.text("betting.community_card_round"), "betting.community_card_round"))
        else:
            self.stated.add("betting.community_card_round")  # no community card is ever dealt
        return Section("The deck, and running out of cards", tuple(points))

    def single_wild_cards(self) -> list[Point]:
        """The single cards the book makes wild (``wild.cards``), if any."""
        given = self.variant.wild.cards
        if not given:
            self.stated.add("wild.cards")
            return []
        named = [card_name(parse_card(text)) for text in given]
        listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
        where = (
            "is wild wherever it lies, and stands" if len(named) == 1 else "are wild wherever they lie, and each stands"
        )
        return [self.point(f"The {listed} {where} for any card, as a card of a wild rank does.", "wild.cards")]

    def board_sentences(self, index: int, street: Street, burned: bool) -> list[str]:
        """The street's community cards: dealt face up now, or turned up now (dealt face down
        on an earlier street); then those it deals face down for later streets."""
        parts = []
        count = len(street.board)
        cards = "one community card" if count == 1 else f"{_number(count)} community cards"
        them = "it" if count == 1 else "them"
        if street.board and street.board_dealt_on is None:
            burn = "a burn card, then " if burned and not street.deal else ""
            parts.append(
                _sentence(f"{burn}{cards} face up in the middle: every hand plays {them} as its own at the showdown")
            )
        elif street.board:
            dealt_on = (street.board_dealt_on or "").replace("-", " ")
            parts.append(_sentence(f"the {cards.removeprefix('one ')} dealt face down on {dealt_on} street for this one "
                                   f"{'is' if count == 1 else 'are'} turned up, after the players' cards: from now "
                                   f"on every hand plays {them} as its own at the showdown"))  # fmt: skip
        later = [st for st in self.variant.streets[index + 1 :] if st.board_dealt_on == street.id]
        if later:
            down = sum(len(st.board) for st in later)
            streets = ", ".join(st.id.replace("-", " ") for st in later)
            what = "one community card" if down == 1 else f"{_number(down)} community cards"
            burn = "a burn card, then " if burned and not street.deal and not street.board else ""
            parts.append(_sentence(f"{burn}{what} face down in the middle, seen by nobody and played by no hand until "
                                   f"turned up on a later street ({streets} street)"))  # fmt: skip
        return parts

    def indicator_sentences(self, index: int, street: Street, burned: bool) -> list[str]:
        """The indicator cards the street deals face down for later streets, and its own
        indicator: dealt face up now, or turned up now, and the rule it sets."""
        parts = []
        later = [st for st in self.variant.streets[index + 1 :] if st.indicator_dealt_on == street.id]
        if later:
            streets = ", ".join(st.id.replace("-", " ") for st in later)
            count = "one card" if len(later) == 1 else f"{_number(len(later))} cards"
            parts.append(_sentence(f"{count} face down in the middle, in no hand and seen by nobody, to be turned "
                                   f"up on a later street, one each ({streets} street)"))  # fmt: skip
        if street.indicator is not None:
            effect = phrase("streets.indicator", street.indicator).text
            if street.indicator_dealt_on is None:
                burn = "a burn card, then " if burned and not street.deal and not street.board else ""
                parts.append(_sentence(f"{burn}one more card face up in the middle, in no hand: {effect}"))
            else:
                dealt_on = street.indicator_dealt_on.replace("-", " ")
                parts.append(_sentence(f"the card in the middle dealt face down on {dealt_on} street for this one "
                                       f"is turned up, after the street's cards: {effect}"))  # fmt: skip
        return parts

    def indicated_wild_cards(self) -> list[Point]:
        """What the book's indicator cards do to the wild cards: a rank made wild, ranks no
        wild card may stand for (said again here; each street says when)."""
        effects = {INDICATOR_TRAITS[street.indicator] for street in self.variant.streets if street.indicator}
        points = []
        if any(effect.wild for effect in effects):
            points.append(self.point("Every card of an indicator card's rank is wild once that card shows in the "
                                     "middle (the streets say when).", "streets.indicator"))  # fmt: skip
        if any(effect.bars_wild for effect in effects):
            points.append(self.point("No wild card may stand for the rank of an indicator card that throws its "
                                     "rank out of the hands or kills with it, once that card shows.",
                                     "streets.indicator"))  # fmt: skip
        return points

    def changing_wild_cards(self) -> list[Point]:
        """A wild rank that climbs (``wild.moves``) and the cards that cancel every wild card
        (``wild.cancelled_by``), if the book has them."""
        w, points = self.variant.wild, []
        self.stated.update(("wild.moves", "wild.cancelled_by"))
        if w.moves is not None:
            start = Rank(RANK_LETTERS.index(w.moves))
            points.append(self.point(
                f"No card is wild until a {SINGULARS[start]} is dealt face up: then {plural(start)} are wild. "
                "After that, an up card one rank above the wild rank makes its rank wild in place of the last "
                "(a three after deuces); any other up card changes nothing, and aces end the climb. Down cards "
                "never count.", "wild.moves"))  # fmt: skip
        cancel = w.cancelled_by
        if cancel is not None:
            named = [plural(Rank(RANK_LETTERS.index(letter))) for letter in cancel.ranks]
            named += [card_name(parse_card(text)) for text in cancel.cards]
            listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " or " + named[-1]
            which = "the first" if cancel.up == 1 else f"the {_ordinal(cancel.up)}"
            points.append(self.point(
                f"When {which} card among {listed} is dealt or turned face up, no card is wild for anyone for the "
                "rest of the hand, the ones already showing included; down cards never count.",
                "wild.cancelled_by"))  # fmt: skip
        return points

    def wild(self) -> Section:
        """Which cards are wild, and how they play; a book with none says so."""
        w = self.variant.wild
        jokers = DECK_TRAITS[self.variant.deck].jokers
        points = []
        if w.ranks:
            said = wild_words([Rank(RANK_LETTERS.index(r)) for r in w.ranks])
            points.append(
                self.point(
                    f"{said[0].upper()}{said[1:]}: each stands for any card, one already "
                    "held included, so five of a kind is possible; it ranks above a straight flush. "
                    "In a low hand a wild card is the best card it can be without pairing.",
                    "wild.ranks",
                )
            )
        points += self.single_wild_cards()
        follows = self.variant.wild.follows
        if follows is not None:
            points.append(self.point(follow_phrase(Rank(RANK_LETTERS.index(follows))).text, "wild.follows"))
        else:
            self.stated.add("wild.follows")
        points += self.changing_wild_cards()
        points += self.indicated_wild_cards()
        for option in ("wild.follow", "wild.per_player"):
            said = self.text(option)
            if said:
                points.append(self.point(said, option))
            else:
                self.stated.add(option)
        if jokers:
            points.append(self.point(self.text("wild.jokers"), "wild.jokers"))
        self.stated.update(("wild.ranks", "wild.jokers", "wild.flush"))  # said when they apply
        if points:
            if any(
                not HAND_TRAITS[share.hand].low and not HAND_TRAITS[share.hand].card for share in self.variant.shares
            ):
                points.append(self.point(self.text("wild.flush"), "wild.flush"))  # a high hand has flushes
            points.append(self.point(self.text("wild.board"), "wild.board"))
        else:
            points.append(self.point("No card is wild.", "wild.board"))
        if not self.variant.triggers:
            self.stated.add("triggers")  # no dealt-card rule: its parts have nothing to say
        for trigger in self.variant.triggers:
            rank = trigger.rank.replace("T", "10")
            if trigger.suit is not None:
                rank = f"{rank} {phrase('triggers.suit', trigger.suit).text}"
            face = fill(phrase("triggers.face", trigger.face.value).text, self.book)
            article = "an" if rank[0] in ("A", "8") else "a"
            points.append(self.point(f"When {article} {rank} is {face}, {self._trigger_effect(trigger)}.", "triggers"))
        return Section("Wild cards and dealt-card rules", tuple(points))

    def _trigger_effect(self, trigger: Trigger) -> str:
        """What a dealt-card rule does, with its price when it has one."""
        words = phrase("triggers.effect", trigger.effect)
        if TRIGGER_EFFECT_TRAITS[trigger.effect].voids:
            most = "once" if trigger.max_voids == 1 else f"{_number(trigger.max_voids)} times"
            return (f"{fill(words.text, self.book)}; a hand's deal is voided at most {most}, after which the card "
                    "plays as what it is")  # fmt: skip
        if trigger.price == "free":
            return _extra_face(fill(words.text, self.book), trigger)
        price = fill(phrase("triggers.price", trigger.price).noun, self.book)
        rule = _extra_face(fill(words.priced, self.book, price=price), trigger)
        return f"{rule} (a player who cannot pay it all pays what they have and is all-in)"

    def showdown(self) -> Section:
        declared = self.text("showdown.declare")
        shares = self.variant.shares
        other = next(
            (share for share in shares if HAND_TRAITS[share.hand].card or HAND_TRAITS[share.hand].points), None
        )
        if self.variant.declare != "none" and (len(shares) != 2 or sum(map(_high_poker, shares)) != 1):
            declared = self._declared_by_number(declared)
        elif other is not None and self.variant.declare != "none":  # "low" names the card or points share
            said = phrase("pots.shares.hand", other.hand)
            noun = said.noun if HAND_TRAITS[other.hand].points else _card_share_words(other, said, "")[0].noun
            declared += f" Here low is the {noun}: a player declares the high hand, the {noun}, or both."
        order = self.text("showdown.order")
        if _rolls(self.variant):
            order = ("There is no showdown: play goes round until one player is left, and no hand is shown "
                     "(the up cards have said it).")  # fmt: skip
        return Section(
            "Showdown",
            (
                self.point(declared, "showdown.declare"),
                self.point(order, "showdown.order"),
            ),
        )

    def _declared_by_number(self, declared: str) -> str:
        """A declare book whose shares are not one high hand and one other: the players
        declare shares by their numbers, one or several (docs/rules.md V7)."""
        names = []
        for number, share in enumerate(self.variant.shares, 1):
            said = phrase("pots.shares.hand", share.hand)
            if HAND_TRAITS[share.hand].card:
                said = _card_share_words(share, said, fill(said.text, self.book))[0]
            names.append(f"{number} the {said.noun or share.hand}")
        listed = f"{', '.join(names[:-1])} and {names[-1]}"
        declared = declared.replace("high, low or both", "which shares of the pot they play for, by number")
        declared = declared.replace(
            "a player who declares both must win or tie both shares of a pot, or wins nothing from it",
            "a player who declares more than one share must win or tie each of them, or wins nothing from the pot",
        )
        example = "dcl 2, dcl 1+3 or dcl all" if len(names) == 3 else "dcl 1, dcl 2 or dcl all"
        return f"{declared} The shares are {listed}; a player declares one, several or all ({example})."

    def set_share(self, share: Share, sizes: tuple[int, ...]) -> tuple[str, str]:
        """A share that reads a hand the players set, named by its size ("five-card hand");
        a hand of fewer than five cards ranks as it stands."""
        said = phrase("pots.shares.hand", share.hand)
        size = sizes[(share.set_hand or 1) - 1]
        traits = HAND_TRAITS[share.hand]
        noun = f"{_number(size)}-card " + ("hand" if not traits.low and not traits.card else said.noun)
        if size >= 5:
            return noun, fill(said.text, self.book)
        if not traits.low and not traits.card:
            return noun, "ranked as it stands, with no straight or flush: pairs first, then the highest cards"
        return noun, fill(said.text, self.book) + f", counting only its {_number(size)} cards"

    def _short_hand(self) -> int:
        """How many cards every hand holds when that is fewer than five (Henway's two: its
        hands rank as they stand), else 0; a book with decisions or dealt-card rules, whose
        hands may change size, is read as its rankings say."""
        variant = self.variant
        if variant.triggers or any(street.decisions for street in variant.streets):
            return 0
        cards = sum(len(street.deal) + variant.middle_cards_on(i) for i, street in enumerate(variant.streets))
        return cards if cards < 5 else 0

    def share_words(self, share: Share) -> tuple[str, str]:
        """A share's noun and what wins it, in words (not a set hand's: :meth:`set_share`)."""
        said = phrase("pots.shares.hand", share.hand)
        text = fill(said.text, self.book)
        if HAND_TRAITS[share.hand].card:
            said, text = _card_share_words(share, said, text)
            if all(HAND_TRAITS[other.hand].card for other in self.variant.shares):  # no poker hand to take it
                text = text.replace(" (of two shares, the poker hand takes the whole pot)", "")
        if share.own is not None and share.board is not None:
            text += _own_and_board_words(share.own, share.board, share.own_face == "down")
        if share.natural:
            text += ", " + phrase("pots.shares.natural", "true").text
        if share.class_ranks:
            ranks = ", ".join(share.class_ranks[:-1]) + (" or " if len(share.class_ranks) > 1 else "")
            text += (f"; but a hand holding a {ranks}{share.class_ranks[-1]} among all its cards, whether it "
                     "plays or not, beats every hand holding none")  # fmt: skip
        if share.points:
            text += ": " + _points_words(share.points)
        if share.top_hand is not None:
            letter, count = share.top_hand
            rank = "ten" if letter == "T" else letter
            text += f"; but a hand holding {_number(count)} or more cards of rank {rank} beats every other hand"
        return (f"natural {said.noun}" if share.natural else said.noun), text

    def shares(self) -> str:
        shares = self.variant.shares
        sizes = card_decisions.set_sizes(self.variant)
        short = self._short_hand()
        described = []
        for share in shares:
            if share.set_hand is not None and sizes:
                described.append(self.set_share(share, sizes))
                continue
            if short and not HAND_TRAITS[share.hand].card and not HAND_TRAITS[share.hand].points:
                described.append(self.set_share(share, (short,)))
                continue
            described.append(self.share_words(share))
        nouns = [noun for noun, _ in described]
        if len(set(nouns)) < len(nouns):  # two shares of one ranking (Studaha): first, second
            described = [(f"{_ordinal(i + 1)} {noun}", text) for i, (noun, text) in enumerate(described)]
        if len(shares) == 1:
            noun, text = described[0]
            if _rolls(self.variant):
                return (f"Each pot goes to the last player left: every other hand folded, or turned all its cards "
                        f"without beating the best {noun} showing ({text}).")  # fmt: skip
            qualified = " ".join(_qualifier_sentences(shares, [noun]))
            lone = "player holding the" if shares[0].card_rank else "best"  # one named card has no best
            return f"Each pot goes to the {lone} {noun}: {text}." + (f" {qualified}" if qualified else "")
        best = ["player holding the " if share.card_rank else "best " for share in shares]  # one card: no best
        names = ", ".join(f"one to the {first}{noun}" for first, (noun, _) in zip(best, described))
        sentences = [f"Each pot is split into {_number(len(shares))} equal shares: {names}."]
        if sizes and len(shares) == 2:
            first, second = (noun for noun, _ in described)
            sentences = [
                f"Half of each pot goes to the best {first}, half to the best {second}, as each player set them."
            ]
        sentences += [f"The {noun} is {text}." for noun, text in described]
        sentences += _qualifier_sentences(shares, [noun for noun, _ in described])
        order = sorted(range(len(shares)), key=lambda i: not _high_poker(shares[i]))  # high poker shares first
        odd = described[order[0]][0]
        second = f" (of three shares, a second odd chip to the {described[order[1]][0]})" if len(shares) == 3 else ""
        sentences.append(
            f"One hand may win every share (a scoop). When a pot does not divide evenly between "
            f"the shares, the odd chip goes to the share of the {odd}{second}."
        )
        return " ".join(sentences)

    def decisions(self) -> Section | None:
        """The rules every decision about cards follows; none for a book without decisions."""
        if not any(street.decisions for street in self.variant.streets):
            return None
        points = [self.point(text, option) for text, option in card_decisions.general(self.variant, self.book)]
        return Section("Decisions about cards", tuple(points))

    def pots(self) -> Section:
        all_in = (
            "A player who is all-in can win only what they matched from each opponent; "
            "the side pots that the others build are won the same way."
        )
        if _rolls(self.variant):
            all_in = ("A dead hand has no claim to any pot, so the last player left takes every pot, an all-in "
                      "player the side pots beyond its stake too; a bet nobody called goes back to its owner.")  # fmt: skip
        return Section(
            "Pots",
            (
                self.point(self.shares(), "pots.shares"),
                self.point("Tied hands split their share equally."),
                self.point(self.text("pots.odd_chip"), "pots.odd_chip"),
                *self.nobody_qualifies(),
                self.point(all_in),
            ),
        )

    def nobody_qualifies(self) -> list[Point]:
        """What becomes of a pot no share is won in, when the book says (else a share always is)."""
        self.stated.add("pots.nobody_qualifies")
        if self.variant.nobody_qualifies is None:
            return []
        return [self.point(self.text("pots.nobody_qualifies"), "pots.nobody_qualifies")]

    def other_rules(self) -> Section | None:
        """Options that no section above states (new schema options), so none goes unsaid."""
        points = []
        for option, node in schema_options():
            top = option.split(".")[0]
            if top in IDENTITY or top == "streets" or any(related(option, s) for s in self.stated):
                continue
            value = self.value(option)
            if value is None and "default" not in node:
                continue
            said = phrase(option, value) if value_key(value) in named_values(node) else None
            text = fill(said.text, self.book) if said and said.text else f"{option}: {shown(value)}"
            points.append(self.point(text, option))
        return Section("Other rules", tuple(points)) if points else None


def describe(variant: Variant) -> Document:
    """The rules of ``variant`` as a document; a house rule's changed points are marked."""
    build = _Builder(variant)
    sections = [
        build.players_and_stakes(),
        build.betting(),
        build.streets(),
        *filter(None, [build.decisions()]),
        build.bring_in(),
        build.first_to_act(),
        build.deck(),
        build.wild(),
        build.showdown(),
        build.pots(),
    ]
    other = build.other_rules()
    if other is not None:
        sections.append(other)
    paragraphs = [variant.description] if variant.description else []
    source = (
        variant.source.split(":", 1)[1] + " (built in)" if variant.source.startswith("builtin:") else variant.source
    )
    paragraphs.append(f"Rule book: {source}; generated by studspec describe from the YAML.")
    family = lineage(variant)
    if family is not None:
        sections = _mark(sections, family)
        paragraphs.append(_lineage_note(family))
        if family.changes:
            sections.append(_changes(family))
    return Document(title=variant.title, paragraphs=tuple(paragraphs), sections=tuple(sections))


def _lineage_note(family: Lineage) -> str:
    parent = family.parent.title
    if not family.changes:
        return f"It extends {parent} ({family.reference}) and changes nothing in it."
    count = len(family.changes)
    return (
        f"It extends {parent} ({family.reference}) and changes {count} "
        f"option{'s' if count != 1 else ''}: the points that differ are marked changed, and "
        f"the changes are listed at the end. Everything else is as in {parent}."
    )


def _mark(sections: list[Section], family: Lineage) -> list[Section]:
    return [
        replace(section, points=tuple(replace(p, changed=family.touches(p.options)) for p in section.points))
        for section in sections
    ]


def _changes(family: Lineage) -> Section:
    points = tuple(
        Point(text=f"{shown(c.before)} \u2192 {shown(c.after)}", options=(c.option,), lead=c.option)
        for c in family.changes
    )
    return Section(f"Changes from {family.parent.title}", points)


def _blinds_words(blinds: tuple[int, ...]) -> str:
    """The blinds and who posts them: "a small blind of 100 and a big blind of 200, posted
    before the deal by the first two players to the dealer's left (heads-up, the dealer posts
    the small blind)"."""
    if len(blinds) == 1:
        return f"a blind of {blinds[0]}, posted before the deal by the first player to the dealer's left"
    named = [f"a {blind_name(len(blinds), number)} of {blind}" for number, blind in enumerate(blinds)]
    heads_up = " (heads-up, the dealer posts the small blind)" if len(blinds) == 2 else ""
    listed = ", ".join(named[:-1]) + " and " + named[-1]
    return (
        f"{listed}, posted before the deal by the first {_number(len(blinds))} players to the dealer's left{heads_up}"
    )


def _rolls(variant: Variant) -> bool:
    """Some street is played until one player is left (``turn_until_best``): no showdown."""
    return any(street.turn_until_best for street in variant.streets)


def _card_share_words(share: Share, said: Phrase, text: str) -> tuple[Phrase, str]:
    """A card share's words for its suit and the cards it reads (the phrases say the spade
    in the hole, the default)."""
    suit = phrase("pots.shares.suit", share.suit).noun
    face = phrase("pots.shares.card_face", share.card_face)
    if share.card_rank is not None:  # one named card: whoever holds it
        name = f"{card_name(parse_card(share.card_rank + share.suit[0]))} {face.noun}"
        held = "one card, dealt up or down" if share.card_face == "any" else "one card, dealt face down"
        words = (f"{held}, not a hand: a folded hand has no claim to it, and when no player still in holds it, "
                 "its share goes to the first other share somebody wins")  # fmt: skip
        return replace(said, noun=name), words
    words = text.replace("spade", suit).replace("among a player's face-down cards", face.text)
    words = words.replace("in the hole", face.noun)
    noun = said.noun.replace("spade", suit).replace("in the hole", face.noun)
    return replace(said, noun=noun), words


def _high_poker(share: Share) -> bool:
    """A high poker share: it takes a pot's odd chips first (a points share is no poker hand)."""
    traits = HAND_TRAITS[share.hand]
    return not traits.low and not traits.card and not traits.points


def _points_words(points: tuple[tuple[str, int], ...]) -> str:
    """What each rank is worth in a points share, aces first: "aces 1, deuces 2, threes 3 and
    sixes 6, every other rank nothing; equal totals tie, ..."."""
    order = sorted(points, key=lambda item: (item[0] != "A", RANK_LETTERS.index(item[0])))
    said = [f"{plural(Rank(RANK_LETTERS.index(letter)))} {worth}" for letter, worth in order]
    listed = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
    tie = "; equal totals tie, the odd-chip rule reading all of their cards"
    return listed + (", every other rank nothing" if len(points) < 13 else "") + tie


def _least_words(share: Share) -> str:
    """The least hand a qualified high share takes, in words, with its weakest cards."""
    if share.least_cards:
        cards = [parse_card(text) for text in share.least_cards]
        words = f" ({HIGH.describe(HIGH.value(cards))})" if share.hand == "high" else ""
        return f"with a hand at least as good as {' '.join(share.least_cards)}{words}"
    assert share.at_least is not None
    hand, letter = share.at_least
    rank = RANK_LETTERS.index(letter) if letter is not None else LEAST_RANK[hand]
    cards = least_cards(hand, rank)
    words = HIGH.describe(HIGH.value(cards))
    article = "a " if words.startswith(("pair", "straight", "flush", "full", "royal")) else ""
    return f"with at least {article}{words} ({'-'.join(str(card)[0] for card in cards)} or better)"


def _qualifier_sentences(shares: tuple[Share, ...], nouns: list[str]) -> list[str]:
    """Who qualifies for each share, and where a share nobody qualifies for goes."""
    sentences = []
    for index, (share, noun) in enumerate(zip(shares, nouns)):
        others = [other for number, other in enumerate(nouns) if number != index]
        goes = (
            ""  # a lone share: pots.nobody_qualifies says what becomes of the pot
            if not others
            else f"; when no {noun} qualifies, the best {others[0]} takes that share too"
            if len(others) == 1
            else f"; when no {noun} qualifies, that share goes to the first share somebody wins, in the order "
            f"above ({', '.join(others)})"
        )
        if share.qualifier is not None:
            rank = _LOW_RANKS[share.qualifier]
            size = _number(HAND_TRAITS[share.hand].size)
            sentences.append(
                f"A {noun} qualifies only with {size} different ranks, none higher than {rank} "
                f"(\u201c{rank} or better\u201d){goes}."
            )
        elif share.at_least is not None or share.least_cards:
            sentences.append(f"A {noun} qualifies only {_least_words(share)}{goes}.")
        elif index and not HAND_TRAITS[share.hand].card and (share.set_hand is None or HAND_TRAITS[share.hand].low):
            sentences.append(f"Every hand qualifies for the {noun} share.")
    return sentences


def _own_and_board_words(own: int, board: int, down_only: bool = False) -> str:
    """Which cards a share's hand is made of: ", made of exactly two of the player's own cards
    and three of the community cards" (of its face-down cards, where the book says so)."""
    mine = "the player's face-down cards" if down_only else "the player's own cards"
    if board == 0:
        return f", made of {_number(own)} of {mine} only (no community card plays)"
    if own == 0:
        return f", made of the {_number(board)} community cards only"
    return f", made of exactly {_number(own)} of {mine} and {_number(board)} of the community cards"


def _extra_face(words: str, trigger: Trigger) -> str:
    """A dealt-card rule's words with its extra card dealt face up where the book says so
    (``triggers[].extra_face``); the phrases say face down, the usual way."""
    face = phrase("triggers.extra_face", trigger.extra_face.value).text
    return words.replace("one more card, face down,", f"one more card, {face},")
