/*
 * flanking.h -- the C ABI of rust-flanking, the arc flanking engine.
 *
 * This header is the one source of truth for both languages: the C code of
 * the variant includes it, and rust-flanking's build.rs runs bindgen on it.
 * The rules it serves are in docs/DESIGN.md.
 *
 * C gathers facts about the eight squares around a defender; the engine
 * judges which squares threaten the defender and returns the proposal's
 * score in half points.  No function here panics, aborts or keeps a pointer
 * it was given; invalid input returns a negative FLANK_E_* code.
 */
#ifndef RUST_FLANKING_H
#define RUST_FLANKING_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI's version, 21: bumped whenever a struct layout or a bit's meaning
   changes, or the ABI grows.  What each version added is in git's history
   of this file; rust-flanking/README.md describes the ABI part by part,
   each with the version that added it. */
#define FLANK_ABI_VERSION 21

/*
 * Directions, numbered as NetHack's xdir[]/ydir[]: clockwise, screen
 * coordinates (y grows downward).  Square i of a neighbourhood is the one at
 * (defender.x + xdir[i], defender.y + ydir[i]).
 */
#define FLANK_DIR_W 0
#define FLANK_DIR_NW 1
#define FLANK_DIR_N 2
#define FLANK_DIR_NE 3
#define FLANK_DIR_E 4
#define FLANK_DIR_SE 5
#define FLANK_DIR_S 6
#define FLANK_DIR_SW 7
#define FLANK_NDIRS 8

/*
 * Facts about one square around the defender.
 *
 * FLANK_SQ_BLOCKED is about the terrain (and traps) alone: the defender
 * could not step there without consequence, creatures ignored.
 * Every other bit describes the creature standing there and may only be set
 * together with FLANK_SQ_CREATURE.  Relation bits are the creature's own
 * attitude as NetHack keeps it: no relation bit means a hostile monster.
 * At most one of HERO/PEACEFUL/TAME: NetHack also sets mpeaceful on pets,
 * so a pet gets FLANK_SQ_TAME alone (PEACEFUL|TAME is FLANK_E_INCONSISTENT).
 */
#define FLANK_SQ_CREATURE 0x0001u  /* a creature stands here (counted once) */
#define FLANK_SQ_HERO 0x0002u      /* the creature is the hero */
#define FLANK_SQ_PEACEFUL 0x0004u  /* a peaceful monster */
#define FLANK_SQ_TAME 0x0008u      /* a pet */
#define FLANK_SQ_UNWILLING 0x0010u /* a pet that would not attack the defender */
#define FLANK_SQ_HELPLESS 0x0020u  /* asleep or unable to move */
#define FLANK_SQ_TRAPPED 0x0040u   /* caught in a trap */
#define FLANK_SQ_FLEEING 0x0080u   /* fleeing */
#define FLANK_SQ_NOATTACK 0x0100u  /* no active attack (noattacks()) */
#define FLANK_SQ_TAIL 0x0200u      /* a long worm's tail segment */
#define FLANK_SQ_BLOCKED 0x0400u   /* blocked for the defender */
#define FLANK_SQ_ALL 0x07FFu       /* every defined bit */

/*
 * Facts about the defender.  When several are set, HERO wins over TAME and
 * TAME over PEACEFUL (so a pet's mpeaceful may be passed along); CONFLICT
 * only matters together with HERO (the rules give Conflict no say over who
 * threatens a monster).
 */
#define FLANK_DEF_HERO 0x01u     /* the defender is the hero */
#define FLANK_DEF_PEACEFUL 0x02u /* a peaceful monster */
#define FLANK_DEF_TAME 0x04u     /* a pet */
#define FLANK_DEF_CONFLICT 0x08u /* the hero causes Conflict */
#define FLANK_DEF_ALL 0x0Fu      /* every defined bit */

/* One attack on one defender: the eight squares and who attacks from where. */
struct flank_neighbourhood {
    /* FLANK_SQ_* bits of each square, indexed by FLANK_DIR_*. */
    uint16_t square[FLANK_NDIRS];
    /* FLANK_DEF_* bits. */
    uint8_t defender;
    /* Direction from the defender toward the attacker, FLANK_DIR_*; an
       attacker further away counts from the direction the rule set gives
       its offset (flank_rules_attack_dir(): the octant of the offset's
       signs, or Sil's rough_direction()). */
    uint8_t attack_dir;
};

/* The score taken apart, for explanations and the #flanking display. */
struct flank_detail {
    uint8_t half_points;   /* the score, 0..18 half points */
    uint8_t threats;       /* bit d set: direction d threatens the defender */
    uint8_t arc;           /* longest circular run of non-threats, 0..7 */
    uint8_t arc_start;     /* first direction of that run, clockwise; 0 if
                              arc is 0; of several equally long runs, the
                              first one clockwise from the attacker */
    uint8_t behind;        /* the square opposite the attacker, FLANK_DIR_* */
    uint8_t behind_blocked; /* 1 if that square is blocked, else 0 */
    uint8_t beside;        /* 0..2 squares beside it blocked or occupied,
                              counted only when behind_blocked */
    uint8_t reserved;      /* always 0 */
};

/*
 * Error codes: every function returns 0 or more on success.  When an input
 * has several faults, the first in this list wins (NULL, direction, square
 * bits, defender bits, inconsistency; squares lowest direction first).
 */
#define FLANK_OK 0
#define FLANK_E_NULL (-1)          /* a required pointer was NULL */
#define FLANK_E_DIRECTION (-2)     /* attack_dir outside 0..7 */
#define FLANK_E_SQUARE_BITS (-3)   /* a square has a bit outside FLANK_SQ_ALL */
#define FLANK_E_DEFENDER_BITS (-4) /* defender has a bit outside FLANK_DEF_ALL */
#define FLANK_E_INCONSISTENT (-5)  /* creature bits without FLANK_SQ_CREATURE,
                                      or more than one of HERO/PEACEFUL/TAME,
                                      or UNWILLING without TAME */
#define FLANK_E_PERCENT (-6)       /* percent outside 0..FLANK_PERCENT_MAX */
#define FLANK_E_INDEX (-7)         /* a fixture index outside 0..count-1 */
/* ABI version 2 (the facing section below): */
#define FLANK_E_FACING (-8)        /* a facing outside 0..7 and not
                                      FLANK_FACING_NONE */
#define FLANK_E_RULES (-9)         /* an unknown rule set (id or name) */
#define FLANK_E_FACING_FLAGS (-10) /* facing flags outside FLANK_FI_ALL, a
                                      reserved byte not 0, or flags that
                                      contradict the squares (see FLANK_FI_*) */
/* (-11 was FLANK_E_FIXTURE_FACING, a refusal of the getters before ABI 6;
   no function returns it now) */
/* ABI version 3 (monsters that flank): */
#define FLANK_E_PLAN (-12)         /* flank_plan(): ntargets, nallies, a
                                      speed of 0, a target's from or chosen
                                      out of range, chosen not a candidate,
                                      a candidate that holds a creature, no
                                      creature on from, FLANK_FI_ROGUE set,
                                      flags outside FLANK_PL_ALL, a
                                      heading outside 0..7 and not
                                      FLANK_PLAN_NONE */
/* ABI version 4 (threats from range): */
#define FLANK_E_RANGED (-13)       /* a struct flank_ranged line: creature
                                      bits as for a square, FLANK_SQ_BLOCKED,
                                      a distance outside FLANK_RANGE_MIN..
                                      FLANK_RANGE_MAX with a creature (or not
                                      0 without one), arms outside
                                      FLANK_RA_ALL or without a creature, a
                                      reach without FLANK_RA_POLEARM */
/* (-14 was FLANK_E_FIXTURE_RANGED, likewise) */
/* ABI version 13 (save files' integrity): */
#define FLANK_E_SAVE_KEY (-15)     /* a save key shorter than
                                      FLANK_SAVE_KEY_MIN bytes or longer
                                      than FLANK_SAVE_KEY_MAX */

/* The largest score: (7 - 0) + 1 + 2/2 = 9 points. */
#define FLANK_MAX_HALF_POINTS 18

/*
 * Scores one attack: returns the bonus in half points (0..18), unscaled, or
 * a negative FLANK_E_* code.
 */
int32_t flank_score(const struct flank_neighbourhood *n);

/*
 * Scores one attack and takes the score apart into *out.  Returns the same
 * as flank_score(); *out is written only on success.
 */
