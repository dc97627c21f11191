/* SpliceHack's calculate_flankers() (extracted.c, from NullCGT/SpliceHack
 * 8d70ade6, src/mhitu.c) run on neighbourhoods read from stdin by the
 * driver (../driver.c: the line format). SpliceHack reads of a monster
 * only F_SLEEP, F_PARA, F_FLEE, F_STUN and its side; of the hero only
 * H_BLIND (Blind, and canseemon()) and H_STUN. Prints, per case, the
 * to-hit bonus its callers add (read by hand at 8d70ade6):
 *   mattacku() l.698:  calculate_flankers(mtmp, &g.youmonst) && !Blind: +4
 *                      (no u.uswallow test);
 *   find_roll_to_hit() (uhitm.c l.329), mattackm() (mhitm.c l.341): +4. */
#include "standin.h"

struct g_s g;

#define PEER_YOU (&g.youmonst)

#include "extracted.c"

static void
peer_monst(struct monst *m, int side, int fl)
{
    (void) fl;
    if (side == 'E') {
        /* the hero's engulfer: on her square, in the map, able to fight */
        m->mcanmove = 1;
        m->msleeping = m->mflee = m->mstun = 0;
    }
}

static int
peer_bonus(struct monst *magr, struct monst *mdef)
{
    if (mdef == &g.youmonst)
        return (calculate_flankers(magr, mdef) && !Blind) ? 4 : 0;
    return calculate_flankers(magr, mdef) ? 4 : 0;
}

#include "../driver.c"
