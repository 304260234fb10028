"""studspec: stud poker rules as declarative YAML, and one interpreter that plays them.

The front door: everything a program needs to load a rule book, deal and play a hand, read
what each seat may see, and replay or write a PHH hand history.

    >>> from studspec import Hand, load_variant, parse_action
    >>> hand = Hand(load_variant("seven-card-stud"), stacks=[40000] * 4, seed=1)
    >>> hand.actor, [str(choice) for choice in hand.legal_actions()]  # p3 brings in
    (2, ['pb', 'cbr 400'])
    >>> hand.act(parse_action("pb"))
    >>> hand.actor
    3
    >>> view = hand.view(0)  # what seat 0 may see: its own down cards, every up card
    >>> view.seats[0].cards, view.seats[1].cards
    ((Card('Ad'), Card('4d'), Card('Jd')), (None, None, Card('Jh')))

Every error is a :class:`StudspecError`; the narrow classes say what went wrong.
The layers behind the door are described in ``docs/architecture.md``.
"""

from studspec.engine.actions import (
    BRING_IN,
    CHECK_CALL,
    FOLD,
    MUCK,
    Action,
    ActionKind,
    Declaration,
    LegalAction,
    bet_to,
    declare,
    parse_action,
    show,
)
from studspec.engine.cards import Card, Rank, Suit, format_cards, parse_card, parse_cards
from studspec.engine.events import (
    ActionTaken,
    AntePosted,
    BettingSkipped,
    BlindPosted,
    BringInDue,
    BurnsReshuffled,
    CardBurned,
    CardsDealt,
    CardsThrownOut,
    CardsTurned,
    CommunityCardDealt,
    CommunityCardDealtDown,
    CommunityCardTurned,
    DealVoided,
    Declared,
    Event,
    EventVisitor,
    HandEnded,
    HandKilled,
    IndicatorDealt,
    IndicatorTurned,
    Mucked,
    PotAwarded,
    RollFellShort,
    Showed,
    StreetBegan,
    TriggerFired,
    WildRanksChanged,
)
from studspec.engine.hand import Hand, HandResult, PendingDeal
from studspec.engine.pots import Pot
from studspec.engine.views import SeatView, TableView
from studspec.errors import (
    ActionFormatError,
    CardFormatError,
    DeckExhaustedError,
    HandError,
    HistoryFormatError,
    IllegalActionError,
    IllegalDealError,
    NotARuleBookError,
    OutputFileError,
    ReplayError,
    RuleBookOutsideError,
    SnapshotError,
    SpecError,
    SpecErrors,
    StakesError,
    StudspecError,
    UnknownRuleError,
    UnknownVariantError,
    VariantLookupError,
)
from studspec.history.phh import History, parse_history, read_history, replay, write_history
from studspec.history.variants import variant_for_history
from studspec.rulebook import (
    BetSize,
    Face,
    Share,
    Stakes,
    Street,
    Variant,
    builtin_names,
    load_variant,
    validate_file,
    validate_paths,
)

__version__ = "0.1.0"

__all__ = [
    "BRING_IN",
    "CHECK_CALL",
    "FOLD",
    "MUCK",
    "Action",
    "ActionFormatError",
    "ActionKind",
    "ActionTaken",
    "AntePosted",
    "BetSize",
    "BettingSkipped",
    "BlindPosted",
    "BringInDue",
    "BurnsReshuffled",
    "Card",
    "CardBurned",
    "CardFormatError",
    "CardsDealt",
    "CardsThrownOut",
    "CardsTurned",
    "CommunityCardDealt",
    "CommunityCardDealtDown",
    "CommunityCardTurned",
    "DealVoided",
    "DeckExhaustedError",
    "Declaration",
    "Declared",
    "Event",
    "EventVisitor",
    "Face",
    "Hand",
    "HandEnded",
    "HandError",
    "HandKilled",
    "HandResult",
    "History",
    "HistoryFormatError",
    "IllegalActionError",
    "IllegalDealError",
    "IndicatorDealt",
    "IndicatorTurned",
    "LegalAction",
    "Mucked",
    "NotARuleBookError",
    "OutputFileError",
    "PendingDeal",
    "Pot",
    "PotAwarded",
    "Rank",
    "ReplayError",
    "RollFellShort",
    "RuleBookOutsideError",
    "SeatView",
    "Share",
    "Showed",
    "SnapshotError",
    "SpecError",
    "SpecErrors",
    "Stakes",
    "StakesError",
    "Street",
    "StreetBegan",
    "StudspecError",
    "Suit",
    "TableView",
    "TriggerFired",
    "UnknownRuleError",
    "UnknownVariantError",
    "Variant",
    "VariantLookupError",
    "WildRanksChanged",
    "__version__",
    "bet_to",
    "builtin_names",
    "declare",
    "format_cards",
    "load_variant",
    "parse_action",
    "parse_card",
    "parse_cards",
    "parse_history",
    "read_history",
    "replay",
    "show",
    "validate_file",
    "validate_paths",
    "variant_for_history",
    "write_history",
]