int32_t flank_explain(const struct flank_neighbourhood *n,
                      struct flank_detail *out);

/*
 * The percent of the proposal's bonus that attacks get (sysconf FLANKING):
 * 100 by default, 0 turns flanking off.  Set once at start-up.
 */
#define FLANK_PERCENT_DEFAULT 100
#define FLANK_PERCENT_MAX 1000
int32_t flank_set_percent(int32_t percent); /* FLANK_OK or FLANK_E_PERCENT */
int32_t flank_percent(void);                /* the current setting */

/*
 * The defaults of sysconf's other switches, which the game keeps and the
 * engine is never told (the game asks the engine nothing it has turned
 * off): FLANKING_AI, monsters that flank, on; FLANKING_RANGED, threats
 * from range, off.  FLANKING_RULES's is FLANK_RULES_DEFAULT (below).
 */
#define FLANK_AI_DEFAULT 1
#define FLANK_RANGED_DEFAULT 0

/* Human-readable name of a FLANK_E_* code ("FLANK_E_NULL: ..."). Never NULL;
   the string is static. */
const char *flank_strerror(int32_t code);

/*
 * ==================================================================
 * Facing (docs/DESIGN.md), ABI version 2
 * ==================================================================
 *
 * A creature faces one of the eight FLANK_DIR_* directions, or is faceless
 * (FLANK_FACING_NONE).  For an attack from direction a (the same attack_dir
 * as above: defender toward attacker, the attacker's octant when it is
 * further away) on a defender facing f, r = min((a - f) mod 8, (f - a) mod 8):
 * r <= 1 is the front, r == 2 the flank, r >= 3 the rear.  A faceless
 * defender is always attacked from the front.
 *
 * A rule set says what a zone does.  C gathers the facts (the squares as for
 * flank_score(), the defender's facing, a few flags) and asks
 * flank_facing_eval(); everything the game applies comes back in one struct.
 */
#define FLANK_FACING_NONE 8 /* faceless: no front, flank or rear */

#define FLANK_ZONE_FRONT 0
#define FLANK_ZONE_FLANK 1
#define FLANK_ZONE_REAR 2

/*
 * Rule sets (sysconf FLANKING_RULES).  A rule set id is one of the nine
 * bases, optionally with FLANK_RULES_PLUS_ARC ("proposal+<name>": the
 * proposal's arc score as well).  Valid ids: 0..8, 0x13, 0x14.
 * `implicit` already carries the arc score, so "proposal+implicit" parses to
 * FLANK_RULES_IMPLICIT; `dnd` supersedes the arc score ("This variant
 * supersedes the standard rules for flanking"), and `nerfhack`, `silq`,
 * `splicehack` and `hackem` are each a whole flanking rule of their own, so
 * "proposal+dnd" and "proposal+" any of those four are refused.  Only `proposal`
 * combines (docs/FLANKING-DECISIONS.md).
 */
#define FLANK_RULES_PROPOSAL 0 /* the arc score alone: today's game */
#define FLANK_RULES_IMPLICIT 1 /* implicit facing: arc + flank +2, rear +4 */
#define FLANK_RULES_DND 2      /* D&D combat facing: flank +2, rear +4 */
#define FLANK_RULES_OPPOSITE 3 /* the flanking service: ally opposite */
#define FLANK_RULES_TACTICS 4  /* Terminal Tactics: damage x1.25, x1.5 */
#define FLANK_RULES_NERFHACK 5 /* NerfHack: a foe opposite, level-scaled */
#define FLANK_RULES_SILQ 6     /* Sil-Q: +1 per other attacker beside,
                                  +2 per one behind */
#define FLANK_RULES_SPLICEHACK 7 /* SpliceHack: a foe opposite, +4 */
#define FLANK_RULES_HACKEM 8     /* Hack'EM: a foe opposite, (L - 4)/2 + 4 */
#define FLANK_RULES_PLUS_ARC 0x10
#define FLANK_RULES_DEFAULT FLANK_RULES_PROPOSAL

/*
 * The rule set named by name ("dnd", "proposal+tactics"; in any case, as
 * NetHack reads its option values: "DND" is "dnd"; no blanks): its id (0
 * or more), FLANK_E_NULL or FLANK_E_RULES.
 */
int32_t flank_rules_parse(const char *name);

/* The canonical name of a rule set id ("proposal+tactics"), static, or NULL
   for an id that is not valid. */
const char *flank_rules_name(int32_t rules);

/*
 * What a rule set reads (ABI version 8): FLANK_RI_* bits (0 or more), or
 * FLANK_E_RULES.  C gathers a defender's facing only for FACING, and the
 * facts of the field's rules (state[], attacker_level, attacker and the
 * hero's FLANK_FI_ELBERETH, _HERO_UNSEEING and _HERO_HOBBLED) only for
 * PEER; without them it leaves those fields 0.
 */
#define FLANK_RI_ARC 0x01u    /* the arc score counts */
#define FLANK_RI_FACING 0x02u /* a zone counts: the defender's facing */
#define FLANK_RI_PEER 0x04u   /* the creatures' states and the attacker */
#define FLANK_RI_CLAMP_FIRST 0x08u /* ABI 17: a monster's to-hit against the
                                      hero is clamped to at least 1 before
                                      the flanking bonus is added
                                      (NerfHack's mattacku()), not after */
int32_t flank_rules_info(int32_t rules);

/*
 * The direction (FLANK_DIR_*) from which an attacker at offset <dx,dy>
 * from its defender (x to the right, y down: the map's) attacks under rule
 * set rules (ABI version 17): the attack_dir of its neighbourhood.  Next
 * to the defender it is the attacker's own square under every rule set;
 * further away (a missile, a polearm, a lance) it is the rule set's: Sil's
 * rough_direction() under `silq` (the straight line when one offset is at
 * least twice the other), which is also D&D's areas "beyond" under `dnd`;
 * the octant of the offset's signs under the others.  FLANK_E_RULES for an unknown rule set, FLANK_E_DIRECTION for
 * <0,0> or an offset beyond FLANK_ATTACK_REACH_MAX in either axis.
 */
#define FLANK_ATTACK_REACH_MAX 127
int32_t flank_rules_attack_dir(int32_t rules, int32_t dx, int32_t dy);

/* What the game's #flanking calls the to-hit part a flank of foes gets
   (FLANK_FR_FLANKED) under a rule set: "foe opposite" (the foe on the far
   side, under a facing or a field rule) or "foes around" (an arc rule),
   static, or NULL for an id that is not valid (ABI version 14). */
const char *flank_rules_flanked_words(int32_t rules);

/*
 * A rule set's one-line summary for players (ABI version 20), the words of
 * its line in README.md's table ("flank +2 to hit; rear +4 to hit; ..."),
 * written into out (len bytes, NUL-terminated, cut to fit; ASCII): the
 * summary's whole length, as snprintf() returns it, or FLANK_E_RULES for an
 * id that is not valid, FLANK_E_NULL for a NULL out or a len of 0.  The
 * game's `?' topic lists every rule set with it.
 */
int32_t flank_rules_summary(int32_t rules, char *out, uint32_t len);

/*
 * Would the creature on a square with bits square (FLANK_SQ_*, as a
 * neighbourhood's square around the defender) attack a defender with bits
 * defender (FLANK_DEF_*)?  (ABI version 20.)  grudge: nonzero when that
 * creature holds a grudge against the defender (NetHack's mm_aggression()).
 * The rules' own notion of a threat, as a neighbourhood's squares count
 * it: hostile to the hero, to a pet; a willing pet against a peaceful or a
 * hostile monster; the hero against a hostile one; every able monster
 * under the hero's Conflict; and an able monster with a grudge, whatever
 * the sides.  Never a helpless, trapped, fleeing, attackless creature, nor
 * a tail.  1 or 0, or FLANK_E_SQUARE_BITS, FLANK_E_INCONSISTENT (the
 * square's checks of a neighbourhood) or FLANK_E_DEFENDER_BITS.  The game's
 * wizard-mode #flanking around a monster lists only such creatures.
 */
int32_t flank_threatens(int32_t defender, int32_t square, int32_t grudge);

/*
 * Does a creature of the species named species (NetHack's mons[].mname,
 * "soldier ant"; the hero's role monster, "valkyrie", or polymorph form)
 * flank by nature under rule set rules (FLANK_AT_OUTFLANKER)?  1 or 0, or
 * FLANK_E_NULL or FLANK_E_RULES.  Only `nerfhack` names any (its M2_FLANK
 * species and roles); C asks once per species and keeps the answers.
 */
int32_t flank_rules_outflanker(int32_t rules, const char *species);

/*
 * Facts about one attack that facing needs beyond the squares.
 * Contradictions are FLANK_E_FACING_FLAGS: ROGUE with a hero defender (only
 * the hero has a role); MELEE when the attacker's square holds no creature;
 * ROGUE|MELEE when the attacker's square is not the hero; a state[] bit
 * outside FLANK_ST_ALL or on a square without a creature, attacker bits
 * outside FLANK_AT_ALL.
 */
#define FLANK_FI_SHIELD 0x01u   /* the defender wears a shield (uarms/which_armor) */
#define FLANK_FI_ROGUE 0x02u    /* the attacker is the hero, a Rogue */
#define FLANK_FI_MELEE 0x04u    /* a melee attack from the attack_dir square;
                                   clear for missiles, spells and polearms */
#define FLANK_FI_HELPLESS 0x08u /* the defender is asleep or cannot move
                                   (msleeping || !mcanmove; the hero: multi < 0) */
/* ABI version 8, gathered for FLANK_RI_PEER rule sets only: */
#define FLANK_FI_ELBERETH 0x10u /* the hero stands on an engraved Elbereth
                                   (sengr_at("Elbereth", u.ux, u.uy, TRUE)),
                                   wherever the hero is */
#define FLANK_FI_HERO_UNSEEING 0x20u /* the hero cannot see the defender
                                        (!canseemon()) or hallucinates;
                                        when she is the defender, she is
                                        blind (Blind) */
#define FLANK_FI_HERO_HOBBLED 0x40u  /* the hero is punished (ball and
                                        chain), fumbling or has wounded legs */
