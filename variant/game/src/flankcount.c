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
 * blows flanking changed that hit the hero (taken), the hero's blows it
 * changed that landed (dealt), and whether a monster's blow on the hero
 * that flanking changed is being resolved now (its damage and what comes
 * with it at once: the hero who dies of it died of a flanked blow).
 * Whether flanking changed a blow is the engine's answer
 * (flank_blow_changes(): its to-hit points, its damage, the shield's
 * frontal cut, a backstab); this file counts what it says.  Counted when
 * the roll hits (flank_decided(), and a kicking form's kicks, which roll
 * on their own) and when a plain kick lands (flank_count_kick(): it rolls
 * no to-hit, but its damage takes the zone).  A roll that missed, a blow
 * that takes no evaluation of flanking's (a hug, a gaze, an engulfing, an
 * explosion) is not counted.  Facts only: nothing is drawn, nothing else
 * in the game changes.  The counts are the whole game's, across saves and
 * restores: the game's record of itself keeps them (flankhist.c, in a
 * field vanilla's save already has; FLANKING-DECISIONS.md, "What a game
 * records").
 */
static boolean flank_blow_landing = FALSE;

STATIC_DCL void FDECL(flank_count_changed, (const struct flank_attack *,
                                            int));

/* what flanking changed of the blow of attack *fa whose roll added k
   points: the engine's FLANK_BLOW_* answer, 0 for nothing */
STATIC_OVL int
flank_changes(fa, k)
const struct flank_attack *fa;
int k;
{
    struct flank_facing_result r;

    /* no points and no evaluation (FLANKING=0, a roll flanking had no
       say in, proposal's fast path with no score): nothing to ask */
    if (k <= 0 && !fa->zoned)
        return 0;
    if (!fa->zoned) /* proposal's fast path: the points alone */
        return (int) flank_blow_changes((int32_t) k,
                                        (struct flank_facing_result *) 0);
    flank_attack_result(fa, &r);
    return (int) flank_blow_changes((int32_t) k, &r);
}

/* the evaluation's fields *fa keeps, those the engine reads, back into
   *r (every other field 0), for the engine's questions about the blow */
void
flank_attack_result(fa, r)
const struct flank_attack *fa;
struct flank_facing_result *r;
{
    (void) memset((genericptr_t) r, 0, sizeof *r);
    r->zone_half_points = fa->zone_half_points;
    r->zone = fa->zone;
    r->damage_percent = fa->damage_percent;
    r->damage_flat = fa->damage_flat;
    r->bits = fa->bits;
}

/* attack *fa's roll hit (hit) or missed: count its blow if flanking
   changed it */
void
flank_count(fa, hit)
const struct flank_attack *fa;
boolean hit;
{
    if (hit)
        flank_count_changed(fa, flank_changes(fa, fa->k));
}

/* the hero's plain kick of attack *fa landed with damage dmg before its
   zone (kickdmg()): it rolls no to-hit, so the points it was given changed
   nothing, and it is no backstab (hmon()'s); of the engine's answer only
   its damage counts, which the zone changes (flank_damage()) unless it
   is 0 */
void
flank_count_kick(fa, dmg)
const struct flank_attack *fa;
int dmg;
{
    if (dmg > 0)
        flank_count_changed(fa, flank_changes(fa, 0) & FLANK_BLOW_DAMAGE);
}

STATIC_OVL void
flank_count_changed(fa, changes)
const struct flank_attack *fa;
int changes;
{
    if (changes <= 0)
        return;
    if (flank_is_hero(fa->magr))
        flank_record_blow(FALSE);
    else if (flank_is_hero(fa->mdef)) {
        flank_record_blow(TRUE);
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
    return flank_record_blows(TRUE);
}

long
flank_blows_dealt()
{
    return flank_record_blows(FALSE);
}

/* did the game end (how, end.c's DIED...) by the hero's death from a
   monster's blow that flanking changed?  1 or 0 */
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
 * test build, counts every roll; the game's record counts the hits whose
 * blow flanking changed (flank_count()).
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
