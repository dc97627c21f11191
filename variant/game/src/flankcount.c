/* NetHack 3.6	flankcount.c	NetHack Flanking: the roll's ends, the record's counts */
/* NetHack Flanking may be freely redistributed.  See license for details. */

/*
 * The two ends of a to-hit roll flanking had a say in, apart from
 * flank.c, which gathers an attack's facts and applies the engine's
 * answer: the target a monster's melee on the hero rolls against, clamped
 * as mattacku() clamps it (flank_clamp_tohit()); and, once the roll is
 * decided, hit or miss, what is told of it (flank_decided()): the arena's
 * count (a test build), the record's count of the game's flanked blows
 * (the xlogfile's flanktaken=, flankdealt=, flankkill=), the view's word
 * for a hit flanking decided, and under `opposite` the defender turning.
 */

#include "hack.h"
#include "flanking.h"
#include "flank.h"

/*
 * What flanking did in this game, for its xlogfile line (topten.c): the
 * blows that hit the hero with a flanking bonus above 0 (taken), the
 * hero's blows that landed with one (dealt), and whether a monster's blow
 * that hit the hero with one is being resolved now (its damage and what
 * comes with it at once: the hero who dies of it died of a flanked blow).
 * Counted from the to-hit rolls (flank_decided(), and a kicking form's
 * kicks, which roll on their own): a blow whose roll got no bonus, a blow
 * that rolls no to-hit (a hug, a gaze, an engulfing, an explosion, a
 * plain kick) is not counted.  Facts only: nothing is drawn, nothing in
 * the game changes, and nothing is saved: the counts are this process's,
 * since the game's start or its restore (FLANKING-DECISIONS.md, "What a
 * game records").
 */
static long flank_n_taken = 0L, flank_n_dealt = 0L;
static boolean flank_blow_landing = FALSE;

/* attack *fa's roll hit (hit) or missed: count it if it had a bonus */
void
flank_count(fa, hit)
const struct flank_attack *fa;
boolean hit;
{
    if (!hit || fa->k <= 0)
        return;
    if (flank_is_hero(fa->magr))
        flank_n_dealt++;
    else if (flank_is_hero(fa->mdef)) {
        flank_n_taken++;
        flank_blow_landing = TRUE; /* until flank_blow_over() */
    }
}

/* the blow on the hero whose roll just hit is resolved (mattacku(),
   m_throw(), thrwmu()): a death from now on is not that blow's */
void
flank_blow_over()
{
    flank_blow_landing = FALSE;
}

long
flank_blows_taken()
{
    return flank_n_taken;
}

long
flank_blows_dealt()
{
    return flank_n_dealt;
}

/* did the game end (how, end.c's DIED...) by the hero's death from a
   monster's blow that hit with a flanking bonus?  1 or 0 */
int
flank_blow_killed(how)
int how;
{
    return (flank_blow_landing && how < PANICKED) ? 1 : 0;
}

/*
 * mattacku()'s clamp of ftmp, the target a monster's melee attacks on the
 * hero roll against (tmp, the target without flanking, plus the bonus), to
 * at least 1.  The variant clamps the sum, which keeps vanilla's outcome
 * when the bonus is 0; a rule set that says so (FLANK_RI_CLAMP_FIRST:
 * NerfHack's mattacku()) clamps tmp first and adds its bonus to that.
 */
int
flank_clamp_tohit(ftmp, tmp)
int ftmp, tmp;
{
    if (tmp <= 0 && (flank_cfg.ri & FLANK_RI_CLAMP_FIRST))
        ftmp += 1 - tmp;
    return max(ftmp, 1);
}

/*
 * Attack *fa rolled roll against tmp, which includes its flanking bonus
 * fa->k; strict: the roll compares with '>'.  Told of every roll, hit or
 * miss, after the hit was decided and before the hit's own message: what
 * the hero sees of a hit that flanking decided (flank_roll_said()), and
 * under `opposite` the defender turning (flank_turn()).  The arena, in a
 * test build, counts every roll; the game's record counts the hits with a
 * bonus (flank_count()).
 */
void
flank_decided(fa, tmp, roll, strict)
const struct flank_attack *fa;
int tmp, roll;
boolean strict;
{
    int k = fa->k;
    boolean hit = strict ? (tmp > roll) : (tmp >= roll),
            hit_without = strict ? (tmp - k > roll) : (tmp - k >= roll);

#ifdef FLANK_HARNESS
    if (iflags.flank_arena)
        flankarena_roll(fa->magr, fa->mdef, k, hit, strict);
#endif
    flank_count(fa, hit);
    /* what the hero may be told of: a hit flanking decided (it would have
       missed without the bonus), or a side noted with no bonus (`opposite`);
       flank_roll_said() says it when the hero can tell */
    if (hit && (k > 0 ? !hit_without
                      : (fa->zoned && (fa->bits & FLANK_FR_SIDE) != 0)))
        flank_roll_said(fa);
    if (fa->zoned && (fa->bits & FLANK_FR_TURNS))
        flank_turn(fa->magr, fa->mdef);
}

/*flankcount.c*/