#define FLANK_FI_ALL 0x7Fu

/*
 * States of the creature on a square (struct flank_facing_input's state[]),
 * ABI version 8, gathered for FLANK_RI_PEER rule sets only; only on a square
 * with FLANK_SQ_CREATURE.  The hero's: Confusion, Stunned, u.uundetected or
 * a mimicked appearance.
 */
#define FLANK_ST_CONFUSED 0x01u
#define FLANK_ST_STUNNED 0x02u
#define FLANK_ST_EATING 0x04u /* meating */
#define FLANK_ST_HIDDEN 0x08u /* hiding (mundetected) or mimicking
                                 (M_AP_TYPE() not M_AP_NOTHING) */
#define FLANK_ST_NURSE 0x10u  /* a nurse */
/* ABI version 17: */
#define FLANK_ST_GRUDGE 0x20u /* the defender holds a grudge against it
                                 (mm_aggression(mdef, it): in 3.6.7 a
                                 purple worm against a shrieker) */
#define FLANK_ST_STATIONARY 0x40u /* of a form that does not move
                                     (mmove == 0) */
#define FLANK_ST_UNAWARE 0x80u /* the hero only: asleep or fainted
                                  (Unaware: unconscious() or
                                  is_fainted()), not merely unable to
                                  move */
#define FLANK_ST_ALL 0xFFu

/* The attacker (struct flank_facing_input's attacker), ABI version 8,
   gathered for FLANK_RI_PEER rule sets only. */
#define FLANK_AT_OUTFLANKER 0x01u /* flanks by nature under the rule set
                                     (flank_rules_outflanker() of its form) */
#define FLANK_AT_NURSE 0x02u      /* a nurse */
/* ABI version 17: the attacker's side, at most one (none: hostile), as
   NetHack keeps it (mtame, mpeaceful: Conflict changes neither); with
   FLANK_FI_MELEE it must be the attacker's square's own (FLANK_SQ_HERO,
   _TAME, _PEACEFUL) */
#define FLANK_AT_HERO 0x04u
#define FLANK_AT_TAME 0x08u
#define FLANK_AT_PEACEFUL 0x10u
#define FLANK_AT_ALL 0x1Fu

/* One attack, for flank_facing_eval().  No rule set reads another
   creature's facing: who threatens the defender (the `opposite` rule's ally)
   comes from the squares, judged as for flank_score(). */
struct flank_facing_input {
    struct flank_neighbourhood n; /* exactly as for flank_score() */
    uint8_t facing;   /* the defender's, FLANK_DIR_* or FLANK_FACING_NONE */
    uint8_t flags;    /* FLANK_FI_* */
    uint8_t rules;    /* a rule set id */
    uint8_t reserved; /* must be 0 */
    /* ABI version 8, for FLANK_RI_PEER rule sets (else all 0): */
    uint8_t state[FLANK_NDIRS]; /* FLANK_ST_* of the creature on each
                                   square */
    uint8_t attacker_level;     /* the attacker's level: u.ulevel, m_lev */
    uint8_t attacker;           /* FLANK_AT_* */
};

