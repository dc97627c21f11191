/* NetHack 3.6	flankatk.h	NetHack Flanking: one attack's flanking */
/* NetHack Flanking may be freely redistributed.  See license for details. */

#ifndef FLANKATK_H
#define FLANKATK_H

/*
 * What flanking made of one attack.  The roll that asks for the bonus
 * fills it (flank_tohit(), flank_bonus()); the attack's own path holds it,
 * as a local of the function that rolls (mattacku(), mattackm(),
 * thitmonst(), hitum(), hmonas(), thitu(), ohitmon(), kickdmg()), and
 * hands it to what the hits of that roll need: the damage, the Rogue's
 * backstab and the messages (flank_damage(), flank_backstab(),
 * flank_decided()).  It is kept nowhere else, so no attack can read
 * another's; a hit that no roll of flanking's decided (a gaze, an
 * engulfing, an explosion, a dragged ball) passes none.
 */
struct flank_attack {
    struct monst *magr, *mdef; /* who attacks whom (either may be the hero) */
    int k;                     /* the to-hit points the roll got */
    int shield;                /* of k, a shield's that did not count */
    /* under a facing rule set (zoned), the zone; in the order of the
       engine's struct flank_facing_result, so that one copy fills them */
    uchar zone_half_points;        /* the zone's own to-hit part */
    uchar zone;                    /* FLANK_ZONE_* */
    unsigned short damage_percent; /* the zone's damage: 100 is unchanged, */
    short damage_flat;             /* then these points added */
    unsigned short bits;           /* FLANK_FR_* */
    boolean zoned;                 /* the fields above hold a zone */
};

/* *fa for an attack by a on d that flanking has no say in (an engulfing):
   no bonus, no zone (a macro: flank_tohit() starts every attack so) */
#define flank_no_bonus(a, d, fa) \
    ((fa)->magr = (a), (fa)->mdef = (d), (fa)->k = (fa)->shield = 0, \
     (fa)->zoned = FALSE)

#endif /* FLANKATK_H */