/* Extras of a result: messages and effects beyond numbers. */
#define FLANK_FR_ARC 0x0001u      /* the arc score is part of the to-hit bonus */
#define FLANK_FR_SIDE 0x0002u     /* opposite: from the side, noted, no bonus */
#define FLANK_FR_BEHIND 0x0004u   /* opposite: from behind, +2 hit, +2 damage */
#define FLANK_FR_FLANKED 0x0008u  /* opposite, nerfhack: a threat stands
                                     opposite the attacker ("You and your
                                     kitten flank the jackal."), and wins
                                     over BEHIND; silq: other threats
                                     around the defender added to it */
#define FLANK_FR_BACKSTAB 0x0010u /* dnd: a Rogue's melee attack from the rear
                                     is a backstab ("You strike the jackal
                                     from behind!") */
#define FLANK_FR_UNNOTICED 0x0020u /* dnd: a helpless defender does not notice
                                      this creature in its rear zone
                                      (disturb() as if Stealthy) */
#define FLANK_FR_TURNS 0x0040u    /* opposite: the defender turns to face its
                                     attacker ("The goblin turns to face
                                     you.") */
#define FLANK_FR_SHIELD_DAMAGE 0x0080u /* tactics: the shield took 20% off */
#define FLANK_FR_ALL 0x00FFu

/* What the game applies to one attack.  damage: new = old * damage_percent
   / 100 (rounding down) + damage_flat, before any minimum NetHack applies. */
struct flank_facing_result {
    uint8_t hit_half_points;  /* the whole to-hit bonus, half points,
                                 unscaled: arc_half_points + zone_half_points,
                                 0..FLANK_MAX_FACING_HALF_POINTS; scale it by
                                 flank_percent() as flank_score()'s */
    uint8_t arc_half_points;  /* the proposal's score when the rule set uses
                                 it (FLANK_FR_ARC), else 0 */
    uint8_t zone_half_points; /* the rule set's own to-hit part */
    uint8_t zone;             /* FLANK_ZONE_* */
    uint16_t damage_percent;  /* 100: unchanged */
    int16_t damage_flat;      /* added after the percent */
    uint16_t bits;            /* FLANK_FR_* */
    uint8_t shield_counts;    /* 1: the defender's shield counts toward its
                                 AC against this attack; 0: it does not */
    uint8_t rules;            /* the rule set id evaluated */
};

/* The largest to-hit bonus: NerfHack's cap, 30 points. */
#define FLANK_MAX_FACING_HALF_POINTS 60

/*
 * Evaluates one attack under a rule set: returns hit_half_points (0 or
 * more) and fills *out, or returns a negative FLANK_E_* code and leaves *out
 * alone.  Faults are checked in this order: NULL; the neighbourhood (as
 * flank_score()); the rule set (FLANK_E_RULES); the facing
 * (FLANK_E_FACING); the flags and reserved byte (FLANK_E_FACING_FLAGS).
 */
int32_t flank_facing_eval(const struct flank_facing_input *in,
                          struct flank_facing_result *out);

/*
 * The farlook's words for what the zone of one attack does to its damage
 * (ABI version 16): r as flank_facing_eval() filled it; hero_defends 1
 * when the hero is the defender ("x1.5 damage from your rear"), 0 when
 * the hero attacks ("x1.25 damage to its flank", "a backstab to its
 * rear"); "+2 damage", and "(your shield)" when the shield took its share.
 * Written into out, NUL-terminated, cut to len - 1 bytes.  Returns the
 * length of the words (0: the zone changes nothing of the damage, and
 * out is ""), or FLANK_E_NULL (r or out NULL, or len 0; out untouched).
 */
int32_t flank_zone_look_words(const struct flank_facing_result *r,
                              int32_t hero_defends, char *out, uint32_t len);

/*
 * What flanking changed of one blow (ABI version 19), for the game's record
 * (the xlogfile's flanktaken=, flankdealt=, flankkill= count a blow whose
 * roll hit when this is not 0): points, the to-hit points the roll added
 * (the half points scaled by FLANKING, plus the AC of a shield that did not
 * count: struct flank_attack's k); r, the attack's evaluation as
 * flank_facing_eval() filled it, of which only damage_percent, damage_flat
 * and bits are read, or NULL when the attack has none (proposal's fast
 * path, flank_score()).  Returns FLANK_BLOW_* bits, 0 when flanking changed
 * nothing of the blow.  A defender that turns (FLANK_FR_TURNS) or does not
 * notice (FLANK_FR_UNNOTICED), a side noted (FLANK_FR_SIDE) change the
 * defender, not the blow.
 */
#define FLANK_BLOW_HIT 0x01u      /* its to-hit: points above 0 */
#define FLANK_BLOW_DAMAGE 0x02u   /* its damage: a percent other than 100 or
                                     a flat part (tactics' flank and rear,
                                     opposite's +2 from behind, the
                                     shield's cut) */
#define FLANK_BLOW_SHIELD 0x04u   /* of it, the shield's frontal cut
                                     (FLANK_FR_SHIELD_DAMAGE, tactics) */
#define FLANK_BLOW_BACKSTAB 0x08u /* a Rogue's backstab (FLANK_FR_BACKSTAB,
                                     dnd) */
int32_t flank_blow_changes(int32_t points,
                           const struct flank_facing_result *r);

/*
 * ==================================================================
 * Monsters that flank (ABI version 3; docs/DESIGN.md)
 * ==================================================================
 *
 * When a monster that plans (docs/FLANKING-DECISIONS.md, "Monsters that
 * flank") moves, NetHack's m_move() or dog_move() has already chosen its
 * square.  The game then gathers, once, the squares around each target the
 * mover could step next to, and flank_plan() decides: keep vanilla's square,
 * take a square next to a target where the mover's attack would score
 * higher under the rule set in force, or (a hostile mover about to arrive
 * alone while allies close in) wait where it is.
 *
 * A candidate is scored from what changes: the mover leaves its old square
 * (if it was next to the target) and stands on the new one, attacking from
 * there; nothing is gathered again.  Squares compare by how they keep up
 * with a moving target (heading), then by the to-hit bonus
 * (hit_half_points), then by the damage change; a square wins only when it
 * is strictly better than vanilla's choice, so ties keep vanilla's square.
 * A pet beside the hero (FLANK_PL_BESIDE_HERO) takes no square away from
 * her side while a foe attacking her, other than the one that square is
 * next to, stands where the pet could fight it from her side (from where
 * it stands, or from a candidate square next to her).
 */

#define FLANK_PLAN_NONE 8          /* no direction: not next to the target */
#define FLANK_PLAN_MAX_TARGETS 4
#define FLANK_PLAN_MAX_ALLIES 8

/* What kind of monster a mover is, for flank_plans(). */
#define FLANK_PK_MINDLESS 0x01u /* mindless() */
#define FLANK_PK_HUMANOID 0x02u /* humanoid() */
#define FLANK_PK_HANDS 0x04u    /* has hands (!nohands()) */
#define FLANK_PK_PACK 0x08u     /* a pack hunter: the dog or cat class */
#define FLANK_PK_TAME 0x10u     /* the hero's pet */
#define FLANK_PK_PEACEFUL 0x20u /* peaceful, not a pet */
#define FLANK_PK_ALL 0x3Fu

/*
 * Does a monster of this kind plan its fights?  1 or 0, or FLANK_E_PLAN for
 * bits outside FLANK_PK_ALL.  Never a mindless one nor a peaceful one; a
 * pet; a hostile humanoid with hands; a hostile pack hunter.
 */
int32_t flank_plans(uint8_t kind);

/* One target the mover could step next to this turn. */
struct flank_plan_target {
    /* The target's neighbourhood and facing input, gathered as for an
       attack on it with the mover where it stands now; n.attack_dir is
       ignored (each candidate is its own attack direction), and so is
       FLANK_FI_MELEE (every candidate is a melee attack).  FLANK_FI_ROGUE
       must be clear: the hero does not plan. */
    struct flank_facing_input in;
    uint8_t from;       /* the mover's square seen from the target,
                           FLANK_DIR_*, or FLANK_PLAN_NONE when it is not
                           next to the target */
    uint8_t candidates; /* bit d: the mover may step this turn to the
                           square in direction d from the target; that
                           square holds no creature */
    uint8_t chosen;     /* vanilla's square, FLANK_DIR_* when it is next to
                           this target, else FLANK_PLAN_NONE */
    uint8_t heading;    /* ABI 9: where the target is going, FLANK_DIR_*: the
                           direction of its last step, heading_age turns ago
                           (the hero's, as the mover saw it); FLANK_PLAN_NONE
                           when it has not stepped or is not known to.  A
                           planner puts the square in that direction (in
                           its way) before the two beside that one
                           (ahead) before the two square to it (still next
                           to it after its next step) before the three
                           behind, and that before any bonus */
    uint8_t hero;       /* ABI 10: the hero's square seen from the target,
                           FLANK_DIR_*, when the target is a foe of hers
                           next to her; FLANK_PLAN_NONE otherwise (the
                           target is the hero, or not next to her).  Such
                           a foe that is not helpless (FLANK_FI_HELPLESS
                           clear in `in`) attacks her */
    uint8_t follow;     /* ABI 11: bit d: from the square in direction d
                           the mover could simply step onto the target's
                           square, were the target to leave it (NetHack's
                           movement rules as the gathering applies them,
                           creatures ignored: no diagonal step into or out
                           of a doorway that has a door, no squeeze, the
                           terrain and any trap under the target).  Only
                           bits of candidates; the glue gathers
                           it for a target with a heading and leaves it 0
                           otherwise, and a planner reads it only while the
                           heading counts: of two squares that keep up with
                           the target alike, it puts one it could follow
                           the target from first */
};

/* Facts about the mover, for hanging back and for a pet at the hero's side
   (struct flank_plan_input). */
#define FLANK_PL_PET 0x01u      /* the hero's pet (pets never wait) */
#define FLANK_PL_HURT 0x02u     /* below its maximum hit points */
#define FLANK_PL_FLEEING 0x04u
#define FLANK_PL_ATTACKED 0x08u /* attacked this turn or the last, or
                                   since its wait began */
#define FLANK_PL_RANGED 0x10u   /* its target could attack it where it
                                   stands, from range */
#define FLANK_PL_LEAVING 0x20u  /* its target stepped away from it on its
                                   last move */
#define FLANK_PL_BESIDE_HERO 0x40u /* ABI 10: it stands next to the hero */
#define FLANK_PL_ALL 0x7Fu

struct flank_plan_input {
    uint8_t flags;     /* FLANK_PL_* */
    uint8_t ntargets;  /* 1..FLANK_PLAN_MAX_TARGETS; hanging back is about
                          the first (a hostile mover's only target, the
                          hero) */
    uint8_t waited;    /* moves the mover has waited since its wait began */
    uint8_t since;     /* turns since that wait began; 255: never, or 255
                          turns and more */
    uint8_t nallies;   /* allies closing in on the first target,
                          0..FLANK_PLAN_MAX_ALLIES: awake, able to move,
                          hostile to it, and either nearer to it than the
                          square they last stepped from or waiting too.
                          One next to the target (distance 0 or 1) is
                          ignored here: it counts by its square */
    uint8_t heading_age; /* ABI 9 (before, a reserved 0): turns since the
                            step that gave the targets their headings (0:
                            the hero stepped this turn), 255 for 255 and
                            more; a heading counts for
                            FLANK_PLAN_HEADING_TURNS turns */
    uint8_t ally_dist[FLANK_PLAN_MAX_ALLIES];  /* each one's distance to the
                                                  first target (distmin) */
    uint8_t ally_speed[FLANK_PLAN_MAX_ALLIES]; /* and its speed, 1..255 */
    struct flank_plan_target target[FLANK_PLAN_MAX_TARGETS];
};

/* What the mover does (struct flank_plan_result's action). */
#define FLANK_PLAN_KEEP 0 /* vanilla's square */
#define FLANK_PLAN_MOVE 1 /* the square dir from target */
#define FLANK_PLAN_WAIT 2 /* stay where it is */

/* Why (struct flank_plan_result's why), for #flanking in wizard mode. */
#define FLANK_WHY_NO_BETTER 0   /* no candidate beats vanilla's square */
#define FLANK_WHY_BETTER 1      /* a better square next to a target */
#define FLANK_WHY_WAITING 2     /* waiting for allies */
#define FLANK_WHY_NOT_ALONE 3   /* arriving where a threat already stands,
                                   or with an ally (ABI 12: after every
                                   other reason but that of a pet) */
#define FLANK_WHY_NO_ALLIES 4   /* nobody close enough behind */
#define FLANK_WHY_HURT 5
#define FLANK_WHY_FLEEING 6
#define FLANK_WHY_ATTACKED 7
#define FLANK_WHY_RANGED 8      /* its target can reach it from range */
#define FLANK_WHY_WAITED 9      /* it has waited as long as it may */
#define FLANK_WHY_PET 10        /* a pet never waits */
#define FLANK_WHY_LEAVING 11    /* its target is moving away: waiting would
                                   let it go */
#define FLANK_WHY_SINGLE_FILE 12 /* ABI 9: one square next to its target is
                                    in its reach: allies could only queue
                                    behind it, not arrive with it */

/* The words #flanking uses for a FLANK_WHY_* ("waiting for its allies"),
   static, or NULL for a code that is none. */
const char *flank_plan_why(int32_t why);

/* The longest wait, in the mover's moves, and how long a wait is
   remembered (turns): a mover that has waited FLANK_PLAN_WAIT_MOVES moves
   does not wait again until FLANK_PLAN_WAIT_MEMORY turns after its wait
   began. */
#define FLANK_PLAN_WAIT_MOVES 3
#define FLANK_PLAN_WAIT_MEMORY 20
/* An ally is coming when it can stand next to the target within this many
   turns: (distance - 1) squares at its speed. */
#define FLANK_PLAN_AHEAD_TURNS 3
/* A target's heading counts while heading_age is below this: for the turn
   of its step and the two after it (the hero who stops to cut down what
   stands in her way is still going where she was going). */
#define FLANK_PLAN_HEADING_TURNS 3

struct flank_plan_result {
    uint8_t action;      /* FLANK_PLAN_* */
    uint8_t target;      /* FLANK_PLAN_MOVE: the target's index */
    uint8_t dir;         /* FLANK_PLAN_MOVE: the square, FLANK_DIR_* from
                            that target */
    uint8_t why;         /* FLANK_WHY_* */
    uint8_t half_points; /* the to-hit bonus (hit_half_points) of the square
                            it moves to, or of vanilla's when that is next
                            to a target; 0 otherwise */
    uint8_t vanilla_half_points; /* vanilla's square's */
    uint8_t coming;      /* allies counted as coming; ABI 12: counted
                            only when the allies are asked for (see
                            flank_plan_asking()), else 0 */
    uint8_t new_wait;    /* FLANK_PLAN_WAIT: 1 when a new wait begins (the
                            game restarts its count), else 0 */
};

/*
 * Decides one move: the number of candidates scored (0 or more), or a
 * negative FLANK_E_* code with *out untouched (FLANK_E_PLAN for the plan's
 * own fields, or the facing input's code for a target's).
 */
int32_t flank_plan(const struct flank_plan_input *in,
                   struct flank_plan_result *out);

/*
 * ABI 12.  The allies of a plan, asked for: fills dist[i] and speed[i] as
 * struct flank_plan_input's ally_dist[] and ally_speed[] say, and returns
 * how many, 0..FLANK_PLAN_MAX_ALLIES.  ctx is flank_plan_asking()'s.
 */
typedef int32_t (*flank_plan_allies_fn)(void *ctx, uint8_t *dist,
                                        uint8_t *speed);

/*
 * flank_plan(), with the allies asked for (allies(ctx, ...), once at most)
 * only when the decision depends on them: a mover that is not a pet,
 * arriving next to its first target from further away, with no threat
 * next to that target already and no other reason not to wait (the
 * FLANK_WHY_* from HURT to WAITED).  Walking a level's monsters for them
 * is the dearest part of gathering a plan, and most plans never read
 * them.
 * in->nallies must be 0; a count outside 0..FLANK_PLAN_MAX_ALLIES or a
 * speed of 0 from allies is FLANK_E_PLAN, as in the input; allies NULL is
 * FLANK_E_NULL.  The same decision as flank_plan() with the same allies in
 * the input.
 */
int32_t flank_plan_asking(const struct flank_plan_input *in,
                          flank_plan_allies_fn allies, void *ctx,
                          struct flank_plan_result *out);

/*
 * ==================================================================
 * Threats from range (ABI version 4; docs/DESIGN.md)
 * ==================================================================
 *
 * With sysconf FLANKING_RANGED on, a creature that is not next to the
 * defender threatens it from its octant when it could attack it from where
 * it stands this turn (docs/FLANKING-DECISIONS.md, "Threats from range").
 * The game gathers, for each direction d, the first creature on the line
 * from the defender that way, past the neighbouring square: 2 to
 * FLANK_RANGE_MAX squares out, with nothing that blocks the view
 * (does_block()) on the squares before it.  A creature next to the
 * defender does not end the walk; the engine ignores a line whose
 * neighbouring square holds a creature (that one counts by its square).
 * The engine judges each line: a threat when the neighbouring square is
 * empty, the creature threatens the defender by the rules of an adjacent
 * one (its square bits, judged as for flank_score()), and it is armed for
 * this distance:
 *   - breath, spit, gaze, missiles: anywhere on the line;
 *   - a launcher: anywhere, but a monster shooting a monster only within
 *     FLANK_RANGE_MM_LAUNCHER2 (thrwmm());
 *   - a polearm: distance squared at most its reach, and never a monster's
 *     against a monster (thrwmm() applies none);
 * and always distance squared at most FLANK_RANGE_DIST2_MAX (dochug()'s
 * inrange).  Every other score rule is unchanged: behind and beside are the
 * defender's own squares.
 */
#define FLANK_RANGE_MIN 2
#define FLANK_RANGE_MAX 7           /* linedup(): distmin < BOLT_LIM */
#define FLANK_RANGE_DIST2_MAX 64    /* dochug(): BOLT_LIM * BOLT_LIM */
#define FLANK_RANGE_MM_LAUNCHER2 36 /* thrwmm(): PET_MISSILE_RANGE2 */

/* What a creature on a line can attack with from range: facts, gathered
   without select_rwep() or a random number. */
#define FLANK_RA_POLEARM 0x01u  /* wields a polearm or lance (uwep; a
                                   monster's MON_WEP and an AT_WEAP attack) */
#define FLANK_RA_LAUNCHER 0x02u /* wields a launcher and has matching
                                   ammunition (the hero's quiver; a
                                   monster's inventory and AT_WEAP) */
#define FLANK_RA_MISSILES 0x04u /* has missiles it would throw: daggers,
                                   knives, spears, javelins, darts,
                                   shuriken (the hero's quiver; a monster's
                                   inventory, not a welded or artifact one,
                                   and AT_WEAP) */
#define FLANK_RA_BREATH 0x08u   /* an AT_BREA attack it can use now */
#define FLANK_RA_SPIT 0x10u     /* an AT_SPIT attack, not cancelled */
#define FLANK_RA_GAZE 0x20u     /* an AT_GAZE attack, not cancelled */
#define FLANK_RA_ALL 0x3Fu

/* The lines around one defender, beside its struct flank_neighbourhood. */
struct flank_ranged {
    /* FLANK_SQ_* of the first creature on line d, as for a square (never
       FLANK_SQ_BLOCKED); 0 when there is none. */
    uint16_t square[FLANK_NDIRS];
    /* Its distance from the defender, FLANK_RANGE_MIN..FLANK_RANGE_MAX;
       0 when there is none. */
    uint8_t dist[FLANK_NDIRS];
    uint8_t arms[FLANK_NDIRS];  /* FLANK_RA_* */
    /* With FLANK_RA_POLEARM: the farthest distance squared its polearm
       reaches (a monster's POLE_LIM, 5; the hero's 4, 5 or 8 by skill, as
       use_pole()); otherwise 0. */
    uint8_t reach[FLANK_NDIRS];
};

/*
 * The directions threatened from range around n's defender: a mask, bit d
 * for direction d (0..255), or a negative FLANK_E_* code (n's first, as
 * flank_score(), then FLANK_E_RANGED).  The attack direction is not added:
 * this is what the lines alone make of it, for #flanking.
 */
int32_t flank_ranged_threats(const struct flank_neighbourhood *n,
                             const struct flank_ranged *r);

/*
 * flank_explain() with the threats from range: detail->threats has them,
 * and the score counts them.  r may be NULL: flank_explain() exactly.
 */
int32_t flank_explain_ranged(const struct flank_neighbourhood *n,
                             const struct flank_ranged *r,
                             struct flank_detail *out);

/*
 * flank_facing_eval() with the threats from range: the arc score counts
 * them.  A threat from range opposite the attacker is not the `opposite`
 * rule's ally, which stands next to the defender (before version 7 it
 * was).  r may be NULL: flank_facing_eval() exactly.
 */
int32_t flank_facing_eval_ranged(const struct flank_facing_input *in,
                                 const struct flank_ranged *r,
                                 struct flank_facing_result *out);

/*
 * ABI version 5: what a to-hit roll needs, no more.
 *
 * flank_score() with the threats from range: the half points
 * flank_explain_ranged() returns, without the detail, validated in one pass
 * as flank_score() is.  r may be NULL: flank_score() exactly.  Faults: n's
 * first, then FLANK_E_RANGED.
 */
int32_t flank_score_ranged(const struct flank_neighbourhood *n,
                           const struct flank_ranged *r);

/*
 * The lines whose creature could change n's score: bit d when the
 * neighbouring square in direction d holds no creature (a line behind one
 * is ignored) and d is not the attack direction (a threat already).  A
 * gatherer may leave every other line empty: flank_score_ranged(),
 * flank_explain_ranged() and flank_facing_eval_ranged() score the same.
 * A mask 0..255, or n's FLANK_E_* code.
 */
int32_t flank_ranged_lines(const struct flank_neighbourhood *n);

/*
 * The lines whose creature's arms decide: bit d when the creature on line d
 * of r would threaten n's defender if it were armed for its distance (every
 * rule but the arms holds).  A gatherer may fill arms and reach for these
 * lines alone, 0 on the others: the scores are the same.  A mask 0..255, or
 * n's FLANK_E_* code, then FLANK_E_RANGED.  flank_ranged_threats() and
 * #flanking want the arms of every line.
 */
int32_t flank_ranged_armed(const struct flank_neighbourhood *n,
                           const struct flank_ranged *r);

/*
 * ==================================================================
 * Fixtures, for the in-game harness (test support, not used in play)
 * ==================================================================
 *
 * The *.flank fixtures (docs/DESIGN.md) are parsed here, in Rust, once;
 * the game's fixture harness (wizard mode, --flank-fixtures) builds each one
 * as a real situation and reads it through these functions.  A set owns
 * every string it hands out until flank_fixtures_free().
 */

/* The limits every format's reader keeps (*.flank, *.move, *.arena: one
   reader in rust-flanking, for flank check, this ABI, the game's harness
   and the arena alike), each refusal naming the file and the line: a
   file's size in bytes, and how far a fixture's or a movement fixture's
   map reaches from its '@', which the game puts on <COLNO/2, ROWNO/2>
   with room around it for the squares the harness keeps aside.  (The
   arena's maps are centred on the level instead; a scenario's map holds
   at most 19 rows of 77 columns.) */
#define FLANK_FILE_MAX_BYTES 1048576
#define FLANK_FX_MAP_REACH_COLS 30 /* columns left and right of '@' */
#define FLANK_FX_MAP_REACH_ROWS 8  /* rows above and below '@' */

/* Defender traits of a fixture (its `defender:` line). */
#define FLANK_FX_DEF_MONSTER 0x01u    /* a monster (else the hero) */
#define FLANK_FX_DEF_LEVITATING 0x02u
#define FLANK_FX_DEF_FLYING 0x04u
#define FLANK_FX_DEF_SWIMMING 0x08u
#define FLANK_FX_DEF_PHASING 0x10u    /* passes walls */
#define FLANK_FX_DEF_PEACEFUL 0x20u   /* a peaceful monster */
#define FLANK_FX_DEF_TAME 0x40u       /* a pet */
#define FLANK_FX_DEF_CONFLICT 0x80u   /* the hero causes Conflict */

/* States of a fixture's creature (its `creature <dir>:` line); none of
   PEACEFUL, TAME and HERO means hostile. */
#define FLANK_FX_CR_PEACEFUL 0x001u
#define FLANK_FX_CR_TAME 0x002u
#define FLANK_FX_CR_UNWILLING 0x004u  /* a pet that would not attack; with TAME */
#define FLANK_FX_CR_HERO 0x008u
#define FLANK_FX_CR_SLEEPING 0x010u
#define FLANK_FX_CR_PARALYZED 0x020u
#define FLANK_FX_CR_TRAPPED 0x040u    /* caught in a trap on its square */
#define FLANK_FX_CR_FLEEING 0x080u
#define FLANK_FX_CR_PASSIVE 0x100u    /* no active attack */
#define FLANK_FX_CR_TAIL 0x200u       /* a long worm's tail segment */


/* An ordered collection of fixtures; opaque. */
struct flank_fixture_set;

/* A new, empty set (NULL only if memory ran out). */
struct flank_fixture_set *flank_fixtures_new(void);

/*
 * Adds the fixture file at path, or every *.flank file under the directory
 * at path (recursively, sorted by path).  A file that cannot be read or
 * parsed is added as an entry whose error names the file and line, and a
 * path that cannot be searched as one naming the path: nothing is dropped.
 * Returns the number of entries added, or FLANK_E_NULL.
 */
int32_t flank_fixtures_add(struct flank_fixture_set *set, const char *path);

/* The number of entries, or FLANK_E_NULL. */
int32_t flank_fixtures_count(const struct flank_fixture_set *set);

/* Facing fields of a fixture (ABI version 2). */
#define FLANK_FX_UNSET 0xFFu  /* a field the fixture does not give */
#define FLANK_FX_DEF_SHIELD 0x01u   /* `defender: shield` */
#define FLANK_FX_DEF_SLEEPING 0x02u /* `defender: sleeping` (helpless) */


/*
 * Threats from range in a fixture (ABI version 4): `ranged: on` turns
 * FLANKING_RANGED on for it, and a `far X:` line says what the creature of
 * letter X, further out on the map, carries or can do, and its states.
 */
#define FLANK_FX_FAR_POLEARM 0x0001u  /* wields a polearm */
#define FLANK_FX_FAR_LANCE 0x0002u    /* wields a lance */
#define FLANK_FX_FAR_BOW 0x0004u      /* wields a bow */
#define FLANK_FX_FAR_ARROWS 0x0008u   /* carries (the hero: quivers) arrows */
#define FLANK_FX_FAR_CROSSBOW 0x0010u /* wields a crossbow */
#define FLANK_FX_FAR_BOLTS 0x0020u    /* crossbow bolts */
#define FLANK_FX_FAR_SLING 0x0040u    /* wields a sling */
#define FLANK_FX_FAR_ROCKS 0x0080u    /* flint stones */
#define FLANK_FX_FAR_DAGGERS 0x0100u
#define FLANK_FX_FAR_SPEARS 0x0200u
#define FLANK_FX_FAR_DARTS 0x0400u
#define FLANK_FX_FAR_KNIVES 0x0800u
#define FLANK_FX_FAR_BREATH 0x1000u   /* a species that breathes */
#define FLANK_FX_FAR_SPIT 0x2000u     /* a species that spits */
#define FLANK_FX_FAR_GAZE 0x4000u     /* a species with an active gaze */
#define FLANK_FX_FAR_ALL 0x7FFFu

/* One creature further out with a `far X:` line. */
struct flank_fixture_far {
    uint16_t row, col;  /* where in the map */
    uint16_t line;      /* the line of its `far` line */
    uint16_t states;    /* FLANK_FX_CR_*: PEACEFUL, TAME, HERO, SLEEPING,
                           PARALYZED, TRAPPED, FLEEING */
    uint16_t arms;      /* FLANK_FX_FAR_* */
    char letter;        /* its map letter */
    uint8_t reserved;   /* always 0 */
};


/*
 * The field's rule sets in a fixture (ABI version 8): more states of a
 * creature next to '@' (its `creature <dir>:` line) and of a hero defender
 * (its `defender:` line, ELBERETH only).  The hero's own (HALLUCINATING to
 * ELBERETH) only with FLANK_FX_CR_HERO.
 */
#define FLANK_FX_PEER_CONFUSED 0x0001u
#define FLANK_FX_PEER_STUNNED 0x0002u
#define FLANK_FX_PEER_EATING 0x0004u
#define FLANK_FX_PEER_HIDING 0x0008u       /* a snake under an object */
#define FLANK_FX_PEER_MIMICKING 0x0010u    /* a mimic posing as an object */
#define FLANK_FX_PEER_NURSE 0x0020u
#define FLANK_FX_PEER_OUTFLANKER 0x0040u   /* of a species (the hero: a
                                              form) that flanks by nature */
#define FLANK_FX_PEER_HALLUCINATING 0x0080u
#define FLANK_FX_PEER_BLIND 0x0100u
#define FLANK_FX_PEER_PUNISHED 0x0200u
#define FLANK_FX_PEER_FUMBLING 0x0400u
#define FLANK_FX_PEER_WOUNDED_LEGS 0x0800u
#define FLANK_FX_PEER_ELBERETH 0x1000u     /* Elbereth engraved under it */
/* ABI version 17: */
#define FLANK_FX_PEER_GRUDGE 0x2000u       /* the defender holds a grudge
                                              against it (a shrieker next to
                                              a purple worm) */
#define FLANK_FX_PEER_STATIONARY 0x4000u   /* of a form of speed 0 (a mold;
                                              the hero: polymorphed into
                                              one) */
#define FLANK_FX_PEER_ALL 0x7FFFu

/*
 * One fixture file, every field of it (ABI version 15: one struct, where
 * versions 2 to 14 nested the fields each version added).  When error is
 * not NULL the file could not be used and only name, path and error mean
 * anything.  The facing fields are FLANK_FX_UNSET where the fixture gives
 * none.
 */
struct flank_fixture {
    const char *name;  /* `name:`, else the file's stem; never NULL */
    const char *path;  /* the file; never NULL */
    const char *error; /* NULL, or "file:line: what is wrong" */
    /* The map block, rows * cols characters row by row (short rows padded
       with spaces, so a missing character is solid rock) and a NUL. */
    const char *map;
    uint16_t rows, cols;
    uint16_t def_row, def_col; /* where '@' (the defender) is in it */
    /* FLANK_FX_CR_* of the creature in each direction, FLANK_DIR_*; 0 for
       a hostile creature or for no creature at all (see glyph). */
    uint16_t creature[FLANK_NDIRS];
    char glyph[FLANK_NDIRS];     /* the map glyph in each direction */
    uint8_t attack_dir;          /* FLANK_DIR_* from the defender */
    uint8_t expect_half_points;  /* `expect:` in half points, 0..18 */
    uint8_t defender;            /* FLANK_FX_DEF_* */
    /* facing */
    uint8_t uses_facing;  /* 1 when any facing key is given */
    uint8_t rules;        /* `rules:` id, FLANK_FX_UNSET when not given */
    uint8_t facing;       /* `facing:` FLANK_DIR_*, FLANK_FACING_NONE, or
                             FLANK_FX_UNSET */
    uint8_t def_facing;   /* FLANK_FX_DEF_SHIELD | FLANK_FX_DEF_SLEEPING */
    uint8_t creature_facing[FLANK_NDIRS]; /* `facing <dir>:`, as facing */
    uint8_t flags;        /* the FLANK_FI_* the fixture's attack has */
    uint8_t expect_zone;  /* FLANK_ZONE_*, FLANK_FX_UNSET */
    uint8_t expect_hit_half_points; /* `expect-hit:`, FLANK_FX_UNSET */
    uint8_t expect_shield; /* 1 counts, 0 does not, FLANK_FX_UNSET */
    uint16_t expect_damage_percent; /* `expect-damage:`, 0 when not given */
    int16_t expect_damage_flat;
    uint16_t expect_bits;  /* `expect-extra:` FLANK_FR_* (FLANK_FR_ARC
                              is never expected: it follows from rules) */
    /* threats from range */
    uint8_t ranged;     /* 1: `ranged: on` */
    uint8_t nfar;       /* entries in far[] */
    const struct flank_fixture_far *far; /* in map order; NULL if nfar 0 */
    /* the field's facts */
    uint16_t peer[FLANK_NDIRS]; /* FLANK_FX_PEER_* of each creature */
    uint16_t def_peer;          /* of a hero defender: FLANK_FX_PEER_ELBERETH,
                                   FLANK_FX_PEER_BLIND, or 0 */
    uint8_t attacker_level;     /* `attacker-level:`, FLANK_FX_UNSET */
    /* ABI version 17: `attacker-at: DX DY`, the attacker's offset from '@'
       (x right, y down) when it stands further away than the next square,
       off the eight lines or on them; else 0 0 (attack_dir says where) */
    int8_t attacker_dx, attacker_dy;
};

/* Entry index of set into *out, every field of it: FLANK_OK; FLANK_E_NULL
   for a NULL set or out, FLANK_E_INDEX for an index outside 0..count-1,
   *out untouched.  An entry that could not be read or parsed is FLANK_OK
   with out->error set (its name and path too); a consumer that
   cannot build what a fixture asks (its facing, its threats from range)
   refuses it by name, never runs it as something else.  The strings and
   the far[] array stay valid until the set is freed. */
int32_t flank_fixtures_get(const struct flank_fixture_set *set,
                           int32_t index, struct flank_fixture *out);

/* Frees the set and its strings; NULL is fine. */
void flank_fixtures_free(struct flank_fixture_set *set);

/*
 * Movement fixtures (*.move; tests/fixtures/README.md, "Movement
 * fixtures"): a map, a mover, its target and allies, the rule set, and
 * what the mover must do on each of its turns.  The game's harness
 * (--flank-fixtures) plays each through the real m_move() or dog_move().
 * A set of them is separate from a set of *.flank fixtures: neither
 * collects the other's files.
 */

/* States of a movement fixture's creature (its `creature X:` line); none
   of PEACEFUL and TAME means hostile. */
#define FLANK_MV_PEACEFUL 0x01u
#define FLANK_MV_TAME 0x02u
#define FLANK_MV_SLEEPING 0x04u
#define FLANK_MV_FLEEING 0x08u
#define FLANK_MV_HURT 0x10u     /* half its hit points */
#define FLANK_MV_ATTACKED 0x20u /* flank_ai_attacked() before each of its
                                   turns (the mover only) */
#define FLANK_MV_STILL 0x40u    /* did not step closer last turn (not the
                                   mover); without it a hostile creature's
                                   previous square is one step farther
                                   from the hero */

/* What the mover must do on one of its turns (expect[]). */
#define FLANK_MV_MOVE 0    /* end on a '*' square */
#define FLANK_MV_WAIT 1    /* stay where it is */
#define FLANK_MV_VANILLA 2 /* end where the same run with FLANKING_AI off
                              ends */
#define FLANK_MV_MAX_TURNS 16

/* One creature of a movement fixture: one per letter of the map. */
struct flank_move_creature {
    const char *species; /* NetHack's name, as written: "little dog" */
    uint16_t row, col;   /* where in the map */
    uint16_t line;       /* the line of its `creature` line */
    uint8_t states;      /* FLANK_MV_* */
    uint8_t mover;       /* 1 for the mover, else 0 */
    char letter;         /* its map letter */
    uint8_t reserved[3]; /* always 0 */
};

/* One movement fixture.  When error is not NULL the file could not be
   used and only name, path and error mean anything. */
struct flank_move_fixture {
    const char *name;  /* `name:`, else the file's stem; never NULL */
    const char *path;  /* the file; never NULL */
    const char *error; /* NULL, or "file:line: what is wrong" */
    /* The map block, rows * cols characters row by row (short rows padded
       with spaces, solid rock) and a NUL.  '*' is floor where a `move`
       may end. */
    const char *map;
    uint16_t rows, cols;
    uint16_t hero_row, hero_col; /* where '@' is */
    uint16_t runs;               /* `runs:`, RNG seeds 1..runs */
    uint16_t ncreatures;         /* entries in creatures[] */
    const struct flank_move_creature *creatures; /* in map order */
    uint8_t rules;    /* `rules:` id, FLANK_RULES_* (proposal if not given) */
    uint8_t facing;   /* `facing:`, the hero's FLANK_DIR_*, or
                         FLANK_FX_UNSET when not given */
    uint8_t nexpect;  /* turns in expect[], 1..FLANK_MV_MAX_TURNS */
    uint8_t heading;  /* ABI 9: `heading:`, the direction of the hero's last
                         step (FLANK_DIR_*), or FLANK_FX_UNSET when not
                         given: the hero did not move */
    uint8_t expect[FLANK_MV_MAX_TURNS]; /* FLANK_MV_MOVE, ... per turn */
    char hero_on;     /* ABI 11: `hero-on:`, the terrain under '@': '.'
                         floor (when not given), '#' a corridor or '\''
                         an open door */
};

/* An ordered collection of movement fixtures; opaque. */
struct flank_move_set;

/* A new, empty set (NULL only if memory ran out). */
struct flank_move_set *flank_moves_new(void);

/*
 * Adds the movement fixture file at path, or every *.move file under the
 * directory at path (recursively, sorted by path); as flank_fixtures_add(),
 * nothing is dropped.  Returns the number of entries added, or
 * FLANK_E_NULL.
 */
int32_t flank_moves_add(struct flank_move_set *set, const char *path);

/* The number of entries, or FLANK_E_NULL. */
int32_t flank_moves_count(const struct flank_move_set *set);

/* Entry index into *out: FLANK_OK, FLANK_E_NULL or FLANK_E_INDEX.  The
   strings and the array stay valid until the set is freed. */
int32_t flank_moves_get(const struct flank_move_set *set, int32_t index,
                        struct flank_move_fixture *out);

/* Frees the set and its strings; NULL is fine. */
void flank_moves_free(struct flank_move_set *set);

/*
 * ==================================================================
 * Arena scenarios, for the in-game arena (test support, not in play)
 * ==================================================================
 *
 * The arena (nethack --arena FILE --arena-seed=N) plays one real fight of
 * an *.arena scenario (arena/README.md).  The file is parsed here, in
 * Rust; species and roles are NetHack's to check, so each carries the line
 * that names it.  A file owns every string and array it hands out until
 * flank_arena_free().
 */

/* The hero's policy (`policy:`). */
#define FLANK_ARENA_HOLD 0    /* hold the start square, fight what is next */
#define FLANK_ARENA_RETREAT 1 /* walk to the retreat square '*', then hold */
#define FLANK_ARENA_CROSS 2   /* walk to the exit '>'; the fight ends there */
#define FLANK_ARENA_PLAYER 3  /* none: a player plays it (--arena-play);
                                 ABI 13 */

/* One creature of the map. */
struct flank_arena_creature {
    const char *species; /* as the scenario names it: "little dog" */
    uint16_t row, col;   /* where in the map */
    uint16_t line;       /* the line of its `monster` or `pet` line */
    uint8_t tame;        /* 1 for a pet, 0 for a hostile monster */
    uint8_t reserved;    /* always 0 */
};

/* One scenario.  When error is not NULL the file could not be used and
   only name, path and error mean anything. */
struct flank_arena {
    const char *name;  /* `name:`, else the file's stem; never NULL */
    const char *path;  /* the file; never NULL */
    const char *error; /* NULL, or "file:line: what is wrong" */
    /* The map block, rows * cols characters row by row (short rows padded
       with spaces, solid rock) and a NUL. */
    const char *map;
    uint16_t rows, cols;
    uint16_t hero_row, hero_col; /* where '@' is */
    int16_t goal_row, goal_col;  /* the policy's goal ('*' or '>'), or -1 */
    const char *role;            /* `hero:` role, as written */
    uint16_t role_line;          /* the line of `hero:` */
    uint8_t level;               /* `hero:` experience level, 1..30 */
    uint8_t policy;              /* FLANK_ARENA_* */
    uint16_t turns;              /* `turns:`, the turn limit, 1..10000 */
    uint16_t ncreatures;         /* entries in creatures[] */
    char hero_on;                /* the terrain under '@': '.', '#' or '\'' */
    const struct flank_arena_creature *creatures;
};

/* A loaded scenario file; opaque. */
struct flank_arena_file;

/* Loads and parses the file at path: never NULL unless memory ran out or
   path is NULL; a file that cannot be read or parsed gives an entry whose
   error names the file and line. */
struct flank_arena_file *flank_arena_load(const char *path);

/* The scenario into *out: FLANK_OK or FLANK_E_NULL.  The strings and the
   array stay valid until the file is freed. */
int32_t flank_arena_get(const struct flank_arena_file *file,
                        struct flank_arena *out);

/* Frees the file; NULL is fine. */
void flank_arena_free(struct flank_arena_file *file);

/*
 * ==================================================================
 * Save files' integrity (ABI 13, 18; sysconf SAVEKEY)
 * ==================================================================
 *
 * Not a rule of flanking: a server's safety.  The game ends every save it
 * writes with a trailer: FLANK_SAVE_MAGIC, the save's one-time value
 * (FLANK_SAVE_NONCE_LEN bytes), and the HMAC-SHA256, keyed by a secret
 * only the game's group may read, of what the game binds the save to (its
 * player, the one-time value) followed by the bytes before the trailer.
 * The mark is fed as the save is written (begin, update, end), never over
 * a file read back, and checked the same way before a byte is parsed.
 */
#define FLANK_SAVE_MAC_LEN 32  /* an HMAC-SHA256 */
#define FLANK_SAVE_KEY_MIN 16  /* the shortest key, in bytes */
#define FLANK_SAVE_KEY_MAX 64  /* the longest key, in bytes */
#define FLANK_SAVE_MAGIC "NHFMAC2\n" /* 8 bytes: the trailer's start */
#define FLANK_SAVE_NONCE_LEN 16 /* the one-time value, after the magic */
#define FLANK_SAVE_TRAILER_LEN (8 + FLANK_SAVE_NONCE_LEN + FLANK_SAVE_MAC_LEN)

/* HMAC-SHA256 of data[0..len) under key[0..keylen) into out[32]:
   FLANK_OK; FLANK_E_NULL (a NULL pointer with a length, or out);
   FLANK_E_SAVE_KEY (keylen < FLANK_SAVE_KEY_MIN or > FLANK_SAVE_KEY_MAX).
   out untouched on an error. */
int32_t flank_save_mac(const uint8_t *key, uint32_t keylen,
                       const uint8_t *data, uint32_t len, uint8_t *out);

/* 1 if mark[32] is the HMAC-SHA256 of data under key, 0 if not (compared
   in constant time); the errors of flank_save_mac(). */
int32_t flank_save_mac_check(const uint8_t *key, uint32_t keylen,
                             const uint8_t *data, uint32_t len,
                             const uint8_t *mark);

/* A mark fed piece by piece (ABI 18).  Every state begun is freed by
   exactly one of _end(), _end_check() or _abandon(), whatever they answer;
   its memory is wiped when it is freed. */
struct flank_save_mac_state;

/* A mark under key[0..keylen) into *out: FLANK_OK; FLANK_E_NULL (out
   NULL, or key NULL with a length); FLANK_E_SAVE_KEY (the key's length as
   flank_save_mac()).  *out is NULL on an error (out itself not NULL). */
int32_t flank_save_mac_begin(const uint8_t *key, uint32_t keylen,
                             struct flank_save_mac_state **out);

/* Feeds data[0..len): FLANK_OK; FLANK_E_NULL (st NULL, or data NULL with
   a length; nothing fed). */
int32_t flank_save_mac_update(struct flank_save_mac_state *st,
                              const uint8_t *data, uint32_t len);

/* The mark of everything fed into out[32], st freed: FLANK_OK;
   FLANK_E_NULL (st or out NULL; out untouched, st freed if not NULL). */
int32_t flank_save_mac_end(struct flank_save_mac_state *st, uint8_t *out);

/* 1 if mark[32] is the mark of everything fed, 0 if not (constant time),
   FLANK_E_NULL (st or mark NULL); st freed if not NULL. */
int32_t flank_save_mac_end_check(struct flank_save_mac_state *st,
                                 const uint8_t *mark);

/* Frees a state not ended; NULL is fine. */
void flank_save_mac_abandon(struct flank_save_mac_state *st);

#ifdef __cplusplus
}
#endif

#endif /* RUST_FLANKING_H */
